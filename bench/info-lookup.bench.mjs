// info_lookup_symbol against Emacs's own info-lookup-symbol, on every symbol of the Elisp
// manual's index, measured in the same run. docent: over MCP stdio through the SDK's client
// (`docent serve` spawned as a client does: request, validation, feature, rendering,
// serialisation, the pipe), warm, one call per symbol; the feature function alone (what the
// MCP tool and the CLI call: lookup, node text, definition, matches); and the cold first
// lookup (discover + decompress + parse the 1.2 MB elisp.info.gz) with a fresh library each
// round. Emacs: `emacs --batch -Q` running info-lookup-symbol per symbol
// (test/helpers/emacs-info-lookup.el); its first lookup builds Emacs's completion table.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { median, ms, percentile, ratio, summary } from './lib/stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const dist = (p) => path.join(repo, 'dist', p);
const { InfoLibrary } = await import(dist('core/info/library.js'));
const { infoLookupSymbol, InfoLookupSymbolInput } = await import(dist('features/info/lookup-symbol.js'));
const { ConfigSchema } = await import(dist('core/config/schema.js'));
const { ServiceRegistry } = await import(dist('core/services.js'));
const { Workspace } = await import(dist('core/workspace/workspace.js'));
const { createLogger } = await import(dist('core/log.js'));

const dir = execFileSync('bash', [path.join(repo, 'scripts/fetch-emacs-manuals.sh')], { encoding: 'utf8' })
  .trim()
  .split('\n')
  .pop();

const makeCtx = () => ({
  workspace: new Workspace([repo]),
  config: ConfigSchema.parse({ info: { dirs: [dir] } }),
  services: new ServiceRegistry(),
  signal: new AbortController().signal,
  progress: () => {},
  log: createLogger('bench'),
});
const call = (ctx, symbol) => infoLookupSymbol(InfoLookupSymbolInput.parse({ symbol }), ctx);

// Cold: a fresh service registry (so a fresh, empty InfoLibrary) per round.
const COLD_ROUNDS = Number(process.env.BENCH_COLD_ROUNDS ?? 7);
const cold = [];
for (let i = 0; i < COLD_ROUNDS; i++) {
  const ctx = makeCtx();
  const t0 = performance.now();
  const r = await call(ctx, 'mapcar');
  cold.push(performance.now() - t0);
  if (!r.found) throw new Error('mapcar not found');
}

// Warm: every distinct symbol of the elisp index, once each, through the feature function.
const ctx = makeCtx();
await call(ctx, 'car');
const { lookup } = await new InfoLibrary({ dirs: [dir], infopath: '', defaults: [] }).get('elisp');
const symbols = lookup.symbolNames();
const warm = [];
let found = 0;
for (const s of symbols) {
  const t0 = performance.now();
  const r = await call(ctx, s);
  warm.push(performance.now() - t0);
  if (r.found) found++;
}

// Over MCP stdio: a real SDK client and `docent serve`, every symbol once after a warm-up.
const client = new Client({ name: 'bench', version: '0' });
await client.connect(
  new StdioClientTransport({
    command: process.execPath,
    args: [dist('cli/main.js'), 'serve', '--root', repo, '--no-index', '--tools', 'info', '--info-dir', dir],
    env: { ...process.env, DOCENT_INDEX_DIR: mkdtempSync(path.join(tmpdir(), 'bench-idx-')) },
    stderr: 'ignore',
  }),
);
for (const s of symbols.slice(0, 200)) await client.callTool({ name: 'info_lookup_symbol', arguments: { symbol: s } });
const mcp = [];
let mcpFound = 0;
for (const s of symbols) {
  const t0 = performance.now();
  const r = await client.callTool({ name: 'info_lookup_symbol', arguments: { symbol: s } });
  mcp.push(performance.now() - t0);
  if (r.structuredContent?.found) mcpFound++;
}
await client.close();

// Emacs on the same symbols, in the same run.
const tmp = mkdtempSync(path.join(tmpdir(), 'bench-info-'));
writeFileSync(path.join(tmp, 'symbols.txt'), symbols.join('\n'));
const t0 = performance.now();
const out = execFileSync('emacs', ['--batch', '-Q', '-l', path.join(repo, 'test/helpers/emacs-info-lookup.el'), dir, path.join(tmp, 'symbols.txt')], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
  stdio: ['ignore', 'pipe', 'ignore'],
});
const emacsWall = performance.now() - t0;
const rows = out.trim().split('\n').map((l) => JSON.parse(l));
const emacsFirst = rows[0].ms;
const emacs = rows.slice(1).map((r) => r.ms);

console.log(`elisp index: ${symbols.length} distinct symbols (${found} found by the feature, ${mcpFound} over MCP)`);
console.log(summary('docent cold first lookup (discover + gunzip + parse + lookup)', cold) + '   target < 300 ms');
console.log(summary('docent info_lookup_symbol over MCP stdio (SDK client), warm', mcp));
console.log(summary('docent feature function infoLookupSymbol, warm', warm));
console.log(summary('emacs --batch info-lookup-symbol (after the first)', emacs));
console.log(`emacs first lookup (builds its completion table): ${ms(emacsFirst)}; emacs wall time for all: ${ms(emacsWall)}`);
console.log(ratio('speed-up over MCP stdio, median emacs / median docent (target ≥ 20×)', median(emacs), median(mcp)));
console.log(ratio('speed-up over MCP stdio at p95, emacs / docent', percentile(emacs, 95), percentile(mcp, 95)));
console.log(ratio('speed-up of the feature function, median emacs / median docent', median(emacs), median(warm)));
