// The docs features as the quality benches drive them in process (docent's built modules, dist/),
// over a feature context built as the MCP server builds one, and the options those benches share.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
export const { docsSearch } = await import(`${dist}/features/docs/search.js`);
export const { docsIndexFor } = await import(`${dist}/features/docs/service.js`);
const { ServiceRegistry } = await import(`${dist}/core/services.js`);
const { Workspace } = await import(`${dist}/core/workspace/workspace.js`);
const { createLogger } = await import(`${dist}/core/log.js`);
const { OwnedSession } = await import(`${dist}/features/context.js`);
const { loadConfig } = await import(`${dist}/core/config/load.js`);

/** A feature context over one root, with its own services and index directory (and any other `index` settings). */
export function contextFor(root, indexDir, exclude = [], index = {}) {
  const { config } = loadConfig({ cwd: root, flags: { roots: [root], indexDir, index: { exclude, watch: false, ...index } }, env: {} });
  return { workspace: new Workspace([root]), config, services: new ServiceRegistry(), signal: new AbortController().signal, progress: () => {}, log: createLogger('bench'), session: new OwnedSession('bench') };
}

/** `--only a,b`, `--reuse DIR` (made if missing; else a temp folder named after `name`) and `--verbose`. */
export function benchOptions(name, args = process.argv.slice(2)) {
  const opt = (key) => {
    const i = args.indexOf(`--${key}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const reuse = opt('reuse');
  if (reuse) mkdirSync(reuse, { recursive: true });
  return {
    verbose: args.includes('--verbose'),
    only: (opt('only') ?? '').split(',').filter(Boolean),
    reuse,
    work: reuse ? path.resolve(reuse) : mkdtempSync(path.join(tmpdir(), `docent-bench-${name}-`)),
  };
}
