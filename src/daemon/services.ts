import type { DocentConfig } from '../core/config/schema.js';
import type { Logger } from '../core/log.js';
import { ServiceRegistry } from '../core/services.js';
import type { Workspace } from '../core/workspace/workspace.js';
import { DOCS_SERVICE_KEY, type DocsService } from '../features/docs/service.js';

/**
 * The daemon's services, shared by every session that can share them. Sessions with the same
 * effective service settings (everything in the config but roots and per-call switches) share
 * one registry: one language-server manager (so one clangd per project), one Info library.
 * The docs index is held per set of roots, so each session searches its own roots while
 * sessions on the same roots share one index; an index nobody asked for in `rootIdleMs` is
 * closed (its watcher and database with it) and reopened on the next question.
 */

/** The config sections a session's services depend on: sessions differing only in roots share. */
function fingerprint(config: DocentConfig): string {
  const { roots: _r, logLevel: _l, tools: _t, allowWrites: _w, allowRun: _x, ...rest } = config;
  return JSON.stringify(rest);
}

interface DocsEntry {
  registry: ServiceRegistry;
  key: string;
  lastUsed: number;
}

export class SharedServices {
  private readonly registries = new Map<string, ServiceRegistry>();
  private readonly docs = new Map<string, DocsEntry>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly log: Logger,
    private readonly rootIdleMs: number,
  ) {
    this.timer = setInterval(() => void this.sweep(), Math.max(1000, Math.min(60_000, rootIdleMs / 4)));
    this.timer.unref();
  }

  /** The registry a session sees: shared entries, the docs index keyed by the session's roots. */
  forSession(config: DocentConfig, workspace: Workspace, log: Logger): ServiceRegistry {
    const fp = fingerprint(config);
    let shared = this.registries.get(fp);
    if (!shared) this.registries.set(fp, (shared = new ServiceRegistry()));
    return new SessionServices(shared, workspace, (key, svc) => this.touchDocs(shared, key, svc, config, log));
  }

  /** How many docs indexes (one per set of roots) are loaded. */
  loadedIndexes(): string[] {
    return [...this.docs.values()].map((d) => d.key.split('\0').slice(1).join(', '));
  }

  private touchDocs(registry: ServiceRegistry, key: string, svc: DocsService, config: DocentConfig, log: Logger): void {
    const id = `${this.fpOf(registry)}\0${key}`;
    const entry = this.docs.get(id);
    if (entry) {
      entry.lastUsed = Date.now();
      return;
    }
    this.docs.set(id, { registry, key, lastUsed: Date.now() });
    // A new index: bring it up to date and keep it live, as `serve` does, so later questions
    // find it current without walking the tree; callers meanwhile wait for the same catch-up.
    if (config.index.enabled) {
      void svc.index
        .catchUp()
        .then(async () => {
          if (config.index.watch) await svc.index.watch();
        })
        .catch((err: unknown) => log.warn(`indexing stopped: ${(err as Error).message}`));
    }
  }

  private fpOf(registry: ServiceRegistry): string {
    for (const [fp, r] of this.registries) if (r === registry) return fp;
    return '';
  }

  private async sweep(): Promise<void> {
    const now = Date.now();
    for (const [id, e] of this.docs) {
      if (now - e.lastUsed < this.rootIdleMs) continue;
      const svc = e.registry.peek<DocsService>(e.key);
      if (svc?.index.indexing) continue;
      this.docs.delete(id);
      this.log.info(`unloading the idle docs index of ${e.key.split('\0').slice(1).join(', ')}`);
      await e.registry.release(e.key);
    }
  }

  async dispose(): Promise<void> {
    clearInterval(this.timer);
    this.docs.clear();
    for (const r of this.registries.values()) await r.disposeAll();
    this.registries.clear();
  }
}

/** One session's view of a shared registry; disposing it leaves the shared services running. */
class SessionServices extends ServiceRegistry {
  constructor(
    private readonly shared: ServiceRegistry,
    private readonly workspace: Workspace,
    private readonly onDocs: (key: string, svc: DocsService) => void,
  ) {
    super();
  }

  private keyOf(key: string): string {
    return key === DOCS_SERVICE_KEY ? [key, ...this.workspace.roots].join('\0') : key;
  }

  override get<T>(key: string, create: () => T): T {
    const k = this.keyOf(key);
    const value = this.shared.get(k, create);
    if (key === DOCS_SERVICE_KEY) this.onDocs(k, value as DocsService);
    return value;
  }

  override peek<T>(key: string): T | undefined {
    return this.shared.peek<T>(this.keyOf(key));
  }

  override async release(): Promise<void> {
    // shared: only the daemon unloads
  }

  override async disposeAll(): Promise<void> {
    // shared: the daemon disposes them on exit
  }
}
