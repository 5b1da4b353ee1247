import type { Statement } from 'better-sqlite3';
import { PRIVATE_SEGMENT, reservedName } from '../rank/path-prior.js';
import type { QueryShape } from '../rank/query-shape.js';
import { blend, onScaleOf, OWN_WEIGHT, type Candidate, type Scored } from '../rank/score.js';
import { abbreviatesModuleOf, adjacentCompounds, aliasedPath, isProse, matchText, memberPath, queryWords } from '../rank/words.js';
import type { PreparedText } from '../rank/coverage.js';
import { spelledAcronyms } from '../rank/acronyms.js';
import { phraseSynonyms, synonymsOf } from '../rank/synonyms.js';
import { abbreviatedWords } from '../rank/abbreviations.js';
import type { IndexStore } from './store.js';
import type { PublicPaths } from './public-paths.js';
import { RelatedWords } from './vectors.js';
import { typedPackagePath } from '../extract/lang/js-module-name.js';
import { ModulePopularity } from './popularity.js';
import { UsageCounts, type UsageTable } from './usage.js';
import type { CountTable } from './pooled-counts.js';
import { PopularPool } from './popular-pool.js';
import { inheritedMember } from './inherited.js';
import { EmbeddingSpace } from './embedding-space.js';
import type { IndexQueries } from './query.js';
import type { StatementCache } from './statements.js';
import { foldHits } from './fold-hits.js';
import { MetaStamp } from './meta-stamp.js';
import { ftsQuote } from './fts-quote.js';
import { WordCounts } from './word-counts.js';
import { TermVocabulary } from './term-vocabulary.js';
import { ModuleDocs } from './module-docs.js';
import { memberRows } from './member-rows.js';
import { RustModules } from './rust-modules.js';
import { DeprecatedModules } from './deprecated-modules.js';
import { CandidateRowCache, candidateRowsReader, type CandidateRow } from './candidate-rows.js';
import { DF_CAP, LexicalTake } from './lexical-candidates.js';
import { memoized } from '../memo.js';
import { isMember, kinOfTop } from './kin-of-top.js';

/**
 * What a question's words spell (acronyms, everyday phrases) depends on the question alone, and
 * every database a question reads asked it again: a dozen times a question through a project,
 * a tenth of what a search allocated. Remembered for the latest questions (not changed by callers).
 */
const questionAcronyms = memoized(16, spelledAcronyms);
const questionPhrases = memoized(16, (query: string) => phraseSynonyms(query.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean)));
/** Prepared coverage texts kept per database (~0.5 kB each). */
const PROSE_TEXTS = 3000;

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
  /**
   * Learned word vectors to use when this database has none of its own (too few docs to learn
   * from: a project of a few files, a small package), from another database the same search
   * reads. Without them its items lacked the vectors' share of a question's score that the
   * items of a larger database beside it had: a project's "Return the Euclidean distance
   * between two points" scored 0.75 against the standard library's same words at 1.30.
   */
  borrowedVectors?: RelatedWords;
  /** Use counted over every database of the index in this one's language family (pooled-counts.ts), to weigh items by instead of this database's own. */
  usage?: UsageTable;
  /** Likewise each module's importers (popularity.ts). */
  popularity?: CountTable;
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
   * The installed package `file` belongs to and its version (null: the project's own file, and
   * what the name sketch says of the root's files it scans), from the rows the search read, so
   * that a caller need not look each file up again.
   */
  package: string | null;
  version: string | null;
}

/**
 * Candidates taken from the nearest items by learned vectors, for prose questions. 30 → 20 once
 * items named by a question's words and the classes of its best members joined: every set the
 * same or up to +0.003 (held-out Python 0.573 → 0.575, C++ 0.432 → 0.435), ten fewer rows to
 * read and blend a question; 10 lost C++ and Rust questions (0.410, 0.501). At 50 ranked rows
 * an expression instead of 60, the tuning set lost 0.009.
 */
const VEC_K = 20;
/**
 * In an installed package's database (not a standard library's) a question in words takes 10
 * nearest items, and neither the members of the modules whose docs match nor the classes and
 * twins of its best few: a question in a project reads a few packages beside its roots, and
 * those candidates cost as much there while rarely answering. Measured through projects
 * (bench/docs-world.bench.mjs, three runs; after CANDIDATES_PROSE_PACKAGE): this repository's
 * mean search 12.4 → 11.1 ms, the Python project's 12.0 → 10.3 ms, every set the same but
 * ramda +0.001; one-package npm projects (bench/docs-project.bench.mjs) the same or up to
 * +0.003. No nearest items at all cost ramda 0.006 and underscore 0.009 for another −5%.
 */
const VEC_K_PACKAGE = 10;
/** Candidates taken from the nearest items by the configured sentence-embedding model. */
const SEM_K = 30;
/** The best few candidates of a question in words whose classes and twins join the candidates (kin-of-top.ts). */
const PARENT_OF_TOP = 5;

/** What a database is to the search of a root or project, which weighs its items accordingly. */
export interface DatabaseKind {
  /** Weight of this root's own items over installed packages' for prose (score.ts OWN_WEIGHT; project's by default). */
  ownWeight?: number;
  /** Weight of the others' (score.ts STANDARD_LIBRARY_DEPENDENCY for a standard library's package database; 0 by default). */
  otherWeight?: number;
  /** A language's standard library read as a dependency: a question naming its modules does not lift them (query-shape.ts QueryShape.packagesNamed). */
  standardLibraryDb?: boolean;
  /** An installed package's database (not a standard library's): a question in words takes fewer candidates from it (VEC_K_PACKAGE, lexical-candidates.ts CANDIDATES_PROSE_PACKAGE). */
  installedPackage?: boolean;
}

export class RankedSearch {
  /** How many rows have a word (cached until the index is written: see refresh). */
  private readonly counts: WordCounts;
  /** What modules' own docs say (module-docs.ts); like the word counts, forgotten when the index was written since. */
  private readonly modules: ModuleDocs;
  private readonly written: MetaStamp;
  /** Every term's rows, once the index has been quiet a while (term-vocabulary.ts). */
  private readonly vocabulary: TermVocabulary;
  /** When the index was last written (meta's last_update), as refresh last read it. */
  private lastWrite: string | null = null;
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
    private readonly kind: DatabaseKind = {},
  ) {
    this.vocabulary = TermVocabulary.of(store.db);
    this.counts = new WordCounts((sql) => this.prep(sql), DF_CAP, (word) => this.vocabulary.rowsOf(word, this.lastWrite));
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

  /** This database's learned word vectors (a search of another database without any may borrow them). */
  get wordVectors(): RelatedWords {
    return this.related;
  }

  private prep(sql: string): Statement {
    return this.statements.get(sql);
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
    this.pool.prepare(this.usage.table());
    // And what the first search would read once (~100 ms of import counts, ~70 ms of module
    // docs on a Python installation: the first identifier took 240 ms, the first question 110 ms),
    // after noting what the index held (else that search would find it new and drop them).
    this.refresh();
    this.popularity.prepare();
    this.usage.prepare();
    this.modules.prepare();
    this.vocabulary.prepare(this.lastWrite);
  }

  /**
   * What the index held when these were read: a word searched before any item had it is
   * cached as absent (and left out of every expression), a module doc as it was. Read on every
   * search (one row by key, microseconds) so that a file just written is searched by its new
   * words at once.
   */
  private refresh(): void {
    const changed = this.written.changed(Date.now(), true);
    if (changed) {
      this.lastWrite = changed.value;
      this.counts.clear();
      this.modules.clear();
      this.packagePathMemo = undefined;
      this.rustModules.clear();
      this.deprecatedModules.clear();
      this.proseTexts.clear();
      this.candidateRows.clear();
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

  private packagePathMemo: string | null | undefined;

  /**
   * Candidates' coverage texts for questions in words, prepared (coverage.ts PreparedText), by
   * rowid: the same rows come back question after question, and building each text again was
   * a fifth of what a search allocated. Forgotten when the index is written, or when full.
   */
  private readonly proseTexts = new Map<number, string>();
  /** Candidate rows by rowid, for searches without a filter (candidate-rows.ts). */
  private readonly candidateRows = new CandidateRowCache();

  private proseText(r: CandidateRow): PreparedText {
    const raw = () => `${r.name} ${r.id} ${r.signature} ${r.summary} ${r.doc_head} ${abbreviatedWords(r.name).join(' ')}`;
    let prepared = this.proseTexts.get(r.rowid);
    if (prepared === undefined) {
      prepared = matchText(raw());
      if (this.proseTexts.size >= PROSE_TEXTS) this.proseTexts.clear();
      this.proseTexts.set(r.rowid, prepared);
    }
    return { prepared, raw };
  }

  /**
   * The import path of the one package this database holds (`ws` for @types/ws), or null: a
   * project's own code, or several packages (a root that is a `node_modules` folder).
   */
  private packagePath(): string | null {
    if (this.packagePathMemo === undefined) {
      const rows = this.prep(`SELECT DISTINCT package FROM files WHERE package IS NOT NULL LIMIT 2`).pluck().all() as string[];
      this.packagePathMemo = rows.length === 1 ? typedPackagePath(rows[0]!) : null;
    }
    return this.packagePathMemo;
  }

  /** This database's use counts, to pool with other databases' (SearchOptions.usage). */
  usageTable(): UsageTable {
    return this.usage.table();
  }

  /** This database's importers per module, to pool with other databases' (SearchOptions.popularity). */
  popularityTable(): CountTable {
    return this.popularity.table();
  }

  search(query: string, opts: SearchOptions): SearchHit[] {
    this.usage.use(opts.usage);
    this.popularity.use(opts.popularity);
    const words = this.searchWords(query);
    if (!words.length) return [];
    const total = Math.max(1, opts.collection?.total ?? this.lookups.itemCount());
    const idf = new Map<string, number>();
    const df = new Map<string, number>();
    const prose = isProse(query, words);
    // Acronyms the question spells out ("cyclic redundancy check" for CRC): standard ones the
    // index has, and initials some doc writes beside their phrase (rank/acronyms.ts).
    const acronyms = prose ? questionAcronyms(query).filter((a) => this.counts.docFreq(a.acronym) > 0 && (a.known || this.counts.besidePhrase(a.acronym, a.words))) : [];
    // A prose question's everyday word also looks for the docs' term for it (rank/synonyms.ts):
    // "folder" for directory, counted as one idea whose rows are all of theirs. Not a word of a
    // spelled acronym, whose phrase means the acronym ("comma separated" is csv, not split).
    // Likewise each word of an everyday phrase ("whole number": integer).
    const synonyms = new Map<string, string[]>();
    const phrases = prose ? questionPhrases(query) : null;
    if (prose) for (const w of words) {
      if (acronyms.some((a) => a.words.includes(w))) continue;
      const said = phrases?.get(w);
      const present = (said ? [...new Set([...synonymsOf(w), ...said])] : synonymsOf(w)).filter((s) => !words.includes(s) && this.counts.docFreq(s) > 0);
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
    // Borrowed vectors only measure this database's candidates: their nearest items are another database's rows.
    const own = this.related.vocabulary() > 0;
    const vectors = own ? this.related : prose ? opts.borrowedVectors : undefined;
    const related = new Map<string, { word: string; sim: number }[]>();
    if (prose && vectors) for (const w of words) if ((df.get(w) ?? 0) > 0) related.set(w, vectors.of(w).filter((r) => !words.includes(r.word)));
    const shape: QueryShape = { raw: query, words, idf, prose, related, acronyms, synonyms, ownWeight: this.kind.ownWeight ?? OWN_WEIGHT.project, otherWeight: this.kind.otherWeight ?? 0, packagesNamed: !this.kind.standardLibraryDb, vectorTrust: vectors?.trust() };
    // A word in an expression: with its synonyms, any of them.
    const term = (w: string) => (synonyms.has(w) ? `(${[w, ...synonyms.get(w)!].map(ftsQuote).join(' OR ')})` : ftsQuote(w));

    // Candidates: the best-ranked rows of a few FTS5 expressions (lexical-candidates.ts) and of
    // the other sources below, then one lookup of their rows.
    const present = words.filter((w) => (df.get(w) ?? 0) > 0).sort((a, b) => df.get(a)! - df.get(b)!);
    const compact = query.replace(/[^A-Za-z0-9]+/g, '').toLowerCase();
    const filtered = Boolean(opts.kinds?.length || opts.module || opts.language);
    // Items named exactly as asked (or with that id): looked up first, since finding them can
    // make the broader, costlier expressions unnecessary.
    // Documented ones first: a name can have hundreds of items (Rust's `Mutex`: the type, its
    // platform twins, and a trait impl block for each trait it has), and only 50 are taken;
    // among those the shallowest (`subprocess.run` before `pexpect.run.run`), by id on a tie, so
    // that which 50 does not depend on the order a build wrote them in. The name index orders
    // each name's items by has_doc (schema v10): only the documented ones are read and sorted
    // (`__init__`: 760 of 14,500 on a Python installation; all of them took ~13 ms).
    const impls = opts.kinds?.includes('impl') ? '' : ` AND kind != 'impl'`;
    const named = `SELECT rowid FROM items WHERE name = ? COLLATE NOCASE${impls} ORDER BY has_doc DESC, length(id), id LIMIT 50`;
    const exact = this.prep(`SELECT rowid FROM (${named}) UNION SELECT rowid FROM items WHERE id = ?${impls} LIMIT 50`).pluck().all(query.trim(), query.trim()) as number[];
    // Names written as a path, with dots or spaces (`json loads`, `Counter most_common`), name a member.
    let path = memberPath(query);
    let viaPublic = path ? this.lookups.byPublicId(path) : [];
    // An npm package's namespace written as code writes it (`z.object`: zod exports `z`) is
    // the path under the package's name (`zod.z.object`).
    // Both only for a name written with a dot: "set name" is a question, not `set.name`.
    const dotted = path !== null && query.includes('.');
    const pkg = dotted && !viaPublic.length ? this.packagePath() : null;
    if (pkg && path && !path.startsWith(`${pkg}.`)) {
      const under = this.lookups.byPublicId(`${pkg}.${path}`);
      if (under.length) [path, viaPublic] = [`${pkg}.${path}`, under];
    }
    const pathNamed = new Set(path ? memberRows((sql) => this.prep(sql), path, viaPublic) : []);
    // A module as code abbreviates it on import (`np.array` for `import numpy as np`, `plt.plot`,
    // `nx.shortest_path`): when the path names nothing, the items of its last name are candidates,
    // and those whose module the first part abbreviates are named by it (below).
    const alias = dotted && path && !pathNamed.size && !viaPublic.length ? aliasedPath(path) : null;
    const aliasRows = alias ? (this.prep(named).pluck().all(alias.name) as number[]) : [];
    for (const rowid of pathNamed) if (!exact.includes(rowid)) exact.push(rowid);
    const take = new LexicalTake((sql) => this.prep(sql), prose, filtered, this.kind.installedPackage);
    const bm = take.bm;
    take.collect({ present, df, total, exact, acronyms, compounds: prose ? adjacentCompounds(query) : [], term }, this.counts);
    // Items whose name and summary mean what the question says, in other words (learned vectors).
    // The question's vector has the docs' terms for its everyday words too: the vectors were
    // learned from the docs, so "add up" says little to them and `sum` much (bench/docs-quality:
    // Python held-out 0.563 → 0.574, tuning 0.589 → 0.591, C-implemented 0.754 → 0.760, C
    // 0.419 → 0.437, C++ 0.490 → 0.522, Debian's Python held-out 0.526 → 0.540 and tuning
    // 0.536 → 0.531, ramda 0.500 → 0.502, every other set unchanged). So has an acronym it
    // spells out (`csv` for "comma separated values": Python tuning 0.591 → 0.600, Debian's
    // C-implemented 0.685 → 0.699 and held-out 0.540 → 0.526, lodash held-out 0.694 → 0.714, C
    // 0.437 → 0.451).
    const qv = prose && vectors ? vectors.embedQuery(synonyms.size || acronyms.length ? [...words, ...[...synonyms.values()].flat(), ...acronyms.map((a) => a.acronym)] : words) : null;
    if (qv && own) take.unranked(this.related.nearestItems(qv, this.kind.installedPackage ? VEC_K_PACKAGE : VEC_K).map((r) => r.rowid));
    // The most used items that carry two of the question's words (popular-pool.ts). Used by this
    // database's own count, even when the search weighs by all the databases' (opts.usage): the
    // pool of the items others use in a pooled count took more of each question's ten
    // (`/usr/lib/python3.11` beside its dist-packages: standard library answers 0.585 → 0.579,
    // held-out 0.632 → 0.600, C-implemented 0.728 → 0.711).
    if (prose) take.unranked(this.pool.candidates(this.usage.table(), present, idf, synonyms));
    // The items a sentence-embedding model puts nearest the question, when one is configured.
    const sem = prose && opts.queryVector && this.embedded.size(opts.queryVector.length) ? opts.queryVector : null;
    if (sem) take.unranked(this.embedded.nearest(sem, SEM_K).map((r) => r.rowid));
    if (compact.length >= 3 && !words.includes(compact)) take.run(`name : ${ftsQuote(compact)}*`);
    const askedAs = new Map<number, string>();
    if (/^[A-Za-z_]\w*(?:-\w+)*(?:(?:\.|::)[A-Za-z_]\w*)+$/.test(query.trim()) && !exact.some((rowid) => (this.prep(`SELECT id FROM items WHERE rowid = ?`).pluck().get(rowid) as string) === query.trim())) {
      // Under a public path (`asyncio.sleep`), else a member its class inherits (`flask.Flask.route`),
      // shown under the path asked, its definition in also_in: of an item public under two names
      // (ws's `Server` and `WebSocketServer`), the one asked, not the shorter one.
      const reexported = (path === query.trim() ? viaPublic : this.lookups.byPublicId(query.trim()))[0];
      const found = reexported ?? inheritedMember(this.lookups, query.trim())?.item;
      if (found) {
        const rowids = this.prep(`SELECT rowid FROM items WHERE id = ? LIMIT 5`).pluck().all(found.id) as number[];
        exact.push(...rowids);
        if (!reexported || !PRIVATE_SEGMENT.test(query.trim())) for (const rowid of rowids) askedAs.set(rowid, query.trim());
      }
    }
    take.unranked(exact);
    take.unranked(aliasRows);
    // An item named exactly as asked matches as well as any row can: BM25 would rank its own
    // long doc below its undocumented twins' short ones (std's documented `Mutex` below the
    // platform `Mutex` structs), or it came from the name lookup alone, unranked.
    // (With no ranked expression run, that is the most any row has: 1.)
    const best = Math.max(0, ...bm.values()) || 1;
    for (const rowid of exact) bm.set(rowid, best);
    if (!bm.size) return [];

    const rowsOf = filtered ? candidateRowsReader((sql) => this.prep(sql), opts) : this.candidateRows.through(candidateRowsReader((sql) => this.prep(sql), opts));
    let list = rowsOf([...bm.keys()]);
    if (prose && !this.kind.installedPackage) {
      // The public members of the modules whose own docs say what the question asks ("comma
      // separated" is in `_csv`'s doc, not in `reader`'s): candidates whose words come partly
      // from their module (coverage.ts CONTEXT_CREDIT counts a word found only there for less).
      const more = this.modules.membersOfMatching(shape, list, (m) => this.paths.reexportsUnder(m)).filter((rowid) => !bm.has(rowid));
      if (more.length) {
        take.unranked(more);
        list = list.concat(rowsOf(more));
      }
    }

    const publicIds = this.paths.publicIds(list);
    if (askedAs.size) list.forEach((r, i) => (publicIds[i] = askedAs.get(r.rowid) ?? publicIds[i]!));
    if (alias) list.forEach((r, i) => r.name === alias.name && abbreviatesModuleOf(alias.head, publicIds[i]!, r.name) && pathNamed.add(r.rowid));
    const candidateIds = new Set(list.map((r) => r.id));
    const candidatesOf = (rows: CandidateRow[], ids: string[]): Candidate[] => {
      // The model's similarity, where the item has a model vector, counts beside the learned
      // vectors', put on their scale (score.ts SEMANTIC_WEIGHT says how the two were weighed).
      const learnedSims = rows.map((r) => (qv && vectors ? vectors.similarity(qv, r) : undefined));
      const modelSims = sem ? onScaleOf(rows.map((r) => this.embedded.similarity(sem, r.rowid, r.id)), learnedSims) : null;
      const moduleDocs = prose ? this.modules.of(rows.map((r) => r.module)) : null;
      return rows.map((r, i) => ({
        id: r.id, name: r.name, bm: bm.get(r.rowid) ?? 0, text: prose ? this.proseText(r) : `${r.signature} ${r.summary} ${r.doc_head}`, hasDoc: r.has_doc === 1,
        context: r.kind === 'module' ? undefined : moduleDocs?.get(r.module),
        visibility: r.visibility, deprecated: r.deprecated === 1 || this.deprecatedModules.covers(r.module), kind: r.kind, publicId: ids[i], file: r.path,
        own: r.package === null,
        package: r.package,
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
    if (prose && !this.kind.installedPackage) {
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
}
