import type { SearchSymbolsResult } from './schema.js';

/** Compact text for search_symbols: one line per symbol, details indented under it. */
export function renderSearchSymbols(r: SearchSymbolsResult): string {
  const shown = r.symbols.length;
  const total = `${r.total_matches}${r.total_exact ? '' : '+'}`;
  const lines = [`${shown === r.total_matches ? shown : `${shown} of ${total}`} symbol(s) for "${r.query}" (index: ${r.index_status})`];
  for (const s of r.symbols) {
    const at = `${s.location.file}:${s.location.range.start.line}:${s.location.range.start.character}`;
    const refs = s.references_count !== undefined ? `  [${s.references_count} ref${s.references_count === 1 ? '' : 's'}]` : '';
    lines.push(`${s.kind} ${s.qualified_name}  ${at}${s.external ? '  (external)' : ''}${refs}`);
    const sig = s.signature?.split('\n').join(' ').replace(/\s+/g, ' ');
    if (sig) lines.push(`    ${sig.length > 160 ? sig.slice(0, 159) + '…' : sig}`);
    else if (s.location.line_preview) lines.push(`    ${s.location.line_preview}`);
    const doc = s.documentation?.split('\n').find((l) => l.trim());
    if (doc) lines.push(`    — ${doc.trim().slice(0, 160)}`);
  }
  if (r.truncated) lines.push(`… ${r.total_matches - (r.next_offset ?? 0)} more; continue with offset=${r.next_offset}`);
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  return lines.join('\n');
}
