// Cold start, every process spawned fresh each round and the kinds alternated so machine noise
// hits all alike, against bare `node -e 0` measured in the same run:
// - `docent --version` (target: ≤ bare Node + 60 ms);
// - a one-shot `docent info mapcar` with the manual not yet parsed (target: ≤ 300 ms);
// - `docent serve` spawned by the MCP SDK's stdio client until initialize answers, then the
//   first and the second tools/list (target: spawn → tools/list ≤ 300 ms, the first
//   tools/list no slower than the second), and a bare SDK server with one tool the same way.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { median, ms, summary } from './lib/stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const bin = path.join(repo, 'dist/cli/main.js');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const env = { ...process.env, DOCENT_INDEX_DIR: mkdtempSync(path.join(tmpdir(), 'bench-idx-')) };
const manuals = execFileSync('bash', [path.join(repo, 'scripts/fetch-emacs-manuals.sh')], { encoding: 'utf8' }).trim().split('\n').pop();

function timed(args) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { env, encoding: 'utf8' });
  const t = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return t;
}

async function serverStart(command, args) {
  const t0 = performance.now();
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore', env }));
  const init = performance.now() - t0;
  const { tools } = await client.listTools();
  const list = performance.now() - t0;
  const t1 = performance.now();
  await client.listTools();
  const second = performance.now() - t1;
  await client.close();
  return { init, list, first: list - init, second, tools: tools.length };
}

const bare = [], version = [], info = [], serve = { init: [], list: [], first: [], second: [] }, sdk = [];
let toolCount = 0;
for (let i = 0; i < ROUNDS; i++) {
  bare.push(timed(['-e', '0']));
  version.push(timed([bin, '--version']));
  info.push(timed([bin, 'info', 'mapcar', '--info-dir', manuals]));
  const d = await serverStart(process.execPath, [bin, 'serve', '--root', repo, '--no-index']);
  for (const k of Object.keys(serve)) serve[k].push(d[k]);
  toolCount = d.tools;
  sdk.push((await serverStart(process.execPath, [path.join(here, 'lib/bare-server.mjs')])).list);
}

const verdict = (ok) => (ok ? 'met' : 'MISSED');
console.log(summary('bare node -e 0                                  ', bare));
console.log(summary('docent --version                                ', version) + `   = node + ${ms(median(version) - median(bare))} (target ≤ +60 ms: ${verdict(median(version) - median(bare) <= 60)})`);
console.log(summary('docent info mapcar (cold: manual not yet parsed)', info) + `   (target ≤ 300 ms: ${verdict(median(info) <= 300)})`);
console.log(summary(`docent serve: spawn -> initialize              `, serve.init));
console.log(summary(`docent serve: spawn -> tools/list (${toolCount} tools)  `, serve.list) + `   (target ≤ 300 ms: ${verdict(median(serve.list) <= 300)})`);
console.log(summary('docent serve: first tools/list                  ', serve.first));
console.log(summary('docent serve: second tools/list                 ', serve.second) + `   (first no slower than second: ${verdict(median(serve.first) <= median(serve.second) + 0.5)})`);
console.log(summary('bare SDK server (1 tool): spawn -> tools/list   ', sdk));
console.log(`docent serve / bare SDK server (median): ${(median(serve.list) / median(sdk)).toFixed(2)}×`);
