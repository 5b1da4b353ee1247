import type { Statement } from 'better-sqlite3';
import { CANONICAL_BUDGET, type PublicPaths } from './public-paths.js';
import { isVendored, pathInPackage } from '../rank/path-prior.js';
import type { SearchHit } from './search.js';
import type { ItemRow } from './store.js';

/** A ranked candidate row, best first, with the path users write for it. */
export interface RankedRow {
  row: Omit<ItemRow, 'data'> & { doc_head: string; package: string | null; version: string | null };
  score: number;
  publicId: string;
}

/** What folding reads besides the rows: the index's statements and public paths. */
export interface FoldContext {
  prep(sql: string): Statement;
  paths: PublicPaths;
}

/** A summary of at least this many words folds same-named items of the same kind whatever their signatures. */
const FOLD_SUMMARY_WORDS = 5;

/** Whether `text` has at least `n` words (as `split(/\s+/)` counts them), without splitting it: asked for every ranked row. */
export function atLeastWords(text: string, n: number): boolean {
  let words = 1;
  for (let i = 0; i < text.length && words < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(text[i]!))) {
      while (i + 1 < text.length && /\s/.test(text[i + 1]!)) i++;
      words++;
    }
  }
  return words >= n;
}

/**
 * One result per thing a user would name: copies of the same declaration (a vendored or
 * bundled copy, the same lib declaration in several files: same name, signature and summary;
 * or same name, kind and a summary of a sentence, as typed-array variants of one method)
 * fold into the best-ranked one as `also_in`; a constructor is its class (the class answer
 * carries the constructor's parameters in its signature); a re-exported item shows under the
 * path users write, its defining id in `also_in`.
 */
export function foldHits(ranked: readonly RankedRow[], limit: number, keepCtors: boolean, ctx: FoldContext): SearchHit[] {
  const out: SearchHit[] = [];
  const byKey = new Map<string, SearchHit>();
  const byPublic = new Map<string, SearchHit>();
  /** The hit each id shown so far went into. */
  const seen = new Map<string, SearchHit>();
  /** Shown hits with docs, by name: what an undocumented wrapper of the same name folds into. */
  const documented = new Map<string, SearchHit>();
  for (const { row: r0, score, publicId: pub0 } of ranked) {
    let r = r0;
    let publicId = pub0;
    if (r.kind === 'constructor' && r.parent && !keepCtors) {
      if (seen.has(r.parent)) continue; // its class is shown already
      const cls = ctx.prep(`SELECT i.rowid, i.id, i.name, i.kind, i.module, i.visibility, i.summary, i.signature, i.has_doc, i.line, i.doc_head, f.path, f.package, f.version FROM items i JOIN files f ON f.id = i.file_id WHERE i.id = ? AND i.kind IN ('class','struct') ORDER BY i.file_id = (SELECT file_id FROM items WHERE rowid = ?) DESC LIMIT 1`).get(r.parent, r.rowid) as RankedRow['row'] | undefined;
      if (!cls) continue;
      r = cls;
      publicId = ctx.paths.publicIds([cls])[0]!;
    }
    // The same id again: another declaration of one item (a re-export, a duplicate bundle), or in
    // C a macro and the function it renames (zlib's `#define compress2 z_compress2` beside the
    // documented `compress2`). One answer, the documented declaration in front.
    const again = seen.get(r.id);
    if (again) {
      mergeSameId(again, shownAs(again, r, score, ctx), r.id);
      continue;
    }
    // A summary of a sentence or more says which thing it is on its own: the same name, kind and
    // summary under other signatures are variants of one answer (lib.d.ts declares `from`
    // with "Creates an array from an array-like or iterable object." on eleven typed-array
    // constructors; they took a question's whole first page). A short or empty summary says
    // too little, and the signature must agree too. Measured: TypeScript questions 0.519 →
    // 0.552, held-out Python 0.428 → 0.432, the other sets unchanged.
    const key = atLeastWords(r.summary, FOLD_SUMMARY_WORDS)
      ? `${r.name}\u0000${r.kind}\u0000${r.summary}`
      : `${r.name}\u0000${r.signature.replace(/\s+/g, ' ')}\u0000${r.summary}`;
    // Two definitions under one public path are one name to a user: heapq's Python `heappush`
    // and the C one from `_heapq` that replaces it at import.
    // The same words alone (`def run(self)` without docs) say too little to fold unrelated items;
    // the same public path always names the same thing (a bundled stub of `threading.Lock`).
    const samePath = byPublic.get(publicId);
    const sameText = r.summary || r.signature.length > r.name.length + 8 ? byKey.get(key) : undefined;
    const first = samePath ?? sameText ?? renamed(r.id, seen, ctx) ?? wrapperOf(r, publicId, documented);
    if (first) {
      const other = shownAs(first, r, score, ctx);
      if (showsBetter(first, other)) swapShown(first, other, defining(first), r.id);
      else addCopy(first, { id: r.id, file: r.path, line: r.line });
      continue;
    }
    const hit: SearchHit = {
      id: publicId, name: r.name, kind: r.kind, module: r.module, score: Math.round(score * 1000) / 1000, summary: r.summary,
      signature: r.signature, file: r.path, line: r.line, visibility: r.visibility, also_in: [], ...packageOf(r),
    };
    if (publicId !== r.id) addCopy(hit, { id: r.id, file: r.path, line: r.line });
    if (out.length < limit && isVendored(`${pathInPackage(r.path)} ${r.id}`) && publicId !== r.id) showCanonical(hit, r, ctx);
    if (out.length < limit && r.language === 'rust' && r.summary && r.parent) addTypeCopies(hit, r, ctx);
    seen.set(r.id, hit);
    byKey.set(key, hit);
    if (!byPublic.has(publicId)) byPublic.set(publicId, hit);
    if (r.summary && r.kind !== 'variable' && r.kind !== 'constant' && !documented.has(r.name)) documented.set(r.name, hit);
    if (out.length < limit) {
      if (r.kind === 'class') hit.signature = classSignature(ctx, r); // only for answers shown: one lookup each
      out.push(hit);
    } else if (byKey.size > limit + 40) break; // later rows only fold into what is shown
  }
  return out;
}

/**
 * A shown hit whose row is a vendored or bundled copy (`jedi/third_party/typeshed/…/genericpath.pyi`
 * for `os.path.exists`, ranked on its typed signature) shows the definition its public path
 * names instead, when the index has it outside such copies: its docs, file and line, the copy
 * in `also_in`. The copy's own docs are often none (a stub) or older.
 */
function showCanonical(hit: SearchHit, r: RankedRow['row'], ctx: FoldContext): void {
  const get = ctx.prep(`SELECT i.id, i.kind, i.summary, i.signature, i.line, i.visibility, f.path, f.package, f.version FROM items i JOIN files f ON f.id = i.file_id WHERE i.id = ? ORDER BY i.has_doc DESC LIMIT 5`);
  // Hop by hop, nearest first: the definition is usually one re-export away, and the later hops'
  // star guesses are many (up to CANONICAL_BUDGET's).
  for (const hop of ctx.paths.targetHops(hit.id, CANONICAL_BUDGET)) {
    for (const target of hop.slice(0, 32)) {
      const found = (get.all(target) as { id: string; kind: string; summary: string; signature: string; line: number; visibility: string; path: string; package: string | null; version: string | null }[])
        .find((c) => !isVendored(`${pathInPackage(c.path)} ${c.id}`) && c.kind === r.kind);
      if (!found) continue;
      Object.assign(hit, { summary: found.summary || hit.summary, signature: found.signature, file: found.path, line: found.line, visibility: found.visibility, ...packageOf(found) });
      if (!hit.also_in.some((a) => a.id === found.id && a.file === found.path)) hit.also_in.unshift({ id: found.id, file: found.path, line: found.line });
      return;
    }
  }
}

/** A hit's package fields from its file's row, as IndexQueries.packageOfFile gives them. */
function packageOf(r: { package: string | null; version: string | null }): { package: string | null; version: string | null } {
  return r.package ? { package: r.package, version: r.version ?? '' } : { package: null, version: null };
}

/**
 * Another declaration under the id a shown hit already has (`id`, the defining id both carry):
 * listed in `also_in`, or put in front when the hit has no docs and it has (an undocumented
 * macro or forward declaration ranked first). For one database's rows (foldHits) and for the
 * hits of several databases (docs_search); the hit keeps its id and score.
 */
export function mergeSameId<H extends SearchHit>(hit: H, other: H, id: string): void {
  if (hit.file === other.file && hit.line === other.line) return;
  if (showsBetter(hit, other)) swapShown(hit, other, id, id);
  else addCopy(hit, { id, file: other.file, line: other.line });
}

/** A declaration file of TypeScript's, which types what a `.js` beside it implements. */
const TYPED_DECLARATION = /\.d\.[cm]?ts$/;
/** A JavaScript file: its signature has no types. */
const PLAIN_SCRIPT = /\.[cm]?js$/;

/**
 * Whether `other`, another declaration of what `hit` shows, is the better one to show: it has
 * docs and the hit has none, or it is the typed declaration of the same docs the hit shows from
 * JavaScript (a package's `dist/client.d.ts` beside `dist/client.js`: `class StdioClientTransport
 * implements Transport (server: StdioServerParameters)`, not `class StdioClientTransport (server)`).
 */
function showsBetter(hit: SearchHit, other: SearchHit): boolean {
  if (!hit.summary) return !!other.summary || (TYPED_DECLARATION.test(other.file) && PLAIN_SCRIPT.test(hit.file));
  return other.summary === hit.summary && TYPED_DECLARATION.test(other.file) && PLAIN_SCRIPT.test(hit.file);
}

/** Show `other` in `hit`'s place (the hit keeps its id and score); the place shown before, under `shownId`, joins the copies. */
function swapShown<H extends SearchHit>(hit: H, other: H, shownId: string, otherId: string): void {
  const before = { id: shownId, file: hit.file, line: hit.line };
  const copies = hit.also_in.filter((a) => !(a.id === otherId && a.file === other.file && a.line === other.line));
  Object.assign(hit, { ...other, id: hit.id, score: hit.score, pending: other.pending, also_in: [] });
  if (otherId !== hit.id) addCopy(hit, { id: otherId, file: other.file, line: other.line });
  for (const a of [...copies, before, ...other.also_in]) addCopy(hit, a);
}

/** The id a shown hit's own place is defined under: its definition's entry in also_in, else its id. */
function defining(hit: SearchHit): string {
  return hit.also_in.find((a) => a.file === hit.file && a.line === hit.line)?.id ?? hit.id;
}

/** A candidate row as it would be shown in `hit`'s place; a class that could be answers with its constructor's parameters, as a shown class does. */
function shownAs(hit: SearchHit, r: RankedRow['row'], score: number, ctx: FoldContext): SearchHit {
  const other: SearchHit = { id: hit.id, name: r.name, kind: r.kind, module: r.module, score, summary: r.summary, signature: r.signature, file: r.path, line: r.line, visibility: r.visibility, also_in: [], ...packageOf(r) };
  if (r.kind === 'class' && showsBetter(hit, other)) other.signature = classSignature(ctx, r);
  return other;
}

/** How many copies a hit lists at most. */
const MAX_COPIES = 20;

/**
 * List `copy` in a hit's `also_in` unless it is there already or is the hit's own location under
 * its own id. A class and its constructor, or one declaration reached as a re-export and as a
 * copy, name the same place: zod's `email` was listed three times under the same file and line.
 */
export function addCopy(hit: SearchHit, copy: { id: string; file: string; line: number }): void {
  if (hit.also_in.length >= MAX_COPIES) return;
  if (copy.id === hit.id && copy.file === hit.file && copy.line === hit.line) return;
  if (hit.also_in.some((a) => a.id === copy.id && a.file === copy.file && a.line === copy.line)) return;
  hit.also_in.push(copy);
}

/**
 * A documented hit already shown that an undocumented variable only wraps or re-exports under
 * the same name: a bundle's `var waterfall$1 = awaitify(waterfall)` exported as `waterfall`,
 * Babel's `exports.default = (0, _awaitify2.default)(waterfall)` in `waterfall.js` (a default
 * export is named by its module). One answer to a user, as a copy is.
 */
function wrapperOf(r: RankedRow['row'], publicId: string, documented: ReadonlyMap<string, SearchHit>): SearchHit | undefined {
  if (r.summary || r.has_doc || (r.kind !== 'variable' && r.kind !== 'constant')) return undefined;
  const name = r.name === 'default' ? r.module.split(/[./]/).pop() : publicId.slice(publicId.lastIndexOf('.') + 1);
  return name ? documented.get(name) : undefined;
}

/**
 * A hit already shown for another name of what `id` defines: one function exported under two
 * names (date-fns's `format`, also `formatDate`) is one answer, whichever ranks first, the other
 * name in `also_in`. Only when the index says so (a named re-export under the other name): two
 * items with the same docs need not be one (`bisect_left` and `bisect_right` share a summary).
 */
function renamed(id: string, seen: ReadonlyMap<string, SearchHit>, ctx: FoldContext): SearchHit | undefined {
  for (const t of ctx.paths.otherNames(id)) {
    const hit = seen.get(t);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * The same member, with the same docs, on the other types of its file (the copies a macro writes
 * for each type: std's `checked_add` on every integer type, only the first of which has a
 * full-text row and so can be a candidate; rust-macro-expand.ts): listed in `also_in`, so the
 * one answer says which types have it. One lookup by name, for shown Rust hits only.
 */
function addTypeCopies(hit: SearchHit, r: RankedRow['row'], ctx: FoldContext): void {
  const copies = ctx.prep(
    `SELECT i.id, i.line FROM items i INDEXED BY items_name WHERE i.name = ? COLLATE NOCASE AND i.kind = ? AND i.summary = ? AND i.rowid != ?
     AND i.file_id = (SELECT file_id FROM items WHERE rowid = ?) LIMIT ${MAX_COPIES}`,
  ).all(r.name, r.kind, r.summary, r.rowid, r.rowid) as { id: string; line: number }[];
  for (const c of copies) addCopy(hit, { id: c.id, file: r.path, line: c.line });
}

/** A class's signature with its constructor's parameters: `class Foo(Base)` + `__init__(self, a, b=1)` → `class Foo(Base)(a, b=1)`. */
function classSignature(ctx: FoldContext, cls: { id: string; rowid: number; signature: string }): string {
  const { signature } = cls;
  // The constructor declared with the class first: a package's .d.ts types what its .js beside it,
  // under the same ids, leaves untyped.
  const ctor = ctx.prep(`SELECT signature FROM items WHERE parent = ? AND kind = 'constructor' ORDER BY file_id = (SELECT file_id FROM items WHERE rowid = ?) DESC, has_doc DESC LIMIT 1`).pluck().get(cls.id, cls.rowid) as string | undefined;
  if (!ctor) return signature;
  const open = ctor.indexOf('(');
  if (open < 0) return signature;
  const params = ctor.slice(open).replace(/^\(\s*(?:self|cls)\s*,?\s*/, '(').replace(/\)\s*(?:->[^:]*|:\s*\w[^)]*)?$/, ')');
  return `${signature} ${params}`;
}
