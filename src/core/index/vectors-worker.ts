import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { learnFrom } from './vectors.js';

/**
 * Learning an index's word vectors on a thread of its own (vectors-aside.ts), so that the end
 * of a sync (merging the full-text index, counting usage, finding dependencies) runs beside it
 * instead of before it. Reads the database on a read-only connection of its own, which sees
 * every item the sync committed; the calling thread stores the result.
 */

export type VectorsReply = { words: string[]; dim: number; vecs: Float32Array } | { none: true } | { error: string };

/** What learning from `db` gives the caller: the vectors, none (too little to learn from), or what failed. The inline path (vectors-aside.ts) uses it too. */
export function learnedReply(db: Database.Database): VectorsReply {
  try {
    const wv = learnFrom(db);
    return wv ? { words: wv.words, dim: wv.dim, vecs: wv.vecs } : { none: true };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

const file = (workerData as { vectorsOf?: string } | null)?.vectorsOf;
if (parentPort && file) {
  let reply: VectorsReply;
  try {
    const db = new Database(file, { readonly: true, timeout: 5000 });
    try {
      reply = learnedReply(db);
    } finally {
      db.close();
    }
  } catch (err) {
    reply = { error: (err as Error).message };
  }
  parentPort.postMessage(reply, 'vecs' in reply ? [reply.vecs.buffer as ArrayBuffer] : []);
}
