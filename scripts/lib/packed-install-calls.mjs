// Part of scripts/check-packed-install.sh: drive an installed docent over MCP stdio, one call
// of each tool group (the groups come from the installed package's tool manifest), on a small
// TypeScript + Python project written to PROJECT_DIR. Usage:
//   node packed-install-calls.mjs DOCENT_BIN PROJECT_DIR [EMACS_SOCKET]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const [bin, project, emacsSocket] = process.argv.slice(2);
const files = {
  'tsconfig.json': '{ "compilerOptions": { "strict": true, "module": "nodenext" }, "include": ["src"] }\n',
  'src/greet.ts': '/** Says hello to someone by name. */\nexport function greetUser(name: string): string {\n  return `hello ${name}`;\n}\n',
  'pyproject.toml': '[project]\nname = "shop"\nversion = "0.1.0"\n',
  'shop/__init__.py': '',
  'shop/pricing.py': 'def apply_discount(price: float, percent: float) -> float:\n    """Apply a percentage discount to a price."""\n    return price * (1 - percent / 100)\n',
  // A test for the run group's sample (unittest style, which pytest runs too).
  'tests/__init__.py': '',
  'tests/test_pricing.py': 'import unittest\n\nfrom shop.pricing import apply_discount\n\n\nclass TestPricing(unittest.TestCase):\n    def test_discount(self):\n        self.assertEqual(apply_discount(100, 10), 90)\n',
};
for (const [rel, text] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(project, rel)), { recursive: true });
  writeFileSync(path.join(project, rel), text);
}
const env = { ...process.env, DOCENT_INDEX_DIR: mkdtempSync(path.join(tmpdir(), 'docent-packed-idx-')) };

// The docs index is built by the one-shot CLI first, as a user would (`docent index`).
execFileSync(bin, ['index', '--root', project], { env, stdio: ['ignore', 'ignore', 'inherit'], timeout: 120_000 });

/** A sample call for each tool group; a group without one is reported (add its line here). */
const SAMPLES = {
  info: [{ tool: 'info_list_manuals', args: {}, ok: (s) => Array.isArray(s.manuals) }],
  emacs: [{ tool: 'emacs_list_buffers', args: {}, ok: (s) => s.buffers.some((b) => b.name === '*scratch*'), needs: emacsSocket ? null : 'a running Emacs (emacs not installed)' }],
  symbols: [
    { tool: 'get_symbol_documentation', args: { symbol_name: 'greetUser' }, ok: (s) => /Says hello/.test(s.documentation ?? '') },
    { tool: 'get_symbol_documentation', args: { symbol_name: 'apply_discount' }, ok: (s) => /percentage discount/.test(s.documentation ?? '') },
  ],
  docs: [{ tool: 'docs_search', args: { query: 'greet' }, ok: (s) => s.results.some((r) => r.name === 'greetUser') }],
  workspace: [{ tool: 'workspace_files', args: {}, ok: (s) => s.files.includes('src/greet.ts') }],
  check: [{ tool: 'overlay_list', args: {}, ok: (s) => Array.isArray(s.overlays) && s.overlays.length === 0 }],
  change: [{ tool: 'list_edits', args: {}, ok: (s) => Array.isArray(s.edits) && s.edits.length === 0 }],
  run: [{ tool: 'test_list', args: {}, ok: (s) => s.tests.some((t) => t.id.includes('test_discount')) }],
  debug: [{ tool: 'debug_sessions', args: {}, ok: (s) => Array.isArray(s.sessions) && s.sessions.length === 0 }],
};

// The installed package's root: the command is bin/docent (the sh launcher) inside it.
let pkgRoot = path.dirname(realpathSync(bin));
while (!existsSync(path.join(pkgRoot, 'package.json')) && path.dirname(pkgRoot) !== pkgRoot) pkgRoot = path.dirname(pkgRoot);
const manifest = JSON.parse(readFileSync(path.join(pkgRoot, 'dist/mcp/tools-manifest.json'), 'utf8'));
const groups = [...new Set(manifest.tools.map((t) => t.group))];
const args = ['serve', '--root', project, '--no-index', ...(emacsSocket ? ['--emacs-socket', emacsSocket] : [])];
const client = new Client({ name: 'check-packed-install', version: '0' });
await client.connect(new StdioClientTransport({ command: bin, args, env, stderr: 'inherit' }));
let failed = 0;
const missing = [];
try {
  const listed = new Set((await client.listTools()).tools.map((t) => t.name));
  for (const group of groups) {
    const samples = SAMPLES[group];
    if (!samples) {
      missing.push(group);
      continue;
    }
    for (const s of samples) {
      if (s.needs) {
        console.error(`check-packed-install: ${group}: ${s.tool} skipped: needs ${s.needs}`);
        continue;
      }
      if (!listed.has(s.tool)) throw new Error(`${s.tool} is not listed`);
      const r = await client.callTool({ name: s.tool, arguments: s.args }, undefined, { timeout: 120_000 });
      const good = !r.isError && s.ok(r.structuredContent);
      if (!good) failed++;
      console.error(`check-packed-install: ${group}: ${s.tool} ${JSON.stringify(s.args)} ${good ? 'ok' : `FAILED: ${JSON.stringify(r).slice(0, 600)}`}`);
    }
  }
} finally {
  await client.close();
}
if (missing.length) {
  console.error(`check-packed-install: no sample call for the tool group(s) ${missing.join(', ')}: add them to SAMPLES in scripts/lib/packed-install-calls.mjs`);
  failed++;
}
process.exit(failed ? 1 : 0);
