import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { isProse, queryWords } from '../../rank/words.js';
import { synonymsOf } from '../../rank/synonyms.js';
import type { IndexSource } from '../source.js';
import { ftsQuote } from '../fts-quote.js';
import { TermVocabulary } from '../term-vocabulary.js';
import { metaValue } from '../embeddings.js';

/**
 * Which databases a docs_search reads. The roots' own always; of the installed packages' (one
 * database each, often a hundred or more), only those that can answer: a full ranked search
 * costs most of a millisecond per database, whatever its size, so asking every package would
 * make search time grow with the number of dependencies. A probe first asks each package
 * database, cheaply, whether an item is named exactly like the query and how many of its items
 * use each of the query's words; then the full search runs on the packages with an exact name
 * plus the few the words point to most (packageBeliefs). A package database never changes, so
 * its probe answers are cached.
 */

/** Packages searched in full: those with an exact name match first (all of them, even beyond this), then the best of the rest. */
export const FANOUT_PACKAGES = 4;

/** Rows counted per word at most: enough to tell a package that uses a word often from one that mentions it. */
const ROWS_CAP = 1000;

/** What a docs_search asks of a package database before choosing whether to search it in full. */
export interface PackageProbe {
  /** An item is named exactly as the query's last name (`debounce`, `lodash.debounce`). */
  named(query: string): boolean;
  /** Rows that have each of the query's words, or one of its alternatives (up to ROWS_CAP each). */
  rowsFor(query: string, words: readonly (readonly string[])[]): number[];
  /** Items in the database. */
  size(): number;
  /** Read now what the first question would (the stored term counts). */
  prepare?(): void;
}

export class SourceProbe implements PackageProbe {
  private readonly namedStatement: Statement;
  private readonly count: Statement;
  /** The database's whole vocabulary (term-vocabulary.ts), as of its build (a package's never changes). */
  private readonly terms: TermVocabulary;
  private readonly builtAt: string | null;
  private sizeMemo: number | undefined;
  /** Rows with a word, and whether an item has a name: queries share them ("string", "parse"). */
  private readonly wordRows = new Map<string, number>();
  private readonly names = new Map<string, boolean>();
  /** The rows of each query's words, as the word memo may be emptied between two asks of one query. */
  private readonly queryRows = new Map<string, number[]>();

  constructor(private readonly db: Database.Database) {
    this.namedStatement = db.prepare(`SELECT 1 FROM items WHERE name = ? COLLATE NOCASE LIMIT 1`).pluck();
    this.count = db.prepare(`SELECT COUNT(*) FROM (SELECT 1 FROM items_fts WHERE items_fts MATCH ? LIMIT ${ROWS_CAP})`).pluck();
    this.terms = TermVocabulary.of(db);
    this.builtAt = lastUpdate(db);
  }

  named(query: string): boolean {
    const last = query.trim().split(/::|\.|#|\//).filter(Boolean).pop() ?? '';
    if (!/^[A-Za-z_$][\w$]*$/.test(last)) return false;
    let b = this.names.get(last);
    if (b === undefined) remember(this.names, last, (b = Boolean(this.namedStatement.get(last))));
    return b;
  }

  rowsFor(query: string, words: readonly (readonly string[])[]): number[] {
    let got = this.queryRows.get(query);
    if (!got) {
      // The words not counted yet, from the vocabulary at once (term-vocabulary.ts).
      const fresh = [...new Set(words.flat())].filter((w) => !this.wordRows.has(w));
      this.terms.rowsOfAll(fresh, this.builtAt).forEach((n, i) => n !== undefined && remember(this.wordRows, fresh[i]!, Math.min(n, ROWS_CAP)));
      remember(this.queryRows, query, (got = words.map((w) => this.rows(...w))));
    }
    return got;
  }

  /** Rows that have the word or any of its alternatives. */
  rows(...alternatives: string[]): number {
    const key = alternatives.join(' ');
    let n = this.wordRows.get(key);
    if (n === undefined && alternatives.length > 1) n = knownUnion(alternatives.map((a) => this.wordRows.get(a)));
    if (n === undefined) {
      // Alternatives are counted together by FTS5 (a row with two of them is one row) unless
      // their own counts tell, as is a phrase and any word while the vocabulary is not read
      // (a package built within the last minute).
      try {
        n = this.count.get(alternatives.map(ftsQuote).join(' OR ')) as number;
      } catch {
        n = 0; // a word FTS5 cannot parse matches nothing
      }
      remember(this.wordRows, key, n);
    }
    return n;
  }

  prepare(): void {
    this.terms.prepare(this.builtAt);
    this.size();
  }

  size(): number {
    return (this.sizeMemo ??= this.db.prepare(`SELECT COUNT(*) FROM items`).pluck().get() as number);
  }
}

/**
 * Rows with any of several words, when their own counts (up to ROWS_CAP) tell it: one has the
 * cap (so has the union), or at most one has any. Undefined otherwise: rows with two of them
 * would count twice in the sum.
 */
function knownUnion(counts: readonly (number | undefined)[]): number | undefined {
  if (counts.some((c) => c === undefined)) return undefined;
  if (counts.some((c) => c! >= ROWS_CAP)) return ROWS_CAP;
  const some = counts.filter((c) => c! > 0);
  return some.length <= 1 ? (some[0] ?? 0) : undefined;
}

/** When the database was written last (meta's last_update), null when it has no such value. */
function lastUpdate(db: Database.Database): string | null {
  try {
    return metaValue(db, 'last_update') ?? null;
  } catch {
    return null; // no meta table
  }
}

/** A bounded memo: emptied when full (a package database never changes, so nothing goes stale). */
function remember<V>(memo: Map<string, V>, key: string, value: V): void {
  if (memo.size >= 4000) memo.clear();
  memo.set(key, value);
}

/**
 * How likely each package is to hold the answer, from how many of its items use each of the
 * query's words (`rows`, a row per package and a column per word) and its size: the
 * CORI belief of federated search (Callan, Lu and Croft, "Searching distributed collections
 * with inference networks", 1995), with items for documents. A word counts more where a larger
 * share of the package's items use it (`t`: its rows over its rows plus a constant that grows
 * with the package's size, so that a large package's many mentions do not outweigh a small
 * package made of the subject) and where fewer of the packages have it at all (`idf`). A word
 * the package lacks adds nothing, and one it has adds a little whatever its share
 * (BELIEF_FLOOR), as much as the word tells packages apart: CORI gives every word its floor,
 * present or not, and a floor for presence alone let the large packages' generic words
 * ("written", "almost") outweigh a small package's subject.
 *
 * It replaced a probe that asked whether a package had every word and whether one item had them
 * all. A large package (@types/node, typescript, playwright-core) has nearly every word of any
 * question and took the four full searches from the small library that answers it. Measured on
 * this repository's 40 package databases asked the lodash, ramda, async, underscore and
 * TypeScript questions (bench/docs-world.bench.mjs), and on a Python project declaring 30
 * installed distributions asked the four Python sets; means of the sets' MRR@10:
 *   the old probe                                   JavaScript 0.460, Python 0.569
 *   CORI's own constants (floor 0.4; 50, 150)       0.539, 0.568
 *   floor 0.1; 10, 400                              0.568, 0.574
 *   floor 0 (presence counts nothing); 10, 400      0.583, 0.567
 *   floor 0.1 weighed by the word's idf (taken)     0.583, 0.574 (with the synonyms below)
 *   every package searched in full (no choice)      0.539, 0.541 (and 3.5× the time)
 * Also measured and not taken: the belief as a bonus in the merged ranking (+0.002, +0.005).
 */
const BELIEF_FLOOR = 0.1;
const ROWS_OFFSET = 10;
const SIZE_WEIGHT = 400;

export function packageBeliefs(rows: readonly (readonly number[])[], sizes: readonly number[]): number[] {
  const n = rows.length;
  const words = rows[0]?.length ?? 0;
  if (!n || !words) return rows.map(() => 0);
  const meanSize = sizes.reduce((a, b) => a + b, 0) / n || 1;
  const have = Array.from({ length: words }, (_, j) => rows.filter((r) => r[j]! > 0).length);
  return rows.map((r, i) => {
    let belief = 0;
    for (let j = 0; j < words; j++) {
      const df = r[j]!;
      if (!df) continue;
      const t = df / (df + ROWS_OFFSET + (SIZE_WEIGHT * sizes[i]!) / meanSize);
      const idf = Math.log((n + 0.5) / have[j]!) / Math.log(n + 1);
      belief += idf * (BELIEF_FLOOR + (1 - BELIEF_FLOOR) * t);
    }
    return belief / words;
  });
}

/**
 * The roots plus the package databases worth a full search for `query`: those with an item
 * named exactly like it, and the best of the rest by packageBeliefs up to `packages` in all.
 * A language's standard library is always among them, like a root: it is where most questions
 * about the language are answered, and a small package that happens to have every word of
 * "change the working directory of the process" must not crowd out `os.chdir` (3 of 132 Python
 * questions asked through a project with five packages lost the standard library to the probe).
 */
export function searchSources(sources: readonly IndexSource[], query: string, packages = FANOUT_PACKAGES): IndexSource[] {
  const deps = sources.filter((s) => s.dependency?.probe && !s.dependency.standardLibrary);
  if (deps.length <= packages) return [...sources];
  const chosen = new Set<IndexSource>();
  const read = () => sources.filter((s) => !s.dependency?.probe || s.dependency.standardLibrary || chosen.has(s));
  const rest: IndexSource[] = [];
  for (const s of deps) {
    if (safely(() => s.dependency!.probe!.named(query), false)) chosen.add(s);
    else rest.push(s);
  }
  // An exact name in enough packages answers an identifier: nothing is left to rank (or count) the rest for.
  if (chosen.size >= packages) return read();
  const words = probeTerms(query);
  const beliefs = safely(() => {
    const probes = rest.map((s) => s.dependency!.probe!);
    return packageBeliefs(probes.map((p) => p.rowsFor(query, words)), probes.map((p) => p.size()));
  }, rest.map(() => 0));
  const order = rest.map((s, i) => ({ s, b: beliefs[i]! })).filter((x) => x.b > 0).sort((a, b) => b.b - a.b);
  // As many as `packages` in all: an exact name answers an identifier, and the few best fill what it leaves.
  for (const x of order) {
    if (chosen.size >= packages) break;
    chosen.add(x.s);
  }
  return read();
}

/**
 * The query's words as the full search looks for them (search.ts): a question in words' everyday
 * word with the docs' terms for it ("folder": directory; "average": mean). Counted so, a package
 * is chosen by the words its items use for what the question asks (lodash's `_.mean` for
 * "average of the numbers in an array"): the JavaScript world 0.568 → 0.577, the Python world
 * +0.001. With the terms of everyday phrases too ("whole number": integer) the Python world lost
 * a held-out question (−0.004).
 */
function probeTerms(query: string): string[][] {
  const words = queryWords(query).slice(0, 8);
  if (!isProse(query, words)) return words.map((w) => [w]);
  return words.map((w) => [...new Set([w, ...synonymsOf(w)])]);
}

function safely<T>(f: () => T, otherwise: T): T {
  try {
    return f();
  } catch {
    return otherwise;
  }
}
