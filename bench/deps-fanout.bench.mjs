// docs_search over a project and its dependencies' databases (one per package version), through
// MCP stdio, against the same items in one database.
//
//   node bench/deps-fanout.bench.mjs [--crates N] [--items N] [--queries N]
//
// A generated project depends on N crates (Cargo.lock, a CARGO_HOME registry laid out as cargo
// unpacks it), each with `--items` documented functions. docent indexes each crate into its own
// database and a docs_search fans out over the project's database plus all N. The reference is
// the same sources copied into one root (vendor/<crate>/), indexed as one database with
// dependencies off. Both answer the same queries (identifiers and prose, one warm-up pass first);
// the figures are latency percentiles of whole tools/call round trips and their ratio.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { median, percentile, ms } from './lib/stats.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(REPO, 'dist/cli/main.js');
const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const nCrates = opt('crates', 40);
const nItems = opt('items', 150);
const nQueries = opt('queries', 1000);

// A deterministic word generator (no Math.random: the same corpus every run).
let seed = 42;
const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const VERBS = ['parse', 'format', 'encode', 'decode', 'merge', 'split', 'scale', 'rotate', 'hash', 'compress', 'sort', 'filter', 'read', 'write', 'open', 'close', 'send', 'receive', 'render', 'validate'];
const NOUNS = ['buffer', 'header', 'token', 'stream', 'matrix', 'vector', 'packet', 'record', 'config', 'request', 'response', 'image', 'color', 'path', 'table', 'queue', 'socket', 'signal', 'window', 'checksum'];
const ADJ = ['large', 'small', 'nested', 'binary', 'unicode', 'sorted', 'compressed', 'remote', 'local', 'cached', 'partial', 'signed', 'empty', 'stable', 'quick'];
const pick = (xs) => xs[Math.floor(rnd() * xs.length)];

const work = mkdtempSync(path.join(tmpdir(), 'docent-fanout-'));
const cargoHome = path.join(work, 'cargo-home');
const registry = path.join(cargoHome, 'registry', 'src', 'index.crates.io-6f17d22bba15001f');
const project = path.join(work, 'project');
const mono = path.join(work, 'mono');
const names = [];
const lock = ['version = 3', '', '[[package]]', 'name = "app"', 'version = "0.1.0"', ''];
for (let c = 0; c < nCrates; c++) {
  const name = `crate${c}_${pick(NOUNS)}`;
  names.push(name);
  const dir = path.join(registry, `${name}-1.0.${c}`);
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(path.join(dir, 'Cargo.toml'), `[package]\nname = "${name}"\nversion = "1.0.${c}"\n`);
  const fns = [];
  for (let i = 0; i < nItems; i++) {
    const v = pick(VERBS);
    const n = pick(NOUNS);
    fns.push(`/// ${v[0].toUpperCase() + v.slice(1)} a ${pick(ADJ)} ${n} into a ${pick(ADJ)} ${pick(NOUNS)}, keeping its ${pick(NOUNS)}.\npub fn ${v}_${n}_${i}(input: &[u8], limit: usize) -> usize { input.len().min(limit) }\n`);
  }
  writeFileSync(path.join(dir, 'src', 'lib.rs'), `//! ${name}: generated.\n\n${fns.join('\n')}`);
  lock.push('[[package]]', `name = "${name}"`, `version = "1.0.${c}"`, 'source = "registry+https://github.com/rust-lang/crates.io-index"', '');
}
mkdirSync(path.join(project, 'src'), { recursive: true });
writeFileSync(path.join(project, 'Cargo.toml'), '[package]\nname = "app"\nversion = "0.1.0"\n');
writeFileSync(path.join(project, 'Cargo.lock'), lock.join('\n'));
writeFileSync(path.join(project, 'src', 'main.rs'), '/// Run the app: read the config and render the window.\nfn main() {}\n');
// The reference: the same sources in one root.
cpSync(project, mono, { recursive: true });
rmSync(path.join(mono, 'Cargo.lock'));
for (let c = 0; c < nCrates; c++) cpSync(path.join(registry, `${names[c]}-1.0.${c}`), path.join(mono, 'vendor', names[c]), { recursive: true });

const queries = [];
for (let i = 0; i < nQueries; i++) {
  const r = rnd();
  if (r < 0.4) queries.push(`${pick(VERBS)}_${pick(NOUNS)}`);
  else if (r < 0.5) queries.push(`${pick(VERBS)}_${pick(NOUNS)}_${Math.floor(rnd() * nItems)}`);
  else queries.push(`${pick(VERBS)} a ${pick(ADJ)} ${pick(NOUNS)} ${pick(['quickly', 'into', 'keeping its'])} ${pick(NOUNS)}`);
}

async function measure(label, root, env, indexName = label, queryCount = queries.length) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'serve', '--root', root],
    env: { ...process.env, DOCENT_INDEX_DIR: path.join(work, `index-${indexName}`), CARGO_HOME: cargoHome, ...env },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(transport);
  try {
    const t0 = performance.now();
    const st = await client.callTool({ name: 'index_status', arguments: { wait: true, timeout_ms: 600_000 } });
    const indexMs = performance.now() - t0;
    const s = st.structuredContent;
    const qs = queries.slice(0, queryCount);
    for (const q of qs) await client.callTool({ name: 'docs_search', arguments: { query: q } }); // warm-up
    const lat = [];
    let hits = 0;
    for (const q of qs) {
      const t = performance.now();
      const r = await client.callTool({ name: 'docs_search', arguments: { query: q } });
      lat.push(performance.now() - t);
      hits += r.structuredContent.results.length ? 1 : 0;
    }
    console.log(`${label}: ${s.items} items in ${s.roots.length} root db + ${s.packages.filter((p) => p.db).length} package db(s), indexed in ${(indexMs / 1000).toFixed(1)} s; docs_search median ${ms(median(lat))}, p95 ${ms(percentile(lat, 95))}, max ${ms(Math.max(...lat))} over ${lat.length} queries (${hits} with results)`);
    return lat;
  } finally {
    await client.close();
  }
}

try {
  const fan = await measure('fan-out', project, {});
  // A second project with the same dependencies: nothing to build, every package database is opened as it is.
  const dbs = () => readdirSync(path.join(work, 'index-fan-out', 'packages'), { recursive: true }).filter((f) => String(f).endsWith('index.db')).map((f) => statSync(path.join(work, 'index-fan-out', 'packages', String(f))).mtimeMs);
  const before = dbs();
  cpSync(project, path.join(work, 'project2'), { recursive: true });
  await measure('second project, same crates', path.join(work, 'project2'), {}, 'fan-out', 50);
  const after = dbs();
  console.log(`package databases: ${before.length} before, ${after.length} after the second project; rewritten: ${after.filter((m, i) => m !== before[i]).length}`);
  const one = await measure('one database', mono, { DOCENT_CONFIG_JSON: '' });
  console.log(`p50 ratio fan-out / one database: ${(median(fan) / median(one)).toFixed(2)}×; p95 ratio: ${(percentile(fan, 95) / percentile(one, 95)).toFixed(2)}× (target p95 < 10 ms)`);
} finally {
  if (process.env.DOCENT_BENCH_KEEP) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
