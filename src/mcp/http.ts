import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Logger } from '../core/log.js';

/**
 * Streamable HTTP at /mcp, one MCP session per client (sessions share docent's services, so
 * several agents share language servers and the index). Requests pass three gates first:
 * the path, DNS-rebinding protection (Host and Origin must name this server), and an optional
 * bearer token.
 */

export interface HttpOptions {
  host: string;
  port: number;
  /** Require `Authorization: Bearer <token>`. */
  token?: string;
  /** Extra Host values to accept (e.g. a name the server is reached by through a proxy). */
  allowedHosts?: string[];
  log: Logger;
  /** A fresh MCP server for each new session. */
  createServer: () => Server;
  /** Other GET paths (the docs browser); true when it answered. */
  web?: WebHandler;
}

export type WebHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

export interface RunningHttp {
  url: string;
  close(): Promise<void>;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** Parse `[host:]port`, defaulting the host to 127.0.0.1. */
export function parseListen(spec: string): { host: string; port: number } {
  const m = /^(?:(\[[^\]]+\]|[^:]+):)?(\d+)$/.exec(spec.trim());
  if (!m) throw new Error(`--http expects [host:]port, got "${spec}"`);
  const port = Number(m[2]);
  if (port > 65535) throw new Error(`port ${port} is out of range`);
  return { host: m[1] ?? '127.0.0.1', port };
}

/** The Host header values that name this server: loopback names, the bound host, and extras. */
export function allowedHostValues(host: string, port: number, extra: readonly string[] = []): Set<string> {
  const names = new Set([...LOOPBACK_NAMES, host.includes(':') && !host.startsWith('[') ? `[${host}]` : host, ...extra]);
  const out = new Set<string>();
  for (const n of names) {
    out.add(n.toLowerCase());
    out.add(`${n}:${port}`.toLowerCase());
  }
  return out;
}

/** True when an Origin header is absent (non-browser clients) or names an allowed host. */
export function originAllowed(origin: string | undefined, hosts: Set<string>): boolean {
  if (!origin) return true;
  try {
    const u = new URL(origin);
    return hosts.has(u.host.toLowerCase());
  } catch {
    return false;
  }
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!m) return false;
  const a = Buffer.from(m[1]!.trim());
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function sendJsonError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > 16 * 1024 * 1024) throw new Error('request body too large');
    chunks.push(c as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

/** Options for the /mcp request handler alone, without a listening socket. */
export interface McpHandlerOptions {
  log: Logger;
  createServer: () => Server;
  /**
   * Checks a request must pass before it reaches a session (Host/Origin, token); answers and
   * returns false to reject. None on a private Unix socket, where the file mode is the gate.
   */
  gate?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Called when a session opens or closes, with the number now open. */
  onSessionsChanged?: (count: number) => void;
}

export interface McpHandler {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  sessionCount(): number;
  /** Close one session (its MCP server aborts what is still running). */
  closeSession(id: string): Promise<void>;
  closeAll(): Promise<void>;
}

/**
 * The Streamable HTTP endpoint at /mcp with its session table: a fresh MCP server per
 * initialize, later requests routed by Mcp-Session-Id. Shared by `serve --http` and the daemon.
 */
export function createMcpHandler(opts: McpHandlerOptions): McpHandler {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const changed = () => opts.onSessionsChanged?.(sessions.size);

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/mcp') return sendJsonError(res, 404, 'Not found: the MCP endpoint is /mcp.');
    if (opts.gate && !opts.gate(req, res)) return;
    const sessionId = req.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (req.method === 'POST') {
      let body: unknown;
      try {
        body = await readJson(req);
      } catch (err) {
        return sendJsonError(res, 400, `Bad request: ${(err as Error).message}`);
      }
      if (existing) return existing.handleRequest(req, res, body);
      if (sessionId) return sendJsonError(res, 404, 'Unknown or expired session; initialize a new one.');
      if (!isInitializeRequest(body)) return sendJsonError(res, 400, 'Bad request: no session; the first request must be initialize.');
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions.set(id, transport);
          changed();
        },
      });
      transport.onclose = () => {
        if (transport.sessionId && sessions.delete(transport.sessionId)) changed();
      };
      const server = opts.createServer();
      await server.connect(transport);
      return transport.handleRequest(req, res, body);
    }
    if (req.method === 'GET' || req.method === 'DELETE') {
      if (!existing) return sendJsonError(res, sessionId ? 404 : 400, sessionId ? 'Unknown or expired session.' : 'Missing Mcp-Session-Id header.');
      return existing.handleRequest(req, res);
    }
    res.setHeader('Allow', 'GET, POST, DELETE');
    return sendJsonError(res, 405, 'Method not allowed.');
  };

  return {
    handle,
    sessionCount: () => sessions.size,
    async closeSession(id) {
      await sessions.get(id)?.close().catch(() => {});
    },
    async closeAll() {
      for (const t of [...sessions.values()]) await t.close().catch(() => {});
      sessions.clear();
    },
  };
}

/** The DNS-rebinding (Host/Origin) and bearer-token checks of a TCP listener, as a handler gate. */
export function tcpGate(hostsNow: () => Set<string>, token: string | undefined, log: Logger): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const hosts = hostsNow();
    const host = (req.headers.host ?? '').toLowerCase();
    if (!hosts.has(host) || !originAllowed(req.headers.origin, hosts)) {
      log.warn(`rejected a request with Host "${req.headers.host}" and Origin "${req.headers.origin ?? ''}" (DNS-rebinding protection)`);
      sendJsonError(res, 403, 'Forbidden: Host or Origin header does not name this server.');
      return false;
    }
    if (token && !tokenMatches(req.headers.authorization, token)) {
      sendJsonError(res, 401, 'Unauthorized: a valid bearer token is required.', { 'WWW-Authenticate': 'Bearer realm="docent"' });
      return false;
    }
    return true;
  };
}

/**
 * The gate for pages a browser opens: the same Host/Origin check, and the token (when one is
 * set) from the Authorization header, a `docent_token` cookie, or once in `?token=`, which
 * then sets that cookie (a browser cannot send a bearer header when it follows a link).
 */
export function webGate(hostsNow: () => Set<string>, token: string | undefined, log: Logger): (req: IncomingMessage, res: ServerResponse) => boolean {
  const hostCheck = tcpGate(hostsNow, undefined, log);
  return (req, res) => {
    if (!hostCheck(req, res)) return false;
    if (!token) return true;
    const cookie = /(?:^|;\s*)docent_token=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const query = new URL(req.url ?? '/', 'http://localhost').searchParams.get('token');
    const matches = (v: string | undefined | null) => Boolean(v) && tokenMatches(`Bearer ${decodeURIComponent(v!)}`, token);
    if (tokenMatches(req.headers.authorization, token) || matches(cookie)) return true;
    if (matches(query)) {
      res.setHeader('Set-Cookie', `docent_token=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`);
      return true;
    }
    res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('docent: this server needs its token; open the page once as /?token=<token>.\n');
    return false;
  };
}

/** The request function of an HTTP listener: /mcp to the MCP handler, other paths to the web pages. */
export function httpRoutes(mcp: McpHandler, web: WebHandler | undefined, webCheck: (req: IncomingMessage, res: ServerResponse) => boolean): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const pathname = (req.url ?? '/').split('?')[0];
    if (web && pathname !== '/mcp') {
      if (!webCheck(req, res)) return;
      if (await web(req, res)) return;
    }
    return mcp.handle(req, res);
  };
}

export async function startHttp(opts: HttpOptions): Promise<RunningHttp> {
  let hosts = allowedHostValues(opts.host, opts.port, opts.allowedHosts);
  const mcp = createMcpHandler({ log: opts.log, createServer: opts.createServer, gate: tcpGate(() => hosts, opts.token, opts.log) });
  const handle = httpRoutes(mcp, opts.web, webGate(() => hosts, opts.token, opts.log));

  const http: HttpServer = createServer((req, res) => {
    handle(req, res).catch((err) => {
      opts.log.error('HTTP request failed', err);
      if (!res.headersSent) sendJsonError(res, 500, 'Internal server error.');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(opts.port, opts.host, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  if (port !== opts.port) hosts = allowedHostValues(opts.host, port, opts.allowedHosts);
  const shownHost = opts.host.includes(':') && !opts.host.startsWith('[') ? `[${opts.host}]` : opts.host;
  return {
    url: `http://${shownHost}:${port}/mcp`,
    async close() {
      await mcp.closeAll();
      http.closeAllConnections?.();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
