import type { FeatureContext } from '../context.js';
import { onSessionView } from '../../core/lsp/session-view.js';
import { resolveSymbol, type Resolution } from './resolve.js';
import type { CandidateT, SymbolDocResult } from './schema.js';
import { toLocation } from './sites.js';
import type { WorkspaceMatch } from './workspace-search.js';

/**
 * get_symbol_documentation: resolve the name (see resolve.ts) and answer with the hover of the
 * place it resolved to, its signature block separated from its prose, where it is declared,
 * defined and used, and which of seed 002's edge cases the lookup met.
 */

async function getSymbolDocumentationOnView(input: { symbol_name: string; file_path?: string }, ctx: FeatureContext): Promise<SymbolDocResult> {
  const res = await resolveSymbol(input.symbol_name, input.file_path, ctx, { wantDocs: true });
  return toDocResult(res, ctx, input.file_path);
}

export function toCandidate(m: WorkspaceMatch, ctx: FeatureContext): CandidateT {
  return { name: m.name, qualified_name: m.qualifiedName, kind: m.kind, container: m.container, location: toLocation(ctx.workspace, m.site), external: m.external };
}

function toDocResult(res: Resolution, ctx: FeatureContext, filePath: string | undefined): SymbolDocResult {
  const ws = ctx.workspace;
  return {
    found: res.found,
    symbol: res.symbol,
    qualified_name: res.found ? res.qualifiedName : null,
    kind: res.kind,
    container: res.container,
    status: res.status,
    location: res.declaration ? toLocation(ws, res.declaration) : null,
    definition_location: res.definition ? toLocation(ws, res.definition) : null,
    usage_location: res.usage ? toLocation(ws, res.usage) : null,
    referenced_in: res.file ? ws.display(res.file) : (filePath ?? null),
    signature: res.hover?.signature ?? null,
    documentation: res.hover?.documentation ?? null,
    candidates: res.candidates.map((c) => toCandidate(c, ctx)),
    near_misses: res.nearMisses,
    lookup: res.lookup,
    edge_cases: [...new Set(res.edgeCases)],
    note: res.notes.length ? res.notes.join(' ') : null,
    index_status: res.indexStatus,
    warnings: res.warnings,
  };
}

const STATUS_TEXT = { defined: 'Defined in file', imported: 'Imported/Referenced', workspace: 'Found in workspace' } as const;

/** The seed's layout: Symbol / Location / Kind / Container / Status / Documentation. */
export function renderSymbolDoc(r: SymbolDocResult): string {
  const at = (l: { file: string; line: number; column: number }) => `${l.file}:${l.line}:${l.column}`;
  if (!r.found) {
    const lines = [`No symbol found for '${r.symbol}'${r.referenced_in ? ` in or referenced by file '${r.referenced_in}'` : ''}.`];
    if (r.near_misses.length) lines.push(`Did you mean: ${r.near_misses.join(', ')}`);
    if (r.note) lines.push(`Note: ${r.note}`);
    for (const w of r.warnings) lines.push(`warning: ${w}`);
    return lines.join('\n');
  }
  const lines = [`Symbol: ${r.qualified_name ?? r.symbol}`];
  if (r.location) lines.push(`Location: ${at(r.location)}`);
  if (r.definition_location && r.location && at(r.definition_location) !== at(r.location)) lines.push(`Definition: ${at(r.definition_location)}`);
  lines.push(`Kind: ${r.kind ?? 'Unknown'}`);
  lines.push(`Container: ${r.container ?? 'Global Scope'}`);
  lines.push(`Status: ${r.status ? STATUS_TEXT[r.status] : 'Unknown'}`);
  if (r.referenced_in) lines.push(`${r.status === 'workspace' ? 'Not directly referenced in' : 'Referenced in'}: ${r.referenced_in}${r.usage_location ? ` (line ${r.usage_location.line})` : ''}`);
  if (r.signature) lines.push('', 'Signature:', indent(r.signature));
  lines.push('', 'Documentation:', r.documentation ? r.documentation : 'No documentation is available for this symbol.');
  if (r.candidates.length) {
    lines.push('', `Other symbols named ${r.symbol}:`);
    for (const c of r.candidates.slice(0, 20)) lines.push(`  - ${c.kind} ${c.qualified_name}  ${at(c.location)}${c.external ? '  (external)' : ''}`);
    if (r.candidates.length > 20) lines.push(`  … ${r.candidates.length - 20} more`);
  }
  if (r.note) lines.push('', `Note: ${r.note}`);
  if (r.index_status !== 'ready') lines.push(`index: ${r.index_status}`);
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  return lines.join('\n');
}

function indent(s: string): string {
  return s
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}

/** getSymbolDocumentation, on the caller's session view (its overlays). */
export const getSymbolDocumentation = onSessionView(getSymbolDocumentationOnView);
