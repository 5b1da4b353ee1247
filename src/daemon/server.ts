import { chmodSync, existsSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DocentConfig } from '../core/config/schema.js';
import type { Logger } from '../core/log.js';
import { VERSION } from '../core/version.js';
import { allowedHostValues, createMcpHandler, httpRoutes, sendJsonError, tcpGate, webGate, type McpHandler, type WebHandler } from '../mcp/http.js';
import type { AnyTool } from '../mcp/tool.js';
import { daemonControl } from './client.js';
import { ensurePrivateDir, type DaemonPaths } from './paths.js';
import { BUILD_HEADER, buildId, CLI_FAST_PATH } from './protocol.js';
import { SharedServices } from './services.js';
import { createSessionServer } from './session.js';
import { SessionLiveness } from './liveness.js';

/**
 * The daemon process: MCP over Streamable HTTP on a private Unix socket (and, with --http, on
 * TCP behind the usual Host/token checks), one MCP server per session over shared services.
 * It exits after `daemon.idleExitMs` without sessions, on /daemon/stop and on SIGTERM/SIGINT.
 */

export interface DaemonOptions {
  paths: DaemonPaths;
  config: DocentConfig;
  tools: readonly AnyTool[];
  log: Logger;
  http?: { host: string; port: number; token?: string; allowedHosts?: string[] };
  /** The docs browser for the TCP listener, over the daemon's shared services. */
  web?: (shared: SharedServices) => WebHandler;
  /** The answer to the shell launcher's command lines (CLI_FAST_PATH), over the shared services. */
  cli?: (shared: SharedServices) => (req: IncomingMessage, res: ServerResponse) => void;
}

export interface RunningDaemon {
  socket: string;
  url?: string;
  stop(why: string): Promise<void>;
  stopped: Promise<void>;
}

export class DaemonAlreadyRunning extends Error {
  constructor(readonly build: string | undefined) {
    super('a docent daemon is already running');
  }
}

function listen(server: HttpServer, where: string | { host: string; port: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    const done = () => {
      server.off('error', reject);
      resolve();
    };
    if (typeof where === 'string') server.listen(where, done);
    else server.listen(where.port, where.host, done);
  });
}

/** Listen on the socket; a live daemon there wins, a stale socket file is replaced. */
async function listenOnSocket(server: HttpServer, socket: string): Promise<void> {
  try {
    await listen(server, socket);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    const alive = await daemonControl(socket, 'GET', '/daemon/status', 1500).catch(() => undefined);
    if (alive) throw new DaemonAlreadyRunning(alive.build);
    unlinkSync(socket);
    await listen(server, socket);
  }
  chmodSync(socket, 0o600);
}

export async function runDaemon(opts: DaemonOptions): Promise<RunningDaemon> {
  const { paths, log, config } = opts;
  ensurePrivateDir(paths.dir);
  const shared = new SharedServices(log.child('services'), config.daemon.rootIdleMs);
  const started = Date.now();
  let idleTimer: NodeJS.Timeout | undefined;
  let stopping: Promise<void> | undefined;
  let resolveStopped!: () => void;
  const stopped = new Promise<void>((r) => (resolveStopped = r));
  const handlers: McpHandler[] = [];
  const sessionCount = () => handlers.reduce((n, h) => n + h.sessionCount(), 0);
  // The launcher's commands hold no session: one in flight keeps the daemon up, and each one
  // restarts the idle time, as a CLI session's opening and closing does.
  let fastInFlight = 0;

  const armIdle = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = undefined;
    if (config.daemon.idleExitMs > 0 && sessionCount() === 0 && fastInFlight === 0 && !stopping) {
      idleTimer = setTimeout(() => void stop(`no sessions for ${config.daemon.idleExitMs} ms`), config.daemon.idleExitMs);
    }
  };
  const sessionFactory = (transport: 'socket' | 'tcp') => () =>
    createSessionServer({ tools: opts.tools, shared, log: log.child('session'), transport, defaultRoots: config.roots });

  const socketMcp = createMcpHandler({ log: log.child('mcp'), createServer: sessionFactory('socket'), onSessionsChanged: armIdle });
  handlers.push(socketMcp);
  const liveness = new SessionLiveness((id) => socketMcp.closeSession(id), log);

  const status = () => ({
    pid: process.pid,
    version: VERSION,
    build: buildId(),
    socket: paths.socket,
    url: tcp ? url : undefined,
    started: new Date(started).toISOString(),
    uptime_ms: Date.now() - started,
    sessions: sessionCount(),
    docs_indexes: shared.loadedIndexes(),
    rss_bytes: process.memoryUsage().rss,
  });

  const cliFastPath = opts.cli?.(shared);
  const onSocketRequest = (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader(BUILD_HEADER, buildId());
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname === '/daemon/status') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(status()));
    }
    if (pathname === CLI_FAST_PATH && cliFastPath) {
      fastInFlight++;
      armIdle();
      res.once('close', () => {
        fastInFlight--;
        armIdle();
      });
      return cliFastPath(req, res);
    }
    if (pathname === '/daemon/stop' && req.method === 'POST') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ stopping: true, pid: process.pid }));
      return void stop('asked to stop');
    }
    liveness.track(req, res);
    socketMcp.handle(req, res).catch((err) => {
      log.error('request failed', err);
      if (!res.headersSent) sendJsonError(res, 500, 'Internal server error.');
      else res.end();
    });
  };

  const unix = createServer(onSocketRequest);
  await listenOnSocket(unix, paths.socket);

  let tcp: HttpServer | undefined;
  let url: string | undefined;
  if (opts.http) {
    let hosts = allowedHostValues(opts.http.host, opts.http.port, opts.http.allowedHosts);
    const tcpMcp = createMcpHandler({ log: log.child('http'), createServer: sessionFactory('tcp'), gate: tcpGate(() => hosts, opts.http.token, log), onSessionsChanged: armIdle });
    handlers.push(tcpMcp);
    const web = opts.web?.(shared);
    const routes = httpRoutes(tcpMcp, web, webGate(() => hosts, opts.http.token, log));
    tcp = createServer((req, res) => {
      routes(req, res).catch((err) => {
        log.error('HTTP request failed', err);
        if (!res.headersSent) sendJsonError(res, 500, 'Internal server error.');
        else res.end();
      });
    });
    await listen(tcp, opts.http);
    const port = (tcp.address() as AddressInfo).port;
    if (port !== opts.http.port) hosts = allowedHostValues(opts.http.host, port, opts.http.allowedHosts);
    const shown = opts.http.host.includes(':') && !opts.http.host.startsWith('[') ? `[${opts.http.host}]` : opts.http.host;
    url = `http://${shown}:${port}/mcp`;
  }

  writeFileSync(paths.state, JSON.stringify(status(), null, 2) + '\n', { mode: 0o600 });
  armIdle();

  const stop = (why: string): Promise<void> =>
    (stopping ??= (async () => {
      log.info(`stopping (${why})`);
      if (idleTimer) clearTimeout(idleTimer);
      liveness.dispose();
      unix.close();
      tcp?.close();
      for (const h of handlers) await h.closeAll();
      unix.closeAllConnections();
      tcp?.closeAllConnections();
      await shared.dispose();
      // Remove the socket only if it is still ours (a replacement may already be listening).
      try {
        if (existsSync(paths.socket)) unlinkSync(paths.socket);
      } catch {
        // gone already
      }
      rmSync(paths.state, { force: true });
      log.info('stopped');
      resolveStopped();
    })());

  log.info(`docent ${VERSION} daemon (pid ${process.pid}) listening on ${paths.socket}${url ? ` and ${url}` : ''}`);
  return { socket: paths.socket, url, stop, stopped };
}
