import http from 'node:http';
import { BUILD_HEADER } from './protocol.js';

/**
 * A small MCP-over-Streamable-HTTP client for the daemon's Unix socket, on node:http alone
 * (the SDK client pulls in zod and costs more to load than a warm answer takes). It speaks
 * what docent's own clients need: POST a JSON-RPC message and read the JSON or SSE answer,
 * the standalone GET stream, DELETE, and the daemon's /daemon/* control endpoints.
 */

export type JsonRpcMessage = { jsonrpc: '2.0'; id?: number | string; method?: string; params?: Record<string, unknown>; result?: unknown; error?: { code: number; message: string } };

/** The connection failed or broke: no daemon, or it went away mid-answer. */
export class DaemonConnectionError extends Error {
  constructor(
    message: string,
    /** True when the daemon accepted the request and then stopped answering (it died or dropped us). */
    readonly midRequest: boolean,
  ) {
    super(message);
  }
}

export interface PostResult {
  status: number;
  sessionId?: string;
  build?: string;
  messages: JsonRpcMessage[];
  /** A non-JSON-RPC error body (e.g. 404 unknown session). */
  errorText?: string;
}

export interface PostOptions {
  sessionId?: string;
  protocolVersion?: string;
  /** Each message as it arrives (progress notifications, server requests, the response). */
  onMessage?: (m: JsonRpcMessage) => void;
  /** Give up (DaemonConnectionError) if no response headers arrive within this time. */
  headersTimeoutMs?: number;
}

/** Split an SSE byte stream into its `data:` payloads. */
export class SseParser {
  private buf = '';
  constructor(private readonly onData: (data: string) => void) {}
  push(chunk: string): void {
    this.buf += chunk;
    let at: number;
    while ((at = this.nextBoundary()) >= 0) {
      const event = this.buf.slice(0, at);
      this.buf = this.buf.slice(at).replace(/^(\r?\n){2}/, '');
      const data = event
        .split(/\r?\n/)
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data) this.onData(data);
    }
  }
  private nextBoundary(): number {
    const m = /\r?\n\r?\n/.exec(this.buf);
    return m ? m.index : -1;
  }
}

function headersFor(opts: { sessionId?: string; protocolVersion?: string }, extra: Record<string, string> = {}): Record<string, string> {
  const h: Record<string, string> = { accept: 'application/json, text/event-stream', ...extra };
  if (opts.sessionId) h['mcp-session-id'] = opts.sessionId;
  if (opts.protocolVersion) h['mcp-protocol-version'] = opts.protocolVersion;
  return h;
}

/** POST one JSON-RPC message to /mcp and collect what comes back. */
export function mcpPost(socket: string, body: JsonRpcMessage | JsonRpcMessage[], opts: PostOptions = {}): Promise<PostResult> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    let gotHeaders = false;
    const req = http.request(
      { socketPath: socket, path: '/mcp', method: 'POST', headers: headersFor(opts, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }) },
      (res) => {
        gotHeaders = true;
        const out: PostResult = {
          status: res.statusCode ?? 0,
          sessionId: (res.headers['mcp-session-id'] as string | undefined) ?? opts.sessionId,
          build: res.headers[BUILD_HEADER] as string | undefined,
          messages: [],
        };
        const take = (m: JsonRpcMessage) => {
          out.messages.push(m);
          opts.onMessage?.(m);
        };
        const type = String(res.headers['content-type'] ?? '');
        res.setEncoding('utf8');
        let text = '';
        const sse = type.includes('text/event-stream') ? new SseParser((d) => take(JSON.parse(d) as JsonRpcMessage)) : undefined;
        res.on('data', (c: string) => (sse ? sse.push(c) : (text += c)));
        res.on('end', () => {
          if (!sse && text) {
            try {
              const parsed = JSON.parse(text) as JsonRpcMessage | JsonRpcMessage[];
              for (const m of Array.isArray(parsed) ? parsed : [parsed]) take(m);
            } catch {
              out.errorText = text;
            }
          }
          resolve(out);
        });
        res.on('aborted', () => reject(new DaemonConnectionError('the daemon closed the connection before it answered', true)));
        res.on('error', (err) => reject(new DaemonConnectionError(`the connection to the daemon broke: ${err.message}`, true)));
      },
    );
    if (opts.headersTimeoutMs) {
      req.setTimeout(opts.headersTimeoutMs, () => {
        if (!gotHeaders) req.destroy(new DaemonConnectionError(`the daemon did not answer within ${opts.headersTimeoutMs} ms`, false));
      });
    }
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err instanceof DaemonConnectionError) return reject(err);
      const mid = gotHeaders || err.code === 'ECONNRESET' || err.code === 'EPIPE';
      reject(new DaemonConnectionError(mid ? `the daemon stopped while answering (${err.code ?? err.message})` : `no daemon at ${socket} (${err.code ?? err.message})`, mid));
    });
    req.end(payload);
  });
}

/** End a session (the daemon closes its MCP server, cancelling what is still running). */
export function mcpDelete(socket: string, sessionId: string, protocolVersion?: string, opts: { waitForAnswer?: boolean } = {}): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request({ socketPath: socket, path: '/mcp', method: 'DELETE', headers: headersFor({ sessionId, protocolVersion }) }, (res) => {
      res.resume();
      res.on('end', () => resolve());
      res.on('error', () => resolve());
    });
    req.on('error', () => resolve());
    if (opts.waitForAnswer === false) {
      // A one-shot command need not wait while the daemon tears the session down: once the
      // request is written, the connection no longer keeps this process alive.
      req.on('finish', () => {
        req.socket?.unref();
        resolve();
      });
    }
    req.end();
  });
}

/** Open the session's standalone SSE stream (server-initiated requests and notifications). */
export function mcpGetStream(socket: string, sessionId: string, protocolVersion: string | undefined, onMessage: (m: JsonRpcMessage) => void, onEnd: () => void): { close(): void } {
  const req = http.request({ socketPath: socket, path: '/mcp', method: 'GET', headers: headersFor({ sessionId, protocolVersion }, { accept: 'text/event-stream' }) }, (res) => {
    if (res.statusCode !== 200) {
      res.resume();
      return;
    }
    res.setEncoding('utf8');
    const sse = new SseParser((d) => onMessage(JSON.parse(d) as JsonRpcMessage));
    res.on('data', (c: string) => sse.push(c));
    res.on('end', onEnd);
    res.on('aborted', onEnd);
  });
  req.on('error', onEnd);
  req.end();
  return { close: () => req.destroy() };
}

/** A request to the daemon's control endpoints (/daemon/status, /daemon/stop). */
export function daemonControl(socket: string, method: 'GET' | 'POST', path: string, timeoutMs = 2000): Promise<{ status: number; build?: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath: socket, path, method }, (res) => {
      res.setEncoding('utf8');
      let text = '';
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: keep the text
        }
        resolve({ status: res.statusCode ?? 0, build: res.headers[BUILD_HEADER] as string | undefined, body });
      });
    });
    req.setTimeout(timeoutMs, () => req.destroy(new DaemonConnectionError(`the daemon did not answer within ${timeoutMs} ms`, false)));
    req.on('error', (err) => reject(err instanceof DaemonConnectionError ? err : new DaemonConnectionError(`no daemon at ${socket} (${(err as NodeJS.ErrnoException).code ?? err.message})`, false)));
    req.end();
  });
}
