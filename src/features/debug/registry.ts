import { statSync } from 'node:fs';
import { DocentError } from '../../core/errors.js';
import type { BoundBreakpoint, DebugSession, StopEvent } from '../../core/dap/session.js';
import type { FeatureContext } from '../context.js';
import type { BreakpointRequest } from './breakpoint-resolve.js';

/**
 * The live debug sessions, kept per client session: a client sees only its own, and they die
 * with it (MCP session closed), with a cancelled call, and with docent itself (service disposal
 * on shutdown, and a synchronous kill in the process exit hook as a last resort).
 */

export interface BreakpointEntry {
  request: BreakpointRequest;
  /** Absolute file and line the request resolved to; null when it did not resolve. */
  file: string | null;
  line: number | null;
  bound: BoundBreakpoint;
  /** The file's mtime when resolved; symbol and anchor breakpoints re-resolve when it changes. */
  mtimeMs: number;
  condition?: string;
  logMessage?: string;
  /** Why it could not be resolved to a line at all (no such symbol, anchor not found). */
  problem?: string;
}

export interface DebugEntry {
  id: string;
  owner: string;
  program: string;
  cwd: string;
  session: DebugSession;
  breakpoints: BreakpointEntry[];
  /** The last stop a stop context has shown (a stop that came while nobody waited is shown before resuming). */
  reported?: StopEvent | null;
  /** Output offset up to which a stop context has already shown the program's output. */
  started: number;
}

export const DEBUG_SERVICE = 'debug.sessions';
const MAX_ENDED = 10;

export class DebugRegistry {
  private readonly entries = new Map<string, DebugEntry>();
  private readonly hooked = new Set<string>();
  private counter = 0;
  private readonly onExit = () => this.killAll();

  constructor() {
    process.once('exit', this.onExit);
  }

  static of(ctx: FeatureContext): DebugRegistry {
    return ctx.services.get(DEBUG_SERVICE, () => new DebugRegistry());
  }

  add(ctx: FeatureContext, entry: Omit<DebugEntry, 'id' | 'owner' | 'started'>): DebugEntry {
    // Ended sessions are kept for their output, but not without bound.
    const ended = this.list(ctx).filter((e) => e.session.state() === 'exited');
    for (const e of ended.slice(0, Math.max(0, ended.length - MAX_ENDED))) this.entries.delete(e.id);
    const id = `dbg-${++this.counter}`;
    const full: DebugEntry = { ...entry, id, owner: ctx.session.id, started: 0 };
    this.entries.set(id, full);
    if (!this.hooked.has(ctx.session.id)) {
      this.hooked.add(ctx.session.id);
      const owner = ctx.session.id;
      ctx.session.onClose(async () => {
        this.hooked.delete(owner);
        await Promise.all([...this.entries.values()].filter((e) => e.owner === owner).map((e) => this.remove(e.id)));
      });
    }
    return full;
  }

  get(ctx: FeatureContext, id: string): DebugEntry {
    const e = this.entries.get(id);
    if (!e || e.owner !== ctx.session.id) {
      const mine = this.list(ctx).map((x) => x.id);
      throw new DocentError('E_NOT_FOUND', `No debug session "${id}".`, mine.length ? `Your sessions: ${mine.join(', ')}.` : 'Start one with debug_start.');
    }
    return e;
  }

  list(ctx: FeatureContext): DebugEntry[] {
    return [...this.entries.values()].filter((e) => e.owner === ctx.session.id);
  }

  async remove(id: string): Promise<void> {
    const e = this.entries.get(id);
    if (!e) return;
    this.entries.delete(id);
    await e.session.stop().catch(() => e.session.kill());
  }

  private killAll(): void {
    for (const e of this.entries.values()) e.session.kill();
    this.entries.clear();
  }

  async dispose(): Promise<void> {
    process.off('exit', this.onExit);
    await Promise.all([...this.entries.keys()].map((id) => this.remove(id)));
  }
}

/** A file's mtime, or 0 when it cannot be read. */
export function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Run a waiting call; if the caller cancels it, the debug session goes too (nothing left half-driven). */
export async function killOnCancel<T>(ctx: FeatureContext, entry: DebugEntry, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (ctx.signal.aborted || (err instanceof DocentError && err.code === 'E_CANCELLED')) await DebugRegistry.of(ctx).remove(entry.id);
    throw err;
  }
}
