import type {
  DocumentSymbol,
  Hover,
  Location,
  LocationLink,
  Position,
  SymbolInformation,
  WorkspaceSymbol,
} from 'vscode-languageserver-protocol';
import type { DocentConfig } from '../config/schema.js';
import { DocentError, throwIfAborted } from '../errors.js';
import type { Logger } from '../log.js';
import path from 'node:path';
import { Vfs, type FileSnapshot } from '../vfs/index.js';
import { LspClient, type RequestOptions } from './client.js';
import type { OpenDocument } from './documents.js';
import { languageIdFor } from './registry.js';
import { pathToUri } from './positions.js';
import type { ServerSpec } from './server-spec.js';

/**
 * One language server for one project root, as features see it: started lazily on the first
 * request, restarted with exponential backoff after a crash (the request that finds it dead
 * restarts it), shut down when idle, and answering typed requests on files it opens first.
 * Every answer can be paired with `indexStatus()`, so partial results are never silent.
 */

export type IndexStatus = 'ready' | 'indexing' | 'unavailable';

export interface LanguageServerOptions {
  spec: ServerSpec;
  root: string;
  config: DocentConfig['lsp'];
  log: Logger;
  /** Where file contents come from (disk plus session overlays); a private one when omitted. */
  vfs?: Vfs;
}

/** A request about a file, answered on the view of `session` (its overlays over the disk). */
export interface FileRequestOptions extends RequestOptions {
  /** The asking client session; without it, the disk view. */
  session?: string;
  /** Close the file afterwards if it was not open before (a workspace-wide pass over many files). */
  transient?: boolean;
}

/** What a request about a file runs with: the client, the document and the content it holds. */
export interface HeldView {
  client: LspClient;
  doc: OpenDocument;
  view: FileSnapshot;
}

/** The first restart waits this long; each further crash doubles it, up to MAX_BACKOFF_MS. */
export const BASE_BACKOFF_MS = 250;
export const MAX_BACKOFF_MS = 30_000;
/** A server that ran this long before crashing starts its backoff afresh. */
const STABLE_MS = 60_000;

export class LanguageServer {
  readonly spec: ServerSpec;
  readonly root: string;
  private client?: LspClient;
  private starting?: Promise<LspClient>;
  private crashes = 0;
  private nextStartAt = 0;
  private readyWaited = false;
  private disposed = false;
  private lastError?: DocentError;
  lastUsed = Date.now();
  readonly vfs: Vfs;

  constructor(private readonly opts: LanguageServerOptions) {
    this.spec = opts.spec;
    this.root = opts.root;
    this.vfs = opts.vfs ?? new Vfs();
  }

  get key(): string {
    return serverKey(this.spec.id, this.root);
  }

  get running(): boolean {
    return Boolean(this.client?.alive);
  }

  get pid(): number | undefined {
    return this.client?.alive ? this.client.pid : undefined;
  }

  /** How long the running server process has been up (0 when none is running). */
  get uptimeMs(): number {
    return this.client?.alive ? Date.now() - this.client.startedAt : 0;
  }

  /** True while the server is within its readiness window, when half-loaded answers are likely. */
  get young(): boolean {
    return this.client?.alive === true && this.uptimeMs < this.opts.config.readyTimeoutMs;
  }

  /** The raw client, for features that need a request this class has no helper for. */
  async connection(signal?: AbortSignal): Promise<LspClient> {
    this.lastUsed = Date.now();
    if (this.disposed) throw new DocentError('E_UNAVAILABLE', `${this.spec.id} is shutting down.`);
    if (this.client?.alive) return this.client;
    if (!this.starting) {
      const wait = this.nextStartAt - Date.now();
      if (wait > 0) {
        if (wait > this.opts.config.requestTimeoutMs) {
          throw new DocentError('E_UNAVAILABLE', `${this.spec.id} crashed ${this.crashes} times; the next restart is in ${Math.ceil(wait / 1000)} s.`, 'Wait and retry; run with DOCENT_LOG=debug to see why it crashes.', {
            server: this.spec.id,
            root: this.root,
          });
        }
        await sleep(wait, signal);
      }
      this.starting = this.start().finally(() => (this.starting = undefined));
    }
    return this.starting;
  }

  private async start(): Promise<LspClient> {
    const cmd = this.spec.resolve();
    if (!cmd) {
      throw new DocentError('E_NO_SERVER', `No ${this.spec.id} language server is installed (needed for ${this.spec.languages.join('/') || this.spec.id} files).`, this.spec.install, {
        server: this.spec.id,
        install: this.spec.install,
      });
    }
    const launch = this.spec.launch(cmd, this.root);
    const startedAt = Date.now();
    let client: LspClient;
    try {
      client = await LspClient.start({
        name: this.spec.id,
        command: launch.command,
        args: launch.args,
        root: this.root,
        initializationOptions: launch.initializationOptions,
        settings: launch.settings,
        requestTimeoutMs: this.opts.config.requestTimeoutMs,
        // A server that has not answered a $/cancelRequest within one request timeout
        // (at least 1 s, at most 10 s) is hung, and is killed.
        cancelGraceMs: Math.min(10_000, Math.max(1000, this.opts.config.requestTimeoutMs)),
        startTimeoutMs: this.opts.config.readyTimeoutMs,
        installHint: this.spec.install,
        readyLogPattern: this.spec.readyLogPattern,
        maxOpenDocuments: this.spec.maxOpenDocuments,
        log: this.opts.log,
      });
    } catch (err) {
      this.recordCrash(startedAt);
      this.lastError = err as DocentError;
      throw err;
    }
    this.readyWaited = false;
    this.lastError = undefined;
    client.onExit((info) => {
      if (this.client === client) this.client = undefined;
      if (info.expected || this.disposed) return;
      this.recordCrash(client.startedAt);
      const tail = info.stderrTail.trim().split('\n').slice(-2).join(' | ');
      this.opts.log.warn(`${this.spec.id} (${this.root}) exited unexpectedly (${info.signal ?? `code ${info.code}`}); it restarts on the next request${tail ? `: ${tail}` : ''}`);
    });
    if (this.disposed) {
      await client.shutdown();
      throw new DocentError('E_UNAVAILABLE', `${this.spec.id} is shutting down.`);
    }
    this.client = client;
    return client;
  }

  private recordCrash(startedAt: number): void {
    if (Date.now() - startedAt > STABLE_MS) this.crashes = 0;
    this.crashes++;
    this.nextStartAt = Date.now() + Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** (this.crashes - 1));
  }

  /**
   * Make sure the server runs and has `anchor` open (clangd starts indexing, and the TypeScript
   * server loads a project, only around an open file), then wait for its indexing to settle,
   * once per server start and never past startup + lsp.readyTimeoutMs.
   */
  async ready(opts: { anchor?: string; signal?: AbortSignal } = {}): Promise<IndexStatus> {
    const client = await this.connection(opts.signal);
    // Opened only when not open yet: an open anchor may hold a session's view right now.
    if (opts.anchor && !client.documents.isOpen(opts.anchor)) client.open(this.vfs.read(opts.anchor), languageIdFor(opts.anchor, this.spec));
    if (!this.readyWaited) {
      const deadline = client.startedAt + this.opts.config.readyTimeoutMs;
      await client.waitLogReady(deadline, opts.signal);
      const idle = await client.progress.waitIdle({
        quietMs: this.spec.settleMs,
        deadline,
        signal: opts.signal,
      });
      throwIfAborted(opts.signal);
      this.readyWaited = true;
      if (!idle) this.opts.log.info(`${this.spec.id} still indexing after ${this.opts.config.readyTimeoutMs} ms; answering with partial results`);
    }
    if (opts.anchor && this.spec.projectLoad) await this.loadProject(client, opts.anchor, opts.signal);
    return this.indexStatus();
  }

  /** Anchors whose project the current server process has loaded (see ServerSpec.projectLoad). */
  private readonly loaded = new WeakMap<LspClient, Set<string>>();

  private async loadProject(client: LspClient, anchor: string, signal?: AbortSignal): Promise<void> {
    let done = this.loaded.get(client);
    if (!done) this.loaded.set(client, (done = new Set()));
    if (done.has(anchor)) return;
    done.add(anchor);
    const { method, params } = this.spec.projectLoad!(anchor);
    const left = client.startedAt + this.opts.config.readyTimeoutMs - Date.now();
    try {
      await this.request(method, params, { signal, timeoutMs: Math.max(2000, left) });
    } catch (err) {
      throwIfAborted(signal);
      // Best effort: without it the first answers may be partial, as before.
      this.opts.log.debug(`${this.spec.id}: loading the project of ${anchor} failed: ${(err as Error).message}`);
    }
  }

  /**
   * Run `query`; if the server turns out to be indexing while still inside its startup window
   * (its progress began after the readiness wait, as a loaded machine makes likely), wait for
   * the indexing to end and run it once more, so that the first answer is a complete one.
   */
  async settled<T>(query: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const result = await query();
    const client = this.client;
    if (!client?.progress.busy) return result;
    const deadline = client.startedAt + this.opts.config.readyTimeoutMs;
    if (Date.now() >= deadline) return result;
    const idle = await client.progress.waitIdle({ quietMs: this.spec.settleMs, deadline, signal });
    throwIfAborted(signal);
    return idle ? query() : result;
  }

  /** Whether the running server holds `file` open (requests on it need no parse first). */
  holds(file: string): boolean {
    return this.client?.documents.isOpen(file) ?? false;
  }

  indexStatus(): IndexStatus {
    if (!this.client?.alive) return 'unavailable';
    return this.client.progress.busy ? 'indexing' : 'ready';
  }

  /** What the server is busy with, for warnings ("Indexing 40/120"). */
  progressDescription(): string | undefined {
    const active = this.client?.progress.describe() ?? [];
    if (!active.length) return undefined;
    return active.map((p) => [p.title, p.message, p.percentage !== undefined ? `${p.percentage}%` : undefined].filter(Boolean).join(' ')).join('; ');
  }

  /**
   * Send a request; if the server dies while answering, restart it and retry once (every
   * request docent sends is a read, so a retry is safe).
   */
  async request<R>(method: string, params: unknown | ((client: LspClient) => unknown), opts: RequestOptions = {}): Promise<R> {
    for (let attempt = 0; ; attempt++) {
      const client = await this.connection(opts.signal);
      this.lastUsed = Date.now();
      try {
        const p = typeof params === 'function' ? (params as (c: LspClient) => unknown)(client) : params;
        return await client.request<R>(method, p, opts);
      } catch (err) {
        const crashed = err instanceof DocentError && err.code === 'E_UNAVAILABLE' && err.details?.crashed === true;
        if (!crashed || attempt > 0) throw err;
      }
    }
  }

  /**
   * Run `fn` while the server holds `session`'s view of `file` (its overlay, else the disk,
   * re-read when it changed behind docent's back). Other sessions wanting other content for the
   * same document wait until `fn` is done (view-lease.ts), so the answer is computed on exactly
   * `view`. The session's overlays of other files this server serves are synced too (a header
   * overlaid by the session is what its .cpp must see), and documents holding another session's
   * overlay go back to this session's view. If the server dies meanwhile, it is restarted and
   * `fn` runs once more (every request docent sends is a read).
   */
  async withView<R>(file: string, opts: FileRequestOptions, fn: (held: HeldView) => Promise<R>): Promise<R> {
    for (let attempt = 0; ; attempt++) {
      const client = await this.connection(opts.signal);
      this.lastUsed = Date.now();
      const paths = this.viewPaths(client, file, opts.session);
      const wasOpen = client.documents.isOpen(file);
      const releases: Array<() => void> = [];
      try {
        // Leases in URI order, so two requests never wait on each other crosswise.
        for (const p of paths) {
          const hash = this.vfs.read(p, opts.session).hash;
          releases.push(await client.leases.acquire(pathToUri(p), hash, opts.signal));
        }
        let held: HeldView | undefined;
        for (const p of paths) {
          // Read again under the lease; a view changed while waiting still goes out whole.
          const view = this.vfs.read(p, opts.session);
          const doc = p === file || client.documents.isOpen(p) || view.origin === 'overlay' ? client.open(view, languageIdFor(p, this.spec)) : undefined;
          // Another session's overlay of a file that does not exist for this session: gone from the server.
          if (!doc && !view.exists && client.documents.isOpen(p)) client.documents.close(p);
          if (p === file) {
            if (!doc) throw new DocentError('E_NOT_FOUND', `Cannot read ${file}.`, 'Check that the file exists and is readable.');
            held = { client, doc, view };
          }
        }
        const result = await fn(held!);
        if (opts.transient && !wasOpen && held!.view.origin === 'disk') client.documents.close(file);
        return result;
      } catch (err) {
        const crashed = err instanceof DocentError && err.code === 'E_UNAVAILABLE' && err.details?.crashed === true;
        if (!crashed || attempt > 0) throw err;
      } finally {
        for (const r of releases) r();
      }
    }
  }

  /** `file`, plus the files whose view must change with it (overlays, ours or another's), sorted. */
  private viewPaths(client: LspClient, file: string, session?: string): string[] {
    const set = new Set<string>([file]);
    const serves = (p: string) => (p === this.root || p.startsWith(this.root + path.sep)) && this.spec.extensions.includes(path.extname(p).toLowerCase());
    if (session !== undefined) for (const o of this.vfs.listOverlays(session)) if (serves(o.path)) set.add(o.path);
    for (const p of client.documents.paths('overlay')) set.add(p);
    return [...set].sort((a, b) => pathToUri(a).localeCompare(pathToUri(b)));
  }

  /**
   * A session just put `view` over its file: if this server holds that document and nobody is
   * using it, send the new content now, so the server starts on it while the session's next
   * request is still on its way (the request syncs again under a lease, so this is only a head
   * start, never a correctness matter).
   */
  prefetch(view: FileSnapshot): void {
    const client = this.client;
    if (!client?.alive || !client.documents.isOpen(view.path)) return;
    if (!client.leases.idle(pathToUri(view.path))) return;
    client.open(view, languageIdFor(view.path, this.spec));
  }

  /**
   * docent wrote `view` to disk (the edit applier): a document this server holds with disk
   * content gets the new text now, not at the next request about that very file, so a request
   * about another file (a user of a renamed symbol) is answered on the written code without
   * waiting for a file watcher. Waits its turn under the document's lease, like any sync.
   */
  diskChanged(view: FileSnapshot): void {
    const client = this.client;
    if (!client?.alive || !view.exists || client.documents.get(view.path)?.origin !== 'disk') return;
    const uri = pathToUri(view.path);
    void client.leases.acquire(uri, view.hash).then((release) => {
      try {
        // Still disk content, and still what the disk holds (a later write sends its own).
        if (client.alive && client.documents.get(view.path)?.origin === 'disk' && this.vfs.readDisk(view.path).hash === view.hash) client.open(view, languageIdFor(view.path, this.spec));
      } finally {
        release();
      }
    }, () => undefined);
  }

  /** A request about `file` on the session's view of it (see withView). */
  private fileRequest<R>(file: string, method: string, params: (uri: string) => unknown, opts: FileRequestOptions): Promise<R> {
    return this.withView(file, opts, ({ client, doc }) => client.request<R>(method, params(doc.uri), opts));
  }

  /**
   * workspace/symbol. `from` is the project's anchor: for a server whose search follows the
   * document used last, a cheap request on the anchor goes out in the same tick, just before,
   * so that a hover on a file outside the project (an inferred project) cannot narrow it.
   */
  workspaceSymbols(query: string, opts: RequestOptions & { from?: string } = {}): Promise<Array<SymbolInformation | WorkspaceSymbol> | null> {
    const { from, ...rest } = opts;
    if (!from || !this.spec.symbolSearchFollowsLastFile) return this.request('workspace/symbol', { query }, rest);
    return this.request(
      'workspace/symbol',
      (c: LspClient) => {
        // Not awaited before the search on purpose: both requests must leave back to back.
        // Best effort: an anchor that cannot be read (deleted since the scan, too large) must
        // not fail the search itself.
        const doc = c.documents.get(from) ?? c.open(this.vfs.read(from), languageIdFor(from, this.spec));
        if (doc) c.request('textDocument/foldingRange', { textDocument: { uri: doc.uri } }, rest).catch(() => undefined);
        return { query };
      },
      rest,
    );
  }

  documentSymbols(file: string, opts: FileRequestOptions = {}): Promise<Array<DocumentSymbol | SymbolInformation> | null> {
    return this.fileRequest(file, 'textDocument/documentSymbol', (uri) => ({ textDocument: { uri } }), opts);
  }

  hover(file: string, position: Position, opts: FileRequestOptions = {}): Promise<Hover | null> {
    return this.fileRequest(file, 'textDocument/hover', (uri) => ({ textDocument: { uri }, position }), opts);
  }

  definition(file: string, position: Position, opts: FileRequestOptions = {}): Promise<Location | Location[] | LocationLink[] | null> {
    return this.fileRequest(file, 'textDocument/definition', (uri) => ({ textDocument: { uri }, position }), opts);
  }

  /** Go-to-declaration (clangd: from a definition in a .cpp to the header's declaration). */
  declaration(file: string, position: Position, opts: FileRequestOptions = {}): Promise<Location | Location[] | LocationLink[] | null> {
    return this.fileRequest(file, 'textDocument/declaration', (uri) => ({ textDocument: { uri }, position }), opts);
  }

  references(file: string, position: Position, includeDeclaration: boolean, opts: FileRequestOptions = {}): Promise<Location[] | null> {
    return this.fileRequest(file, 'textDocument/references', (uri) => ({ textDocument: { uri }, position, context: { includeDeclaration } }), opts);
  }

  /** Any other request about a position or a whole file (call/type hierarchy, implementation, codeAction, …). */
  fileQuery<R>(file: string, method: string, params: (uri: string) => unknown, opts: FileRequestOptions = {}): Promise<R> {
    return this.fileRequest(file, method, params, opts);
  }

  /** Whether the running server advertised a capability (false when not running). */
  supports(
    capability: 'hoverProvider' | 'referencesProvider' | 'definitionProvider' | 'declarationProvider' | 'documentSymbolProvider' | 'workspaceSymbolProvider' | 'callHierarchyProvider' | 'typeHierarchyProvider' | 'implementationProvider' | 'codeActionProvider',
  ): boolean {
    const c = this.client?.capabilities;
    return Boolean(c && c[capability]);
  }

  /** Close documents unused for `docIdleMs`, and stop the server when idle for `idleMs`. */
  async sweep(now: number, docIdleMs: number, idleMs: number): Promise<void> {
    const client = this.client;
    if (!client?.alive) return;
    client.documents.closeIdle(docIdleMs, now);
    if (idleMs > 0 && client.pending === 0 && now - Math.max(this.lastUsed, client.lastActivity) >= idleMs) {
      this.opts.log.info(`${this.spec.id} (${this.root}) idle for ${Math.round(idleMs / 1000)} s; shutting it down`);
      this.client = undefined;
      await client.shutdown();
    }
  }

  /** Kill the process as if it crashed (tests use this to check recovery). */
  killForTest(): void {
    this.client?.kill();
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    const client = this.client ?? (await this.starting?.catch(() => undefined));
    this.client = undefined;
    await client?.shutdown();
  }

  /** Last start failure, for status reports. */
  get error(): DocentError | undefined {
    return this.lastError;
  }

  /** URI helper for callers that build their own params. */
  static uri(file: string): string {
    return pathToUri(file);
  }
}

export function serverKey(id: string, root: string): string {
  return `${id}\0${root}`;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new DocentError('E_CANCELLED', 'The request was cancelled.'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
