// A sentence-embedding model in the layout docs.embeddings.model reads (model.onnx +
// tokenizer.json, Hugging Face format), written from a table of word vectors: a BERT-style
// WordPiece tokenizer over the given words and an ONNX graph of one Gather, the token-embedding
// table, whose output is last_hidden_state [batch, tokens, dim]. It runs through the real
// runtime (onnxruntime-node) and tokenizer package. The tests build one whose groups of words
// are synonyms (test/helpers/tiny-embedding-model.ts); bench/docs-embeddings.bench.mjs one from
// an index's learned word vectors, to measure what a model costs docent beyond the model itself.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SPECIAL = ['[PAD]', '[UNK]', '[CLS]', '[SEP]'];

/**
 * Write model.onnx, tokenizer.json and tokenizer_config.json into `dir`. `words[i]` gets row i
 * of `vectors` (words.length × dim); special and unknown tokens get `special` (default zeros).
 */
export function writeEmbeddingModel(dir, { words, vectors, dim, special = new Float32Array(dim), tokenTypeIds = false }) {
  mkdirSync(dir, { recursive: true });
  const vocab = {};
  SPECIAL.forEach((t, i) => (vocab[t] = i));
  const rows = [];
  words.forEach((w, i) => {
    if (vocab[w] !== undefined) return;
    vocab[w] = SPECIAL.length + rows.length;
    rows.push(i);
  });
  const n = SPECIAL.length + rows.length;
  const table = new Float32Array(n * dim);
  for (let r = 0; r < SPECIAL.length; r++) table.set(special, r * dim);
  rows.forEach((i, k) => table.set(vectors.subarray(i * dim, (i + 1) * dim), (SPECIAL.length + k) * dim));
  writeFileSync(path.join(dir, 'model.onnx'), onnxGatherModel(table, n, dim, tokenTypeIds));
  writeFileSync(path.join(dir, 'tokenizer.json'), JSON.stringify(wordPieceTokenizer(vocab)));
  writeFileSync(path.join(dir, 'tokenizer_config.json'), JSON.stringify({ do_lower_case: true, model_max_length: 512 }));
}

function wordPieceTokenizer(vocab) {
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL.map((content, id) => ({ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true })),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: { type: 'BertProcessing', sep: ['[SEP]', 3], cls: ['[CLS]', 2] },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab },
  };
}

// A protobuf writer for the few ONNX messages needed (field numbers from onnx.proto3).
function varint(n) {
  const out = [];
  let v = BigInt(n);
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v) b |= 0x80;
    out.push(b);
  } while (v);
  return Buffer.from(out);
}
const num = (field, n) => Buffer.concat([varint(field << 3), varint(n)]);
const bytes = (field, b) => {
  const buf = typeof b === 'string' ? Buffer.from(b) : b;
  return Buffer.concat([varint((field << 3) | 2), varint(buf.length), buf]);
};
const cat = (...parts) => Buffer.concat(parts);
/** TensorShapeProto.Dimension: a fixed size or a named (dynamic) one. */
const dimension = (d) => bytes(1, typeof d === 'number' ? num(1, d) : bytes(2, d));
/** ValueInfoProto { name, type: TypeProto { tensor_type: { elem_type, shape } } }. */
const valueInfo = (name, elemType, dims) =>
  cat(bytes(1, name), bytes(2, bytes(1, cat(num(1, elemType), bytes(2, cat(...dims.map(dimension)))))));

const FLOAT = 1;
const INT64 = 7;

function onnxGatherModel(table, rows, dim, tokenTypeIds) {
  const raw = Buffer.from(table.buffer, table.byteOffset, table.byteLength);
  const initializer = cat(num(1, rows), num(1, dim), num(2, FLOAT), bytes(8, 'embeddings'), bytes(9, raw));
  const node = cat(bytes(1, 'embeddings'), bytes(1, 'input_ids'), bytes(2, 'last_hidden_state'), bytes(3, 'lookup'), bytes(4, 'Gather'));
  const inputs = [valueInfo('input_ids', INT64, ['batch', 'tokens']), valueInfo('attention_mask', INT64, ['batch', 'tokens'])];
  if (tokenTypeIds) inputs.push(valueInfo('token_type_ids', INT64, ['batch', 'tokens']));
  const graph = cat(bytes(1, node), bytes(2, 'tiny-encoder'), bytes(5, initializer), ...inputs.map((i) => bytes(11, i)), bytes(12, valueInfo('last_hidden_state', FLOAT, ['batch', 'tokens', dim])));
  // ModelProto { ir_version 7, opset_import { domain "", version 13 }, producer_name, graph }.
  return cat(num(1, 7), bytes(8, cat(bytes(1, ''), num(2, 13))), bytes(2, 'docent-test'), bytes(7, graph));
}
