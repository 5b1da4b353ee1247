import type { CandidateT, DocumentSymbolsResult, FindDefinitionResult, FindReferencesResult, HoverResult, OutlineItem } from './schema.js';

/** Compact text renderings of the navigation tools. */

type Target = FindDefinitionResult['target'];

function targetLine(t: Target): string {
  return `${t.symbol ?? '(position)'} at ${t.file}:${t.line}:${t.column}${t.via === 'position' ? '' : ` (via ${t.via.replace(/_/g, ' ')})`}`;
}

function tail(r: { candidates: CandidateT[]; warnings: string[]; index_status: string }): string[] {
  const lines: string[] = [];
  if (r.candidates.length) {
    lines.push('Other candidates:');
    for (const c of r.candidates.slice(0, 20)) lines.push(`  - ${c.kind} ${c.qualified_name}  ${c.location.file}:${c.location.line}:${c.location.column}`);
  }
  if (r.index_status !== 'ready') lines.push(`index: ${r.index_status}`);
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  return lines;
}

export function renderDefinition(r: FindDefinitionResult): string {
  const lines = [`Definition of ${targetLine(r.target)}: ${r.definitions.length || 'none'}`];
  for (const d of r.definitions) {
    lines.push(`${d.file}:${d.line}:${d.column}${d.external ? '  (external)' : ''}`);
    if (d.source) lines.push(...d.source.split('\n').map((l) => `    ${l}`));
  }
  return [...lines, ...tail(r)].join('\n');
}

export function renderReferences(r: FindReferencesResult): string {
  const shown = r.files.reduce((n, f) => n + f.count, 0);
  const lines = [`${shown === r.total ? r.total : `${shown} of ${r.total}`} reference(s) to ${targetLine(r.target)}`];
  for (const f of r.files) {
    lines.push(`${f.file} (${f.count})`);
    for (const ref of f.references) {
      if (ref.context) {
        lines.push(`  ${ref.line}:${ref.column}`);
        lines.push(...ref.context.map((l) => `    | ${l}`));
      } else lines.push(`  ${ref.line}:${ref.column}  ${ref.line_preview}`);
    }
  }
  if (r.truncated) lines.push(`… continue with offset=${r.next_offset}`);
  return [...lines, ...tail(r)].join('\n');
}

export function renderHover(r: HoverResult): string {
  const lines = [`Hover for ${targetLine(r.target)}`];
  if (r.signature) lines.push(r.signature.split('\n').map((l) => `  ${l}`).join('\n'));
  if (r.documentation) lines.push('', r.documentation);
  if (!r.found) lines.push('(no hover information)');
  return [...lines, ...tail(r)].join('\n');
}

export function renderOutline(r: DocumentSymbolsResult): string {
  const lines = [`${r.file}: ${r.returned === r.total ? r.total : `${r.returned} of ${r.total}`} symbol(s)`];
  const walk = (items: OutlineItem[], depth: number) => {
    for (const s of items) {
      lines.push(`${'  '.repeat(depth)}${s.kind} ${s.name}  ${s.selection.line}:${s.selection.character}${s.detail ? `  ${s.detail.split('\n')[0]!.slice(0, 100)}` : ''}`);
      walk(s.children, depth + 1);
    }
  };
  walk(r.symbols, 0);
  if (r.index_status !== 'ready') lines.push(`index: ${r.index_status}`);
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  return lines.join('\n');
}
