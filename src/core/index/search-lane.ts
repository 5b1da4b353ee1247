import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { distFile } from '../dist-root.js';
import type { Logger } from '../log.js';
import { SearchCosts, splitForLane } from './lane-split.js';
import type { CountTable } from './pooled-counts.js';
import type { IndexQueries } from './query.js';
import type { SearchHit, SearchOptions } from './search.js';
import type { LaneDatabase, LaneMessage, LaneReply, LaneRequest, LaneWorkerData } from './search-lane-worker.js';
import type { IndexSource } from './source.js';

/**
 * A docs_search through a project reads several databases one after another: the project's
 * own, its language's standard library and the few installed packages the fan-out chose
 * (deps/fanout.ts), ~1.5–3.5 ms each, over 10 ms in all. The lane searches some of them on a
 * thread of its own (search-lane-worker.ts) while the calling thread searches the rest, split
 * by what each has cost so far (lane-split.ts), so that a question takes about as long as the
 * larger half. Only installed packages' databases go there: they never change once built, and
 * the thread opens them read-only. The roots stay here, where they are written.
 *
 * The thread's answers are the calling thread's: the same code over the same rows, with the
 * same options (the pooled counts and the borrowed word vectors by what identifies them). When
 * the thread is not ready yet, fails or is missing (tests running the sources), everything is
 * searched here, as before. The calling thread waits for the answer synchronously (a counter in
 * shared memory, Atomics.wait, then the port read directly): a reply event would wait for the
 * event loop's next turn, which a caller that searches in a loop never gives it.
 */

/** One database's search: the source, its options, and the source its borrowed word vectors are from. */
export interface SourceSearch {
  source: IndexSource;
  opts: SearchOptions;
  borrowedFrom?: IndexSource;
}

/**
 * What sending a share to the thread and reading its answers back costs the calling thread
 * beyond the searches themselves (ms; measured on the Python project of
 * bench/docs-world.bench.mjs, ~0.2 ms a round trip): the split moves nothing that gains less.
 */
const LANE_OVERHEAD_MS = 0.3;
/** A database not measured yet is expected to cost this (ms) until one has been. */
const UNMEASURED_MS = 2;
/** How long a search waits for the thread's answer before searching its share here and giving the lane up. */
const ANSWER_TIMEOUT_MS = 10_000;
/** Pooled count tables the thread keeps (each sent once; a recount makes a new one). */
const TABLES_KEPT = 16;

export class SearchLane {
  private thread: Worker | null = null;
  private port: MessagePort | null = null;
  /** Bumped by the thread after each answer it puts on the port (search-lane-worker.ts). */
  private readonly answered = new Int32Array(new SharedArrayBuffer(4));
  private ready = false;
  private broken = false;
  private seq = 0;
  private readonly costs = new SearchCosts<IndexQueries>(UNMEASURED_MS);
  /** Count tables the thread holds, by the id they were sent under, oldest first. */
  private readonly sent = new Map<CountTable, number>();
  private nextTable = 0;
  /** Searches the thread has answered. */
  servedThere = 0;

  constructor(private readonly log: Logger) {}

  /**
   * Each search's hits, in order: the thread's share sent first, the rest searched here
   * meanwhile, then the thread's answer waited for. Synchronous like a search on this thread:
   * the wait is for work this thread would otherwise be doing itself, and an answer that does
   * not come within ANSWER_TIMEOUT_MS is searched here instead (the lane is then given up).
   */
  searchAll(query: string, jobs: readonly SourceSearch[]): SearchHit[][] {
    const movable = jobs.map((j) => this.movable(j));
    const toLane = movable.some(Boolean) && this.usable() ? splitForLane(jobs.map((j) => this.costs.of(j.source.queries)), movable, LANE_OVERHEAD_MS) : jobs.map(() => false);
    const away = jobs.filter((_, i) => toLane[i]);
    const seq = away.length ? this.send(query, away) : null;
    const out: SearchHit[][] = jobs.map((j, i) => (toLane[i] ? [] : this.searchHere(query, j)));
    if (seq === null) return out;
    const found = this.answerTo(seq);
    let k = 0;
    for (const [i, j] of jobs.entries()) {
      if (!toLane[i]) continue;
      const f = found?.[k++];
      if (f) {
        this.costs.observe(j.source.queries, f.ms);
        this.servedThere++;
      }
      out[i] = f ? f.hits : this.searchHere(query, j);
    }
    return out;
  }

  dispose(): void {
    this.broken = true;
    this.port?.close();
    void this.thread?.terminate();
    this.thread = null;
    this.port = null;
  }

  private searchHere(query: string, j: SourceSearch): SearchHit[] {
    const t0 = performance.now();
    const hits = j.source.queries.search(query, j.opts);
    this.costs.observe(j.source.queries, performance.now() - t0);
    return hits;
  }

  /** An installed package's built database; the vectors it borrows from a database with a file. */
  private movable(j: SourceSearch): boolean {
    return Boolean(j.source.dependency && j.source.dbPath && !j.source.sketch && (!j.opts.borrowedVectors || j.borrowedFrom?.dbPath));
  }

  /** The thread has said it is ready (started on first need: until then searches stay here). */
  private usable(): boolean {
    if (this.broken) return false;
    if (!this.thread) this.start();
    if (!this.ready && this.port) {
      const m = receiveMessageOnPort(this.port)?.message as LaneReply | undefined;
      if (m && 'ready' in m) this.ready = true;
    }
    return this.ready && !this.broken;
  }

  private start(): void {
    const script = fileURLToPath(distFile('core/index/search-lane-worker.js'));
    if (!existsSync(script)) {
      this.broken = true;
      return;
    }
    const { port1, port2 } = new MessageChannel();
    const thread = new Worker(script, { workerData: { lane: { port: port2, answered: this.answered } } satisfies LaneWorkerData, transferList: [port2] });
    // Nothing here waits on it asynchronously: it must not keep a command that has answered alive.
    thread.unref();
    this.thread = thread;
    this.port = port1;
    thread.on('error', (err) => this.giveUp(err.message));
    thread.on('exit', (code) => this.giveUp(`its thread exited with ${code}`));
  }

  private giveUp(why: string): void {
    if (this.broken) return;
    this.log.warn(`search lane stopped (${why}); searching every database on the main thread`);
    this.dispose();
  }

  /** The thread's answer to message `seq` (null when it failed or did not come in time). */
  private answerTo(seq: number): { hits: SearchHit[]; ms: number }[] | null {
    const deadline = performance.now() + ANSWER_TIMEOUT_MS;
    for (;;) {
      const seen = Atomics.load(this.answered, 0);
      for (let m = this.port && receiveMessageOnPort(this.port); m; m = this.port && receiveMessageOnPort(this.port)) {
        const reply = m.message as LaneReply;
        if ('ready' in reply || reply.seq !== seq) continue; // a late answer to a message given up on
        if ('found' in reply) return reply.found;
        this.log.debug(`search lane: ${reply.error}; searched on the main thread`);
        return null;
      }
      const left = deadline - performance.now();
      if (this.broken || left <= 0 || Atomics.wait(this.answered, 0, seen, left) === 'timed-out') break;
    }
    this.giveUp(this.broken ? 'it failed' : `no answer in ${ANSWER_TIMEOUT_MS / 1000} s`);
    return null;
  }

  /** Post the thread's share; its message number. */
  private send(query: string, jobs: readonly SourceSearch[]): number {
    const tables: [number, CountTable][] = [];
    const drop: number[] = [];
    const idOf = (t: CountTable | undefined): number | undefined => {
      if (!t) return undefined;
      let id = this.sent.get(t);
      if (id === undefined) {
        this.sent.set(t, (id = this.nextTable++));
        tables.push([id, t]);
      }
      return id;
    };
    const requests: LaneRequest[] = jobs.map(({ source, opts, borrowedFrom }) => {
      const { borrowedVectors, usage, popularity, ...rest } = opts;
      return { db: laneDatabase(source), query, opts: rest, borrowedFrom: borrowedVectors && borrowedFrom ? laneDatabase(borrowedFrom) : undefined, usage: idOf(usage), popularity: idOf(popularity) };
    });
    // Forget the oldest tables beyond the few kept, but none this message uses.
    const inUse = new Set(requests.flatMap((r) => [r.usage, r.popularity]));
    for (const [t, id] of this.sent) {
      if (this.sent.size <= TABLES_KEPT) break;
      if (inUse.has(id)) continue;
      this.sent.delete(t);
      drop.push(id);
    }
    const seq = ++this.seq;
    this.port!.postMessage({ seq, tables, drop, requests } satisfies LaneMessage);
    return seq;
  }
}

function laneDatabase(s: IndexSource): LaneDatabase {
  const standard = s.dependency?.standardLibrary ?? false;
  return { file: s.dbPath!, standardLibraryDependency: Boolean(s.dependency) && standard, installedPackage: Boolean(s.dependency) && !standard };
}
