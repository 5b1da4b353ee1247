// Cold start of `docent serve` until tools/list answers, against a bare SDK server with one
// tool, both spawned fresh each round and alternated so machine noise hits both alike.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { median, ratio, summary } from './lib/stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);

async function coldStart(command, args) {
  const t0 = performance.now();
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore', env: { ...process.env, DOCENT_INDEX_DIR: mkdtempSync(path.join(tmpdir(), 'bench-idx-')) } }));
  const { tools } = await client.listTools();
  const t = performance.now() - t0;
  await client.close();
  return { t, tools: tools.length };
}

const docent = [];
const bare = [];
let toolCount = 0;
for (let i = 0; i < ROUNDS; i++) {
  const d = await coldStart(process.execPath, [path.join(repo, 'dist/cli/main.js'), 'serve', '--root', repo, '--no-index']);
  toolCount = d.tools;
  docent.push(d.t);
  bare.push((await coldStart(process.execPath, [path.join(here, 'lib/bare-server.mjs')])).t);
}
console.log(summary(`docent serve -> tools/list (${toolCount} tools)`, docent));
console.log(summary('bare SDK server (1 tool)        ', bare));
console.log(ratio('docent / bare (median)', median(docent), median(bare)));
