import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { queryWords } from '../../rank/words.js';
import type { IndexSource } from '../source.js';
import { ftsQuote } from '../fts-quote.js';

/**
 * Which databases a docs_search reads. The roots' own always; of the installed packages' (one
 * database each, often a hundred or more), only those that can answer: a full ranked search
 * costs most of a millisecond per database, whatever its size, so asking every package would
 * make search time grow with the number of dependencies. A probe first asks each package
 * database, cheaply, whether an item is named exactly like the query and whether one item has
 * all the query's words; then the full search runs on the packages with an exact name plus the
 * best few of the rest. A package database never changes, so its probe answers are cached.
 */

/** Packages searched in full beyond those with an exact name match. */
export const FANOUT_PACKAGES = 4;

/** As lexical-candidates.ts ranks: the function itself, not FTS5's `rank` (which prepares a statement of its own on every run). */
const BM25 = 'bm25(items_fts, 10.0, 5.0, 3.0, 1.0, 2.0)';


export class SourceProbe {
  private readonly named: Statement;
  private readonly count: Statement;
  private readonly best: Statement;
  private readonly cache = new Map<string, number>();
  /** Rows with a word (up to 201), and whether an item has a name: queries share them ("string", "parse"). */
  private readonly wordRows = new Map<string, number>();
  private readonly names = new Map<string, boolean>();

  constructor(db: Database.Database) {
    this.named = db.prepare(`SELECT 1 FROM items WHERE name = ? COLLATE NOCASE LIMIT 1`).pluck();
    this.count = db.prepare(`SELECT COUNT(*) FROM (SELECT 1 FROM items_fts WHERE items_fts MATCH ? LIMIT 201)`).pluck();
    this.best = db.prepare(`SELECT -${BM25} AS s FROM items_fts WHERE items_fts MATCH ? ORDER BY s DESC LIMIT 1`).pluck();
  }

  /**
   * How well this database may answer: above 3e6 an item is named exactly like the query;
   * above 2e6 one item has all its words (plus the best BM25 score when few do); below, the
   * share of its words found at all; 0 when none is.
   */
  score(query: string): number {
    let s = this.cache.get(query);
    if (s !== undefined) return s;
    s = this.compute(query);
    remember(this.cache, query, s);
    return s;
  }

  private compute(query: string): number {
    const words = queryWords(query).slice(0, 5);
    if (!words.length) return 0;
    try {
      const last = query.trim().split(/::|\.|#|\//).filter(Boolean).pop() ?? '';
      if (/^[A-Za-z_$][\w$]*$/.test(last) && this.hasName(last)) return 3e6;
      // Each word alone first, from what earlier queries counted: a database that lacks one of
      // them (most packages, for most questions) cannot have an item with all, and is answered
      // without a query of its own. Counting every word and the conjunction in each of 38
      // package databases cost ~1.7 ms of every search over this repository.
      let present = 0;
      for (const w of words) if (this.rowsWith(w) > 0) present++;
      if (present < words.length) return (1000 * present) / words.length;
      const all = words.map(ftsQuote).join(' AND ');
      const n = words.length === 1 ? this.rowsWith(words[0]!) : (this.count.get(all) as number);
      if (n > 0) return 2e6 + (n <= 200 ? ((this.best.get(all) as number | undefined) ?? 0) : 0);
      return 1000;
    } catch {
      return 1; // a query FTS5 cannot parse: let the full search decide
    }
  }

  private rowsWith(word: string): number {
    let n = this.wordRows.get(word);
    if (n === undefined) remember(this.wordRows, word, (n = this.count.get(ftsQuote(word)) as number));
    return n;
  }

  private hasName(name: string): boolean {
    let b = this.names.get(name);
    if (b === undefined) remember(this.names, name, (b = Boolean(this.named.get(name))));
    return b;
  }
}

/** A bounded memo: emptied when full (a package database never changes, so nothing goes stale). */
function remember<V>(memo: Map<string, V>, key: string, value: V): void {
  if (memo.size >= 4000) memo.clear();
  memo.set(key, value);
}

/**
 * The roots plus the package databases worth a full search for `query`. A language's standard
 * library is always among them, like a root: it is where most questions about the language are
 * answered, and a small package that happens to have every word of "change the working
 * directory of the process" must not crowd out `os.chdir` (3 of 132 Python questions asked
 * through a project with five packages lost the standard library to the probe).
 */
export function searchSources(sources: readonly IndexSource[], query: string, packages = FANOUT_PACKAGES): IndexSource[] {
  const deps = sources.filter((s) => s.dependency?.probe && !s.dependency.standardLibrary);
  if (deps.length <= packages) return [...sources];
  const scored = deps.map((s) => ({ s, score: s.dependency!.probe!.score(query) })).filter((x) => x.score > 0);
  scored.sort((a, b) => b.score - a.score);
  const chosen = new Set<IndexSource>();
  for (const x of scored) if (x.score >= 3e6 || chosen.size < packages) chosen.add(x.s);
  return sources.filter((s) => !s.dependency?.probe || s.dependency.standardLibrary || chosen.has(s));
}
