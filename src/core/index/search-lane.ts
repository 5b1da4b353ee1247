import type { Logger } from '../log.js';
import { SearchCosts, splitForLane, type LaneJob } from './lane-split.js';
import { LaneThread } from './lane-thread.js';
import type { IndexQueries } from './query.js';
import type { SearchHit, SearchOptions } from './search.js';
import { OPEN_KEPT, type LaneDatabase } from './search-lane-worker.js';
import type { IndexSource } from './source.js';

/**
 * A docs_search through a project reads several databases one after another: the project's
 * own, its language's standard library and the few installed packages the fan-out chose
 * (deps/fanout.ts), ~1.5–3.5 ms each, over 10 ms in all. The lane searches some of them on a
 * thread of its own (lane-thread.ts) while the calling thread searches the rest, split by what
 * each costs on either side (lane-split.ts), so that a question takes about as long as the
 * larger half. The thread opens each database it searches read-only on a connection of its own:
 * an installed package's never changes once built; a root's is written here (and by the
 * extraction workers), and the thread's search sees what was committed, as this thread's own
 * does while the workers write, its word counts and module docs forgotten when the index was
 * written since (search.ts refresh). While idle the thread reads in the package databases this
 * thread has not searched yet (one read in on both would hold its vectors and pools twice: the
 * Python project's 32 databases on both sides took ~40 MB more), and a database is moved to a
 * side where it is cold only when its cost there, reading in included, still makes the split
 * finish sooner.
 *
 * The thread's answers are the calling thread's: the same code over the same rows, with the
 * same options (the pooled counts and the borrowed word vectors by what identifies them). While
 * the thread is not ready, once it has failed, or without it (tests running the sources), every
 * search runs here, as before.
 */

/** One database's search: the source, its options, and the source its borrowed word vectors are from. */
export interface SourceSearch {
  source: IndexSource;
  opts: SearchOptions;
  borrowedFrom?: IndexSource;
}

/**
 * What sending a share to the thread and reading its answers back costs the calling thread
 * beyond the searches themselves (ms; ~0.2 ms a round trip measured on the Python project of
 * bench/docs-world.bench.mjs): the split moves nothing that gains less.
 */
const LANE_OVERHEAD_MS = 0.3;
/** A database not measured yet is expected to cost this (ms) until one has been. */
const UNMEASURED_MS = 2;
/** What a database's first search on a thread that has not read it in costs beyond a search, until measured (ms). */
const COLD_MS = 20;

export class SearchLane {
  private thread: LaneThread | null = null;
  private readonly costs = new SearchCosts<IndexQueries>(UNMEASURED_MS);
  /** Databases searched on this thread (read in here), and read in on the lane's. */
  private readonly warmHere = new WeakSet<IndexQueries>();
  private readonly warmThere = new Set<string>();
  /** What reading a database in took on the lane's thread (what moving it to a cold side costs). */
  private readonly coldCost = new Map<string, number>();
  /** Databases the thread was asked to read in. */
  private readonly warmAsked = new Set<string>();
  /** Searches the thread has answered. */
  servedThere = 0;

  constructor(private readonly log: Logger) {}

  /** Have the thread read in these sources' databases (those it may search and this thread has not read in) while it is idle. */
  warm(sources: readonly IndexSource[]): void {
    // Sent even while the thread is starting: it reads its port once it is up.
    const thread = this.started();
    if (!thread) return;
    const fresh = sources.filter((s) => s.dependency && s.dbPath && !this.warmAsked.has(s.dbPath) && !this.warmHere.has(s.queries)).slice(0, Math.max(0, OPEN_KEPT - this.warmAsked.size));
    for (const s of fresh) this.warmAsked.add(s.dbPath!);
    thread.warm(fresh.map(laneDatabase));
  }

  /**
   * Each search's hits, in order: the thread's share sent first, the rest searched here
   * meanwhile, then the thread's answer waited for. Synchronous like a search on this thread:
   * the wait is for work this thread would otherwise be doing itself, and a share the thread
   * fails to answer is searched here.
   */
  searchAll(query: string, jobs: readonly SourceSearch[]): SearchHit[][] {
    const thread = jobs.some((j) => this.movable(j)) ? this.usable() : null;
    const toLane = thread ? splitForLane(jobs.map((j) => this.laneJob(j)), LANE_OVERHEAD_MS) : jobs.map(() => false);
    const away = jobs.filter((_, i) => toLane[i]);
    const seq = away.length ? this.trySend(thread!, query, away) : null;
    if (seq === null) toLane.fill(false);
    const out: SearchHit[][] = jobs.map((j, i) => (toLane[i] ? [] : this.searchHere(query, j)));
    if (seq === null) return out;
    const found = thread!.answer(seq);
    let k = 0;
    for (const [i, j] of jobs.entries()) {
      if (!toLane[i]) continue;
      const f = found?.[k++];
      if (!f) {
        out[i] = this.searchHere(query, j);
        continue;
      }
      // A first search there read the database in: its time is not what the next costs, but
      // what it took beyond that is what moving it to a cold side costs.
      if (this.warmThere.has(j.source.dbPath!)) this.costs.observe(j.source.queries, f.ms);
      else this.firstSearch(j, f.ms, () => this.warmThere.add(j.source.dbPath!));
      this.servedThere++;
      out[i] = f.hits;
    }
    return out;
  }

  dispose(): void {
    this.thread?.dispose();
  }

  /** Post the thread's share; null when it cannot be sent (every search then runs here). */
  private trySend(thread: LaneThread, query: string, away: readonly SourceSearch[]): number | null {
    try {
      return thread.send(away.map((j) => this.request(query, j)));
    } catch (err) {
      this.log.debug(`search lane: ${(err as Error).message}; searched on the main thread`);
      return null;
    }
  }

  /** A database's expected cost on each side: a side that has not read it in yet adds what that takes. */
  private laneJob(j: SourceSearch): LaneJob {
    const cost = this.costs.of(j.source.queries);
    if (!this.movable(j)) return { here: cost, lane: null };
    const cold = this.coldCost.get(j.source.dbPath!) ?? COLD_MS;
    return { here: cost + (this.warmHere.has(j.source.queries) ? 0 : cold), lane: cost + (this.warmThere.has(j.source.dbPath!) ? 0 : cold) };
  }

  private searchHere(query: string, j: SourceSearch): SearchHit[] {
    const t0 = performance.now();
    const hits = j.source.queries.search(query, j.opts);
    const ms = performance.now() - t0;
    if (this.warmHere.has(j.source.queries)) this.costs.observe(j.source.queries, ms);
    else this.firstSearch(j, ms, () => this.warmHere.add(j.source.queries));
    return hits;
  }

  /** A database's first search on a side: that side is warm now, and the time beyond a search is its cost of reading in (unless the thread reported it). */
  private firstSearch(j: SourceSearch, ms: number, nowWarm: () => void): void {
    nowWarm();
    const file = j.source.dbPath;
    if (file && !this.coldCost.has(file)) this.coldCost.set(file, Math.max(0, ms - this.costs.of(j.source.queries)));
  }

  /**
   * A database with a file, not in a first build (whose names the sketch holds here), and not a
   * root searched with a sentence-embedding model's question vector (its item vectors stay
   * here); the vectors it borrows from a database with a file.
   */
  private movable(j: SourceSearch): boolean {
    const s = j.source;
    if (!s.dbPath || s.sketch || (!s.dependency && j.opts.queryVector)) return false;
    return !j.opts.borrowedVectors || Boolean(j.borrowedFrom?.dbPath);
  }

  /** A database closed here (a root left the workspace): the thread closes its connection too. */
  forget(file: string): void {
    this.thread?.forget(file);
    this.warmAsked.delete(file);
    this.warmThere.delete(file);
    this.coldCost.delete(file);
  }

  private request(query: string, { source, opts, borrowedFrom }: SourceSearch) {
    const { borrowedVectors, usage, popularity, ...rest } = opts;
    return { db: laneDatabase(source), query, opts: rest, borrowedFrom: borrowedVectors && borrowedFrom ? laneDatabase(borrowedFrom) : undefined, usage, popularity };
  }

  /** The thread, started on first need; null until it is ready, and for good once it is down. */
  private usable(): LaneThread | null {
    const thread = this.started();
    return thread?.ready() ? thread : null;
  }

  /** The thread, started now if it was not; null once it is down. */
  private started(): LaneThread | null {
    this.thread ??= new LaneThread(
      (file, ms) => {
        this.warmThere.add(file);
        this.coldCost.set(file, ms);
      },
      (why) => this.log.warn(`search lane stopped (${why}); searching every database on the main thread`),
    );
    return this.thread.isDown() ? null : this.thread;
  }
}

function laneDatabase(s: IndexSource): LaneDatabase {
  return { file: s.dbPath!, ...s.queries.opts };
}
