import { DocentError } from '../../core/errors.js';
import type { IndexStatus, LanguageServer } from '../../core/lsp/language-server.js';
import { LspManager } from '../../core/lsp/manager.js';
import { toLspPosition } from '../../core/lsp/positions.js';
import type { FeatureContext } from '../context.js';
import { toCandidate } from './documentation.js';
import { resolveSymbol, type Resolution } from './resolve.js';
import type { CandidateT, TargetInputT } from './schema.js';
import { identifierAt, lineCount, type Site } from './sites.js';

/**
 * What a navigation tool points at: a position given as {file, line, character} (1-based),
 * or a symbol name (optionally seen from file_path) resolved the way get_symbol_documentation
 * resolves it. An ambiguous name answers for the best match and lists the others, loudly.
 */

export interface Target {
  server: LanguageServer;
  site: Site;
  symbol: string | null;
  via: 'position' | 'document_symbols' | 'occurrence' | 'workspace_symbols';
  /** The resolution, when the target came from a name. */
  resolution?: Resolution;
  candidates: CandidateT[];
  warnings: string[];
  indexStatus: IndexStatus;
}

export async function resolveTarget(input: TargetInputT, ctx: FeatureContext): Promise<Target> {
  const hasPosition = input.file !== undefined || input.line !== undefined || input.character !== undefined;
  if (hasPosition && input.symbol_name !== undefined) {
    throw new DocentError('E_BAD_INPUT', 'Pass either a position (file, line, character) or symbol_name, not both.', 'Use file_path with symbol_name to say which file the name is seen from.');
  }
  if (hasPosition) {
    if (input.file === undefined || input.line === undefined || input.character === undefined) {
      throw new DocentError('E_BAD_INPUT', 'A position needs file, line and character (1-based).', 'Or pass symbol_name instead of a position.');
    }
    const file = ctx.workspace.resolve(input.file, { mustExist: true, kind: 'file' }).absolute;
    const lines = lineCount(file) ?? 0;
    if (input.line > lines) throw new DocentError('E_BAD_INPUT', `${input.file} has ${lines} lines; line ${input.line} is past its end.`, 'Lines are 1-based; or pass symbol_name instead of a position.');
    const server = LspManager.from(ctx).forFile(file, ctx.workspace);
    const indexStatus = await server.ready({ anchor: file, signal: ctx.signal });
    const position = toLspPosition({ line: input.line, character: input.character });
    return { server, site: { file, position }, symbol: identifierAt(file, position), via: 'position', candidates: [], warnings: indexingWarning(server, indexStatus), indexStatus };
  }
  if (input.symbol_name === undefined) {
    throw new DocentError('E_BAD_INPUT', 'Pass a position (file, line, character) or a symbol_name.', 'For example {"symbol_name": "formatUser"} or {"file": "src/a.ts", "line": 12, "character": 5}.');
  }
  const res = await resolveSymbol(input.symbol_name, input.file_path, ctx, { wantDocs: false });
  if (!res.found || !res.anchor || !res.server) {
    const hint = res.nearMisses.length ? `Similar names: ${res.nearMisses.slice(0, 5).join(', ')}.` : 'Check the spelling, or pass a position instead.';
    throw new DocentError('E_NOT_FOUND', `No symbol named "${input.symbol_name}"${input.file_path ? ` in or through ${input.file_path}` : ''} was found.`, hint, { near_misses: res.nearMisses });
  }
  const warnings = [...res.warnings];
  if (res.candidates.length) warnings.push(`"${input.symbol_name}" is ambiguous: answered for ${res.qualifiedName} (${ctx.workspace.display(res.anchor.file)}); ${res.candidates.length} other candidate(s) listed. Pass file_path, a qualified name or a position to pick another.`);
  for (const e of res.edgeCases) {
    if (e === 'not_referenced_in_file' || e === 'only_in_comments_or_strings') warnings.push(res.notes.find((n) => n.includes('fell back')) ?? `Resolved by a workspace-wide search (${e}).`);
  }
  return {
    server: res.server,
    site: res.anchor,
    symbol: res.qualifiedName ?? res.name,
    via: res.lookup === 'none' ? 'workspace_symbols' : res.lookup,
    resolution: res,
    candidates: res.candidates.map((c) => toCandidate(c, ctx)),
    warnings,
    indexStatus: res.indexStatus,
  };
}

function indexingWarning(server: LanguageServer, status: IndexStatus): string[] {
  return status === 'indexing' ? [`${server.spec.id} is still indexing; the answer may be incomplete. Ask again shortly.`] : [];
}

export function targetOut(t: Target, ctx: FeatureContext) {
  return {
    file: ctx.workspace.display(t.site.file),
    line: t.site.position.line + 1,
    column: t.site.position.character + 1,
    symbol: t.symbol,
    via: t.via,
  };
}
