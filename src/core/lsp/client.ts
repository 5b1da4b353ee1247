import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import {
  CancellationTokenSource,
  ConfigurationRequest,
  createMessageConnection,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  UnregistrationRequest,
  WorkDoneProgressCreateRequest,
  type MessageConnection,
  type Registration,
  type ServerCapabilities,
} from 'vscode-languageserver-protocol/node.js';
import { DocentError } from '../errors.js';
import type { Logger } from '../log.js';
import { CLIENT_CAPABILITIES } from './capabilities.js';
import { OpenDocuments, type OpenDocument } from './documents.js';
import { pathToUri } from './positions.js';
import { ProgressTracker } from './progress.js';
import { PublishedDiagnostics } from './published-diagnostics.js';
import { ViewLeases } from './view-lease.js';
import type { FileSnapshot } from '../vfs/index.js';
import { settingsSection } from './settings.js';

/**
 * One running language server: the child process, the JSON-RPC connection over its stdio, the
 * initialize handshake, the server-to-client requests a real client must answer, progress
 * tracking, open documents, and requests that time out or get cancelled for real (the server
 * receives `$/cancelRequest`; a server that ignores it is killed after a grace period).
 * Lifecycle policy (when to start, restart, stop) belongs to LanguageServer, not here.
 */

export interface LspClientOptions {
  /** Server id for messages and logs, e.g. "clangd". */
  name: string;
  command: string;
  args: string[];
  /** The project root; the server's cwd, rootUri and only workspace folder. */
  root: string;
  initializationOptions?: unknown;
  /** Answers workspace/configuration, looked up by section ("python.analysis"). */
  settings?: unknown;
  env?: NodeJS.ProcessEnv;
  requestTimeoutMs: number;
  /** How long to wait for initialize; a server that cannot answer it is unusable. */
  startTimeoutMs: number;
  /** After a cancelled request, how long the server gets to answer before it is killed as hung. */
  cancelGraceMs?: number;
  /** A window/logMessage that tells the server has loaded the project (pyright reports no progress). */
  readyLogPattern?: RegExp;
  /** Documents kept open at once (least recently used are closed first). */
  maxOpenDocuments?: number;
  /** Install hint for E_NO_SERVER when the program cannot start. */
  installHint: string;
  log: Logger;
}

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** True when docent asked for it (shutdown, dispose, idle). */
  expected: boolean;
  stderrTail: string;
}

const STDERR_TAIL = 4000;

export class LspClient {
  readonly progress = new ProgressTracker();
  readonly documents: OpenDocuments;
  readonly diagnostics = new PublishedDiagnostics();
  /** Which view of each document may be in the server right now (see view-lease.ts). */
  readonly leases = new ViewLeases();
  readonly registrations = new Map<string, Registration>();
  readonly startedAt = Date.now();
  capabilities: ServerCapabilities = {};
  serverInfo?: { name: string; version?: string };
  lastActivity = Date.now();
  /** Receives the edits of workspace/applyEdit requests while set (see refactor.ts). */
  applyEditHandler?: (edit: unknown) => boolean;
  private inflight = 0;
  private logReady = false;
  private readonly logReadyWaiters = new Set<() => void>();
  private stderrTail = '';
  private exited?: ExitInfo;
  private expectingExit = false;
  private readonly exitListeners = new Set<(info: ExitInfo) => void>();

  private constructor(
    readonly opts: LspClientOptions,
    readonly child: ChildProcess,
    private readonly connection: MessageConnection,
  ) {
    this.documents = new OpenDocuments({
      didOpen: (doc, text) => this.notify(DidOpenTextDocumentNotification.method, { textDocument: { uri: doc.uri, languageId: doc.languageId, version: doc.version, text } }),
      didChange: (doc, text) => this.notify(DidChangeTextDocumentNotification.method, { textDocument: { uri: doc.uri, version: doc.version }, contentChanges: [{ text }] }),
      didClose: (doc) => this.notify(DidCloseTextDocumentNotification.method, { textDocument: { uri: doc.uri } }),
    }, opts.maxOpenDocuments ?? 32, (uri) => !this.leases.idle(uri));
  }

  /** Spawn the server and complete the initialize handshake, or throw E_NO_SERVER / E_TIMEOUT. */
  static async start(opts: LspClientOptions): Promise<LspClient> {
    const log = opts.log;
    log.debug(`starting ${opts.name}: ${opts.command} ${opts.args.join(' ')} (root ${opts.root})`);
    // Own process group, so that dispose can kill the server together with its children
    // (typescript-language-server runs tsserver processes).
    const child = spawn(opts.command, opts.args, {
      cwd: opts.root,
      env: opts.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const client = new LspClient(opts, child, connection);
    client.wire();
    trackChild(child);

    const failure = new Promise<never>((_, reject) => {
      child.once('error', (err: NodeJS.ErrnoException) => {
        reject(
          new DocentError('E_NO_SERVER', `${opts.name} could not be started (${opts.command}: ${err.code ?? err.message}).`, opts.installHint, {
            server: opts.name,
            command: opts.command,
          }),
        );
      });
      client.onExit((info) => {
        const tail = info.stderrTail.trim().split('\n').slice(-3).join(' | ');
        reject(
          new DocentError(
            'E_NO_SERVER',
            `${opts.name} exited during startup (${info.signal ?? `code ${info.code}`})${tail ? `: ${tail}` : ''}.`,
            opts.installHint,
            { server: opts.name, command: opts.command },
          ),
        );
      });
    });
    failure.catch(() => {});
    try {
      const init = connection.sendRequest(InitializeRequest.type, {
        processId: process.pid,
        clientInfo: { name: 'docent', version: '0.1.0' },
        locale: 'en',
        rootPath: opts.root,
        rootUri: pathToUri(opts.root),
        workspaceFolders: [{ uri: pathToUri(opts.root), name: path.basename(opts.root) }],
        capabilities: CLIENT_CAPABILITIES,
        initializationOptions: opts.initializationOptions ?? null,
        trace: 'off',
      });
      const result = await Promise.race([
        init,
        failure,
        delay(opts.startTimeoutMs).then(() => {
          throw new DocentError('E_TIMEOUT', `${opts.name} did not answer initialize within ${opts.startTimeoutMs} ms.`, 'Check that the server works on this project (run it by hand), or raise lsp.readyTimeoutMs.');
        }),
      ]);
      client.capabilities = result.capabilities;
      client.serverInfo = result.serverInfo;
      connection.sendNotification(InitializedNotification.type, {});
      if (opts.settings !== undefined) connection.sendNotification('workspace/didChangeConfiguration', { settings: opts.settings });
      log.debug(`${opts.name} initialized (${result.serverInfo?.name ?? '?'} ${result.serverInfo?.version ?? ''})`);
      return client;
    } catch (err) {
      client.kill();
      throw err;
    }
  }

  private wire(): void {
    const { connection, child, opts } = this;
    child.stderr!.on('data', (d: Buffer) => {
      this.stderrTail = (this.stderrTail + d.toString()).slice(-STDERR_TAIL);
      if (opts.log.enabled('debug')) opts.log.debug(`${opts.name} stderr: ${d.toString().trimEnd()}`);
    });
    // Writes to a dead server's stdin must not crash docent.
    child.stdin!.on('error', () => {});
    child.once('exit', (code, signal) => {
      this.exited = { code, signal, expected: this.expectingExit, stderrTail: this.stderrTail };
      untrackChild(child);
      try {
        connection.dispose();
      } catch {
        // already disposed
      }
      this.documents.clear();
      for (const l of [...this.exitListeners]) l(this.exited);
    });
    connection.onRequest(ConfigurationRequest.type, (params) => params.items.map((item) => settingsSection(opts.settings, item.section)));
    connection.onRequest(WorkDoneProgressCreateRequest.type, () => null);
    connection.onRequest(RegistrationRequest.type, (params) => {
      for (const r of params.registrations) this.registrations.set(r.id, r);
      return null;
    });
    connection.onRequest(UnregistrationRequest.type, (params) => {
      for (const r of params.unregisterations) this.registrations.delete(r.id);
      return null;
    });
    connection.onRequest('workspace/workspaceFolders', () => [{ uri: pathToUri(opts.root), name: path.basename(opts.root) }]);
    connection.onRequest('workspace/applyEdit', (params: { edit: unknown }) => {
      // A command docent executes (a code action's refactoring) hands its edit back this way:
      // the edit applier takes it as a preview; nothing is written here.
      if (this.applyEditHandler) return { applied: this.applyEditHandler(params.edit) };
      return { applied: false, failureReason: 'docent applies edits itself' };
    });
    // Any other server request (refresh requests, showMessageRequest, …): a neutral answer.
    connection.onRequest((method) => {
      opts.log.debug(`${opts.name} asked ${method}; answering null`);
      return null;
    });
    // jsonrpc routes $/progress to per-token handlers; tokens the server created itself
    // (window/workDoneProgress/create) arrive here.
    connection.onUnhandledProgress((params) => this.progress.handle(params.token, params.value as never));
    connection.onNotification(PublishDiagnosticsNotification.type, (p) => this.diagnostics.handle(p));
    connection.onNotification('window/logMessage', (p: { message: string }) => {
      opts.log.debug(`${opts.name}: ${p.message}`);
      if (opts.readyLogPattern && !this.logReady && opts.readyLogPattern.test(p.message)) {
        this.logReady = true;
        for (const w of [...this.logReadyWaiters]) w();
      }
    });
    connection.onNotification(() => {});
    connection.onError(([err]) => opts.log.debug(`${opts.name} connection error: ${err.message}`));
    connection.listen();
  }

  /** Resolves true once the server logged its ready message (at once without a pattern), false at the deadline. */
  waitLogReady(deadline: number, signal?: AbortSignal): Promise<boolean> {
    if (!this.opts.readyLogPattern || this.logReady) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (v: boolean) => {
        clearTimeout(t);
        this.logReadyWaiters.delete(ok);
        signal?.removeEventListener('abort', no);
        resolve(v);
      };
      const ok = () => done(true);
      const no = () => done(false);
      const t = setTimeout(no, Math.max(0, deadline - Date.now()));
      this.logReadyWaiters.add(ok);
      signal?.addEventListener('abort', no, { once: true });
      this.onExit(no);
    });
  }

  get alive(): boolean {
    return !this.exited;
  }

  get exitInfo(): ExitInfo | undefined {
    return this.exited;
  }

  get pending(): number {
    return this.inflight;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  onExit(listener: (info: ExitInfo) => void): () => void {
    if (this.exited) {
      listener(this.exited);
      return () => {};
    }
    this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }

  notify(method: string, params: unknown): void {
    if (!this.alive) return;
    this.lastActivity = Date.now();
    void this.connection.sendNotification(method, params).catch(() => {});
  }

  /**
   * Make the server hold `view` (a Vfs snapshot: the disk or a session's overlay) before
   * querying it; undefined when there is no such file or it is too large.
   */
  open(view: FileSnapshot, languageId: string): OpenDocument | undefined {
    const doc = this.documents.ensureOpen(view, languageId);
    if (doc) this.progress.touch();
    return doc;
  }

  /**
   * Send a request. Rejects with E_TIMEOUT after the timeout and E_CANCELLED when the signal
   * fires, in both cases sending `$/cancelRequest`; with E_UNAVAILABLE if the server dies.
   */
  request<R>(method: string, params: unknown, opts: RequestOptions = {}): Promise<R> {
    if (!this.alive) return Promise.reject(this.deadError());
    const cts = new CancellationTokenSource();
    const timeoutMs = opts.timeoutMs ?? this.opts.requestTimeoutMs;
    this.inflight++;
    this.lastActivity = Date.now();
    const sent = this.connection.sendRequest(method, params, cts.token) as Promise<R>;
    return new Promise<R>((resolve, reject) => {
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
        offExit();
        this.inflight--;
        this.lastActivity = Date.now();
        fn();
      };
      const abandon = (err: DocentError) => {
        cts.cancel();
        this.watchCancelled(sent, method);
        finish(() => reject(err));
      };
      const timer = setTimeout(
        () =>
          abandon(
            new DocentError('E_TIMEOUT', `${this.opts.name} did not answer ${method} within ${timeoutMs} ms (request cancelled).`, 'Try again (the server may still be indexing), narrow the query, or raise lsp.requestTimeoutMs / --lsp-timeout.', {
              server: this.opts.name,
              method,
            }),
          ),
        timeoutMs,
      );
      const onAbort = () => abandon(new DocentError('E_CANCELLED', 'The request was cancelled.'));
      const offExit = this.onExit(() => finish(() => reject(this.deadError(method))));
      if (opts.signal?.aborted) return onAbort();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      sent.then(
        (v) => finish(() => resolve(v)),
        (err: unknown) => finish(() => reject(this.alive ? mapRpcError(this.opts.name, method, err) : this.deadError(method))),
      );
    });
  }

  /** A cancelled request must still be answered (with an error); a server that never does is hung. */
  private watchCancelled(sent: Promise<unknown>, method: string): void {
    const grace = this.opts.cancelGraceMs ?? 10_000;
    const timer = setTimeout(() => {
      if (!this.alive) return;
      this.opts.log.warn(`${this.opts.name} ignored $/cancelRequest for ${method} for ${grace} ms; killing it (it restarts on the next request)`);
      this.kill();
    }, grace);
    timer.unref();
    sent.then(
      () => clearTimeout(timer),
      () => clearTimeout(timer),
    );
  }

  private deadError(method?: string): DocentError {
    const info = this.exited;
    const how = info ? (info.signal ?? `code ${info.code}`) : 'unknown';
    return new DocentError(
      'E_UNAVAILABLE',
      `${this.opts.name} exited (${how})${method ? ` while answering ${method}` : ''}.`,
      'It restarts on the next request; if it keeps exiting, run `docent doctor` and check the server on this project.',
      { server: this.opts.name, crashed: true },
    );
  }

  /** Polite shutdown (shutdown request, exit notification), then SIGTERM, then SIGKILL. */
  async shutdown(graceMs = 2000): Promise<void> {
    if (!this.alive) return;
    this.expectingExit = true;
    const exited = new Promise<void>((resolve) => this.onExit(() => resolve()));
    try {
      await Promise.race([this.connection.sendRequest(ShutdownRequest.type), delay(graceMs)]);
      await this.connection.sendNotification(ExitNotification.type).catch(() => {});
    } catch {
      // The server may already be going away.
    }
    if (!(await Promise.race([exited.then(() => true), delay(graceMs).then(() => false)]))) {
      this.signalGroup('SIGTERM');
      if (!(await Promise.race([exited.then(() => true), delay(1000).then(() => false)]))) {
        this.signalGroup('SIGKILL');
        await Promise.race([exited, delay(1000)]);
      }
    }
    // Helpers the server started (tsserver under typescript-language-server) share its process
    // group and may outlive it by a moment: end them too.
    signalGroupMembers(this.child, 'SIGTERM');
  }

  /** Kill at once (hung server, failed start). Counts as a crash unless shutdown began. */
  kill(): void {
    this.signalGroup('SIGKILL');
    signalGroupMembers(this.child, 'SIGKILL');
  }

  private signalGroup(sig: NodeJS.Signals): void {
    killGroup(this.child, sig);
  }
}

/** Signal a server's process group even after the leader has exited. */
function signalGroupMembers(child: ChildProcess, sig: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, sig);
  } catch {
    // no member left
  }
}

function killGroup(child: ChildProcess, sig: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, sig);
  } catch {
    try {
      child.kill(sig);
    } catch {
      // already gone
    }
  }
}

/**
 * Last line of defence against orphans: whatever happens to docent (an uncaught error, a
 * process.exit from a signal handler), every server process group still running is killed
 * synchronously on exit.
 */
const liveChildren = new Set<ChildProcess>();
let exitHookInstalled = false;
function trackChild(child: ChildProcess): void {
  liveChildren.add(child);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const c of liveChildren) killGroup(c, 'SIGKILL');
    });
  }
}
function untrackChild(child: ChildProcess): void {
  liveChildren.delete(child);
}

function mapRpcError(server: string, method: string, err: unknown): DocentError {
  const e = err as { code?: number; message?: string };
  if (e && e.code === -32800) return new DocentError('E_CANCELLED', `${server} cancelled ${method}.`);
  if (e && (e.code === -32601 || /unhandled method|not supported/i.test(e.message ?? ''))) {
    return new DocentError('E_UNAVAILABLE', `${server} does not support ${method}.`, 'Use another tool, or a server that supports this request.', { server, method });
  }
  return new DocentError('E_UNAVAILABLE', `${server} failed ${method}: ${e?.message ?? String(err)}`, 'The server reported an error; it may still be loading the project. Try again shortly.', { server, method });
}

function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms).unref?.());
}
