// What a sentence-embedding model (config docs.embeddings.model) costs docent beyond the model.
//
//   node bench/docs-embeddings.bench.mjs [--reuse DIR] [--queries N] [--keep-model DIR] [--dim N]
//
// No pretrained model can be downloaded here, so the model is one written from the index's own
// learned word vectors (bench/lib/embedding-model.mjs: a WordPiece tokenizer over those words
// and an ONNX graph of one Gather, mean-pooled by docent): a real ONNX model through the real
// runtime, whose own compute is next to nothing, so what is measured is docent's part.
// On this interpreter's standard library + site-packages (as bench/docs-quality.bench.mjs):
//   - embedding every documented public item after a sync, against the model alone embedding
//     the same texts in the same batches (SentenceEncoder.embed, no database) in the same run;
//   - docs_search through MCP stdio with the model against without it, the same queries, the
//     same database, after a warm-up pass each (questions in words embed the question and scan
//     every stored vector; names do not touch the model).
// --dim N widens (or cuts) the vectors to N dimensions, the extra ones small and random, so that
// storing and scanning them costs what a real model's would (default 384, MiniLM's width; 0: as learned).
// --keep-model DIR writes the model there and keeps it (docs-quality's --embeddings reads it).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DocsIndex } from '../dist/core/index/service.js';
import { indexDbPath } from '../dist/core/index/paths.js';
import { SentenceEncoder } from '../dist/core/rank/sentence-encoder.js';
import { embeddingText, fillEmbeddings } from '../dist/core/index/embeddings.js';
import { writeEmbeddingModel } from './lib/embedding-model.mjs';
import { docsSearchOverMcp, mixedQueries } from './lib/mcp-search.mjs';
import { median, percentile } from './lib/stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
};
const reuse = opt('reuse', '');
const nQueries = Math.max(1, Number(opt('queries', '1000')) || 1000);
const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(2)} ms`);

let root;
try {
  root = realpathSync(execFileSync('python3', ['-c', "import sysconfig; print(sysconfig.get_paths()['stdlib'])"], { encoding: 'utf8' }).trim());
} catch {
  console.log('docs-embeddings: python3 not found, skipped');
  process.exit(0);
}
const indexDir = reuse ? path.join(reuse, 'python') : mkdtempSync(path.join(tmpdir(), 'docent-bench-emb-'));
mkdirSync(indexDir, { recursive: true });
const modelDir = opt('keep-model', '') ? path.resolve(opt('keep-model', '')) : mkdtempSync(path.join(tmpdir(), 'docent-bench-model-'));

// 1. The index, and a model from its word vectors.
let idx = new DocsIndex({ roots: [root], indexDir, includePrivate: false, maxFileBytes: 1_000_000, exclude: [] });
let t = performance.now();
await idx.catchUp();
console.log(`python (${root}): ${reuse ? 'sync' : 'index'} ${fmt(performance.now() - t)}; ${idx.status().items} items`);
const db = idx.roots[0].store.db;
const rows = db.prepare(`SELECT word, vec FROM word_vectors`).all();
const learned = Number(db.prepare(`SELECT value FROM meta WHERE key = 'vectors'`).pluck().get().split(':')[2]);
const dim = Number(opt('dim', '384')) || learned;
const vectors = new Float32Array(rows.length * dim);
let noise = 11;
const small = () => ((noise = (noise * 1103515245 + 12345) & 0x7fffffff), ((noise % 2001) - 1000) / 1e5);
rows.forEach((r, i) => {
  const v = new Float32Array(new Uint8Array(r.vec).buffer, 0, learned);
  for (let d = 0; d < dim; d++) vectors[i * dim + d] = d < learned ? v[d] : small();
});
writeEmbeddingModel(modelDir, { words: rows.map((r) => r.word), vectors, dim });
await idx.dispose();
console.log(`model: ${rows.length} words × ${dim} dimensions (the index's learned word vectors)`);

// 2. Embedding the items: docent's fill (texts, hashes, writes) against the model alone on the same texts.
const Database = (await import('better-sqlite3')).default;
const dbFile = indexDbPath(root, indexDir);
const enc = await SentenceEncoder.load(modelDir);
const fillDb = new Database(dbFile);
const fills = [];
let got;
for (let run = 0; run < 3; run++) {
  fillDb.prepare(`DELETE FROM meta WHERE key = 'embeddings_model'`).run(); // a new model: every vector again
  got = await fillEmbeddings(fillDb, enc);
  fills.push(got.ms);
}
const texts = fillDb.prepare(`SELECT i.name, i.summary FROM item_embeddings e JOIN items i ON i.rowid = e.rowid`).all().map((r) => embeddingText(r.name, r.summary));
fillDb.close();
const alone = [];
for (let run = 0; run < 3; run++) {
  const t0 = performance.now();
  for (let i = 0; i < texts.length; i += 32) await enc.embed(texts.slice(i, i + 32));
  alone.push(performance.now() - t0);
}
console.log(`embedding ${got.embedded} items (the documented public ones outside vendored and test copies), median of 3: ${fmt(median(fills))} vs the model alone on the same ${texts.length} texts: ${fmt(median(alone))} = ${(median(fills) / median(alone)).toFixed(2)}×`);
const q1 = performance.now();
for (let i = 0; i < 200; i++) await enc.embed([`find the item number ${i} in a sorted list`]);
const queryEmbedMs = (performance.now() - q1) / 200;
await enc.close();
console.log(`one question through the model alone: ${fmt(queryEmbedMs)}`);

// 3. docs_search through MCP stdio, with and without the model, on the same database.
const questions = JSON.parse(readFileSync(path.join(here, 'data/docs-questions.json'), 'utf8')).corpora.python.map((q) => q.q);
const names = new Database(dbFile, { readonly: true });
const queries = mixedQueries(names, { lead: questions, n: nQueries, seed: 7 });
names.close();
const without = await docsSearchOverMcp({ root, indexDir, queries });
const withModel = await docsSearchOverMcp({ root, indexDir, queries, env: { DOCENT_EMBEDDINGS_MODEL: modelDir } });
const line = (xs) => `p50 ${fmt(percentile(xs, 50))}, p95 ${fmt(percentile(xs, 95))}`;
console.log(`docs_search through MCP stdio, ${queries.length} queries after a warm-up pass: with the model ${line(withModel)}; without ${line(without)}; p95 ratio ${(percentile(withModel, 95) / percentile(without, 95)).toFixed(2)}×`);

if (!reuse) rmSync(indexDir, { recursive: true, force: true });
if (!opt('keep-model', '')) rmSync(modelDir, { recursive: true, force: true });

