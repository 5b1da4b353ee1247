import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { DebugProtocol as DP } from '@vscode/debugprotocol';
import { DocentError } from '../errors.js';
import type { Logger } from '../log.js';
import { encodeMessage, MessageReader } from './framing.js';
import { killTree, spawnGroup } from '../process/process-tree.js';

/**
 * One debug adapter process and its DAP connection over stdio: requests with timeouts,
 * events, reverse requests (runInTerminal and startDebugging are refused: docent has no
 * terminal to offer, so it asks adapters for internal consoles), and a kill that takes the
 * adapter, the debuggee and whatever they forked.
 */

export interface DapClientOptions {
  name: string;
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  log: Logger;
}

interface Pending {
  resolve(body: unknown): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

export class DapClient extends EventEmitter {
  private readonly child: ChildProcess;
  private seq = 1;
  private readonly pending = new Map<number, Pending>();
  private stderrTail = '';
  private exited = false;
  /** Process ids the adapter told about (the debuggee), killed with the adapter. */
  readonly debuggeePids: number[] = [];

  constructor(private readonly opts: DapClientOptions) {
    super();
    this.child = spawnGroup(opts.command, opts.args, { cwd: opts.cwd, env: opts.env });
    const reader = new MessageReader((m) => this.dispatch(m as DP.ProtocolMessage));
    this.child.stdout!.on('data', (d: Buffer) => reader.push(d));
    this.child.stderr!.on('data', (d: Buffer) => {
      this.stderrTail = (this.stderrTail + d.toString('utf8')).slice(-4000);
    });
    this.child.stdin!.on('error', () => {});
    this.child.on('error', (err) => this.onExit(`${opts.command} could not start: ${err.message}`));
    this.child.on('exit', (code, signal) => this.onExit(`${opts.name} exited (${signal ?? code})`));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return !this.exited;
  }

  get stderr(): string {
    return this.stderrTail;
  }

  private onExit(why: string): void {
    if (this.exited) return;
    this.exited = true;
    const err = new DocentError('E_UNAVAILABLE', `${why}.${this.stderrTail ? ` stderr: ${this.stderrTail.slice(-500)}` : ''}`);
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    this.pending.clear();
    this.emit('close', why);
  }

  private write(message: object): void {
    if (this.exited) return;
    this.child.stdin!.write(encodeMessage(message));
  }

  /** Send a request and resolve with its body; a failed response rejects with the adapter's message. */
  request<T = unknown>(command: string, args?: unknown, timeoutMs = 10_000): Promise<T> {
    if (this.exited) return Promise.reject(new DocentError('E_UNAVAILABLE', `${this.opts.name} is not running.`));
    const seq = this.seq++;
    this.opts.log.debug(`-> ${command}`, args ?? '');
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(seq);
        reject(new DocentError('E_TIMEOUT', `${this.opts.name} did not answer "${command}" within ${timeoutMs} ms.`));
      }, timeoutMs);
      this.pending.set(seq, { resolve: resolve as (b: unknown) => void, reject, timer });
      this.write({ seq, type: 'request', command, arguments: args });
    });
  }

  private dispatch(message: DP.ProtocolMessage): void {
    if (message.type === 'response') {
      const r = message as DP.Response;
      const p = this.pending.get(r.request_seq);
      if (!p) return;
      this.pending.delete(r.request_seq);
      clearTimeout(p.timer);
      this.opts.log.debug(`<- ${r.command} ${r.success ? 'ok' : 'failed'}`);
      if (r.success) p.resolve(r.body ?? {});
      else {
        const detail = (r.body as { error?: DP.Message } | undefined)?.error;
        const text = detail?.format ? detail.format.replace(/\{(\w+)\}/g, (_, k: string) => detail.variables?.[k] ?? k) : r.message;
        p.reject(new DocentError('E_UNAVAILABLE', `${this.opts.name}: ${r.command} failed: ${text ?? 'no reason given'}`));
      }
    } else if (message.type === 'event') {
      const e = message as DP.Event;
      this.opts.log.debug(`<- event ${e.event}`);
      if (e.event === 'process') {
        const pid = (e.body as DP.ProcessEvent['body']).systemProcessId;
        if (pid) this.debuggeePids.push(pid);
      }
      this.emit('event', e);
    } else if (message.type === 'request') {
      const r = message as DP.Request;
      // Reverse requests: docent offers no terminal and starts no child sessions.
      this.write({
        seq: this.seq++,
        type: 'response',
        request_seq: r.seq,
        command: r.command,
        success: false,
        message: `docent does not support the reverse request "${r.command}".`,
      });
    }
  }

  /** Kill the adapter, the debuggee and everything they started; idempotent and synchronous. */
  kill(): void {
    killTree(this.child.pid, this.debuggeePids);
    this.onExit(`${this.opts.name} was stopped`);
  }
}
