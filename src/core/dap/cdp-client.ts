import { EventEmitter } from 'node:events';
import WebSocket from 'ws';
import { DocentError } from '../errors.js';
import type { Logger } from '../log.js';

/**
 * A Chrome DevTools Protocol connection to Node's inspector over a WebSocket (the `ws`
 * library; Node 20 has no WebSocket client of its own): commands with ids and timeouts, and
 * events emitted by method name.
 */
export class CdpClient extends EventEmitter {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void; timer: NodeJS.Timeout }>();
  private closed = false;

  private constructor(
    private readonly ws: WebSocket,
    private readonly log: Logger,
  ) {
    super();
    ws.on('message', (data) => this.onMessage(String(data)));
    ws.on('close', () => this.onClose());
    ws.on('error', (err) => log.debug('inspector socket error', err));
  }

  static connect(url: string, log: Logger, timeoutMs = 10_000): Promise<CdpClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new DocentError('E_TIMEOUT', `Could not connect to the Node inspector at ${url} within ${timeoutMs} ms.`));
      }, timeoutMs);
      ws.once('open', () => {
        clearTimeout(timer);
        resolve(new CdpClient(ws, log));
      });
      ws.once('error', (err) => {
        clearTimeout(timer);
        reject(new DocentError('E_UNAVAILABLE', `Could not connect to the Node inspector at ${url}: ${err.message}`));
      });
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}, timeoutMs = 10_000): Promise<T> {
    if (this.closed) return Promise.reject(new DocentError('E_UNAVAILABLE', 'The Node inspector connection is closed (the program has ended).'));
    const id = this.nextId++;
    this.log.debug(`-> ${method}`);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new DocentError('E_TIMEOUT', `The Node inspector did not answer ${method} within ${timeoutMs} ms.`));
      }, timeoutMs);
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  private onMessage(raw: string): void {
    let msg: { id?: number; method?: string; params?: unknown; result?: unknown; error?: { message: string } };
    try {
      msg = JSON.parse(raw);
    } catch {
      return;
    }
    if (msg.id !== undefined) {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      clearTimeout(p.timer);
      if (msg.error) p.reject(new DocentError('E_UNAVAILABLE', `Node inspector: ${msg.error.message}`));
      else p.resolve(msg.result ?? {});
    } else if (msg.method) {
      this.log.debug(`<- ${msg.method}`);
      this.emit(msg.method, msg.params ?? {});
    }
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new DocentError('E_UNAVAILABLE', 'The Node inspector connection closed.'));
    }
    this.pending.clear();
    this.emit('close');
  }

  close(): void {
    if (!this.closed) this.ws.terminate();
    this.onClose();
  }
}
