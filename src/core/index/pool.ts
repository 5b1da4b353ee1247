import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { distFile } from '../dist-root.js';
import { runFileJob, type FileJob, type FileJobResult } from './job.js';
import type { ControlMessage, WorkerReply, WorkerRequest } from './worker.js';

/**
 * Extraction across cores: a fixed set of worker threads, each with its own tree-sitter
 * runtime and grammars (and, for jobs that name their database, its own SQLite connection),
 * fed from one queue with enough jobs in flight per worker that none waits for the main
 * thread. A job settles when its result is written (or extracted, for jobs naming no
 * database). With size 0 (or when the compiled worker is not available, as under a
 * TypeScript test runner) jobs run inline on the calling thread, and nothing is written.
 */

interface Slot {
  worker: Worker;
  /** Control messages (`release`), read by the worker before each job: they must not queue behind hundreds of jobs. */
  control: MessagePort;
  inFlight: number;
}

interface Pending {
  resolve: (r: FileJobResult) => void;
  reject: (e: Error) => void;
  slot: Slot;
}

// Jobs sent to a worker and not yet reported: a batch being written plus enough queued behind
// it that the worker never waits for the main thread.
const IN_FLIGHT_PER_WORKER = 512;

export function defaultWorkerCount(): number {
  return Math.max(1, Math.min(availableParallelism(), 8));
}

export class ExtractionPool {
  private readonly workers: Slot[] = [];
  private readonly pending = new Map<number, Pending>();
  private seq = 0;
  private closed = false;
  private readonly queue: ({ seq: number; job: FileJob } & Omit<Pending, 'slot'>)[] = [];
  /** Jobs run since creation (each one a read + possibly a parse). */
  jobs = 0;
  /** Workers left without new jobs while something else needs their core (see yieldCore). */
  private idle = 0;

  constructor(size: number = defaultWorkerCount()) {
    const script = fileURLToPath(distFile('core/index/worker.js'));
    if (size <= 0 || !existsSync(script)) return;
    for (let i = 0; i < size; i++) {
      const channel = new MessageChannel();
      const worker = new Worker(script, { workerData: { control: channel.port2 }, transferList: [channel.port2] });
      worker.unref();
      channel.port1.unref();
      const slot: Slot = { worker, control: channel.port1, inFlight: 0 };
      worker.on('message', (replies: WorkerReply) => {
        for (const { seq, result, error } of replies) {
          const p = this.pending.get(seq);
          if (!p) continue;
          this.pending.delete(seq);
          p.slot.inFlight--;
          if (result) p.resolve(result);
          else p.reject(new Error(error ?? 'worker failed'));
        }
        this.pump();
      });
      // A crashed worker (an uncaught error, out of memory) fails its jobs, which the indexer
      // records as failed, and leaves the pool: the rest go to the other workers, or inline.
      worker.on('error', (err) => this.retire(slot, err));
      worker.on('exit', (code) => this.retire(slot, new Error(`extraction worker exited (code ${code})`)));
      this.workers.push(slot);
    }
  }

  get size(): number {
    return this.workers.length;
  }

  /**
   * Run a job. An `urgent` one (a project's own file) skips the queue and the jobs already sent
   * to a worker: it goes on the worker's control channel, which the worker reads before each
   * job. Otherwise a file saved while a package's hundreds of files were in flight waited for
   * all of them (tens of seconds for a standard library on a busy machine).
   */
  run(job: FileJob, urgent = false): Promise<FileJobResult> {
    this.jobs++;
    if (this.closed) return Promise.reject(new Error('extraction pool is closed'));
    // Inline, nothing is written here: the result comes back unwritten, with its rows, for the indexer.
    if (!this.workers.length) return runFileJob(job);
    return new Promise((resolve, reject) => {
      const seq = ++this.seq;
      if (urgent) {
        const usable = this.idle ? this.workers.slice(0, Math.max(1, this.workers.length - this.idle)) : this.workers;
        const slot = usable.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
        slot.inFlight++;
        this.pending.set(seq, { resolve, reject, slot });
        slot.control.postMessage({ urgent: { seq, job } } satisfies ControlMessage);
        return;
      }
      this.queue.push({ seq, job, resolve, reject });
      this.pump();
    });
  }

  /**
   * Let the workers close their connections to a database whose owner is closing it: what they
   * have extracted for it is written, the jobs for it they have not started are refused.
   */
  release(owner: string): void {
    for (const w of this.workers) w.control.postMessage({ release: owner } satisfies ControlMessage);
    // Jobs for that database not sent yet are not sent at all.
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const q = this.queue[i]!;
      if (q.job.db?.owner !== owner) continue;
      this.queue.splice(i, 1);
      q.reject(new Error('the index was closed'));
    }
  }

  /**
   * Leave one worker without new jobs until `until` settles, so another thread gets its core:
   * a first build's quick name pass (name-sketch.ts), which on a core shared with two busy
   * workers took as long as the extraction. Only with two workers or more.
   */
  yieldCore(until: Promise<unknown>): void {
    if (this.workers.length < 2) return;
    this.idle++;
    void until.finally(() => {
      this.idle--;
      this.pump();
    });
  }

  private retire(slot: Slot, err: Error): void {
    const i = this.workers.indexOf(slot);
    if (i < 0) return;
    this.workers.splice(i, 1);
    for (const [seq, p] of this.pending) {
      if (p.slot !== slot) continue;
      p.reject(err);
      this.pending.delete(seq);
    }
    if (!this.closed) void slot.worker.terminate();
    this.pump();
  }

  private pump(): void {
    if (!this.workers.length && !this.closed) {
      // Every worker is gone: what is queued runs here, and the indexer writes it.
      for (const { job, resolve, reject } of this.queue.splice(0)) runFileJob(job).then(resolve, reject);
      return;
    }
    const usable = this.idle ? this.workers.slice(0, Math.max(1, this.workers.length - this.idle)) : this.workers;
    while (this.queue.length) {
      let best: Slot | undefined;
      for (const w of usable) if (w.inFlight < IN_FLIGHT_PER_WORKER && (!best || w.inFlight < best.inFlight)) best = w;
      if (!best) return;
      const { seq, job, resolve, reject } = this.queue.shift()!;
      best.inFlight++;
      this.pending.set(seq, { resolve, reject, slot: best });
      best.worker.postMessage({ seq, job } satisfies WorkerRequest);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of [...this.pending.values(), ...this.queue]) p.reject(new Error('extraction pool closed'));
    this.pending.clear();
    this.queue.length = 0;
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
    this.workers.length = 0;
  }
}
