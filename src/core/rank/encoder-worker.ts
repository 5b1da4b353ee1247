import { parentPort } from 'node:worker_threads';
import { DocentError } from '../errors.js';
import { SentenceEncoder } from './sentence-encoder.js';

/**
 * The worker thread a sentence-embedding model runs in (threaded-encoder.ts): onnxruntime-node
 * runs a model call synchronously on the thread that asks, so on the main thread every batch of
 * an index's fill would hold up every MCP request behind it.
 */

export type EncoderRequest =
  | { id: number; op: 'load'; dir: string; maxTokens?: number }
  | { id: number; op: 'embed'; texts: string[] }
  | { id: number; op: 'close' };

export type EncoderReply =
  | { id: number; ok: true; key?: string; dim?: number; vecs?: Float32Array }
  | { id: number; ok: false; error: { code: string; message: string; hint: string } };

let encoder: SentenceEncoder | null = null;

parentPort?.on('message', (req: EncoderRequest) => {
  void handle(req).then(
    (reply) => parentPort!.postMessage(reply, reply.ok && reply.vecs ? [reply.vecs.buffer as ArrayBuffer] : []),
    (err: unknown) => {
      const e = err instanceof DocentError ? err : null;
      parentPort!.postMessage({ id: req.id, ok: false, error: { code: e?.code ?? 'E_INTERNAL', message: (err as Error).message, hint: e?.hint ?? '' } } satisfies EncoderReply);
    },
  );
});

async function handle(req: EncoderRequest): Promise<EncoderReply> {
  if (req.op === 'load') {
    encoder = await SentenceEncoder.load(req.dir, { maxTokens: req.maxTokens });
    return { id: req.id, ok: true, key: encoder.key, dim: encoder.dim };
  }
  if (req.op === 'embed') {
    if (!encoder) throw new DocentError('E_INTERNAL', 'The embeddings model is not loaded.');
    return { id: req.id, ok: true, vecs: await encoder.embed(req.texts) };
  }
  await encoder?.close();
  encoder = null;
  return { id: req.id, ok: true };
}
