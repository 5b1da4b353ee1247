import { parentPort, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { runFileJob, writeOf, writtenResult, type FileJob, type FileJobResult } from './job.js';
import { IndexStore } from './store.js';
import { BATCH_FILES, WriteBatch } from './write-batch.js';

/**
 * Worker-thread entry: runs file jobs sent by ExtractionPool. A job that names its index
 * database is written here, on this thread's own connection, so extraction and SQLite writes
 * run on every core instead of funnelling all writes through the main thread (measured on the
 * docs-index bench: 17 s -> 14 s; the main thread was the bottleneck, deserializing rows and
 * writing). A job is reported once committed. Writers take turns on SQLite's write lock: a
 * worker that finds the database busy goes on extracting and tries again, and only waits when
 * it has nothing else to do.
 */

export type WorkerRequest = { seq: number; job: FileJob } | { release: string };
/** Results travel in one message per committed batch: a message per file cost more than the files' rows. */
export type WorkerReply = { seq: number; result?: FileJobResult; error?: string }[];

interface Writer {
  store: IndexStore;
  batch: WriteBatch<{ seq: number; result: FileJobResult }>;
}

/** A batch this large is written even if that means waiting for the other writers. */
const MAX_UNWRITTEN = 4 * BATCH_FILES;

if (parentPort) serve(parentPort);

function serve(port: MessagePort): void {
  const writers = new Map<string, Writer>();
  const inbox: WorkerRequest[] = [];
  let draining = false;

  let outbox: WorkerReply = [];
  const post = (reply: WorkerReply[number]) => outbox.push(reply);
  const send = () => {
    if (!outbox.length) return;
    port.postMessage(outbox);
    outbox = [];
  };

  function writerFor(db: string): Writer {
    let w = writers.get(db);
    if (!w) {
      w = { store: IndexStore.openWriter(db), batch: new WriteBatch() };
      writers.set(db, w);
    }
    return w;
  }

  /** Write a writer's batch; false when the database was busy and `wait` was not asked for. */
  function commit(w: Writer, wait: boolean): boolean {
    let done: { seq: number; result: FileJobResult }[] | null;
    const t0 = performance.now();
    try {
      done = w.batch.commit(w.store, wait);
    } catch (err) {
      for (const t of w.batch.discard()) post({ seq: t.seq, error: `writing the index failed: ${(err as Error).message}` });
      return true;
    }
    if (!done) return false;
    // Each file carries its share of the write time, for the indexer's figures.
    const share = (performance.now() - t0) / Math.max(1, done.length);
    for (const t of done) post({ seq: t.seq, result: { ...t.result, writeMs: share } });
    return true;
  }

  async function handle(msg: WorkerRequest): Promise<void> {
    if ('release' in msg) {
      const w = writers.get(msg.release);
      if (w) {
        commit(w, true);
        w.store.close();
        writers.delete(msg.release);
      }
      return;
    }
    const { seq, job } = msg;
    let result: FileJobResult;
    try {
      result = await runFileJob(job);
    } catch (err) {
      post({ seq, error: String((err as Error)?.message ?? err) });
      return;
    }
    if (!job.db) {
      post({ seq, result });
      return;
    }
    let w: Writer;
    try {
      w = writerFor(job.db);
    } catch (err) {
      post({ seq, error: `cannot open the index: ${(err as Error).message}` });
      return;
    }
    w.batch.add(writeOf(job, result), { seq, result: writtenResult(result) });
  }

  async function drain(): Promise<void> {
    if (draining) return;
    draining = true;
    try {
      for (;;) {
        const msg = inbox.shift() ?? (receiveMessageOnPort(port)?.message as WorkerRequest | undefined);
        if (msg) {
          await handle(msg);
          for (const w of writers.values()) if (w.batch.due) commit(w, w.batch.files >= MAX_UNWRITTEN);
          send();
          continue;
        }
        // Out of work: write whatever waits. If another writer holds the lock, look again shortly.
        let pending = false;
        for (const w of writers.values()) if (w.batch.files && !commit(w, false)) pending = true;
        send();
        if (!pending) return;
        await new Promise((r) => setTimeout(r, 2));
      }
    } finally {
      draining = false;
    }
  }

  port.on('message', (msg: WorkerRequest) => {
    inbox.push(msg);
    void drain();
  });
}
