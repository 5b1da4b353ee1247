// Fresh diagnostics after an edit. (1) docent: overlay_apply then diagnostics for one file over
// MCP, against the language server's own time from didChange to the publishDiagnostics for that
// version, measured on a clangd started directly on the same project in the same run (rounds
// alternate, so machine noise hits both alike). Target: docent adds < 10% + 5 ms.
// (2) A workspace-wide diagnostics run on a >= 50k-line project (lodash's sources plus
// TypeScript's lib .d.ts files, through typescript-language-server).
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node.js';
import { median, ms, ratio, summary } from './lib/stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);

async function docentSession(root) {
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [path.join(repo, 'dist/cli/main.js'), 'serve', '--root', root, '--no-index'],
      stderr: 'ignore',
      env: { ...process.env, DOCENT_INDEX_DIR: mkdtempSync(path.join(tmpdir(), 'bench-idx-')) },
    }),
  );
  const call = async (name, args) => {
    const r = await client.callTool({ name, arguments: args }, undefined, { timeout: 600_000 });
    if (r.isError) throw new Error(JSON.stringify(r.structuredContent));
    return r.structuredContent;
  };
  return { client, call };
}

/** clangd on its own: didChange, then wait for the push of exactly that version. */
async function rawClangd(root) {
  // The flags docent starts clangd with, so both sides do the same work.
  const child = spawn('clangd', ['--background-index', '--header-insertion=never', '--log=error', `--compile-commands-dir=${path.join(root, 'build')}`], { cwd: root, stdio: ['pipe', 'pipe', 'ignore'] });
  const conn = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const waiters = new Map();
  conn.onNotification('textDocument/publishDiagnostics', (p) => waiters.get(p.version)?.(p));
  conn.onRequest(() => null);
  conn.listen();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: { textDocument: { publishDiagnostics: { versionSupport: true } } } });
  conn.sendNotification('initialized', {});
  let version = 0;
  const uri = pathToFileURL(path.join(root, 'src/shapes.cpp')).href;
  const published = (v) => new Promise((resolve) => waiters.set(v, resolve));
  const open = async (text) => {
    const p = published(++version);
    conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'cpp', version, text } });
    return p;
  };
  const change = async (text) => {
    const t0 = performance.now();
    const p = published(++version);
    conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
    const r = await p;
    return { t: performance.now() - t0, n: r.diagnostics.length };
  };
  return { open, change, close: () => child.kill() };
}

// ---- (1) one file, after an edit ---------------------------------------------------------------
const root = mkdtempSync(path.join(tmpdir(), 'bench-diag-'));
cpSync(path.join(repo, 'test/fixtures/check/cpp'), root, { recursive: true });
execFileSync('cmake', ['-S', root, '-B', path.join(root, 'build'), '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON'], { stdio: 'ignore' });
const base = readFileSync(path.join(root, 'src/shapes.cpp'), 'utf8');
// Each round's content is new (the counter), so neither side can answer from a cache.
const variant = (i) => base.replace('int leaf() { return 1; }', `int leaf() { int unused${i} = ${i}; return 1; }`);

const d = await docentSession(root);
await d.call('diagnostics', { files: ['src/shapes.cpp'] });
const raw = await rawClangd(root);
await raw.open(base);
const docentTimes = [];
const serverTimes = [];
for (let i = 0; i < ROUNDS + 2; i++) {
  const t0 = performance.now();
  await d.call('overlay_apply', { file: 'src/shapes.cpp', content: variant(i) });
  const r = await d.call('diagnostics', { files: ['src/shapes.cpp'], include_fixes: false });
  const t = performance.now() - t0;
  if (r.diagnostics.length !== 1 || !r.complete) throw new Error(`unexpected answer: ${JSON.stringify(r)}`);
  const s = await raw.change(variant(1000 + i));
  if (s.n !== 1) throw new Error('clangd published an unexpected diagnostics count');
  if (i >= 2) {
    // the first two rounds warm both up
    docentTimes.push(t);
    serverTimes.push(s.t);
  }
}
raw.close();
await d.client.close();
rmSync(root, { recursive: true, force: true });
const md = median(docentTimes);
const mr = median(serverTimes);
console.log(summary('docent overlay_apply -> fresh diagnostics (clangd)', docentTimes));
console.log(summary('clangd didChange -> publishDiagnostics (same version)', serverTimes));
console.log(ratio('docent / clangd (median)', md, mr));
console.log(`docent adds ${ms(md - mr)} (target < ${ms(mr * 0.1 + 5)}: ${md - mr < mr * 0.1 + 5 ? 'met' : 'NOT met'})`);

// ---- (2) workspace-wide on a >= 50k-line project -----------------------------------------------
if (process.env.BENCH_WORKSPACE === '0') process.exit(0);
const big = mkdtempSync(path.join(tmpdir(), 'bench-diag-big-'));
cpSync(path.join(repo, 'node_modules/lodash'), path.join(big, 'lodash'), { recursive: true });
mkdirSync(path.join(big, 'types'));
const tsLib = path.join(repo, 'node_modules/typescript/lib');
for (const f of readdirSync(tsLib).filter((f) => /^lib\..*\.d\.ts$/.test(f))) cpSync(path.join(tsLib, f), path.join(big, 'types', f));
writeFileSync(path.join(big, 'package.json'), '{"name":"big","private":true}\n');
let lines = 0;
let files = 0;
const count = (dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) count(p);
    else if (/\.(js|ts)$/.test(e.name)) {
      files++;
      lines += readFileSync(p, 'utf8').split('\n').length;
    }
  }
};
count(big);
const w = await docentSession(big);
const t0 = performance.now();
const all = await w.call('diagnostics', { max_results: 50, include_fixes: false });
const tw = performance.now() - t0;
await w.client.close();
rmSync(big, { recursive: true, force: true });
console.log(`workspace-wide diagnostics: ${files} files, ${lines} lines in ${ms(tw)} (${ms(tw / Math.max(1, all.files_checked))} per file); ${all.total} diagnostics, complete ${all.complete}, truncated ${all.truncated}`);
for (const i of all.incomplete.slice(0, 3)) console.log(`  incomplete: ${i.file}: ${i.reason}`);
