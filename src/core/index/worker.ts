import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import { runFileJob, writeOf, writtenResult, type FileJob, type FileJobResult } from './job.js';
import { IndexStore, WRITE_WAIT_MS } from './store.js';
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

/** A job, on the worker's port. */
export type WorkerRequest = { seq: number; job: FileJob };
/**
 * On the control channel: the owner (IndexStore.ownerId) of a database is closing it, or a job
 * to run before those queued on the worker's port (a project's own file while its packages are
 * being indexed: ExtractionPool.run's `urgent`).
 */
export type ControlMessage = { release: string } | { urgent: WorkerRequest };
/** Results travel in one message per committed batch: a message per file cost more than the files' rows. */
export type WorkerReply = { seq: number; result?: FileJobResult; error?: string }[];

interface Writer {
  owner: string;
  store: IndexStore;
  batch: WriteBatch<{ seq: number; result: FileJobResult }>;
  /** When a write of the waiting batch first found the database busy (0: it has not). */
  busySince: number;
}

/**
 * A batch this large is written even if that means waiting for the other writers (it stays
 * below the pool's IN_FLIGHT_PER_WORKER, or the pool would stop feeding this worker first).
 */
const MAX_UNWRITTEN = 2 * BATCH_FILES;

if (parentPort) serve(parentPort, (workerData as { control?: MessagePort } | null)?.control);

function serve(port: MessagePort, control: MessagePort | undefined): void {
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

  /** Owners that closed their database: their late jobs are refused rather than written behind their back. */
  const released = new Set<string>();

  function writerFor(db: { file: string; owner: string }): Writer {
    let w = writers.get(db.file);
    if (w && w.owner !== db.owner) {
      // The database was closed and opened again (perhaps rebuilt): a new connection for the new owner.
      closeWriter(w);
      w = undefined;
    }
    if (!w) {
      w = { owner: db.owner, store: IndexStore.openWriter(db.file), batch: new WriteBatch(), busySince: 0 };
      writers.set(db.file, w);
    }
    return w;
  }

  function closeWriter(w: Writer): void {
    commit(w, true);
    w.store.close();
    writers.delete(w.store.file);
  }

  /**
   * Write a writer's batch; false when the database was busy and `wait` was not asked for. A
   * batch that has found the database busy for WRITE_WAIT_MS (another process holding it) fails.
   */
  function commit(w: Writer, wait: boolean): boolean {
    let done: { seq: number; result: FileJobResult }[] | null;
    const t0 = performance.now();
    const fail = (why: string) => {
      for (const t of w.batch.discard()) post({ seq: t.seq, error: `writing the index failed: ${why}` });
      w.busySince = 0;
      return true;
    };
    try {
      done = w.batch.commit(w.store, wait);
    } catch (err) {
      return fail((err as Error).message);
    }
    if (!done) {
      w.busySince ||= Date.now();
      if (Date.now() - w.busySince > WRITE_WAIT_MS) return fail(`the database stayed locked by another connection for ${WRITE_WAIT_MS / 1000} s`);
      return false;
    }
    w.busySince = 0;
    // Each file carries its share of the write time, for the indexer's figures.
    const share = (performance.now() - t0) / Math.max(1, done.length);
    for (const t of done) post({ seq: t.seq, result: { ...t.result, writeMs: share } });
    return true;
  }

  /** Close the writers of released databases (what they hold is written first). */
  function closeReleased(): void {
    for (const w of [...writers.values()]) if (released.has(w.owner)) closeWriter(w);
  }

  /** Jobs that came on the control channel, run before the port's. */
  const urgent: WorkerRequest[] = [];
  const route = (msg: ControlMessage) => {
    if ('urgent' in msg) urgent.push(msg.urgent);
    else released.add(msg.release);
  };

  /** Control messages first: a released database's queued jobs must not run, nor its writer stay open. */
  function readControl(): void {
    for (let m = control && receiveMessageOnPort(control); m; m = receiveMessageOnPort(control!)) route(m.message as ControlMessage);
    closeReleased();
  }
  // An idle worker hears of a release or an urgent job at once; a busy one reads them between jobs (readControl).
  control?.on('message', (msg: ControlMessage) => {
    route(msg);
    if (!draining) closeReleased();
    if ('urgent' in msg) void drain();
  });

  /** One job; drain read the control channel just before it (a released database's job is refused). */
  async function handle({ seq, job }: WorkerRequest): Promise<void> {
    if (job.db && released.has(job.db.owner)) {
      post({ seq, error: 'the index was closed' });
      return;
    }
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
        // Control first, each time round: a release refuses its database's jobs, an urgent job goes next.
        readControl();
        const msg = urgent.shift() ?? inbox.shift() ?? (receiveMessageOnPort(port)?.message as WorkerRequest | undefined);
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
