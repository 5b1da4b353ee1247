import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DocentError } from '../errors.js';

/**
 * A sentence-embedding model the user already has on disk (config `docs.embeddings.model`):
 * a directory in the Hugging Face layout, an ONNX export of a transformer encoder
 * (`model.onnx`, or `onnx/model.onnx` as sentence-transformers and transformers.js ship it)
 * beside its `tokenizer.json`. Texts become one unit-length vector each: the model's token
 * vectors averaged over the attention mask (how sentence-transformers pools MiniLM, BGE, E5
 * and most others), or its pooled output when the export already has one.
 *
 * The runtime (`onnxruntime-node`) and the tokenizer (`@huggingface/tokenizers`, pure
 * JavaScript: WordPiece, BPE and Unigram from tokenizer.json) are optional peer packages:
 * loaded here, on first use, only when a model is configured, so nobody else pays for the
 * runtime's ~200 MB.
 */

/** Tokens per text: item summaries and questions are short, and attention costs grow with the square of the length. */
export const DEFAULT_MAX_TOKENS = 128;

export interface SentenceEncoderOptions {
  maxTokens?: number;
}

type Ort = typeof import('onnxruntime-node');
type TokenizerCtor = typeof import('@huggingface/tokenizers').Tokenizer;
type Session = Awaited<ReturnType<Ort['InferenceSession']['create']>>;
type Tokenizer = InstanceType<TokenizerCtor>;

/** Where a model directory keeps its ONNX file, in the order tried. */
const MODEL_FILES = ['model.onnx', 'onnx/model.onnx', 'model_quantized.onnx', 'onnx/model_quantized.onnx'];

export class SentenceEncoder {
  /** Identifies the model's vectors (modelKey: its files and token limit; vectors of another model are not comparable). */
  readonly key: string;
  readonly dim: number;

  private constructor(
    private readonly ort: Ort,
    private readonly session: Session,
    private readonly tokenizer: Tokenizer,
    private readonly maxTokens: number,
    private readonly output: string,
    modelFile: string,
    dim: number,
  ) {
    this.key = fileKey(modelFile, maxTokens);
    this.dim = dim;
  }

  /** Load the model in `dir`; a DocentError says what is missing and how to get it. */
  static async load(dir: string, opts: SentenceEncoderOptions = {}): Promise<SentenceEncoder> {
    const modelFile = modelFileIn(dir);
    if (!existsSync(dir)) throw new DocentError('E_NOT_FOUND', `The embeddings model directory ${dir} does not exist.`, 'Set docs.embeddings.model to a directory holding model.onnx (or onnx/model.onnx) and tokenizer.json, or remove the setting.');
    if (!modelFile) throw new DocentError('E_NOT_FOUND', `No ONNX model in ${dir} (looked for ${MODEL_FILES.join(', ')}).`, 'Point docs.embeddings.model at an ONNX export of a sentence-embedding model, e.g. a sentence-transformers model exported with optimum.');
    const tokFile = path.join(dir, 'tokenizer.json');
    if (!existsSync(tokFile)) throw new DocentError('E_NOT_FOUND', `No tokenizer.json in ${dir}.`, 'The model directory needs the tokenizer.json that came with the model.');
    const ortModule = await importOptional<Ort & { default?: Ort }>('onnxruntime-node');
    const ort = ortModule.default ?? ortModule; // a CommonJS package: its exports are the default export
    const { Tokenizer } = await importOptional<{ Tokenizer: TokenizerCtor }>('@huggingface/tokenizers');
    let tokenizer: Tokenizer;
    try {
      const configFile = path.join(dir, 'tokenizer_config.json');
      tokenizer = new Tokenizer(JSON.parse(readFileSync(tokFile, 'utf8')), existsSync(configFile) ? JSON.parse(readFileSync(configFile, 'utf8')) : {});
    } catch (err) {
      throw new DocentError('E_BAD_INPUT', `Cannot read ${tokFile}: ${(err as Error).message}`, 'Use the tokenizer.json saved with the model (Hugging Face tokenizers format).');
    }
    let session: Session;
    try {
      // One intra-op thread per request: the index builds embeddings in the background next to searches and extraction.
      session = await ort.InferenceSession.create(modelFile, { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all' });
    } catch (err) {
      throw new DocentError('E_BAD_INPUT', `Cannot load ${modelFile}: ${(err as Error).message}`, 'The file must be an ONNX model onnxruntime can run (an encoder taking input_ids and attention_mask).');
    }
    try {
      if (!session.inputNames.includes('input_ids')) throw new DocentError('E_BAD_INPUT', `${modelFile} takes no input_ids (it takes ${session.inputNames.join(', ')}).`, 'Use a text encoder export (input_ids, attention_mask).');
      const output = ['sentence_embedding', 'last_hidden_state', 'token_embeddings'].find((n) => session.outputNames.includes(n)) ?? session.outputNames[0]!;
      const probe = new SentenceEncoder(ort, session, tokenizer, opts.maxTokens ?? DEFAULT_MAX_TOKENS, output, modelFile, 0);
      const dim = (await probe.run(['probe'])).dim;
      return new SentenceEncoder(ort, session, tokenizer, opts.maxTokens ?? DEFAULT_MAX_TOKENS, output, modelFile, dim);
    } catch (err) {
      await session.release().catch(() => {});
      if (err instanceof DocentError) throw err;
      throw new DocentError('E_BAD_INPUT', `${modelFile} failed on a test sentence: ${(err as Error).message}`, 'Use an ONNX export of a text encoder that takes input_ids and attention_mask (and optionally token_type_ids) and returns token or sentence vectors.');
    }
  }

  /** One unit-length vector per text, row after row (texts.length × dim). */
  async embed(texts: readonly string[]): Promise<Float32Array> {
    return texts.length ? (await this.run(texts)).vecs : new Float32Array(0);
  }

  private async run(texts: readonly string[]): Promise<{ vecs: Float32Array; dim: number }> {
    const encoded: number[][] = texts.map((t) => {
      const e = this.tokenizer.encode(t);
      // Too long: keep the start and the closing special token ([SEP], </s>) the model was trained to see.
      if (e.ids.length <= this.maxTokens) return e.ids;
      return [...e.ids.slice(0, this.maxTokens - 1), e.ids[e.ids.length - 1]!];
    });
    const seq = Math.max(1, ...encoded.map((ids) => ids.length));
    const n = texts.length;
    const ids = new BigInt64Array(n * seq);
    const mask = new BigInt64Array(n * seq);
    encoded.forEach((row, i) => {
      row.forEach((id: number, j: number) => {
        ids[i * seq + j] = BigInt(id);
        mask[i * seq + j] = 1n;
      });
    });
    const feeds: Record<string, InstanceType<Ort['Tensor']>> = {};
    const { Tensor } = this.ort;
    for (const name of this.session.inputNames) {
      if (name === 'input_ids') feeds[name] = new Tensor('int64', ids, [n, seq]);
      else if (name === 'attention_mask') feeds[name] = new Tensor('int64', mask, [n, seq]);
      else if (name === 'token_type_ids') feeds[name] = new Tensor('int64', new BigInt64Array(n * seq), [n, seq]);
      else if (name === 'position_ids') feeds[name] = new Tensor('int64', BigInt64Array.from({ length: n * seq }, (_, k) => BigInt(k % seq)), [n, seq]);
      else throw new DocentError('E_BAD_INPUT', `The model takes an input docent cannot fill: ${name}.`, 'Use a text encoder export taking input_ids, attention_mask and optionally token_type_ids.');
    }
    const out = (await this.session.run(feeds))[this.output]!;
    const data = out.data as Float32Array;
    const dims = out.dims;
    if (dims.length === 2) return { vecs: normalizeRows(Float32Array.from(data), dims[1]!), dim: dims[1]! };
    if (dims.length !== 3) throw new DocentError('E_BAD_INPUT', `The model's output ${this.output} has shape [${dims.join(', ')}].`, 'Use an encoder whose output is token vectors [batch, tokens, dim] or sentence vectors [batch, dim].');
    return { vecs: meanPool(data, mask, n, Number(dims[1]), Number(dims[2])), dim: Number(dims[2]) };
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}

/**
 * What identifies the vectors a model directory gives, without loading it: the model file and
 * its tokenizer.json, their sizes and modification times, and the token limit (vectors of
 * another model, or of texts cut elsewhere, are not comparable). Null when the directory holds
 * no model.
 */
export function modelKey(dir: string, maxTokens = DEFAULT_MAX_TOKENS): string | null {
  const modelFile = modelFileIn(dir);
  return modelFile ? fileKey(modelFile, maxTokens) : null;
}

/** The directory's ONNX file, the first of MODEL_FILES there. */
function modelFileIn(dir: string): string | undefined {
  return MODEL_FILES.map((f) => path.join(dir, f)).find((f) => existsSync(f));
}

function fileKey(modelFile: string, maxTokens: number): string {
  const st = statSync(modelFile);
  // The tokenizer decides the vectors as much as the weights do (and is what a user fixes when it fails to load).
  const tokFile = path.join(path.dirname(modelFile).replace(/[\\/]onnx$/, ''), 'tokenizer.json');
  const tok = existsSync(tokFile) ? statSync(tokFile) : null;
  return `${modelFile}:${st.size}:${Math.round(st.mtimeMs)}:${tok ? `${tok.size}:${Math.round(tok.mtimeMs)}` : '-'}:${maxTokens}`;
}

/** Token vectors [n, seq, dim] averaged over each row's unmasked tokens, then scaled to unit length. */
export function meanPool(data: Float32Array, mask: BigInt64Array, n: number, seq: number, dim: number): Float32Array {
  const out = new Float32Array(n * dim);
  for (let i = 0; i < n; i++) {
    let count = 0;
    for (let j = 0; j < seq; j++) {
      if (mask[i * seq + j] === 0n) continue;
      count++;
      const base = (i * seq + j) * dim;
      for (let d = 0; d < dim; d++) out[i * dim + d]! += data[base + d]!;
    }
    if (count) for (let d = 0; d < dim; d++) out[i * dim + d]! /= count;
  }
  return normalizeRows(out, dim);
}

/** Each row scaled to unit length (a zero row stays zero), so a dot product is the cosine. */
export function normalizeRows(v: Float32Array, dim: number): Float32Array {
  for (let i = 0; i < v.length; i += dim) {
    let s = 0;
    for (let d = 0; d < dim; d++) s += v[i + d]! * v[i + d]!;
    if (s <= 0) continue;
    const inv = 1 / Math.sqrt(s);
    for (let d = 0; d < dim; d++) v[i + d]! *= inv;
  }
  return v;
}

async function importOptional<T>(name: string): Promise<T> {
  try {
    return (await import(name)) as T;
  } catch (err) {
    throw new DocentError('E_UNAVAILABLE', `docs.embeddings.model needs the package ${name}, which cannot be loaded: ${(err as Error).message.split('\n')[0]}`, `Install it next to docent (npm install onnxruntime-node @huggingface/tokenizers), or remove docs.embeddings.model.`);
  }
}
