import type { DocentConfig } from '../config/schema.js';
import { DocentError } from '../errors.js';
import { createLogger, type Logger } from '../log.js';
import type { Disposable, ServiceRegistry } from '../services.js';
import type { Workspace } from '../workspace/workspace.js';
import { Vfs } from '../vfs/index.js';
import { LanguageServer, serverKey } from './language-server.js';
import { scanProjects, type ScanResult } from './project-scan.js';
import { ServerRegistry, type Route } from './registry.js';

/**
 * The language-server service: one per docent process (shared by every MCP session), holding
 * one LanguageServer per (server, project root). It routes files to servers, works out which
 * servers a workspace-wide question goes to, closes idle documents, stops idle servers and,
 * on dispose, shuts every server down cleanly (shutdown, exit, then signals).
 */

export const LSP_SERVICE_KEY = 'lsp';
/** How long a workspace scan is reused before the tree is walked again. */
const SCAN_TTL_MS = 60_000;

export interface ServerStatus {
  server: string;
  root: string;
  running: boolean;
  pid?: number;
  index_status: 'ready' | 'indexing' | 'unavailable';
}

export class LspManager implements Disposable {
  readonly registry: ServerRegistry;
  private readonly servers = new Map<string, LanguageServer>();
  private readonly scans = new Map<string, { at: number; result: Promise<ScanResult> }>();
  private readonly timer: NodeJS.Timeout;
  private disposed = false;
  private readonly offVfs: () => void;

  constructor(
    private readonly config: DocentConfig,
    private readonly log: Logger = createLogger('docent:lsp'),
    /** File contents as the servers see them: the disk, plus each session's overlays. */
    readonly vfs: Vfs = new Vfs(),
  ) {
    this.registry = new ServerRegistry(config);
    const idle = config.lsp.idleShutdownMs;
    const every = Math.max(1000, Math.min(30_000, idle > 0 ? idle / 4 : 30_000));
    this.timer = setInterval(() => void this.sweep(), every);
    this.timer.unref();
    // An overlay change goes to the servers holding that file at once (a head start: every
    // request still syncs its own session's view under a lease).
    this.offVfs = vfs.onDidChange((e) => {
      if (!e.snapshot) return;
      // A disk write (the edit applier) goes to servers holding the file's disk content at once.
      if (e.origin === 'disk') for (const s of this.servers.values()) s.diskChanged(e.snapshot);
      if (e.origin !== 'overlay') return;
      for (const s of this.servers.values()) s.prefetch(e.snapshot);
    });
  }

  /** The shared manager of a feature context's service registry. */
  static from(ctx: { services: ServiceRegistry; config: DocentConfig }): LspManager {
    return ctx.services.get(LSP_SERVICE_KEY, () => new LspManager(ctx.config, undefined, Vfs.from(ctx.services)));
  }

  /** The server for (route.spec, route.root), created (not yet started) on first use. */
  server(route: Pick<Route, 'spec' | 'root'>): LanguageServer {
    if (this.disposed) throw new DocentError('E_UNAVAILABLE', 'docent is shutting down.');
    const key = serverKey(route.spec.id, route.root);
    let s = this.servers.get(key);
    if (!s) {
      s = new LanguageServer({ spec: route.spec, root: route.root, config: this.config.lsp, log: this.log, vfs: this.vfs });
      this.servers.set(key, s);
    }
    return s;
  }

  /** Route a file (absolute, inside the workspace) to its server; E_NO_SERVER when none handles it. */
  route(file: string, workspace: Workspace): Route {
    const wsRoot = workspace.rootOf(file) ?? workspace.roots[0]!;
    const route = this.registry.route(file, wsRoot);
    if (!route) {
      const known = [...new Set(this.registry.specs.flatMap((s) => s.extensions))].join(' ');
      throw new DocentError('E_NO_SERVER', `No language server is configured for ${workspace.display(file)}.`, `docent routes these extensions: ${known}. Add a server for this file type under lsp.servers in docent.config.json.`);
    }
    return route;
  }

  /** The server for a file, ready to take requests about it. */
  forFile(file: string, workspace: Workspace): LanguageServer {
    return this.server(this.route(file, workspace));
  }

  /** Projects (server + root + anchor file) in the workspace, cached for a minute. */
  projects(workspace: Workspace, signal?: AbortSignal): Promise<ScanResult> {
    const key = workspace.roots.join('\0');
    const hit = this.scans.get(key);
    if (hit && Date.now() - hit.at < SCAN_TTL_MS) return hit.result;
    const result = scanProjects(this.registry, workspace.roots, signal);
    this.scans.set(key, { at: Date.now(), result });
    result.catch(() => this.scans.delete(key));
    return result;
  }

  status(): ServerStatus[] {
    return [...this.servers.values()].map((s) => ({ server: s.spec.id, root: s.root, running: s.running, pid: s.pid, index_status: s.indexStatus() }));
  }

  /** Every server created so far (running or not). */
  list(): LanguageServer[] {
    return [...this.servers.values()];
  }

  private async sweep(): Promise<void> {
    const now = Date.now();
    const idle = this.config.lsp.idleShutdownMs;
    // Documents close well before the server stops: a closed document costs nothing to reopen.
    const docIdle = Math.max(1000, Math.min(5 * 60_000, idle > 0 ? idle / 2 : 5 * 60_000));
    for (const s of this.servers.values()) {
      try {
        await s.sweep(now, docIdle, idle);
      } catch (err) {
        this.log.debug(`sweep of ${s.spec.id} failed: ${(err as Error).message}`);
      }
    }
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    clearInterval(this.timer);
    this.offVfs();
    const all = [...this.servers.values()];
    this.servers.clear();
    await Promise.allSettled(all.map((s) => s.dispose()));
  }
}
