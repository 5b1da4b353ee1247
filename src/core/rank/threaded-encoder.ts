import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { distFile } from '../dist-root.js';
import { DocentError, type ErrorCode } from '../errors.js';
import type { EncoderReply, EncoderRequest } from './encoder-worker.js';
import { SentenceEncoder, type SentenceEncoderOptions } from './sentence-encoder.js';

/**
 * A sentence-embedding model (sentence-encoder.ts) as the index uses it: in a worker thread of
 * its own (encoder-worker.ts), so a fill of thousands of items leaves the main thread free to
 * answer; in this thread when the worker script is not built (tests run the sources).
 */
export interface EmbeddingModel {
  /** Identifies the vectors the model gives (sentence-encoder.ts modelKey). */
  readonly key: string;
  readonly dim: number;
  /** One unit-length vector per text, row after row. */
  embed(texts: readonly string[]): Promise<Float32Array>;
  close(): Promise<void>;
}

export async function loadEncoder(dir: string, opts: SentenceEncoderOptions = {}): Promise<EmbeddingModel> {
  const script = fileURLToPath(distFile('core/rank/encoder-worker.js'));
  if (!existsSync(script)) return SentenceEncoder.load(dir, opts);
  const enc = new WorkerEncoder(new Worker(script));
  try {
    const got = await enc.ask({ op: 'load', dir, maxTokens: opts.maxTokens });
    enc.key = got.key!;
    enc.dim = got.dim!;
    return enc;
  } catch (err) {
    await enc.close();
    throw err;
  }
}

/** A request before it is numbered (Omit over each member of the union). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

class WorkerEncoder implements EmbeddingModel {
  key = '';
  dim = 0;
  private seq = 0;
  private readonly pending = new Map<number, { resolve: (r: Extract<EncoderReply, { ok: true }>) => void; reject: (e: Error) => void }>();
  private closed = false;

  constructor(private readonly worker: Worker) {
    // Never what keeps docent running; a request in flight holds it (see ask).
    worker.unref();
    worker.on('message', (reply: EncoderReply) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.ok) p.resolve(reply);
      else p.reject(new DocentError(reply.error.code as ErrorCode, reply.error.message, reply.error.hint || undefined));
    });
    const fail = (err: Error) => {
      this.closed = true;
      for (const p of this.pending.values()) p.reject(new DocentError('E_INTERNAL', `The embeddings model's thread stopped: ${err.message}`));
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
  }

  ask(req: WithoutId<EncoderRequest>): Promise<Extract<EncoderReply, { ok: true }>> {
    if (this.closed) return Promise.reject(new DocentError('E_UNAVAILABLE', 'The embeddings model is closed.'));
    const id = ++this.seq;
    this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...req, id } as EncoderRequest);
    });
  }

  async embed(texts: readonly string[]): Promise<Float32Array> {
    if (!texts.length) return new Float32Array(0);
    return (await this.ask({ op: 'embed', texts: [...texts] })).vecs!;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.ask({ op: 'close' }).catch(() => {});
    this.closed = true;
    await this.worker.terminate();
  }
}
