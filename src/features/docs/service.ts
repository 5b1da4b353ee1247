import { existsSync } from 'node:fs';
import type { DocentConfig } from '../../core/config/schema.js';
import { indexDbPath } from '../../core/index/paths.js';
import { createLogger, type Logger } from '../../core/log.js';
import { DocsIndex } from '../../core/index/service.js';
import { embeddingsConfigOf } from '../../core/index/embedding-runner.js';
import type { ServiceRegistry } from '../../core/services.js';
import { Vfs } from '../../core/vfs/vfs.js';
import type { Workspace } from '../../core/workspace/workspace.js';
import type { FeatureContext } from '../context.js';

/**
 * The docs index as a shared service. In `docent serve` the index is started once at startup
 * (`startDocsIndexing`): it answers at once from the stored database, catches up in the
 * background and is kept live by a watcher. A one-shot CLI command instead brings the index
 * up to date (incrementally, usually in well under a second) before answering, showing
 * progress.
 */

export const DOCS_SERVICE_KEY = 'docs-index';

export interface DocsService {
  index: DocsIndex;
  /** True when started by `docent serve`: sync in the background, never make a caller wait. */
  background: boolean;
  dispose(): Promise<void>;
}

function create(workspace: Workspace, config: DocentConfig, background: boolean, log: Logger, services?: ServiceRegistry): DocsService {
  const index = new DocsIndex({
    roots: workspace.roots,
    indexDir: config.indexDir,
    includePrivate: config.index.private,
    maxFileBytes: config.index.maxFileBytes,
    exclude: config.index.exclude,
    workers: config.index.workers,
    dependencies: config.index.dependencies,
    searchLane: config.index.searchThread,
    compileCommandsDir: config.lsp.compileCommandsDir,
    log,
    syncEnabled: config.index.enabled,
    embeddings: embeddingsConfigOf(config.docs.embeddings, workspace.roots[0]),
    // A server embeds after each catch-up; a one-shot command only when it is `docent index`.
    embedAfterSync: background,
    // A one-shot command searches (if at all) once the build is done: no quick name pass.
    nameSketch: background,
  });
  // A file docent writes (the edit applier) is re-indexed at once, not when a watcher reports it.
  const off = services
    ? Vfs.from(services).onDidChange((e) => {
        if (e.origin === 'disk') index.noteChanged(e.path);
      })
    : () => undefined;
  const dispose = () => {
    off();
    return index.dispose();
  };
  return { index, background, dispose };
}

export interface StartDocsIndexingArgs {
  workspace: Workspace;
  config: DocentConfig;
  services: ServiceRegistry;
  log?: Logger;
}

/**
 * Called by `docent serve` at startup (unless `--no-index`): opens the index of every root,
 * starts catching up in the background (progress logged at info level) and then watches the
 * roots when `index.watch` is on. Returns at once; never throws (failures show in index_status).
 */
export function startDocsIndexing(args: StartDocsIndexingArgs): DocsService {
  const log = args.log ?? createLogger('docent:index');
  const svc = args.services.get<DocsService>(DOCS_SERVICE_KEY, () => create(args.workspace, args.config, true, log, args.services));
  svc.background = true;
  kickBackground(svc, args.config, log);
  return svc;
}

function kickBackground(svc: DocsService, config: DocentConfig, log: Logger): void {
  if (!config.index.enabled) return;
  let lastLog = 0;
  const off = svc.index.onProgress((p) => {
    const now = Date.now();
    if (now - lastLog < 2000 && p.done < p.total) return;
    lastLog = now;
    log.info(`indexing ${p.root}: ${p.done}/${p.total} files`);
  });
  void svc.index
    .catchUp()
    .then(async () => {
      off();
      if (config.index.watch) await svc.index.watch();
    })
    .catch((err: unknown) => {
      off();
      log.warn(`background indexing stopped: ${(err as Error).message}`);
    });
}

/**
 * The index for a feature call. Follows the workspace's roots (an MCP client may announce its
 * own). In the CLI (no background service) it first catches up, reporting progress.
 */
export async function docsIndexFor(ctx: FeatureContext): Promise<DocsIndex> {
  const svc = ctx.services.get<DocsService>(DOCS_SERVICE_KEY, () => create(ctx.workspace, ctx.config, false, ctx.log, ctx.services));
  const changed = svc.index.setRoots(ctx.workspace.roots);
  if (svc.background) {
    if (changed) kickBackground(svc, ctx.config, ctx.log);
    // Files docent just wrote are answered on their new content.
    await svc.index.settled();
    return svc.index;
  }
  if (ctx.config.index.enabled) {
    const off = svc.index.onProgress((p) => ctx.progress({ progress: p.done, total: p.total, message: p.message }));
    try {
      await svc.index.catchUp({ signal: ctx.signal });
    } finally {
      off();
    }
  }
  return svc.index;
}

/**
 * The index as it stands, for a caller that must not wait for it (search_symbols takes
 * signatures from it): never catches up in the foreground. Under `docent serve` that is the
 * background service; in a one-shot command it opens what is stored, and undefined when no
 * root has a stored index (nothing is created just to find it empty).
 */
export function docsIndexNow(ctx: FeatureContext): DocsIndex | undefined {
  if (!ctx.services.peek<DocsService>(DOCS_SERVICE_KEY) && !ctx.workspace.roots.some((r) => existsSync(indexDbPath(r, ctx.config.indexDir)))) return undefined;
  const svc = ctx.services.get<DocsService>(DOCS_SERVICE_KEY, () => create(ctx.workspace, ctx.config, false, ctx.log));
  if (svc.index.setRoots(ctx.workspace.roots) && svc.background) kickBackground(svc, ctx.config, ctx.log);
  return svc.index;
}
