// get_symbol_documentation on a warm typescript-language-server over docent's own src/ (a real
// TypeScript project): 200 lookups of names that a file imports, {symbol_name, file_path},
// against the raw textDocument/hover request the lookup ends in (at the use it resolved),
// measured in the same run, alternating, on the same server. A second pass repeats the same
// lookups with the hover cache warm.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigSchema } from '../dist/core/config/schema.js';
import { createLogger } from '../dist/core/log.js';
import { LspManager } from '../dist/core/lsp/manager.js';
import { ServiceRegistry } from '../dist/core/services.js';
import { walkFiles } from '../dist/core/workspace/files.js';
import { Workspace } from '../dist/core/workspace/workspace.js';
import { getSymbolDocumentation } from '../dist/features/navigation/index.js';
import { median, ms, percentile, summary } from './lib/stats.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const N = Number(process.env.BENCH_LOOKUPS ?? 200);

// Every (imported name, importing file) pair in src/, in a stable order.
const pairs = [];
for await (const rel of walkFiles(path.join(repo, 'src'), { signal: new AbortController().signal })) {
  if (!rel.endsWith('.ts')) continue;
  const text = readFileSync(path.join(repo, 'src', rel), 'utf8');
  for (const m of text.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'(\.[^']+)'/gm)) {
    for (const raw of m[1].split(',')) {
      const name = raw.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
      // Used beyond the import line (type-only imports used once still count).
      if (name && new RegExp(`\\b${name}\\b`, 'g').test(text.slice(m.index + m[0].length))) pairs.push({ name, file: `src/${rel}` });
    }
  }
}
const picks = Array.from({ length: N }, (_, i) => pairs[Math.floor((i * pairs.length) / N) % pairs.length]);

const services = new ServiceRegistry();
const ctx = {
  workspace: new Workspace([repo]),
  config: ConfigSchema.parse({}),
  services,
  signal: new AbortController().signal,
  progress: () => {},
  log: createLogger('bench'),
};
const manager = LspManager.from(ctx);

// Warm-up: start the server and open the project.
const t0 = performance.now();
await getSymbolDocumentation({ symbol_name: picks[0].name, file_path: picks[0].file }, ctx);
const first = performance.now() - t0;

const doc = [];
const raw = [];
let documented = 0;
let found = 0;
const byVia = {};
for (const p of picks) {
  const a = performance.now();
  const r = await getSymbolDocumentation({ symbol_name: p.name, file_path: p.file }, ctx);
  doc.push(performance.now() - a);
  if (r.found) found++;
  if (r.documentation) documented++;
  byVia[r.lookup] = (byVia[r.lookup] ?? 0) + 1;
  // The raw request it ends in: hover at the use (imported) or the declaration (defined).
  const at = r.usage_location ?? r.location;
  if (!at) continue;
  const abs = path.isAbsolute(at.file) ? at.file : path.join(repo, at.file);
  const server = manager.forFile(path.join(repo, p.file), ctx.workspace);
  const b = performance.now();
  await server.hover(abs, { line: at.line - 1, character: at.column - 1 });
  raw.push(performance.now() - b);
}
const cached = [];
for (const p of picks) {
  const a = performance.now();
  await getSymbolDocumentation({ symbol_name: p.name, file_path: p.file }, ctx);
  cached.push(performance.now() - a);
}
await services.disposeAll();

console.log(`symbol-doc: ${picks.length} lookups over ${new Set(picks.map((p) => p.name + p.file)).size} distinct (name, file) pairs from ${pairs.length} imports in docent's src/`);
console.log(`  first lookup (server start + project load): ${ms(first)}`);
console.log(`  found ${found}/${picks.length}, documented ${documented}; via ${Object.entries(byVia).map(([k, v]) => `${k} ${v}`).join(', ')}`);
console.log('  ' + summary('get_symbol_documentation (warm server)', doc));
console.log('  ' + summary('raw textDocument/hover it ends in     ', raw));
console.log('  ' + summary('get_symbol_documentation, hover cached', cached));
console.log(`  ratio get_symbol_documentation / raw hover: median ${(median(doc) / median(raw)).toFixed(1)}×, p95 ${(percentile(doc, 95) / percentile(raw, 95)).toFixed(1)}×`);
