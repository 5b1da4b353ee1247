import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { runFileJob, type FileJob, type FileJobResult } from './job.js';

/**
 * Extraction across cores: a fixed set of worker threads, each with its own tree-sitter
 * runtime and grammars, fed from one queue with a few jobs in flight per worker so none waits
 * for the main thread. With size 0 (or when the compiled worker is not available, as under a
 * TypeScript test runner) jobs run inline on the calling thread.
 */

interface Pending {
  resolve: (r: FileJobResult) => void;
  reject: (e: Error) => void;
}

// Deep per-worker queues: the main thread pauses for SQLite batches, and workers must not starve meanwhile.
const IN_FLIGHT_PER_WORKER = 64;

export function defaultWorkerCount(): number {
  return Math.max(1, Math.min(availableParallelism(), 8));
}

export class ExtractionPool {
  private readonly workers: { worker: Worker; inFlight: number }[] = [];
  private readonly pending = new Map<number, Pending>();
  private readonly queue: { seq: number; job: FileJob }[] = [];
  private seq = 0;
  private closed = false;
  /** Jobs run since creation (each one a read + possibly a parse). */
  jobs = 0;

  constructor(size: number = defaultWorkerCount()) {
    const script = fileURLToPath(new URL('./worker.js', import.meta.url));
    if (size <= 0 || !existsSync(script)) return;
    for (let i = 0; i < size; i++) {
      const worker = new Worker(script);
      worker.unref();
      const slot = { worker, inFlight: 0 };
      worker.on('message', (msg: { seq: number; result?: FileJobResult; error?: string }) => {
        slot.inFlight--;
        const p = this.pending.get(msg.seq);
        this.pending.delete(msg.seq);
        if (p) msg.result ? p.resolve(msg.result) : p.reject(new Error(msg.error ?? 'worker failed'));
        this.pump();
      });
      worker.on('error', (err) => {
        // A crashed worker fails its jobs; the indexer records them as failed and carries on.
        for (const [seq, p] of this.pending) {
          p.reject(err);
          this.pending.delete(seq);
        }
      });
      this.workers.push(slot);
    }
  }

  get size(): number {
    return this.workers.length;
  }

  run(job: FileJob): Promise<FileJobResult> {
    this.jobs++;
    if (!this.workers.length) return runFileJob(job);
    if (this.closed) return Promise.reject(new Error('extraction pool is closed'));
    return new Promise((resolve, reject) => {
      const seq = ++this.seq;
      this.pending.set(seq, { resolve, reject });
      this.queue.push({ seq, job });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length) {
      let best: (typeof this.workers)[number] | undefined;
      for (const w of this.workers) if (w.inFlight < IN_FLIGHT_PER_WORKER && (!best || w.inFlight < best.inFlight)) best = w;
      if (!best) return;
      const next = this.queue.shift()!;
      best.inFlight++;
      best.worker.postMessage(next);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.pending.values()) p.reject(new Error('extraction pool closed'));
    this.pending.clear();
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
    this.workers.length = 0;
  }
}
