// search_symbols against raw clangd workspace/symbol, in the same run, on a generated C++ tree
// of more than 50k lines (namespaces, classes, templates, overloads, <vector>/<string>).
// Two copies of the tree so that each clangd indexes cold. Figures: time to the first complete
// answer (start + index + first query), median/p95 over 200 queries (interleaved, so both see
// the same machine load), docent's overhead against the target (< 10% of raw + 5 ms), and RSS.
import { spawn } from 'node:child_process';
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
import { median, ms, percentile, summary } from './lib/stats.mjs';

const FILES = Number(process.env.BENCH_FILES ?? 110);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);

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
async function rawClangd(root) {
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
  const first = path.join(root, 'src/mod0.cpp');
  const indexed = new Promise((r) => (idleResolve = r));
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: pathToFileURL(first).href, languageId: 'cpp', version: 1, text: readFileSync(first, 'utf8') } });
  await indexed;
  const firstAnswer = await conn.sendRequest('workspace/symbol', { query: 'compute_3' });
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

async function docent(root) {
  const services = new ServiceRegistry();
  const config = ConfigSchema.parse({ lsp: { readyTimeoutMs: 600_000 } });
  const ctx = { workspace: new Workspace([root]), config, services, signal: new AbortController().signal, progress: () => {}, log: createLogger('bench') };
  const run = (query, details = false) => searchSymbols(SearchSymbolsInput.parse({ query, include_details: details, max_results: 100 }), ctx);
  const t0 = performance.now();
  const first = await run('compute_3');
  const ttfa = performance.now() - t0;
  const manager = LspManager.from(ctx);
  return { ttfa, first, run, pids: () => manager.list().map((s) => s.pid).filter(Boolean), close: () => services.disposeAll() };
}

const base = mkdtempSync(path.join(tmpdir(), 'docent-bench-symbols-'));
try {
  const a = path.join(base, 'raw');
  const b = path.join(base, 'docent');
  const lines = generate(a);
  cpSync(a, b, { recursive: true });
  // Rewrite the database's directory for the copy.
  writeFileSync(path.join(b, 'build/compile_commands.json'), readFileSync(path.join(a, 'build/compile_commands.json'), 'utf8').replaceAll(a, b));
  console.log(`generated ${FILES * 2} files, ${lines} lines of C++`);

  const raw = await rawClangd(a);
  console.log(`time to first complete answer: raw clangd ${ms(raw.ttfa)} (${raw.firstCount} symbols)`);
  const doc = await docent(b);
  console.log(`time to first complete answer: docent     ${ms(doc.ttfa)} (${doc.first.total_matches} symbols, index ${doc.first.index_status})`);

  const vocab = ['compute', 'Widget', 'helper', 'label', 'accumulate', 'gen::mod', 'seed', 'cache', 'Widget7', 'compute_5', 'mod3::', '::gen', 'W1', 'hel', 'acc'];
  const queries = Array.from({ length: QUERIES }, (_, i) => {
    const v = vocab[i % vocab.length];
    return i % 3 === 0 ? `${v}${i % FILES}` : v;
  });
  // Warm both once, then interleave so both see the same load.
  await raw.query('Widget');
  await doc.run('Widget');
  const tRaw = [];
  const tDoc = [];
  for (const q of queries) {
    let t = performance.now();
    await raw.query(q);
    tRaw.push(performance.now() - t);
    t = performance.now();
    await doc.run(q);
    tDoc.push(performance.now() - t);
  }
  console.log(summary('raw clangd workspace/symbol', tRaw));
  console.log(summary('docent search_symbols (no details)', tDoc));
  const tDet = [];
  for (const q of queries.slice(0, 40)) {
    const t = performance.now();
    await doc.run(q, true);
    tDet.push(performance.now() - t);
  }
  console.log(summary('docent search_symbols (with hover/references details, top 20)', tDet));
  const over = median(tDoc) - median(tRaw);
  const budget = 0.1 * median(tRaw) + 5;
  console.log(`overhead (median): ${ms(over)}; target < ${ms(budget)} (10% of raw + 5 ms): ${over < budget ? 'MET' : 'MISSED'}`);
  console.log(`overhead (p95): ${ms(percentile(tDoc, 95) - percentile(tRaw, 95))}`);
  console.log(`ratio docent/raw (median): ${(median(tDoc) / median(tRaw)).toFixed(2)}×`);
  const docRss = process.memoryUsage().rss / 1024 / 1024;
  const docServers = doc.pids().reduce((s, p) => s + rssOf(p), 0);
  console.log(`RSS: docent process ${docRss.toFixed(0)} MB (includes the raw client) + its clangd ${docServers.toFixed(0)} MB = ${(docRss + docServers).toFixed(0)} MB; raw clangd ${rssOf(raw.pid).toFixed(0)} MB`);
  await raw.close();
  await doc.close();
} finally {
  rmSync(base, { recursive: true, force: true });
}
