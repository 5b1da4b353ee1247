import { SymbolKind, type DocumentSymbol, type Position, type Range, type SymbolInformation } from 'vscode-languageserver-protocol';
import type { LanguageServer } from '../../core/lsp/language-server.js';
import { isTransparentScope } from '../../core/lsp/navigation.js';
import type { Candidate } from './collect.js';
import { nameAt } from './enrich.js';
import { moduleScopes } from './module-scope.js';
import { matchesQuery, matchTier, scopeSegments, type ParsedQuery } from './query.js';

/**
 * Some servers (the TypeScript server) give workspace symbols no containerName, so a method
 * would read as a bare `getUser`. For the members on the returned page, the enclosing symbols
 * are found in the file's document-symbol tree and prepended: `UserRepository.getUser`.
 */

const MEMBER_KINDS = new Set<number>([SymbolKind.Method, SymbolKind.Property, SymbolKind.Field, SymbolKind.Constructor, SymbolKind.EnumMember, SymbolKind.Event]);

export async function qualifyMembers(page: readonly Candidate[], signal: AbortSignal, timeoutMs: number): Promise<void> {
  const need = page.filter((c) => c.qualifiedName === c.name && MEMBER_KINDS.has(c.kind));
  const byFile = new Map<string, { server: LanguageServer; items: Candidate[] }>();
  for (const c of need) {
    const key = `${c.server.key}\0${c.file}`;
    const g = byFile.get(key) ?? { server: c.server, items: [] };
    g.items.push(c);
    byFile.set(key, g);
  }
  await Promise.all(
    [...byFile.values()].map(async ({ server, items }) => {
      let tree: Array<DocumentSymbol | SymbolInformation> | null;
      try {
        tree = await server.documentSymbols(items[0]!.file, { signal, timeoutMs });
      } catch {
        return; // best effort: the bare name stays
      }
      if (!tree?.length || 'location' in tree[0]!) return;
      for (const c of items) {
        const chain = enclosing(tree as DocumentSymbol[], nameAt(c), server.spec.separator);
        if (chain.length) c.qualifiedName = [...chain, c.name].join(server.spec.separator);
      }
    }),
  );
}

/** Most candidates a scoped query's fallback qualifies (one document-symbol request per file). */
const MAX_SCOPED = 60;

/**
 * The answer to a scoped query (`JSONDecoder.decode`, `LspClient.request`, `json.dumps`) from a
 * server that only matches bare names (pyright and the TypeScript server answer such a query
 * with nothing): `byName` is that server's answer for the name alone; its candidates are
 * qualified and kept when their scope matches the query, by the same rules as the `files`
 * mode. The module a file defines counts as the outermost scope (`pricing.apply_discount`,
 * `shop.models.Cart.add_item`), the way the language's own imports name it. `others` are the
 * same-named symbols whose scope did not match, so an empty answer can say where the name is.
 */
export async function narrowToScope(
  byName: readonly Candidate[],
  q: ParsedQuery,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<{ kept: Candidate[]; others: string[]; complete: boolean }> {
  // Exact names first, so the cut at MAX_SCOPED keeps the likeliest ones.
  const matching = byName.filter((c) => matchesQuery({ ...q, scope: [], anchored: false }, c.name, []));
  const named = matching
    .map((c, i) => ({ c, i, t: matchTier({ ...q, scope: [] }, c.name) }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .slice(0, MAX_SCOPED)
    .map((x) => x.c);
  await qualifyMembers(named, signal, timeoutMs);
  const kept: Candidate[] = [];
  const others: string[] = [];
  // Several candidates share a file: its module path (which looks for __init__.py files) once.
  const scopesOf = new Map<string, string[][]>();
  for (const c of named) {
    const sep = c.server.spec.separator;
    const segs = scopeSegments(c.qualifiedName, sep);
    if (segs[segs.length - 1] !== c.name) continue;
    const inner = segs.slice(0, -1);
    let modules = scopesOf.get(c.file);
    if (!modules) scopesOf.set(c.file, (modules = moduleScopes(c.file, c.server.root)));
    const module = matchesQuery(q, c.name, inner) ? [] : modules.find((m) => matchesQuery(q, c.name, [...m, ...inner]));
    if (module) {
      if (module.length) c.qualifiedName = [...module, ...segs].join(sep);
      kept.push(c);
    } else others.push([...(modules[0] ?? []), ...segs].join(sep));
  }
  return { kept, others, complete: matching.length <= MAX_SCOPED };
}

function contains(r: Range, p: Position): boolean {
  const afterStart = p.line > r.start.line || (p.line === r.start.line && p.character >= r.start.character);
  const beforeEnd = p.line < r.end.line || (p.line === r.end.line && p.character <= r.end.character);
  return afterStart && beforeEnd;
}

/** Names of the symbols enclosing the one whose name is at `pos`, outermost first. */
function enclosing(symbols: DocumentSymbol[], pos: Position, sep: '::' | '.'): string[] {
  const chain: string[] = [];
  let level = symbols;
  for (;;) {
    const hit = level.find((s) => contains(s.range, pos));
    if (!hit || contains(hit.selectionRange, pos)) return chain;
    if (!isTransparentScope(hit.kind)) chain.push(...scopeSegments(hit.name, sep));
    level = hit.children ?? [];
  }
}
