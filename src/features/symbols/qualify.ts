import { SymbolKind, type DocumentSymbol, type Position, type Range, type SymbolInformation } from 'vscode-languageserver-protocol';
import type { LanguageServer } from '../../core/lsp/language-server.js';
import type { Candidate } from './collect.js';
import { nameAt } from './enrich.js';
import { scopeSegments } from './query.js';

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
    chain.push(...scopeSegments(hit.name, sep));
    level = hit.children ?? [];
  }
}
