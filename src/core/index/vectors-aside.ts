import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { distFile } from '../dist-root.js';
import { learnedReply, type VectorsReply } from './vectors-worker.js';
import { storeVectors } from './vectors.js';

/**
 * An index's word vectors learned on a thread of their own while the caller goes on: after a
 * first build of a Python installation, learning takes ~1.3 s of one core, and the merge of
 * the full-text index, the usage count and the search for dependencies (~0.6 s together) ran
 * before it on the same thread while the other core idled. Started once the sync has written
 * everything (the thread's connection then sees every item); the result is stored on the
 * caller's connection when awaited. Without the compiled worker (tests running the sources)
 * the vectors are learned on the calling thread, as before.
 */
export class VectorsAside {
  private readonly t0 = performance.now();
  private readonly learned: Promise<VectorsReply>;

  constructor(file: string, db: Database.Database) {
    const script = fileURLToPath(distFile('core/index/vectors-worker.js'));
    if (!existsSync(script)) {
      this.learned = Promise.resolve(learnedReply(db));
      return;
    }
    this.learned = new Promise<VectorsReply>((resolve) => {
      const thread = new Worker(script, { workerData: { vectorsOf: file } });
      thread.once('message', (reply: VectorsReply) => resolve(reply));
      thread.once('error', (err) => resolve({ error: err.message }));
      thread.once('exit', (code) => resolve({ error: `the vectors' thread exited with ${code}` }));
    });
  }

  /** Store what was learned: how long learning took (ms), or null when there was too little to learn from. Throws what the thread failed with. */
  async store(db: Database.Database): Promise<{ words: number; ms: number } | null> {
    const reply = await this.learned;
    if ('error' in reply) throw new Error(reply.error);
    if ('none' in reply) return null;
    storeVectors(db, reply);
    return { words: reply.words.length, ms: performance.now() - this.t0 };
  }
}
