import { DocentError } from '../errors.js';
/**
 * The adapter-neutral debug session: what the debug features use, implemented over DAP
 * (DapSession: debugpy, lldb-dap) and over Node's inspector protocol (NodeSession). Lines are
 * 1-based, files absolute. A session is "running", "stopped" (with a thread) or "exited".
 */

export type SessionState = 'starting' | 'running' | 'stopped' | 'exited';

export interface BreakpointSpec {
  line: number;
  condition?: string;
  logMessage?: string;
}

export interface BoundBreakpoint {
  /** The line asked for. */
  line: number;
  verified: boolean;
  /** Where the adapter bound it (may differ from the line asked for), null when it did not bind. */
  bound_line: number | null;
  /** Why it did not bind, or a note from the adapter. */
  message?: string;
}

export interface FrameInfo {
  /** Adapter handle, used to read scopes and evaluate. */
  ref: number | string;
  function: string;
  file: string | null;
  line: number;
  column: number;
}

export interface VarInfo {
  name: string;
  value: string;
  type?: string;
  /** Handle to read children with, absent when the value has none. */
  ref?: number | string;
  /** How many children the adapter says there are, when it says. */
  count?: number;
}

export type StopEvent =
  | { kind: 'stopped'; reason: string; description?: string; text?: string; threadId: number }
  | { kind: 'exited'; exitCode: number | null };

export interface DebugSession {
  readonly language: string;
  /** The adapter or protocol and its version, e.g. "debugpy 1.6.3", "lldb-dap-19", "node inspector". */
  readonly adapter: string;
  readonly output: OutputBuffer;
  state(): SessionState;
  /** The last stop, while stopped; the exit, once exited. */
  lastStop(): StopEvent | null;
  /** Start the program with these breakpoints (file -> specs), resolving once it runs. */
  launch(breakpoints: Map<string, BreakpointSpec[]>, stopOnEntry: boolean): Promise<Map<string, BoundBreakpoint[]>>;
  /** Replace the breakpoints of one file. */
  setBreakpoints(file: string, specs: BreakpointSpec[]): Promise<BoundBreakpoint[]>;
  /** Run `action` (resume, step) and wait for the next stop or the exit. */
  until(action: (() => Promise<void>) | null, timeoutMs: number, signal?: AbortSignal): Promise<StopEvent>;
  resume(threadId: number): Promise<void>;
  step(threadId: number, kind: 'over' | 'in' | 'out'): Promise<void>;
  stack(threadId: number, maxFrames: number): Promise<{ frames: FrameInfo[]; total: number | null }>;
  /** The locals of a frame (the first scope, which every adapter calls Locals or alike). */
  locals(frame: FrameInfo): Promise<VarInfo[]>;
  children(ref: number | string, max: number): Promise<VarInfo[]>;
  evaluate(expression: string, frame: FrameInfo | null): Promise<VarInfo>;
  /** End the program and the adapter, politely then by force. */
  stop(): Promise<void>;
  /** Kill everything now (synchronous; for exit handlers). */
  kill(): void;
}

const OUTPUT_CAP = 256 * 1024;

/** Program output with absolute offsets, so `debug_output {since}` can continue where it left off. */
export class OutputBuffer {
  private text = '';
  /** Offset of text[0] in everything ever written. */
  private dropped = 0;

  append(chunk: string): void {
    this.text += chunk;
    if (this.text.length > OUTPUT_CAP) {
      const cut = this.text.length - OUTPUT_CAP;
      this.text = this.text.slice(cut);
      this.dropped += cut;
    }
  }

  get end(): number {
    return this.dropped + this.text.length;
  }

  /** Text written since `offset`, at most `max` characters from the end (the most recent). */
  since(offset: number, max: number): { text: string; from: number; end: number; truncated: boolean } {
    const start = Math.max(0, offset - this.dropped);
    let text = this.text.slice(start);
    let truncated = offset < this.dropped;
    if (text.length > max) {
      text = text.slice(text.length - max);
      truncated = true;
    }
    return { text, from: this.end - text.length, end: this.end, truncated };
  }
}

/** Resolves the next stop or exit; the one primitive both session kinds build `until` on. */
export class StopWaiter {
  private waiters: Array<(e: StopEvent) => void> = [];
  next(): Promise<StopEvent> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }
  fire(e: StopEvent): void {
    const w = this.waiters;
    this.waiters = [];
    for (const fn of w) fn(e);
  }
}

/**
 * Wait for `next` (a stop or exit that `action` leads to) within `timeoutMs`; E_TIMEOUT when the
 * program is still running then, E_CANCELLED when the caller gives up.
 */
export async function waitForStop(next: Promise<StopEvent>, action: (() => Promise<void>) | null, timeoutMs: number, signal?: AbortSignal): Promise<StopEvent> {
  if (action) await action();
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  try {
    return await Promise.race([
      next,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DocentError('E_TIMEOUT', `The program did not stop or exit within ${Math.round(timeoutMs / 1000)} s; it is still running.`, 'Call debug_continue again to keep waiting (timeout_s), set a breakpoint where it should stop, or debug_stop it.')), timeoutMs);
        onAbort = () => reject(new DocentError('E_CANCELLED', 'The request was cancelled.'));
        if (signal?.aborted) onAbort();
        signal?.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}
