import { workerData, type MessagePort } from 'node:worker_threads';
import type { CountTable } from './pooled-counts.js';
import { IndexQueries, type IndexKind } from './query.js';
import type { SearchHit, SearchOptions } from './search.js';
import { IndexStore } from './store.js';

/**
 * The search lane's thread (search-lane.ts): ranked searches of a question's databases, each
 * opened here read-only on a connection of this thread's own, while the calling thread searches
 * the rest. A package's database never changes once built (deps/package-db.ts moves a whole one
 * into place); a root's may be written meanwhile, and a search here sees what was committed and
 * drops what it remembered of the index when it was written since, as the calling thread's
 * does (search.ts refresh; the learned word vectors reload by their stamp, vectors.ts).
 */

/** A database as the lane opens it: its file and what it is to a search (query.ts IndexQueries' options). */
export interface LaneDatabase extends IndexKind {
  file: string;
}

/** A search's options as they cross to the thread: objects by reference (vectors, pooled counts) as what identifies them there. */
export type LaneSearchOptions = Omit<SearchOptions, 'borrowedVectors' | 'usage' | 'popularity'>;

export interface LaneRequest {
  db: LaneDatabase;
  query: string;
  opts: LaneSearchOptions;
  /** The database whose learned word vectors this one borrows (SearchOptions.borrowedVectors). */
  borrowedFrom?: LaneDatabase;
  /** Pooled counts by the id they were sent under (SearchOptions.usage, .popularity). */
  usage?: number;
  popularity?: number;
}

/** To the thread: one docs_search's share, with the pooled count tables it has not seen yet and those it may forget. */
export interface LaneMessage {
  seq: number;
  tables: [number, CountTable][];
  drop: number[];
  requests: LaneRequest[];
}

/** To the thread: databases to read in while it has nothing else to do (RankedSearch.prepare), so that their first search here costs what the next does. */
export interface LaneWarm {
  warm: LaneDatabase[];
}

/** To the thread: a database closed by the calling thread (a root left the workspace), to close here too. */
export interface LaneForget {
  forget: string;
}

/**
 * From the thread: ready to search; a message's hits (with each search's time), in its
 * requests' order; why it failed; or a database read in (and how long that took).
 */
export type LaneReply = { ready: true } | { seq: number; found: { hits: SearchHit[]; ms: number }[] } | { seq: number; error: string } | { warmed: string; ms: number };

/** Databases kept open here at most (the least recently searched is closed first). */
export const OPEN_KEPT = 64;

const open = new Map<string, { store: IndexStore; queries: IndexQueries }>();
const tables = new Map<number, CountTable>();

function queriesFor(db: LaneDatabase): IndexQueries {
  const key = `${db.file}\0${db.standardLibrary ? 'r' : ''}${db.standardLibraryDependency ? 's' : ''}${db.installedPackage ? 'p' : ''}`;
  const kept = open.get(key);
  if (kept) {
    // Most recently used last.
    open.delete(key);
    open.set(key, kept);
    return kept.queries;
  }
  const store = IndexStore.openReadonly(db.file);
  const queries = new IndexQueries(store, { standardLibrary: db.standardLibrary, standardLibraryDependency: db.standardLibraryDependency, installedPackage: db.installedPackage });
  open.set(key, { store, queries });
  for (const [oldest, old] of open) {
    if (open.size <= OPEN_KEPT) break;
    open.delete(oldest);
    old.store.close();
  }
  return queries;
}

function table(id: number | undefined): CountTable | undefined {
  return id === undefined ? undefined : tables.get(id);
}

function serve(msg: LaneMessage): LaneReply {
  for (const id of msg.drop) tables.delete(id);
  for (const [id, t] of msg.tables) tables.set(id, t);
  try {
    const found = msg.requests.map((r) => {
      const t0 = performance.now();
      const borrowedVectors = r.borrowedFrom ? queriesFor(r.borrowedFrom).wordVectors : undefined;
      const hits = queriesFor(r.db).search(r.query, { ...r.opts, borrowedVectors, usage: table(r.usage), popularity: table(r.popularity) });
      return { hits, ms: performance.now() - t0 };
    });
    return { seq: msg.seq, found };
  } catch (err) {
    return { seq: msg.seq, error: (err as Error).message };
  }
}

/** What the calling thread gives the lane's thread: a port for the messages, and a counter it waits on for each answer. */
export interface LaneWorkerData {
  lane: { port: MessagePort; answered: Int32Array };
}

const given = (workerData as LaneWorkerData | null)?.lane;
if (given) {
  const { port, answered } = given;
  // Each answer is on the port before the counter moves: the calling thread, woken, reads it at once.
  const answer = (reply: LaneReply) => {
    port.postMessage(reply);
    Atomics.add(answered, 0, 1);
    Atomics.notify(answered, 0);
  };
  // Read in one database a turn, so that a search sent meanwhile waits for one at most.
  const toWarm: LaneDatabase[] = [];
  const warmNext = () => {
    const db = toWarm.shift();
    if (!db) return;
    const t0 = performance.now();
    try {
      queriesFor(db).prepareSearch();
    } catch {
      // Searched later, if at all, with whatever that search finds.
    }
    port.postMessage({ warmed: db.file, ms: performance.now() - t0 } satisfies LaneReply);
    if (toWarm.length) setImmediate(warmNext);
  };
  port.on('message', (msg: LaneMessage | LaneWarm | LaneForget) => {
    if ('forget' in msg) {
      for (const [key, kept] of open) {
        if (!key.startsWith(`${msg.forget}\0`)) continue;
        open.delete(key);
        kept.store.close();
      }
    } else if ('warm' in msg) {
      if (!toWarm.length) setImmediate(warmNext);
      toWarm.push(...msg.warm);
    } else answer(serve(msg));
  });
  answer({ ready: true });
}
