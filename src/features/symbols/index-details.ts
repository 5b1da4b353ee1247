import path from 'node:path';
import type { DocsIndex } from '../../core/index/service.js';
import type { IndexSource } from '../../core/index/source.js';
import type { LightItem } from '../../core/index/query.js';
import { linePreview } from '../../core/lsp/file-text.js';
import type { Candidate } from './collect.js';
import type { Details } from './enrich.js';
import { nameAt } from './enrich.js';
import { moduleScopes } from './module-scope.js';
import { scopeSegments } from './query.js';

/**
 * signature and documentation for search results from docent's own docs index, which already
 * extracted them: a handful of indexed SQLite lookups instead of a hover per result (each of
 * which makes clangd build another file's AST). A result is matched to an item declared in
 * the same file at the same line, else to an item with the same qualified name (its id, or an
 * id ending with it: `Cart.add_item` is `shop.models.Cart.add_item`), documented first, so a
 * C++ method found at its definition in a .cpp file takes the doc comment of its declaration
 * in the header. Overloads sharing an id are told apart by their parameter lists.
 */

export interface IndexDescription {
  details: Map<Candidate, Details>;
  /** The index's state, and a note when it is not simply ready. */
  state: 'ready' | 'indexing' | 'unavailable';
  note: string | null;
}

const C_FAMILY = /\.(c|cc|cpp|cxx|c\+\+|h|hh|hpp|hxx|h\+\+|ipp|inl|tpp|m|mm)$/i;

/** How far above the name an item's recorded line may be (templates, attributes, decorators). */
const LINES_ABOVE = 3;

export function describeFromIndex(candidates: readonly Candidate[], index: DocsIndex): IndexDescription {
  const details = new Map<Candidate, Details>();
  const status = index.status();
  // The top results share a few files: each one's root and relative path once.
  const places = new Map<string, { root: IndexSource; rel: string }[]>();
  for (const c of candidates) {
    let sources = places.get(c.file);
    if (!sources) {
      sources = sourcesOf(index, c.file).map((r) => ({ root: r, rel: path.relative(r.root, c.file).split(path.sep).join('/') }));
      places.set(c.file, sources);
    }
    let root: IndexSource | undefined;
    let item: LightItem | undefined;
    // An installed package's file is in its own database, which may share the root's directory (node_modules).
    for (const s of sources) {
      const got = bestItem(c, s.rel, s.root);
      if (got) {
        root = s.root;
        item = got;
        break;
      }
    }
    if (!root || !item) continue;
    const d: Details = {};
    if (item.signature) d.signature = item.signature;
    if (item.has_doc) {
      const whole = root.queries.itemAt(item.rowid);
      const doc = whole?.doc || item.summary;
      if (doc) d.documentation = doc;
    }
    if (d.signature || d.documentation) details.set(c, d);
  }
  return { details, state: status.state, note: status.note };
}

/** The sources whose directory holds the file, innermost first, installed packages before a root of the same directory. */
function sourcesOf(index: DocsIndex, file: string): IndexSource[] {
  return index
    .sources()
    .filter((r) => {
      const rel = path.relative(r.root, file);
      return !!rel && !rel.startsWith('..') && !path.isAbsolute(rel);
    })
    .sort((a, b) => b.root.length - a.root.length || Number(!!b.dependency) - Number(!!a.dependency));
}

function bestItem(c: Candidate, rel: string, root: IndexSource): LightItem | undefined {
  const nameLine = nameAt(c).line + 1;
  const from = Math.min(c.range.start.line + 1, nameLine) - LINES_ABOVE;
  const here = root.queries.namedAt(rel, c.name, from, nameLine);
  const at = here.length > 1 ? pickOverload(here, c) : here[0];
  // Only C and C++ split an entity into a declaration and a definition in different files: elsewhere, what
  // the index has at the symbol's own place is all there is (an undocumented item stays undocumented).
  if (at && (at.has_doc || !C_FAMILY.test(c.file))) return at;
  // The same entity declared elsewhere (a header's documented declaration), by qualified name:
  // module-qualified where the language qualifies by module (`shop.models.Cart.add_item`).
  const segs = scopeSegments(c.qualifiedName, c.server.spec.separator);
  const modules = moduleScopes(c.file, c.server.root);
  const ids = new Set<string>(modules.length ? modules.map((m) => [...m, ...segs].join('.')) : [segs.join('::'), segs.join('.')]);
  const same = root.queries.namedWithIdSuffix(c.name, [...ids], 40);
  const documented = same.filter((i) => i.has_doc);
  const pick = documented.length > 1 ? pickOverload(documented, c) : documented[0];
  return pick ?? at ?? (same.length > 1 ? pickOverload(same, c) : same[0]);
}

/** Among items sharing a name, the one whose parameter list is the one on the result's line. */
function pickOverload(items: readonly LightItem[], c: Candidate): LightItem | undefined {
  const line = linePreview(c.file, nameAt(c).line);
  const params = paramsOf(line);
  if (params === undefined) return items[0];
  return items.find((i) => paramsOf(i.signature) === params) ?? items[0];
}

/** The first parenthesised list after the name, without spaces: `(intx,inty)`. */
export function paramsOf(text: string): string | undefined {
  const m = /\(([^()]*)\)/.exec(text);
  return m ? m[1]!.replace(/\s+/g, '') : undefined;
}
