// search_symbols against raw clangd workspace/symbol, in the same run, on two C++ projects of
// more than 50k lines: a generated tree (namespaces, classes, templates, overloads,
// <vector>/<string>) and a real one, GoogleTest + GoogleMock with their tests (~85k lines, from
// Debian's googletest package via scripts/fetch-googletest.sh; skipped when it cannot be had).
// Two copies of each so that each clangd indexes cold; docent's docs index is built for its copy
// first, as `docent serve` does at startup. Figures: time to the first complete answer, medians
// and p95 over a few hundred queries (interleaved, so all see the same machine load) for raw
// clangd, the default call (signature and documentation on the top 20: docs index, then hover
// within 150 ms on files the server already holds), the call without details, on a project with
// more languages than C++ (GoogleTest has Python test scripts, so pyright is searched too) the
// default call with language: cpp, a warm repeat of the same default call (what a daemon answers
// to an agent asking again), and with include_references; the targets (no details: < 10% of
// raw + 5 ms; default: <= 2x raw + 10 ms); how many top results carry a signature, and whether
// any the docs index describes went without; RSS.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node.js';
import { ConfigSchema } from '../dist/core/config/schema.js';
import { createLogger } from '../dist/core/log.js';
import { LspManager } from '../dist/core/lsp/manager.js';
import { ServiceRegistry } from '../dist/core/services.js';
import { Workspace } from '../dist/core/workspace/workspace.js';
import { SearchSymbolsInput, searchSymbols } from '../dist/features/symbols/index.js';
import { OwnedSession } from '../dist/features/context.js';
import { docsIndexFor } from '../dist/features/docs/service.js';
import { median, ms, percentile, summary } from './lib/stats.mjs';

const FILES = Number(process.env.BENCH_FILES ?? 110);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);
const REPO = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function generate(dir) {
  mkdirSync(path.join(dir, 'include/gen'), { recursive: true });
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  let lines = 0;
  const cdb = [];
  for (let f = 0; f < FILES; f++) {
    const h = [`#pragma once`, `#include <string>`, `#include <vector>`, `namespace gen::mod${f} {`];
    const c = [`#include "gen/mod${f}.h"`, `namespace gen::mod${f} {`];
    for (let k = 0; k < 12; k++) {
      const cls = `Widget${f}_${k}`;
      h.push(`/// ${cls} does part ${k} of module ${f}.`, `class ${cls} {`, ` public:`, `  explicit ${cls}(int seed);`);
      for (let m = 0; m < 6; m++) {
        h.push(`  /// Compute step ${m}.`, `  int compute_${m}(int x) const;`, `  int compute_${m}(int x, int y) const;`);
        c.push(`int ${cls}::compute_${m}(int x) const { return x * ${m + 1} + seed_; }`);
        c.push(`int ${cls}::compute_${m}(int x, int y) const {`, `  int acc = seed_;`, `  for (int i = 0; i < y; ++i) acc += x ^ i;`, `  return acc;`, `}`);
      }
      h.push(`  std::string label() const { return "${cls}"; }`, ` private:`, `  int seed_;`, `  std::vector<int> cache_;`, `};`, '');
      c.push(`${cls}::${cls}(int seed) : seed_(seed) {}`, '');
    }
    h.push(`template <typename T>`, `T accumulate_${f}(const std::vector<T>& xs) {`, `  T sum{};`, `  for (const T& x : xs) sum += x;`, `  return sum;`, `}`);
    h.push(`/// Module helper.`, `int helper_${f}(int a);`, `}  // namespace gen::mod${f}`);
    c.push(`int helper_${f}(int a) { return a + ${f}; }`, `}  // namespace gen::mod${f}`);
    writeFileSync(path.join(dir, `include/gen/mod${f}.h`), h.join('\n') + '\n');
    writeFileSync(path.join(dir, `src/mod${f}.cpp`), c.join('\n') + '\n');
    lines += h.length + c.length;
    cdb.push({ directory: dir, file: `src/mod${f}.cpp`, arguments: ['c++', '-std=c++17', '-Iinclude', '-c', `src/mod${f}.cpp`] });
  }
  mkdirSync(path.join(dir, 'build'), { recursive: true });
  writeFileSync(path.join(dir, 'build/compile_commands.json'), JSON.stringify(cdb, null, 1));
  return lines;
}

function rssOf(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The reference: clangd with the same flags, driven by the bare jsonrpc connection. */
async function rawClangd(root, firstFile, firstQuery) {
  const t0 = performance.now();
  const child = spawn('clangd', ['--background-index', '--limit-results=5000', '--header-insertion=never', '--log=error', `--compile-commands-dir=${path.join(root, 'build')}`], { cwd: root, stdio: ['pipe', 'pipe', 'ignore'] });
  const conn = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const active = new Set();
  let idleResolve;
  conn.onRequest('window/workDoneProgress/create', () => null);
  conn.onUnhandledProgress(({ token, value }) => {
    if (value.kind === 'begin') active.add(token);
    if (value.kind === 'end') {
      active.delete(token);
      if (active.size === 0) idleResolve?.();
    }
  });
  conn.onNotification(() => {});
  conn.listen();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: { window: { workDoneProgress: true } } });
  await conn.sendNotification('initialized', {});
  const first = path.join(root, firstFile);
  const indexed = new Promise((r) => (idleResolve = r));
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: pathToFileURL(first).href, languageId: 'cpp', version: 1, text: readFileSync(first, 'utf8') } });
  await indexed;
  const firstAnswer = await conn.sendRequest('workspace/symbol', { query: firstQuery });
  const ttfa = performance.now() - t0;
  return {
    ttfa,
    firstCount: firstAnswer.length,
    query: (q) => conn.sendRequest('workspace/symbol', { query: q }),
    pid: child.pid,
    close: async () => {
      await conn.sendRequest('shutdown').catch(() => {});
      await conn.sendNotification('exit').catch(() => {});
      child.kill();
    },
  };
}

async function docent(root, firstQuery) {
  const services = new ServiceRegistry();
  const config = ConfigSchema.parse({ lsp: { readyTimeoutMs: 600_000 }, indexDir: mkdtempSync(path.join(tmpdir(), 'docent-bench-idx-')) });
  const ctx = { workspace: new Workspace([root]), config, services, signal: new AbortController().signal, progress: () => {}, log: createLogger('bench'), session: new OwnedSession('bench') };
  const t0 = performance.now();
  const index = await docsIndexFor(ctx);
  const indexMs = performance.now() - t0;
  const run = (query, extra = {}) => searchSymbols(SearchSymbolsInput.parse({ query, max_results: 100, ...extra }), ctx);
  const t1 = performance.now();
  const first = await run(firstQuery, { include_details: false });
  const ttfa = performance.now() - t1;
  const manager = LspManager.from(ctx);
  const db = index.roots[0].store.db;
  const indexed = db.prepare('SELECT COUNT(*) FROM files f JOIN items i ON i.file_id = f.id WHERE f.path = ? AND i.name = ? AND i.line BETWEEN ? AND ?').pluck();
  /** Whether the docs index has an item of this name declared at this place (1-based line, or a few lines above it). */
  const indexHas = (file, name, line) => indexed.get(file, name, line - 3, line) > 0;
  const names = db.prepare("SELECT DISTINCT name FROM items WHERE length(name) > 3 AND kind NOT IN ('module', 'example') ORDER BY name").pluck().all();
  const close = async () => {
    await services.disposeAll();
    rmSync(config.indexDir, { recursive: true, force: true });
  };
  return { ttfa, indexMs, items: index.status().items, first, run, indexHas, names, pids: () => manager.list().map((s) => s.pid).filter(Boolean), close };
}

async function bench(label, dir, { firstFile, firstQuery, vocab }) {
  const base = mkdtempSync(path.join(tmpdir(), 'docent-bench-symbols-'));
  try {
    const a = path.join(base, 'raw');
    const b = path.join(base, 'docent');
    cpSync(dir, a, { recursive: true });
    cpSync(dir, b, { recursive: true });
    // Point each copy's compilation database at itself.
    for (const [copy, cdb] of [[a, path.join(a, 'build/compile_commands.json')], [b, path.join(b, 'build/compile_commands.json')]]) {
      writeFileSync(cdb, readFileSync(cdb, 'utf8').replaceAll(dir, copy));
    }
    console.log(`\n--- ${label} ---`);
    const raw = await rawClangd(a, firstFile, firstQuery);
    console.log(`time to first complete answer: raw clangd ${ms(raw.ttfa)} (${raw.firstCount} symbols)`);
    const doc = await docent(b, firstQuery);
    console.log(`time to first complete answer: docent     ${ms(doc.ttfa)} (${doc.first.total_matches} symbols, index ${doc.first.index_status}); docs index built in ${ms(doc.indexMs)} (${doc.items} items)`);

    const queries = vocab
      ? // The generated tree: the queries of earlier runs (figures stay comparable).
        Array.from({ length: QUERIES }, (_, i) => {
          const v = vocab[i % vocab.length];
          return i % 3 === 0 ? `${v}${i % FILES}` : v;
        })
      : // A real project: names from its docs index, whole, as 4-letter prefixes and as lower-case fuzzy queries, as agents ask.
        Array.from({ length: QUERIES }, (_, i) => {
          const words = doc.names.filter((_, k, xs) => k % Math.max(1, Math.floor(xs.length / 100)) === 0);
          const v = words[(i * 7) % words.length];
          return i % 3 === 0 ? v : i % 3 === 1 ? v.slice(0, 4) : v.toLowerCase().slice(0, 6);
        });
    // Warm all three once, then interleave so all see the same load.
    await raw.query(queries[0]);
    await doc.run(queries[0]);
    await doc.run(queries[0], { include_details: false });
    const tRaw = [];
    const tDef = [];
    const tBare = [];
    const tCpp = [];
    const tWarm = [];
    // More than one language server searched: also time the default call on clangd alone.
    const others = doc.first.servers.filter((s) => s.server !== 'clangd').map((s) => s.server);
    let tops = 0;
    let signed = 0;
    let missed = 0;
    const missedNames = new Set();
    for (const q of queries) {
      let t = performance.now();
      await raw.query(q);
      tRaw.push(performance.now() - t);
      t = performance.now();
      const r = await doc.run(q);
      tDef.push(performance.now() - t);
      t = performance.now();
      await doc.run(q, { include_details: false });
      tBare.push(performance.now() - t);
      if (others.length) {
        t = performance.now();
        await doc.run(q, { language: 'cpp' });
        tCpp.push(performance.now() - t);
      }
      t = performance.now();
      await doc.run(q);
      tWarm.push(performance.now() - t);
      for (const s of r.symbols.slice(0, 20)) {
        tops++;
        if (s.signature) signed++;
        else if (doc.indexHas(s.location.file, s.name, s.location.range.start.line)) {
          missed++;
          missedNames.add(`${s.qualified_name} (${s.location.file})`);
        }
      }
    }
    console.log(summary('raw clangd workspace/symbol', tRaw));
    console.log(summary('docent search_symbols, default (details from the docs index, hover within 150 ms)', tDef));
    console.log(summary('docent search_symbols, include_details: false', tBare));
    if (others.length) console.log(summary(`docent search_symbols, default, language: cpp (the default call also searched ${others.join(', ')})`, tCpp));
    console.log(summary('docent search_symbols, default, the same query again right after (warm)', tWarm));
    const tRefs = [];
    for (const q of queries.slice(0, 40)) {
      const t = performance.now();
      await doc.run(q, { include_references: true });
      tRefs.push(performance.now() - t);
    }
    console.log(summary('docent search_symbols, include_references: true (top 20)', tRefs));
    const over = median(tBare) - median(tRaw);
    const budget = 0.1 * median(tRaw) + 5;
    console.log(`no details: overhead (median) ${ms(over)}; target < ${ms(budget)} (10% of raw + 5 ms): ${over < budget ? 'MET' : 'MISSED'}; p95 overhead ${ms(percentile(tBare, 95) - percentile(tRaw, 95))}`);
    const target = 2 * median(tRaw) + 10;
    console.log(`default: median ${ms(median(tDef))}; target <= ${ms(target)} (2x raw + 10 ms): ${median(tDef) <= target ? 'MET' : 'MISSED'}; ratio default/raw ${(median(tDef) / median(tRaw)).toFixed(2)}x`);
    if (tCpp.length) console.log(`default, language: cpp: median ${ms(median(tCpp))}; against the same target: ${median(tCpp) <= target ? 'MET' : 'MISSED'}; ratio ${(median(tCpp) / median(tRaw)).toFixed(2)}x`);
    console.log(`warm repeat of the default call: median ${ms(median(tWarm))} (${(median(tWarm) / median(tRaw)).toFixed(2)}x raw)`);
    console.log(`signature on ${signed} of ${tops} top results (${((100 * signed) / Math.max(1, tops)).toFixed(1)}%); results the docs index describes but left without one: ${missed}${missed ? ` (${[...missedNames].slice(0, 5).join(', ')})` : ''}`);
    const docRss = process.memoryUsage().rss / 1024 / 1024;
    const docServers = doc.pids().reduce((s, p) => s + rssOf(p), 0);
    console.log(`RSS: docent process ${docRss.toFixed(0)} MB (includes the raw client) + its clangd ${docServers.toFixed(0)} MB = ${(docRss + docServers).toFixed(0)} MB; raw clangd ${rssOf(raw.pid).toFixed(0)} MB`);
    await raw.close();
    await doc.close();
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

// BENCH_PROJECTS=generated or =googletest runs one of the two.
const PROJECTS = (process.env.BENCH_PROJECTS ?? 'generated,googletest').split(',');
const gen = PROJECTS.includes('generated') ? mkdtempSync(path.join(tmpdir(), 'docent-bench-gen-')) : undefined;
if (gen) try {
  const lines = generate(gen);
  await bench(`generated tree: ${FILES * 2} files, ${lines} lines of C++`, gen, {
    firstFile: 'src/mod0.cpp',
    firstQuery: 'compute_3',
    vocab: ['compute', 'Widget', 'helper', 'label', 'accumulate', 'gen::mod', 'seed', 'cache', 'Widget7', 'compute_5', 'mod3::', '::gen', 'W1', 'hel', 'acc'],
  });
} finally {
  rmSync(gen, { recursive: true, force: true });
}

let gtest;
if (PROJECTS.includes('googletest')) try {
  gtest = execFileSync(path.join(REPO, 'scripts/fetch-googletest.sh'), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
} catch {
  console.log('\n--- GoogleTest: skipped (scripts/fetch-googletest.sh could not provide it) ---');
}
if (gtest) {
  const lines = execFileSync('bash', ['-c', 'find googletest googlemock -name "*.cc" -o -name "*.h" | xargs cat | wc -l'], { cwd: gtest, encoding: 'utf8' }).trim();
  await bench(`GoogleTest + GoogleMock (Debian googletest), ${lines} lines of C++`, gtest, { firstFile: 'googletest/src/gtest.cc', firstQuery: 'UnitTest' });
}
