import type { Statement } from 'better-sqlite3';
import type { SpelledAcronym } from '../rank/acronyms.js';
import { stem } from '../rank/words.js';
import { ftsQuote } from './fts-quote.js';
import type { WordCounts } from './word-counts.js';

/**
 * The candidates FTS5 finds for one search, with their bm25 scores: which expressions a query
 * calls for (all its words, pairs of its rarest, an OR of the rarer ones, names first for one
 * identifier word, the acronyms it spells, the items its rarer words name), each under a row
 * budget, since bm25() costs every row it ranks. The search (search.ts) adds its other sources
 * (exact names, learned vectors, the popular pool) through `unranked`, and reads `bm`.
 */

const CANDIDATES = 100;
/**
 * How many answers the candidate expressions aim to find before broader ones run: a fixed
 * figure, not the caller's limit, so that asking for 30 results ranks the same candidates as
 * asking for 10 and the first ten are the same. With the limit, a larger one ran the broader
 * expressions more often, and their rows reordered the top (2 of 161 Python questions:
 * "convert a decimal string to an int" had `decimal.Decimal.__int__` third at 10, and not in
 * the first five at 30).
 */
const FILL = 10;
/**
 * A prose question takes fewer per expression: its candidates come from several expressions and
 * the learned vectors, and a deeper cut of each mostly adds items that share the question's
 * common words (bench/docs-quality: 60 ranked Python 0.429 → 0.441 on the tuning questions,
 * 0.401 → 0.413 held out, 0.531 → 0.545 on C-implemented answers, Go 0.804 → 0.796; and every
 * candidate costs a row lookup and a blend).
 */
const CANDIDATES_PROSE = 60;
/**
 * Rows an expression keeps for a question in words in an installed package's database (not a
 * standard library's): a question reads the project's databases, its standard library's and
 * a few packages' (deps/fanout.ts), and each package's candidates cost their row lookups and
 * blends as the roots' do, while its share of the ten answers is smaller. Measured through
 * projects (bench/docs-world.bench.mjs: this repository with 41 package databases, a Python
 * project with 30 distributions; three runs each): 30 rows a package expression instead of 60,
 * the mean search 14.7 → 12.4 ms and 13.7 → 11.5 ms, MRR@10 0.576 → 0.580 and 0.630 → 0.631
 * (no set lower; async 0.635 → 0.660); 20 rows 11.8 / 10.9 ms but 0.573; 40 rows 13.7 /
 * 12.6 ms, figures unchanged. Through one-package npm projects (bench/docs-project.bench.mjs):
 * lodash and its held-out questions unchanged, ramda 0.539 → 0.532, async 0.727 → 0.731,
 * underscore 0.694 → 0.696.
 */
const CANDIDATES_PROSE_PACKAGE = 30;
/**
 * Most rows one ranked FTS5 query should score: bm25() reads every matching row's positions
 * (about a microsecond a row here), so a word in 13,000 rows costs more than a whole search may.
 */
const RANK_ROWS = 4000;
/** Word counts are exact up to this many rows (WordCounts' cap); a word in this many rows or more is wide (runAll). */
export const DF_CAP = 5000;
/**
 * Row budgets (× RANK_ROWS) of the pair and OR expressions. A prose question's OR is narrower:
 * its ranking leans on coverage and the learned vectors, which also bring their own
 * candidates, so a sixth of the budget finds as much: bm25 costs ~1.4 µs for every row it
 * ranks, and a prose question's OR of one word in 2,000 rows was the slowest part of the
 * slowest searches. Measured: 0.75 and 0.5 gave the same figures on every question set; once
 * the learned vectors, the usage pool and the synonyms brought their own candidates, 0.25 gave
 * them too (held-out Python 0.511 → 0.510, every other set unchanged) for −8% of the mean
 * search time in process, where it had lost held-out and Go questions before. Likewise a
 * pair's budget: 1.25 found as much as 1.5 (1.0 lost a tuning question) until then; now 0.5
 * finds more (Python tuning 0.569 → 0.570, held-out 0.527 → 0.538, every other set unchanged;
 * 0.75 held-out 0.522, 0.25 0.526, none 0.513) for −5% of the p95 in process: a pair of words
 * that are each in a thousand rows is a broad expression, not a precise one.
 */
const PAIR_ROWS = 0.5;
/** How many of a question's rarest words are paired (n words: n(n-1)/2 pair expressions). */
const PAIR_WORDS = 3;
/** An acronym a question spells out is searched on its own when at most this many rows have it (more would be slow to rank and mostly other senses). */
const ACRONYM_ALONE_ROWS = 500;
const OR_ROWS = 1.5;
/** What bm25() spends counting one row that has a word, in rows it could score instead (~60 ns against ~1.7 µs). */
const COUNT_ROW_COST = 1 / 28;
const OR_ROWS_PROSE = 0.25;
/** An identifier's one word in more rows than this is looked for in names first (ranking a row costs ~1.7 µs). */
const NAMES_FIRST_ROWS = 1000;
/** How many of a question's rarer words look up the items named exactly that. */
const NAMED_WORDS = 3;
const NAMED_BY_WORD = `SELECT rowid FROM items WHERE name = ? COLLATE NOCASE AND kind != 'impl' ORDER BY has_doc DESC, length(id) LIMIT 4`;

/** Names a question's adjacent words make that are looked up (rank/words.ts lists the longer runs first): a fixed number, so one statement serves every question. */
const COMPOUND_NAMES = 32;
/** Items taken for them, and for any one name. */
const COMPOUND_ROWS = 8;
const COMPOUND_PER_NAME = 2;
const NAMED_BY_COMPOUND = `SELECT rowid, name FROM items WHERE name COLLATE NOCASE IN (${Array(COMPOUND_NAMES).fill('?').join(', ')}) AND kind != 'impl' ORDER BY has_doc DESC, length(id) LIMIT ${COMPOUND_ROWS * 8}`;

/** FTS5 column weights: identifier-like queries lean on names, prose queries on the docs. */
const WEIGHTS_NAME = '10.0, 5.0, 3.0, 1.0, 2.0';
const WEIGHTS_PROSE = '3.0, 1.5, 3.0, 1.5, 1.0';

/** A query as the lexical expressions need it. */
export interface LexicalQuery {
  /** The words some row has, rarest first. */
  present: readonly string[];
  /** Rows per word (the database's, or the collection's where the search was told so). */
  df: ReadonlyMap<string, number>;
  /** Items searched over. */
  total: number;
  /** The rows named exactly as asked, looked up before: finding them can make the broader expressions unnecessary. */
  exact: readonly number[];
  acronyms: readonly SpelledAcronym[];
  /** Names the question's adjacent words make (rank/words.ts adjacentCompounds); looked up for a question in words. */
  compounds: readonly string[];
  /** A word as an FTS5 term (with its synonyms, any of them). */
  term(w: string): string;
}

export class LexicalTake {
  /** The best bm25 score of each row taken (0: taken unranked). */
  readonly bm = new Map<number, number>();
  /** Rows an expression keeps: fewer for a question in words (CANDIDATES_PROSE), more when a filter will drop some. */
  readonly inner: number;
  private readonly rank: string;

  constructor(
    private readonly prep: (sql: string) => Statement,
    /** A question in words (rank/words.ts isProse). */
    private readonly prose: boolean,
    /** A kinds, module or language filter applies: expressions take more rows, since it drops some. */
    private readonly filtered: boolean,
    /** The database is an installed package's (not a standard library's): fewer rows for a question in words (CANDIDATES_PROSE_PACKAGE). */
    installedPackage = false,
  ) {
    this.inner = (prose ? (installedPackage ? CANDIDATES_PROSE_PACKAGE : CANDIDATES_PROSE) : CANDIDATES) * (filtered ? 6 : 1);
    this.rank = `bm25(items_fts, ${prose ? WEIGHTS_PROSE : WEIGHTS_NAME})`;
  }

  /**
   * The best-ranked rows of an expression (its top-N sort touches no other table); how many.
   * Ranked by bm25() in SQLite's own top-N sort, not by FTS5's `rank MATCH … ORDER BY rank`:
   * FTS5 sorts by rank through an inner statement it prepares on every run, which cost ~100 µs
   * a run and a third more per matching row (`directory` in 2,170 Python rows: 1.8 → 1.2 ms;
   * 127 → ~60 µs a run in a package of 800 items). The same rows in the same order; rowid
   * breaks ties as FTS5's own order did.
   */
  run(expr: string): number {
    let got: { rowid: number; bm: number }[];
    try {
      got = this.prep(`SELECT rowid, -${this.rank} AS bm FROM items_fts WHERE items_fts MATCH ? ORDER BY bm DESC, rowid LIMIT ${this.inner}`).all(expr) as typeof got;
    } catch {
      return 0; // an expression FTS5 cannot parse simply contributes nothing
    }
    for (const r of got) if (!this.bm.has(r.rowid) || this.bm.get(r.rowid)! < r.bm) this.bm.set(r.rowid, r.bm);
    return got.length;
  }

  /** Rows from elsewhere, or matched without ranking: scored 0 unless an expression ranked them. */
  unranked(rowids: readonly number[]): number {
    for (const rowid of rowids) if (!this.bm.has(rowid)) this.bm.set(rowid, 0);
    return rowids.length;
  }

  /** Up to `inner` rows an FTS5 expression matches, unranked (no bm25(): no cost per matching row). */
  private matches(expr: string): number[] {
    return this.prep(`SELECT rowid FROM items_fts WHERE items_fts MATCH ? LIMIT ${this.inner}`).pluck().all(expr) as number[];
  }

  /**
   * Every expression the query calls for. All words together first; a broader OR over the rarer
   * words only when that finds too little, because ranking every row that contains a very
   * common word ("function", "value") is what makes a search slow on a large index.
   */
  collect(q: LexicalQuery, counts: WordCounts): void {
    const { present, df, total, exact, acronyms, compounds, term } = q;
    const { prose, filtered } = this;
    // A single very common word is looked for in names only (where it is most likely meant).
    const common = (w: string) => (df.get(w) ?? 0) >= Math.min(DF_CAP, Math.max(500, total * 0.02));
    // Enough items are named exactly this one-word name (`Error`, `get`, `start`) and many more
    // have the word in their names: the exact ones are the answer, with some of the others
    // (`ChainMap`), unranked, in case copies fold the exact ones to fewer than a page. Ranking
    // the thousands of rows that contain the word would cost a whole search's budget (`start`,
    // in 3,600 Python rows: 5.9 ms of a 10 ms search). A word in few names (`linspace`) is
    // in few rows: ranking them all costs little and finds the docs that mention it.
    let namedEnough = present.length === 1 && !prose && exact.length >= FILL && !filtered;
    if (namedEnough) {
      const names = this.matches(`name : ${ftsQuote(present[0]!)}`);
      this.unranked(names);
      namedEnough = names.length >= this.inner;
    }
    // An identifier of one word in more rows than NAMES_FIRST_ROWS is also looked for in names
    // first: its answer is named by it, and ranking every row whose doc has it (`format`, in
    // 4,000 Python rows: 7.7 ms) was the slowest part of the slowest identifier searches (every
    // question set unchanged; identifier searches −8% mean, −12% p95).
    const namesFirst = present.length === 1 && !prose && df.get(present[0]!)! > NAMES_FIRST_ROWS;
    if (present.length === 1 && (common(present[0]!) || namedEnough || namesFirst)) {
      const word = present[0]!;
      let named: number;
      if (exact.length >= FILL && !filtered) {
        named = exact.length;
      } else {
        // Ranking every name that has the word costs too much when thousands do (`get`): then the
        // names that start with its stem (`valu` for value, values, valueOf), shortest first,
        // from the name index.
        const names = this.prep(`SELECT COUNT(*) FROM (SELECT 1 FROM items_fts WHERE items_fts MATCH ? LIMIT ${RANK_ROWS + 1})`).pluck().get(`name : ${ftsQuote(word)}`) as number;
        named = names <= RANK_ROWS
          ? this.run(`name : ${ftsQuote(word)}`)
          : this.unranked(this.prep(`SELECT rowid FROM items WHERE name LIKE ? ESCAPE '\\' ORDER BY length(name) LIMIT ${this.inner}`).pluck().all(`${stem(word).replace(/[\\%_]/g, (c) => `\\${c}`)}%`) as number[]);
      }
      // Too few names say it: the word is meant in the prose. Take matching rows unranked (no
      // sort over every row that has the word, which is what would be slow) and let the blend
      // below rank them, rather than answer nothing.
      if (named < FILL) this.unranked(this.matches(ftsQuote(word)));
    } else if (present.length) {
      const found = this.runAll(q, counts);
      if (prose && found < 3 * FILL && present.length >= 3) {
        // A question rarely shares all its words with the answer's doc, but often two of them:
        // every pair of its rarest words is a small, precise candidate set. The three rarest
        // (three pairs): the fourth word's three more pairs cost ~10% of the p95 and found
        // nothing the ranking kept (bench/docs-quality: Python 0.482 → 0.473, held-out 0.439 →
        // 0.438, C 0.581 → 0.586, Go, TypeScript and lodash unchanged).
        const rare = present.filter((w) => !common(w)).slice(0, PAIR_WORDS);
        // Bounded like the OR below: a pair whose words are in many rows costs more than it finds.
        for (let a = 0; a < rare.length; a++) {
          for (let b = a + 1; b < rare.length; b++) if (df.get(rare[a]!)! + df.get(rare[b]!)! <= PAIR_ROWS * RANK_ROWS) this.run(`${term(rare[a]!)} AND ${term(rare[b]!)}`);
        }
      }
      // An identifier that names an item exactly is answered: the OR would only add items that
      // share one of its words (`DateParamMonad` → anything with "date").
      const answered = !prose && exact.length > 0 && !filtered;
      if (found < 3 * FILL && present.length > 1 && !answered) {
        // The broader OR ranks every row with any of its words: the rarest words, as many as
        // keep that under 1.5 × RANK_ROWS rows (at least the rarest one; one word alone is too
        // narrow for "check if value is empty" to reach `isEmpty`).
        const rare = present.filter((w) => !common(w)).slice(0, 4);
        const pool = rare.length ? rare : present.slice(0, 2);
        const chosen: string[] = [];
        let rows = 0;
        for (const w of pool) {
          if (chosen.length && rows + df.get(w)! > (prose ? OR_ROWS_PROSE : OR_ROWS) * RANK_ROWS) break;
          chosen.push(w);
          rows += df.get(w)!;
        }
        // A question in words whose rarest word alone is over its budget skips it: ranking one
        // word's 2,000-4,000 rows cost 2-4 ms, the slowest part of the slowest such searches, and
        // the items named by that word and the learned vectors bring what it would (every question
        // set unchanged; prose searches −5% mean, −7% p95 in alternating runs).
        if (!(prose && rows > OR_ROWS_PROSE * RANK_ROWS)) this.run(chosen.map(term).join(' OR '));
      }
    }
    for (const a of acronyms) {
      // The acronym with any of the question's other rare words, and alone when few rows have it.
      const rest = present.filter((w) => !a.words.includes(w) && !common(w)).slice(0, PAIR_WORDS);
      if (rest.length) this.run(`${ftsQuote(a.acronym)} AND (${rest.map(ftsQuote).join(' OR ')})`);
      else if (counts.docFreq(a.acronym) <= ACRONYM_ALONE_ROWS) this.run(ftsQuote(a.acronym));
    }
    // Items named by one of the question's rarer words ("factorial of an integer": `math.factorial`),
    // or by an acronym a run of its words spells ("double ended queue": `deque`, whose doc need
    // not have the question's other words). BM25 cannot pick them out of the rows with that word
    // when there are more than it keeps (874 for "factorial", whose stem "factori" is also
    // Factory's: `math.factorial`, summarised "Find n!.", was 86th): they score alike, and the
    // top 60 are near-arbitrary. Only words in more rows than that; documented and shallow items
    // first, four a word (C-implemented 0.677 → 0.706, held-out +0.001, +0.06 ms mean; eight
    // from every rare word cost +0.9 ms of the p95 for the same figures).
    if (prose) {
      const named = [...present.filter((x) => !common(x) && df.get(x)! > this.inner).slice(0, NAMED_WORDS), ...acronyms.map((a) => a.acronym)];
      for (const w of named) this.unranked(this.prep(NAMED_BY_WORD).pluck().all(w) as number[]);
      // Items named by a run of the question's words ("value is an array": `isArray`), in one
      // lookup of the name index: a few of each name, so that a name many items have (`getvalue`
      // for "get the value of a key") does not take every place.
      if (compounds.length) {
        const names = compounds.slice(0, COMPOUND_NAMES);
        const rows = this.prep(NAMED_BY_COMPOUND).raw().all(...names, ...Array(COMPOUND_NAMES - names.length).fill('')) as [number, string][];
        const per = new Map<string, number>();
        const taken: number[] = [];
        for (const [rowid, name] of rows) {
          const key = name.toLowerCase().replace(/_/g, '');
          if ((per.get(key) ?? 0) >= COMPOUND_PER_NAME) continue;
          per.set(key, (per.get(key) ?? 0) + 1);
          if (taken.push(rowid) >= COMPOUND_ROWS) break;
        }
        this.unranked(taken);
      }
    }
  }

  /**
   * The rows that have all of a query's words (up to five), ranked. bm25() first counts every
   * row that has each word (its IDF: ~60 ns a row, ~7 ms for `self` in 115,000 Python
   * signatures) and then scores each match (~1.7 µs a row). So a word in DF_CAP rows or more is
   * left out when counting it would cost more than ranking every row the rarer words allow: it
   * narrows the matches less than it costs. Words that are all that common ("for the") match
   * too many rows to rank at all (12,000 rows: 25 ms); a bounded unranked take goes to the
   * blend instead.
   */
  private runAll(q: LexicalQuery, counts: WordCounts): number {
    const { present, df, term } = q;
    const narrow = present.filter((w) => df.get(w)! < DF_CAP); // rarest first, as `present`
    if (!narrow.length) {
      return this.unranked(this.matches(present.slice(0, 5).map(term).join(' AND ')));
    }
    const wide = present.filter((w) => df.get(w)! >= DF_CAP);
    const countCost = wide.reduce((sum, w) => sum + counts.rowsWith(w), 0) * COUNT_ROW_COST;
    const words = wide.length && countCost > df.get(narrow[0]!)! ? narrow : present;
    const found = this.run(words.slice(0, 5).map(term).join(' AND '));
    // Every word, the common ones included, can miss the answer that says only the rarer ones
    // ("separate a file name from its extension": `splitext` says "Split the extension from a
    // pathname"): the rarer words alone too, when there are two of them.
    // (Only for a question in words: an identifier's words name it.)
    if (this.prose && words.length > narrow.length && narrow.length >= 2) return found + this.run(narrow.slice(0, 5).map(term).join(' AND '));
    return found;
  }
}
