import type { RelatedWords } from './vectors.js';
import type { UsageTable } from './usage.js';
import type { CountTable } from './pooled-counts.js';
import type { Statement } from 'better-sqlite3';
import type { DocItem } from '../extract/types.js';
import { ITEM_COLUMNS, unpackItem, type StoredItemRow } from './rows.js';
import type { IndexStore } from './store.js';
import { editDistance } from '../rank/edit-distance.js';
import { CANONICAL_BUDGET, PublicPaths, passedByStar, separatorOf } from './public-paths.js';
import { isVendored } from '../rank/path-prior.js';
import { OWN_WEIGHT, STANDARD_LIBRARY_DEPENDENCY } from '../rank/score.js';
import { RankedSearch, type SearchHit, type SearchOptions, type WordStats } from './search.js';
import { StatementCache } from './statements.js';

export type { SearchHit, SearchOptions, WordStats } from './search.js';

/**
 * Read-side queries over one root's index: lookup by id, name or public path, module listings,
 * members and relations; ranked search is RankedSearch's (search.ts). Each is a handful of
 * indexed SQLite lookups.
 */

/** An item's columns without its JSON (cheap to read in bulk), with its file. */
export interface LightItem {
  rowid: number;
  id: string;
  name: string;
  kind: string;
  signature: string;
  summary: string;
  has_doc: number;
  line: number;
  path: string;
}

const LANGUAGE_FAMILY: Record<string, string> = { javascript: 'js', typescript: 'js', c: 'c', cpp: 'c' };

/** What a database is: IndexQueries' options. */
export interface IndexKind {
  standardLibrary?: boolean;
  standardLibraryDependency?: boolean;
  installedPackage?: boolean;
}

export class IndexQueries {
  private readonly paths: PublicPaths;
  private readonly ranked: RankedSearch;
  private readonly statements: StatementCache;
  private readonly inSnapshot: (query: string, opts: SearchOptions) => SearchHit[];

  /**
   * `standardLibrary`: the root is a language's standard library (its own items rank well above
   * installed packages'); `standardLibraryDependency`: this is a standard library's package
   * database, read as a project's dependency (its items rank a little below declared packages');
   * `installedPackage`: another installed package's database (a question in words takes fewer
   * candidates from it: search.ts VEC_K_PACKAGE).
   */
  constructor(
    store: IndexStore,
    /** What the database is to a search (another thread opens it with the same: search-lane.ts). */
    readonly opts: IndexKind = {},
  ) {
    this.paths = new PublicPaths(store.db);
    this.statements = new StatementCache(store.db);
    this.ranked = new RankedSearch(store, this, this.paths, this.statements, {
      ownWeight: opts.standardLibrary ? OWN_WEIGHT.standardLibrary : OWN_WEIGHT.project,
      otherWeight: opts.standardLibraryDependency ? STANDARD_LIBRARY_DEPENDENCY : 0,
      standardLibraryDb: opts.standardLibraryDependency,
      installedPackage: opts.installedPackage,
    });
    // One read transaction for a search's few dozen statements: they see one state of the index
    // while a worker commits beside them, and SQLite takes the WAL read lock once instead of for
    // each statement (−3 to −7% of a search's time, most in a small package's database).
    this.inSnapshot = store.db.transaction((query: string, opts: SearchOptions) => this.ranked.search(query, opts));
  }

  /** Build the ranked search's in-memory structures now (see RankedSearch.prepare). */
  prepareSearch(): void {
    this.ranked.prepare();
  }

  /** Build the copy of a sentence-embedding model's item vectors in the background (RankedSearch.prepareEmbeddings). */
  prepareEmbeddings(): Promise<void> {
    return this.ranked.prepareEmbeddings();
  }

  /** Ranked search: words or an identifier (see search.ts). */
  search(query: string, opts: SearchOptions): SearchHit[] {
    return this.inSnapshot(query, opts);
  }

  /** This database's use counts (SearchOptions.usage). */
  usageTable(): UsageTable {
    return this.ranked.usageTable();
  }

  /**
   * The family of the language most of this database's files are in (`python`; `js` for
   * JavaScript and TypeScript; `c` for C and C++), '' while it has none: priors are pooled only
   * within a family (pooled-counts.ts), since Go's `os` and Python's `os` are one key there.
   */
  languageFamily(): string {
    // Asked again when the use counts are recounted (after a sync: a first build's early files
    // need not be in the language most of its files are in).
    const counted = this.usageTable();
    if (counted === this.familyFor) return this.family;
    const top = this.statements.get(`SELECT language FROM files GROUP BY language ORDER BY COUNT(*) DESC LIMIT 1`).pluck().get() as string | undefined;
    this.familyFor = counted;
    return (this.family = top ? (LANGUAGE_FAMILY[top] ?? top) : '');
  }

  private family = '';
  private familyFor: UsageTable | null = null;

  /** This database's importers per module (SearchOptions.popularity). */
  popularityTable(): CountTable {
    return this.ranked.popularityTable();
  }

  /** This database's learned word vectors (SearchOptions.borrowedVectors). */
  get wordVectors(): RelatedWords {
    return this.ranked.wordVectors;
  }

  /**
   * Item count and per-word counts, to weigh words alike over several databases
   * (SearchOptions.collection): the query's words, this database's split of those it lacks, and
   * `also` (the words other databases split them into).
   */
  wordStats(query: string, also: readonly string[] = []): WordStats {
    return this.ranked.wordStats(query, also);
  }

  /** The words a search of this database looks for: the query's, a compound it lacks split as its docs write it. */
  searchWords(query: string): string[] {
    return this.ranked.searchWords(query);
  }

  private prep(sql: string): Statement {
    return this.statements.get(sql);
  }

  private countCache = { at: 0, n: 0 };

  /** Item count, cached for a second (counting a large table costs more than a search). */
  itemCount(): number {
    const now = Date.now();
    if (now - this.countCache.at > 1000) this.countCache = { at: now, n: this.prep(`SELECT COUNT(*) FROM items`).pluck().get() as number };
    return this.countCache.n;
  }

  /** Every item with this exact id, documented ones first. */
  byId(id: string): DocItem[] {
    const rows = this.prep(`SELECT ${ITEM_COLUMNS} FROM items WHERE id = ? ORDER BY has_doc DESC, rowid LIMIT 20`).all(id) as StoredItemRow[];
    if (!rows.length) return this.byPublicId(id);
    return rows.map((d) => unpackItem(d));
  }

  /**
   * Items named `name` declared in `relFile` between two lines (1-based, inclusive): what a
   * language server's symbol at that place is, in the index. Light rows; `itemAt` unpacks one.
   */
  namedAt(relFile: string, name: string, fromLine: number, toLine: number): LightItem[] {
    return this.prep(
      `SELECT i.rowid, i.id, i.name, i.kind, i.signature, i.summary, i.has_doc, i.line, f.path FROM files f JOIN items i ON i.file_id = f.id
       WHERE f.path = ? AND i.name = ? AND i.line BETWEEN ? AND ? ORDER BY i.has_doc DESC, i.line LIMIT 20`,
    ).all(relFile, name, fromLine, toLine) as LightItem[];
  }

  /**
   * Items named `name` whose id is one of `ids` or ends with one of them after a separator
   * (`Cart.add_item` finds `shop.models.Cart.add_item`, `format.Greeter` finds
   * `src/util/format.Greeter`), documented first. Light rows.
   */
  namedWithIdSuffix(name: string, ids: readonly string[], limit = 20): LightItem[] {
    if (!ids.length) return [];
    const conds = ids.map(() => `(i.id = ? OR i.id LIKE ? ESCAPE '\\' OR i.id LIKE ? ESCAPE '\\' OR i.id LIKE ? ESCAPE '\\')`).join(' OR ');
    const params: unknown[] = [name, name];
    for (const id of ids) {
      const esc = id.replace(/[\\%_]/g, (c) => `\\${c}`);
      params.push(id, `%.${esc}`, `%::${esc}`, `%/${esc}`);
    }
    return this.prep(
      `SELECT i.rowid, i.id, i.name, i.kind, i.signature, i.summary, i.has_doc, i.line, f.path FROM items i JOIN files f ON f.id = i.file_id
       WHERE i.name = ? COLLATE NOCASE AND i.name = ? AND (${conds}) ORDER BY i.has_doc DESC, length(i.id), i.rowid LIMIT ${Math.max(1, Math.floor(limit))}`,
    ).all(...params) as LightItem[];
  }

  /** One item by rowid, whole. */
  itemAt(rowid: number): DocItem | undefined {
    const row = this.prep(`SELECT ${ITEM_COLUMNS} FROM items WHERE rowid = ?`).get(rowid) as StoredItemRow | undefined;
    return row ? unpackItem(row) : undefined;
  }

  /** Items a public path stands for (`asyncio.sleep` → `asyncio.tasks.sleep`), the first defining id found. */
  byPublicId(id: string): DocItem[] {
    const target = this.firstTarget(this.paths.targetHops(id));
    // A bundled copy first (jedi's typeshed stub of `sqlite3.Cursor`, a hop nearer than the
    // `_sqlite3.Cursor` that `sqlite3.dbapi2`'s star import passes on): the definition it copies,
    // when a few more hops find one, as a search shows it (fold-hits.ts showCanonical).
    const chosen = target !== undefined && isVendored(target) ? (this.firstTarget(this.paths.targetHops(id, CANONICAL_BUDGET), (t) => !isVendored(t)) ?? target) : target;
    if (chosen === undefined) return [];
    const rows = this.prep(`SELECT ${ITEM_COLUMNS} FROM items WHERE id = ? ORDER BY has_doc DESC, rowid LIMIT 20`).all(chosen) as StoredItemRow[];
    return rows.map((d) => unpackItem(d));
  }

  /** Hop by hop, one lookup of all of a hop's candidates (hundreds, through star imports): the first in its order that exists (and passes `ok`). */
  private firstTarget(hops: Iterable<string[]>, ok: (id: string) => boolean = () => true): string | undefined {
    for (const targets of hops) {
      const found = new Set(this.prep(`SELECT DISTINCT i.id FROM json_each(?) j JOIN items i ON i.id = j.value`).pluck().all(JSON.stringify(targets)) as string[]);
      const target = targets.find((t) => found.has(t) && ok(t));
      if (target !== undefined) return target;
    }
    return undefined;
  }

  /** The public path of a defining id (itself when nothing re-exports it). */
  publicIdOf(id: string, module: string): string {
    return this.paths.publicIds([{ id, module }])[0]!;
  }

  /** Ids close to a misspelt one: same first letters of the last segment, ranked by edit distance. */
  similarIds(id: string, limit = 5): string[] {
    const last = id.split(/::|\.|\/|#/).filter(Boolean).pop() ?? id;
    const prefix = last.slice(0, 2).replace(/[\\%_]/g, (c) => `\\${c}`);
    const rows = this.prep(`SELECT DISTINCT id FROM items WHERE name LIKE ? ESCAPE '\\' LIMIT 400`).pluck().all(`${prefix}%`) as string[];
    return rows
      .map((r) => ({ r, d: editDistance(r.toLowerCase(), id.toLowerCase(), 12) }))
      .filter((x) => x.d <= Math.max(2, Math.floor(id.length / 3)))
      .sort((a, b) => a.d - b.d)
      .slice(0, limit)
      .map((x) => x.r);
  }

  /** Items whose name (case-insensitive) or id suffix is `symbol`. */
  byName(symbol: string, limit = 50): DocItem[] {
    const rows = this.prep(`SELECT ${ITEM_COLUMNS} FROM items WHERE rowid IN (SELECT rowid FROM items WHERE name = ? COLLATE NOCASE UNION SELECT rowid FROM items WHERE id = ?) ORDER BY has_doc DESC, rowid LIMIT ?`)
      .all(symbol, symbol, limit) as StoredItemRow[];
    return rows.map((d) => unpackItem(d));
  }

  /**
   * What a module offers through re-exports, under the path users write (`asyncio.sleep` for
   * asyncio.tasks.sleep; `rxjs.map` through `rxjs` → `rxjs/dist/types` → its operators;
   * `chalk.Chalk` for the namespace `export = chalk` stands for), followed up to three hops.
   * Top-level items only, as `moduleItems` lists them first.
   */
  publicMembers(module: string, limit: number): { id: string; item: DocItem }[] {
    const out: { id: string; item: DocItem }[] = [];
    const shown = new Set<string>();
    const visited = new Set<string>();
    const push = (id: string, item: DocItem) => {
      if (out.length >= limit || shown.has(id) || item.kind === 'module') return;
      shown.add(id);
      out.push({ id, item });
    };
    // `throughStar`: reached by `export * from` (`date-fns` → `./add.js`), which passes on some names only (passedByStar).
    const visit = (mod: string, depth: number, throughStar = false) => {
      if (visited.has(mod) || depth > 3) return;
      visited.add(mod);
      const sep = separatorOf(mod);
      for (const r of this.paths.reexportsUnder(mod)) {
        if (out.length >= limit) return;
        if (r.public.endsWith('*')) {
          const target = r.target.slice(0, -1 - sep.length);
          for (const item of this.moduleItems(target, limit)) {
            if (item.parent) continue;
            push(`${module}${sep}${item.id.startsWith(`${target}${sep}`) ? item.id.slice(target.length + sep.length) : item.name}`, item);
          }
          visit(target, depth + 1, true);
        } else if (r.public === mod) {
          // The module stands for a value (its members are the module's) or for another module.
          // Its members: one segment below it (a namespace's declarations have no parent item),
          // or below what it names in turn (`assert` → `assert.assert` → node/assert.assert.assert).
          let members: StoredItemRow[] = [];
          let lo = '';
          for (const target of [r.target, ...this.paths.targetsOf(r.target).slice(0, 8)]) {
            lo = `${target}${sep}`;
            members = (this.prep(`SELECT ${ITEM_COLUMNS} FROM items WHERE id >= ? AND id < ? ORDER BY line LIMIT 20000`).all(lo, `${lo}\uffff`) as StoredItemRow[])
              .filter((d) => !d.id.slice(lo.length).includes(sep));
            if (members.length) break;
          }
          for (const m of members.map((d) => unpackItem(d))) push(`${module}${sep}${m.id.slice(lo.length)}`, m);
          if (!members.length) {
            for (const item of this.moduleItems(r.target, limit)) if (!item.parent) push(`${module}${sep}${item.name}`, item);
            visit(r.target, depth + 1);
          }
        } else {
          const name = r.public.slice(mod.length + sep.length);
          if (throughStar && !passedByStar(name)) continue;
          const item = this.byId(r.target)[0];
          if (item) push(`${module}${sep}${name}`, item);
        }
      }
    };
    visit(module, 0);
    return out;
  }

  /** Items of a module (its direct members: not members of its classes). */
  moduleItems(module: string, limit: number): DocItem[] {
    const rows = this.prep(`SELECT ${ITEM_COLUMNS} FROM items WHERE module = ? AND kind != 'module' ORDER BY (parent IS NOT NULL), line LIMIT ?`)
      .all(module, limit) as StoredItemRow[];
    return rows.map((d) => unpackItem(d));
  }

  /** The ids of every item a module defines (to tell its re-exports from its own names). */
  moduleItemIds(module: string): string[] {
    return this.prep(`SELECT id FROM items WHERE module = ?`).pluck().all(module) as string[];
  }

  /** Whether any item is in this module (one row by the module index). */
  hasModule(module: string): boolean {
    return this.prep(`SELECT 1 FROM items WHERE module = ? LIMIT 1`).get(module) !== undefined;
  }

  moduleCount(module: string): number {
    return this.prep(`SELECT COUNT(*) FROM items WHERE module = ? AND kind != 'module'`).pluck().get(module) as number;
  }

  /** Module names that start with `prefix` followed by a separator. */
  submodules(module: string): string[] {
    const esc = module.replace(/[\\%_]/g, (c) => `\\${c}`);
    const rows = this.prep(`SELECT DISTINCT module FROM items WHERE module LIKE ? ESCAPE '\\' OR module LIKE ? ESCAPE '\\' OR module LIKE ? ESCAPE '\\' LIMIT 2000`)
      .pluck()
      .all(`${esc}.%`, `${esc}::%`, `${esc}/%`) as string[];
    return rows.filter((m) => m !== module);
  }

  /** Module names that end with `tail` after a separator (`format` finds `src/util/format`, `pad` finds `textkit.pad`). */
  modulesEndingWith(tail: string, limit = 20): string[] {
    const esc = tail.replace(/[\\%_]/g, (c) => `\\${c}`);
    return this.prep(`SELECT DISTINCT module FROM files WHERE module LIKE ? ESCAPE '\\' OR module LIKE ? ESCAPE '\\' OR module LIKE ? ESCAPE '\\' LIMIT ?`)
      .pluck()
      .all(`%/${esc}`, `%.${esc}`, `%::${esc}`, limit) as string[];
  }

  moduleDoc(module: string): { doc: string; file: string } | null {
    const r = this.prep(`SELECT module_doc AS doc, path AS file FROM files WHERE module = ? AND module_doc IS NOT NULL LIMIT 1`).get(module) as { doc: string; file: string } | undefined;
    return r ?? null;
  }

  /** Children of an item (members of a class, enum, namespace). */
  children(id: string, limit = 200): DocItem[] {
    return (this.prep(`SELECT ${ITEM_COLUMNS} FROM items WHERE parent = ? ORDER BY line LIMIT ?`).all(id, limit) as StoredItemRow[]).map((d) => unpackItem(d));
  }

  /** Go `Example…` functions and other example items attached to `id`. */
  examplesOf(id: string): DocItem[] {
    return (this.prep(`SELECT ${ITEM_COLUMNS} FROM items WHERE kind = 'example' AND parent = ? ORDER BY line`).all(id) as StoredItemRow[]).map((d) => unpackItem(d));
  }

  /** Items sharing a parameter or return type (for docs_related). */
  sameModule(module: string, exclude: string, limit: number): DocItem[] {
    return (this.prep(`SELECT ${ITEM_COLUMNS} FROM items WHERE module = ? AND id != ? AND kind != 'module' AND kind != 'example' ORDER BY has_doc DESC, line LIMIT ?`)
      .all(module, exclude, limit) as StoredItemRow[]).map((d) => unpackItem(d));
  }

  /** Items sharing a documentation category (JSDoc `@category`) under the same parent, e.g. lodash's "Function". */
  sameCategory(category: string, parent: string | null, exclude: string, limit: number): DocItem[] {
    return (this.prep(`SELECT ${ITEM_COLUMNS} FROM items WHERE id != ? AND parent IS ? AND json_extract(data, '$.tags.category') = ? LIMIT ?`)
      .all(exclude, parent, category, limit) as StoredItemRow[]).map((d) => unpackItem(d));
  }

  /** Items that extend or implement `name` (searching the stored `implements` lists). */
  implementors(name: string, limit: number): DocItem[] {
    const short = name.split(/::|\./).pop()!;
    return (this.prep(`SELECT ${ITEM_COLUMNS} FROM items WHERE kind IN ('class','struct','interface','trait','impl','enum') AND data LIKE ? LIMIT ?`)
      .all(`%"implements":[%${short.replace(/[%_]/g, '')}%`, limit * 4) as StoredItemRow[])
      .map((d) => unpackItem(d))
      .filter((i) => i.implements.some((x) => x.replace(/<.*$/, '').split(/::|\./).pop() === short))
      .slice(0, limit);
  }

  /** Candidate items for a type name (to find what an item implements). */
  typesNamed(name: string, limit = 5): DocItem[] {
    const short = name.replace(/<.*$/, '').replace(/\[.*$/, '').split(/::|\./).pop()!;
    // `name = ? COLLATE NOCASE` lets SQLite use the name index (a case-insensitive one); the exact test keeps the case.
    return (this.prep(`SELECT ${ITEM_COLUMNS} FROM items WHERE name = ? COLLATE NOCASE AND name = ? AND kind IN ('class','struct','interface','trait','type','enum') ORDER BY has_doc DESC LIMIT ?`)
      .all(short, short, limit) as StoredItemRow[]).map((d) => unpackItem(d));
  }

  /** Functions/methods whose signature mentions any of these words (type or parameter names). */
  withTypes(types: readonly string[], exclude: string, limit: number): DocItem[] {
    if (!types.length) return [];
    types = types.slice(0, 8);
    const likes = types.map(() => `signature LIKE ?`);
    // Candidates sharing the most terms first (then by id), so the cut keeps the best ones and
    // does not depend on insertion order, which varies with which worker finished first.
    const patterns = types.map((t) => `%${t.replace(/[%_]/g, '')}%`);
    return (this.prep(`SELECT ${ITEM_COLUMNS} FROM items WHERE id != ? AND kind IN ('function','method','constructor') AND (${likes.join(' OR ')}) ORDER BY (${likes.join(' + ')}) DESC, id LIMIT ?`)
      .all(exclude, ...patterns, ...patterns, limit * 5) as StoredItemRow[]).map((d) => unpackItem(d));
  }

  importsOf(relFile: string): string[] {
    const r = this.prep(`SELECT imports, module FROM files WHERE path = ?`).get(relFile) as { imports: string; module: string | null } | undefined;
    return r ? (JSON.parse(r.imports) as string[]) : [];
  }

  /** The installed package a file belongs to (recorded when it was indexed), or null for a project file. */
  packageOfFile(relFile: string): { name: string; version: string } | null {
    const r = this.prep(`SELECT package, version FROM files WHERE path = ?`).get(relFile) as { package: string | null; version: string | null } | undefined;
    return r?.package ? { name: r.package, version: r.version ?? '' } : null;
  }

  moduleOfFile(relFile: string): string | null {
    return (this.prep(`SELECT module FROM files WHERE path = ?`).pluck().get(relFile) as string | undefined) ?? null;
  }

  /** The languages of the indexed files (what index_status counts), for the `language` filters. */
  languages(): string[] {
    return this.prep(`SELECT DISTINCT language FROM files WHERE skipped IS NULL AND language != '' ORDER BY language`).pluck().all() as string[];
  }
}

