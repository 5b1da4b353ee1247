import type { DocentConfig } from '../core/config/schema.js';
import type { Logger } from '../core/log.js';
import type { ServiceRegistry } from '../core/services.js';
import type { Workspace } from '../core/workspace/workspace.js';

/** One step of long work, reported to a terminal progress bar or as MCP progress. */
export interface ProgressReport {
  progress: number;
  total?: number;
  message?: string;
}

/**
 * The client session a call belongs to. State a caller creates (overlays, debug sessions,
 * pending edits, test runs) is kept per session, so two agents on one daemon never see each
 * other's, and is dropped when the session closes (`onClose`).
 */
export interface SessionInfo {
  /** Stable for the life of one MCP session (one per stdio process, one per HTTP session); "cli" for a one-shot command. */
  id: string;
  /** Run `fn` when the session ends (client disconnect, process exit). */
  onClose(fn: () => void | Promise<void>): void;
}

/** A session whose close hooks are run by its owner (an MCP server instance or a CLI run). */
export class OwnedSession implements SessionInfo {
  private readonly hooks: Array<() => void | Promise<void>> = [];
  private closed = false;
  constructor(readonly id: string) {}
  onClose(fn: () => void | Promise<void>): void {
    if (this.closed) void Promise.resolve().then(fn).catch(() => {});
    else this.hooks.push(fn);
  }
  /** Run every close hook once, in reverse order; a failing hook does not stop the others. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const fn of this.hooks.reverse()) {
      try {
        await fn();
      } catch {
        // closing: keep going
      }
    }
  }
}

/**
 * Everything a feature function may use, handed in by an adapter (MCP or CLI).
 * Features see no protocol types: they take typed input plus this context, and return
 * typed output or throw a DocentError.
 */
export interface FeatureContext {
  workspace: Workspace;
  config: DocentConfig;
  services: ServiceRegistry;
  /** Fires when the caller cancels; long work checks it and passes it on to child processes. */
  signal: AbortSignal;
  progress(report: ProgressReport): void;
  log: Logger;
  /** The client session this call belongs to (per-session state: overlays, edits, debug sessions). */
  session: SessionInfo;
}
