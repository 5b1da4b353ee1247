import type { Statement } from 'better-sqlite3';
import { blend, onScaleOf, OWN_WEIGHT, reservedName, type Candidate, type QueryShape, type Scored } from '../rank/score.js';
import { isProse, memberPath, queryWords, stem } from '../rank/words.js';
import { spelledAcronyms } from '../rank/acronyms.js';
import { synonymsOf } from '../rank/synonyms.js';
import { abbreviatedWords } from '../rank/abbreviations.js';
import type { IndexStore } from './store.js';
import type { PublicPaths } from './public-paths.js';
import { RelatedWords } from './vectors.js';
import { ModulePopularity } from './popularity.js';
import { UsageCounts } from './usage.js';
import { PopularPool } from './popular-pool.js';
import { inheritedMember } from './inherited.js';
import { EmbeddingSpace } from './embedding-space.js';
import type { IndexQueries } from './query.js';
import type { StatementCache } from './statements.js';
import { foldHits } from './fold-hits.js';
import { MetaStamp } from './meta-stamp.js';
import { ftsQuote } from './fts-quote.js';
import { WordCounts } from './word-counts.js';
import { ModuleDocs } from './module-docs.js';
import { memberRows } from './member-rows.js';
import { RustModules } from './rust-modules.js';
import { DeprecatedModules } from './deprecated-modules.js';
import { candidateRowsReader, type CandidateRow } from './candidate-rows.js';
import { isMember, kinOfTop } from './kin-of-top.js';

/**
 * Ranked search over one root's index (docs_search): candidates from a few FTS5 expressions, the
 * learned vectors and exact names, then one lookup of their rows and an in-memory blend of the
 * signals (rank/score.ts) over at most a few hundred of them, folded into one answer per thing
 * a user would name. Lookups by id or name are IndexQueries'; this uses them for paths.
 */

export interface SearchOptions {
  kinds?: readonly string[];
  module?: string;
  limit: number;
  /** Only items of this language (as the index names it: "python", "cpp", …). */
  language?: string;
  /** The question's vector from the configured sentence-embedding model (embedding-runner.ts), for questions in words. */
  queryVector?: Float32Array | null;
  /** How much the model's similarity counts in the blend (config docs.embeddings.weight; default score.ts SEMANTIC_WEIGHT). */
  semanticWeight?: number;
  /**
   * Word counts over every database the search reads (the roots and the packages'; see
   * wordStats), so that a word's weight does not depend on which database holds the item: in a
   * small package's database a common word is rare, and its items outscored better answers.
   */
  collection?: WordStats;
}

/** How many items a set of databases holds, and how many of them contain each word. */
export interface WordStats {
  total: number;
  df: ReadonlyMap<string, number>;
}

export interface SearchHit {
  id: string;
  name: string;
  kind: string;
  module: string;
  score: number;
  summary: string;
  signature: string;
  file: string;
  line: number;
  visibility: string;
  /** Other places the same item was found: folded copies, or its definition when `id` is the public path. */
  also_in: { id: string; file: string; line: number }[];
  /** Found by a first build's quick name pass (name-sketch.ts): no docs yet. */
  pending?: boolean;
  /**
   * The installed package `file` belongs to and its version (null: the project's own file),
   * from the rows the search read; absent where the hit's source does not know (the name
   * sketch), so that a caller need not look each file up again.
   */
  package?: string | null;
  version?: string | null;
}

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
 * Candidates taken from the nearest items by learned vectors, for prose questions. 30 → 20 once
 * items named by a question's words and the classes of its best members joined: every set the
 * same or up to +0.003 (held-out Python 0.573 → 0.575, C++ 0.432 → 0.435), ten fewer rows to
 * read and blend a question; 10 lost C++ and Rust questions (0.410, 0.501). At 50 ranked rows
 * an expression instead of 60, the tuning set lost 0.009.
 */
const VEC_K = 20;
/** Candidates taken from the nearest items by the configured sentence-embedding model. */
const SEM_K = 30;
/**
 * Most rows one ranked FTS5 query should score: bm25() reads every matching row's positions
 * (about a microsecond a row here), so a word in 13,000 rows costs more than a whole search may.
 */
const RANK_ROWS = 4000;
const DF_CAP = 5000;
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
/** The best few candidates of a question in words whose classes and twins join the candidates (kin-of-top.ts). */
const PARENT_OF_TOP = 5;
/** An identifier's one word in more rows than this is looked for in names first (ranking a row costs ~1.7 µs). */
const NAMES_FIRST_ROWS = 1000;
/** How many of a question's rarer words look up the items named exactly that. */
const NAMED_WORDS = 3;
const NAMED_BY_WORD = `SELECT rowid FROM items WHERE name = ? COLLATE NOCASE AND kind != 'impl' ORDER BY has_doc DESC, length(id) LIMIT 4`;

/** FTS5 column weights: identifier-like queries lean on names, prose queries on the docs. */
const WEIGHTS_NAME = '10.0, 5.0, 3.0, 1.0, 2.0';
const WEIGHTS_PROSE = '3.0, 1.5, 3.0, 1.5, 1.0';

export class RankedSearch {
  /** How many rows have a word (cached until the index is written: see refresh). */
  private readonly counts: WordCounts;
  /** What modules' own docs say (module-docs.ts); like the word counts, forgotten when the index was written since. */
  private readonly modules: ModuleDocs;
  private readonly written: MetaStamp;
  /** Which Rust modules are public (rust-modules.ts); like the word counts, forgotten when the index was written since. */
  private readonly rustModules: RustModules;
  /** Which packages are deprecated as a whole (deprecated-modules.ts); forgotten when the index was written since. */
  private readonly deprecatedModules: DeprecatedModules;
  private readonly related: RelatedWords;
  private readonly popularity: ModulePopularity;
  private readonly usage: UsageCounts;
  private readonly pool: PopularPool;
  private readonly embedded: EmbeddingSpace;

  constructor(
    store: IndexStore,
    private readonly lookups: IndexQueries,
    private readonly paths: PublicPaths,
    private readonly statements: StatementCache,
    /** Weight of this root's own items over installed packages' for prose (score.ts OWN_WEIGHT). */
    private readonly ownWeight: number = OWN_WEIGHT.project,
  ) {
    this.counts = new WordCounts((sql) => this.prep(sql), DF_CAP);
    this.related = new RelatedWords(store.db);
    this.popularity = new ModulePopularity(store.db);
    this.usage = new UsageCounts(store.db);
    this.pool = new PopularPool(store.db, lookups);
    this.embedded = new EmbeddingSpace(store.db);
    this.written = new MetaStamp(store.db, 'last_update');
    this.rustModules = new RustModules((sql) => this.prep(sql));
    this.modules = new ModuleDocs((sql) => this.prep(sql));
    this.deprecatedModules = new DeprecatedModules((sql) => this.prep(sql));
  }

  private prep(sql: string): Statement {
    return this.statements.get(sql);
  }

  /** Up to `limit` rows an FTS5 expression matches, unranked (no bm25(): no cost per matching row). */
  private matches(expr: string, limit: number): number[] {
    return this.prep(`SELECT rowid FROM items_fts WHERE items_fts MATCH ? LIMIT ${limit}`).pluck().all(expr) as number[];
  }

  /** Build the copy of a sentence-embedding model's item vectors, in the background (only an index with a model configured asks). */
  prepareEmbeddings(): Promise<void> {
    return this.embedded.prepare();
  }

  /**
   * Build what the first question in words would otherwise wait for (the item vectors, the
   * popular pool: ~1.4 s on a Python installation), e.g. once a served index is ready.
   */
  prepare(): void {
    this.related.prepare();
    this.pool.prepare();
    // And what the first search would read once (~100 ms of import counts, ~70 ms of module
    // docs on a Python installation: the first identifier took 240 ms, the first question 110 ms),
    // after noting what the index held (else that search would find it new and drop them).
    this.refresh();
    this.popularity.prepare();
    this.usage.prepare();
    this.modules.prepare();
  }

  /**
   * What the index held when these were read: a word searched before any item had it is
   * cached as absent (and left out of every expression), a module doc as it was. Read on every
   * search (one row by key, microseconds) so that a file just written is searched by its new
   * words at once.
   */
  private refresh(): void {
    if (this.written.changed(Date.now(), true)) {
      this.counts.clear();
      this.modules.clear();
      this.rustModules.clear();
      this.deprecatedModules.clear();
    }
  }

  /** This database's item count and the count of items containing each of the query's words (see IndexQueries.wordStats). */
  wordStats(query: string, also: readonly string[] = []): WordStats {
    this.refresh();
    const df = new Map<string, number>();
    // The words as asked, as this database splits them, and as others do (one that has a
    // compound whole still counts its halves, which another database searches for).
    const asked = queryWords(query);
    for (const w of [...asked, ...this.counts.splitAbsentCompounds(asked), ...also]) if (!df.has(w)) df.set(w, this.counts.docFreq(w));
    return { total: this.lookups.itemCount(), df };
  }

  /** The words a search looks for: the query's, with a word no row has split as the docs write it. */
  searchWords(query: string): string[] {
    this.refresh();
    return this.counts.splitAbsentCompounds(queryWords(query));
  }

  search(query: string, opts: SearchOptions): SearchHit[] {
    const words = this.searchWords(query);
    if (!words.length) return [];
    const total = Math.max(1, opts.collection?.total ?? this.lookups.itemCount());
    const idf = new Map<string, number>();
    const df = new Map<string, number>();
    const prose = isProse(query, words);
    // Acronyms the question spells out ("cyclic redundancy check" for CRC): standard ones the
    // index has, and initials some doc writes beside their phrase (rank/acronyms.ts).
    const acronyms = prose ? spelledAcronyms(query).filter((a) => this.counts.docFreq(a.acronym) > 0 && (a.known || this.counts.besidePhrase(a.acronym, a.words))) : [];
    // A prose question's everyday word also looks for the docs' term for it (rank/synonyms.ts):
    // "folder" for directory, counted as one idea whose rows are all of theirs. Not a word of a
    // spelled acronym, whose phrase means the acronym ("comma separated" is csv, not split).
    const synonyms = new Map<string, string[]>();
    if (prose) for (const w of words) {
      if (acronyms.some((a) => a.words.includes(w))) continue;
      const present = synonymsOf(w).filter((s) => !words.includes(s) && this.counts.docFreq(s) > 0);
      if (present.length) synonyms.set(w, present);
    }
    for (const w of words) {
      const n = this.counts.docFreq(w) + (synonyms.get(w) ?? []).reduce((sum, s) => sum + this.counts.docFreq(s), 0);
      df.set(w, n);
      // Weighed over every database searched when the caller says (collection), else this one's.
      // A word this database lacks but others have still counts against its items' coverage.
      const all = Math.max(n, opts.collection?.df.get(w) ?? n);
      idf.set(w, all === 0 ? 0 : Math.log(1 + total / all));
    }
    // Prose questions also match the words the indexed docs use in the same contexts ("remove" → "delete").
    const related = new Map<string, { word: string; sim: number }[]>();
    if (prose) for (const w of words) if ((df.get(w) ?? 0) > 0) related.set(w, this.related.of(w).filter((r) => !words.includes(r.word)));
    const shape: QueryShape = { raw: query, words, idf, prose, related, acronyms, synonyms, ownWeight: this.ownWeight };
    // A word in an expression: with its synonyms, any of them.
    const term = (w: string) => (synonyms.has(w) ? `(${[w, ...synonyms.get(w)!].map(ftsQuote).join(' OR ')})` : ftsQuote(w));

    // Candidates: the best-ranked rowids per FTS5 expression (its top-N sort touches no other
    // table), then one lookup of their rows. All words together first; a broader OR over the
    // rarer words only when that finds too little, because ranking every row that contains a
    // very common word ("function", "value") is what makes a search slow on a large index.
    const present = words.filter((w) => (df.get(w) ?? 0) > 0).sort((a, b) => df.get(a)! - df.get(b)!);
    const compact = query.replace(/[^A-Za-z0-9]+/g, '').toLowerCase();
    const rank = `bm25(${prose ? WEIGHTS_PROSE : WEIGHTS_NAME})`;
    const filtered = Boolean(opts.kinds?.length || opts.module || opts.language);
    const inner = (prose ? CANDIDATES_PROSE : CANDIDATES) * (filtered ? 6 : 1);
    // Items named exactly as asked (or with that id): looked up first, since finding them can
    // make the broader, costlier expressions below unnecessary.
    // Documented ones first: a name can have hundreds of items (Rust's `Mutex`: the type, its
    // platform twins, and a trait impl block for each trait it has), and only 50 are taken.
    const impls = opts.kinds?.includes('impl') ? '' : ` AND kind != 'impl'`;
    const exact = this.prep(
      `SELECT rowid FROM (SELECT rowid FROM items WHERE name = ? COLLATE NOCASE${impls} ORDER BY has_doc DESC LIMIT 50) UNION SELECT rowid FROM items WHERE id = ?${impls} LIMIT 50`,
    ).pluck().all(query.trim(), query.trim()) as number[];
    // Names written as a path, with dots or spaces (`json loads`, `Counter most_common`), name a member.
    const path = memberPath(query);
    const viaPublic = path ? this.lookups.byPublicId(path) : [];
    const pathNamed = new Set(path ? memberRows((sql) => this.prep(sql), path, viaPublic) : []);
    for (const rowid of pathNamed) if (!exact.includes(rowid)) exact.push(rowid);
    const bm = new Map<number, number>();
    const run = (expr: string) => {
      let got: { rowid: number; bm: number }[];
      try {
        got = this.prep(`SELECT rowid, -rank AS bm FROM items_fts WHERE items_fts MATCH ? AND rank MATCH ? ORDER BY rank LIMIT ${inner}`).all(expr, rank) as typeof got;
      } catch {
        return 0; // an expression FTS5 cannot parse simply contributes nothing
      }
      for (const r of got) if (!bm.has(r.rowid) || bm.get(r.rowid)! < r.bm) bm.set(r.rowid, r.bm);
      return got.length;
    };
    const unranked = (rowids: number[]) => {
      for (const rowid of rowids) if (!bm.has(rowid)) bm.set(rowid, 0);
      return rowids.length;
    };
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
      const names = this.matches(`name : ${ftsQuote(present[0]!)}`, inner);
      unranked(names);
      namedEnough = names.length >= inner;
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
          ? run(`name : ${ftsQuote(word)}`)
          : unranked(this.prep(`SELECT rowid FROM items WHERE name LIKE ? ESCAPE '\\' ORDER BY length(name) LIMIT ${inner}`).pluck().all(`${stem(word).replace(/[\\%_]/g, (c) => `\\${c}`)}%`) as number[]);
      }
      // Too few names say it: the word is meant in the prose. Take matching rows unranked (no
      // sort over every row that has the word, which is what would be slow) and let the blend
      // below rank them, rather than answer nothing.
      if (named < FILL) unranked(this.matches(ftsQuote(word), inner));
    } else if (present.length) {
      const found = this.runAll(present, df, run, unranked, inner, term, prose);
      if (prose && found < 3 * FILL && present.length >= 3) {
        // A question rarely shares all its words with the answer's doc, but often two of them:
        // every pair of its rarest words is a small, precise candidate set. The three rarest
        // (three pairs): the fourth word's three more pairs cost ~10% of the p95 and found
        // nothing the ranking kept (bench/docs-quality: Python 0.482 → 0.473, held-out 0.439 →
        // 0.438, C 0.581 → 0.586, Go, TypeScript and lodash unchanged).
        const rare = present.filter((w) => !common(w)).slice(0, PAIR_WORDS);
        // Bounded like the OR below: a pair whose words are in many rows costs more than it finds.
        for (let a = 0; a < rare.length; a++) {
          for (let b = a + 1; b < rare.length; b++) if (df.get(rare[a]!)! + df.get(rare[b]!)! <= PAIR_ROWS * RANK_ROWS) run(`${term(rare[a]!)} AND ${term(rare[b]!)}`);
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
        if (!(prose && rows > OR_ROWS_PROSE * RANK_ROWS)) run(chosen.map(term).join(' OR '));
      }
    }
    for (const a of acronyms) {
      // The acronym with any of the question's other rare words, and alone when few rows have it.
      const rest = present.filter((w) => !a.words.includes(w) && !common(w)).slice(0, PAIR_WORDS);
      if (rest.length) run(`${ftsQuote(a.acronym)} AND (${rest.map(ftsQuote).join(' OR ')})`);
      else if (this.counts.docFreq(a.acronym) <= ACRONYM_ALONE_ROWS) run(ftsQuote(a.acronym));
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
      const named = [...present.filter((x) => !common(x) && df.get(x)! > inner).slice(0, NAMED_WORDS), ...acronyms.map((a) => a.acronym)];
      for (const w of named) unranked(this.prep(NAMED_BY_WORD).pluck().all(w) as number[]);
    }
    // Items whose name and summary mean what the question says, in other words (learned vectors).
    const qv = prose ? this.related.embedQuery(words) : null;
    if (qv && VEC_K > 0) unranked(this.related.nearestItems(qv, VEC_K).map((r) => r.rowid));
    // The most used items that carry two of the question's words (popular-pool.ts).
    if (prose) unranked(this.pool.candidates(present, idf));
    // The items a sentence-embedding model puts nearest the question, when one is configured.
    const sem = prose && opts.queryVector && this.embedded.size(opts.queryVector.length) ? opts.queryVector : null;
    if (sem) unranked(this.embedded.nearest(sem, SEM_K).map((r) => r.rowid));
    if (compact.length >= 3 && !words.includes(compact)) run(`name : ${ftsQuote(compact)}*`);
    const askedAs = new Map<number, string>();
    if (/^[A-Za-z_][\w]*(?:(?:\.|::)[A-Za-z_]\w*)+$/.test(query.trim()) && !exact.some((rowid) => (this.prep(`SELECT id FROM items WHERE rowid = ?`).pluck().get(rowid) as string) === query.trim())) {
      // Under a public path (`asyncio.sleep`), else a member its class inherits (`flask.Flask.route`,
      // shown under the path asked, its definition in also_in).
      const reexported = (path === query.trim() ? viaPublic : this.lookups.byPublicId(query.trim()))[0];
      const found = reexported ?? inheritedMember(this.lookups, query.trim())?.item;
      if (found) {
        const rowids = this.prep(`SELECT rowid FROM items WHERE id = ? LIMIT 5`).pluck().all(found.id) as number[];
        exact.push(...rowids);
        if (!reexported) for (const rowid of rowids) askedAs.set(rowid, query.trim());
      }
    }
    unranked(exact);
    // An item named exactly as asked matches as well as any row can: BM25 would rank its own
    // long doc below its undocumented twins' short ones (std's documented `Mutex` below the
    // platform `Mutex` structs), or it came from the name lookup alone, unranked.
    // (With no ranked expression run, that is the most any row has: 1.)
    const best = Math.max(0, ...bm.values()) || 1;
    for (const rowid of exact) bm.set(rowid, best);
    if (!bm.size) return [];

    const rowsOf = candidateRowsReader((sql) => this.prep(sql), opts);
    let list = rowsOf([...bm.keys()]);
    if (prose) {
      // The public members of the modules whose own docs say what the question asks ("comma
      // separated" is in `_csv`'s doc, not in `reader`'s): candidates whose words come partly
      // from their module (score.ts counts a word found only there for less).
      const more = this.modules.membersOfMatching(shape, list, (m) => this.paths.reexportsUnder(m)).filter((rowid) => !bm.has(rowid));
      if (more.length) {
        unranked(more);
        list = list.concat(rowsOf(more));
      }
    }

    const publicIds = this.paths.publicIds(list);
    if (askedAs.size) list.forEach((r, i) => (publicIds[i] = askedAs.get(r.rowid) ?? publicIds[i]!));
    const candidateIds = new Set(list.map((r) => r.id));
    const candidatesOf = (rows: CandidateRow[], ids: string[]): Candidate[] => {
      // The model's similarity, where the item has a model vector, counts beside the learned
      // vectors', put on their scale (score.ts SEMANTIC_WEIGHT says how the two were weighed).
      const learnedSims = rows.map((r) => (qv ? this.related.similarity(qv, r) : undefined));
      const modelSims = sem ? onScaleOf(rows.map((r) => this.embedded.similarity(sem, r.rowid, r.id)), learnedSims) : null;
      const moduleDocs = prose ? this.modules.of(rows.map((r) => r.module)) : null;
      return rows.map((r, i) => ({
        id: r.id, name: r.name, bm: bm.get(r.rowid) ?? 0, text: `${r.signature} ${r.summary} ${r.doc_head}${prose ? ` ${abbreviatedWords(r.name).join(' ')}` : ''}`, hasDoc: r.has_doc === 1,
        context: r.kind === 'module' ? undefined : moduleDocs?.get(r.module),
        visibility: r.visibility, deprecated: r.deprecated === 1 || this.deprecatedModules.covers(r.module), kind: r.kind, publicId: ids[i], file: r.path,
        own: r.package === null,
        hidden: r.language === 'rust' ? this.rustModules.hidden(r.id, r.module, ids[i]!) : (r.language === 'c' || r.language === 'cpp') && reservedName(r.id),
        pathNamed: pathNamed.has(r.rowid),
        memberOfCandidate: isMember(r) && candidateIds.has(r.parent!),
        summary: r.summary,
        vec: learnedSims[i],
        sem: modelSims?.[i] ?? undefined,
        popularity: this.popularity.of(ids[i]!.slice(0, Math.max(0, ids[i]!.length - r.name.length - 1)) || r.module),
        usage: this.usage.ofItem(r, ids[i]!),
      }));
    };
    const cands = candidatesOf(list, publicIds);
    // On equal scores the project's own item comes first (and is the one its installed copies fold into).
    const dep = (i: number) => Number(list[i]!.package !== null);
    // Equal scores then go by id, not by the order rows were written in (which worker wrote
    // first): the same items rank the same in every build.
    const order = (a: Scored, b: Scored) => b.score - a.score || dep(a.index) - dep(b.index) || (list[a.index]!.id < list[b.index]!.id ? -1 : list[a.index]!.id > list[b.index]!.id ? 1 : 0);
    const scored = blend(shape, cands, opts.semanticWeight).sort(order);
    if (prose) {
      // The classes and same-named twins of the best few join, ranked with the rest (kin-of-top.ts).
      const rowids = kinOfTop((sql) => this.prep(sql), scored.slice(0, PARENT_OF_TOP).map((x) => list[x.index]!), candidateIds);
      const more = rowids.length ? rowsOf(rowids.filter((rowid) => !bm.has(rowid))) : [];
      if (more.length) {
        for (const r of more) candidateIds.add(r.id);
        // The classes are scored as they are; their members keep their own scores (a member of
        // a class that is a candidate by its own words counts for less, not one of a class that
        // only its member brought in). BM25 stays relative to the first set's best.
        const maxBm = Math.max(1e-9, ...cands.map((c) => c.bm));
        const first = cands.length;
        list = list.concat(more);
        const ids = this.paths.publicIds(more);
        publicIds.push(...ids);
        const joined = candidatesOf(more, ids);
        cands.push(...joined);
        for (const [k, x] of blend(shape, joined, opts.semanticWeight, maxBm).entries()) scored.push({ index: first + k, score: x.score });
        scored.sort(order);
      }
    }
    // A caller asking for constructors by kind gets them as such, not folded into their classes.
    const keepCtors = Boolean(opts.kinds?.includes('constructor'));
    const ranked = scored.map((s) => ({ row: list[s.index]!, score: s.score, publicId: publicIds[s.index]! }));
    return foldHits(ranked, opts.limit, keepCtors, { prep: (sql) => this.prep(sql), paths: this.paths });
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
  private runAll(present: string[], df: ReadonlyMap<string, number>, run: (expr: string) => number, unranked: (rowids: number[]) => number, inner: number, term: (w: string) => string, prose: boolean): number {
    const narrow = present.filter((w) => df.get(w)! < DF_CAP); // rarest first, as `present`
    if (!narrow.length) {
      return unranked(this.matches(present.slice(0, 5).map(term).join(' AND '), inner));
    }
    const wide = present.filter((w) => df.get(w)! >= DF_CAP);
    const countCost = wide.reduce((sum, w) => sum + this.counts.rowsWith(w), 0) * COUNT_ROW_COST;
    const words = wide.length && countCost > df.get(narrow[0]!)! ? narrow : present;
    const found = run(words.slice(0, 5).map(term).join(' AND '));
    // Every word, the common ones included, can miss the answer that says only the rarer ones
    // ("separate a file name from its extension": `splitext` says "Split the extension from a
    // pathname"): the rarer words alone too, when there are two of them.
    // (Only for a question in words: an identifier's words name it.)
    if (prose && words.length > narrow.length && narrow.length >= 2) return found + run(narrow.slice(0, 5).map(term).join(' AND '));
    return found;
  }
}
