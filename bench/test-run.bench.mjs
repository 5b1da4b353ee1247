// test_run against running the runner directly, in the same run: a generated pytest suite of a
// few hundred tests (20 of them failing), run ROUNDS times each way, alternated so machine noise
// hits both alike. docent is measured through a warm MCP session (the per-call cost an agent
// pays). Also reports the size of the default answer for the 20 failures (target: under 4k
// tokens, ~4 characters a token), and the same with vitest when the repository's vitest is there.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { median, ratio, summary } from './lib/stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const FILES = 10;
const PER_FILE = 30;

function pytestSuite() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-pytest-'));
  writeFileSync(path.join(dir, 'pyproject.toml'), '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n');
  mkdirSync(path.join(dir, 'tests'));
  let failing = 0;
  for (let f = 0; f < FILES; f++) {
    const lines = ['import math', ''];
    for (let t = 0; t < PER_FILE; t++) {
      const fail = failing < 20 && t % 15 === 7;
      if (fail) failing++;
      lines.push(`def test_case_${f}_${t}():`, `    value = math.sqrt(${t * t})`, `    assert value == ${fail ? t + 1 : t}, "value for case ${t}"`, '');
    }
    writeFileSync(path.join(dir, 'tests', `test_gen_${f}.py`), lines.join('\n'));
  }
  return dir;
}

function vitestSuite() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-vitest-'));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module', scripts: { test: 'vitest run' } }));
  writeFileSync(path.join(dir, 'vitest.config.mjs'), "export default { test: { include: ['t/**/*.spec.mjs'] } };\n");
  symlinkSync(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'));
  mkdirSync(path.join(dir, 't'));
  let failing = 0;
  for (let f = 0; f < FILES; f++) {
    const lines = ["import { describe, expect, it } from 'vitest';", `describe('file ${f}', () => {`];
    for (let t = 0; t < PER_FILE; t++) {
      const fail = failing < 20 && t % 15 === 7;
      if (fail) failing++;
      lines.push(`  it('case ${t}', () => { expect(Math.sqrt(${t * t})).toBe(${fail ? t + 1 : t}); });`);
    }
    lines.push('});');
    writeFileSync(path.join(dir, 't', `gen${f}.spec.mjs`), lines.join('\n'));
  }
  return dir;
}

async function session(dir) {
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [path.join(repo, 'dist/cli/main.js'), 'serve', '--root', dir, '--no-index'], stderr: 'ignore', env: { ...process.env, DOCENT_INDEX_DIR: mkdtempSync(path.join(tmpdir(), 'bench-idx-')) } }),
  );
  return client;
}

function timeDirect(cmd, args, cwd) {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const t = performance.now() - t0;
  if (r.error) throw r.error;
  return t;
}

async function bench(label, dir, direct) {
  const client = await session(dir);
  const viaDocent = [];
  const directly = [];
  let answer;
  // One warm-up each: interpreter and page caches.
  await client.callTool({ name: 'test_run', arguments: {} });
  direct();
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    answer = await client.callTool({ name: 'test_run', arguments: {} });
    viaDocent.push(performance.now() - t0);
    directly.push(direct());
  }
  await client.close();
  const s = answer.structuredContent;
  console.log(`${label}: ${s.total} tests, ${s.passed} passed, ${s.failed} failed`);
  console.log(summary(`  docent test_run`, viaDocent));
  console.log(summary(`  runner directly`, directly));
  const md = median(viaDocent);
  const mr = median(directly);
  console.log(ratio('  docent / direct (median)', md, mr));
  const budget = mr * 1.05 + 200;
  console.log(`  overhead: ${(md - mr).toFixed(0)} ms; target < 5% + 200 ms = ${budget.toFixed(0)} ms -> ${md <= budget ? 'met' : 'NOT met'}`);
  const json = JSON.stringify(s);
  const text = answer.content.map((c) => c.text).join('\n');
  console.log(`  answer for ${s.failed} failures: structuredContent ${json.length} chars (~${Math.round(json.length / 4)} tokens), text ${text.length} chars (~${Math.round(text.length / 4)} tokens); ${s.tests.length} tests shown, truncated=${s.truncated}`);
}

const py = pytestSuite();
try {
  const python = spawnSync('python3', ['-c', 'import pytest'], { cwd: py }).status === 0 ? 'python3' : '/usr/bin/python3';
  await bench(`pytest, ${FILES * PER_FILE} generated tests`, py, () => timeDirect(python, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider'], py));
} finally {
  rmSync(py, { recursive: true, force: true });
}
if (existsSync(path.join(repo, 'node_modules/.bin/vitest'))) {
  const vt = vitestSuite();
  try {
    await bench(`vitest, ${FILES * PER_FILE} generated tests`, vt, () => timeDirect(path.join(vt, 'node_modules/.bin/vitest'), ['run'], vt));
  } finally {
    rmSync(vt, { recursive: true, force: true });
  }
}
