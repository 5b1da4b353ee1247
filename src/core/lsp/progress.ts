import type { ProgressToken, WorkDoneProgressBegin, WorkDoneProgressEnd, WorkDoneProgressReport } from 'vscode-languageserver-protocol';

/**
 * Tracks a server's `$/progress` work-done reports (clangd's background index, the TypeScript
 * server's project loading, …). A server is busy while any begun progress has not ended;
 * readiness is "not busy, and quiet for a moment" because servers start reporting only some
 * time after the first document is opened.
 */
export interface ActiveProgress {
  title: string;
  message?: string;
  percentage?: number;
}

export class ProgressTracker {
  private readonly active = new Map<ProgressToken, ActiveProgress>();
  private lastChange = Date.now();
  private readonly listeners = new Set<() => void>();

  handle(token: ProgressToken, value: WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd): void {
    if (!value || typeof value !== 'object') return;
    if (value.kind === 'begin') this.active.set(token, { title: value.title, message: value.message, percentage: value.percentage });
    else if (value.kind === 'report') {
      const cur = this.active.get(token);
      if (cur) this.active.set(token, { ...cur, message: value.message ?? cur.message, percentage: value.percentage ?? cur.percentage });
    } else if (value.kind === 'end') this.active.delete(token);
    this.lastChange = Date.now();
    for (const l of [...this.listeners]) l();
  }

  get busy(): boolean {
    return this.active.size > 0;
  }

  /** What is in progress right now, for status messages. */
  describe(): ActiveProgress[] {
    return [...this.active.values()];
  }

  /** Mark "something just happened" (e.g. a document was opened), restarting the quiet window. */
  touch(): void {
    this.lastChange = Date.now();
  }

  /**
   * Resolve true once no progress is active and none has changed for `quietMs`, or false at
   * `deadline` (epoch ms) or when `signal` fires.
   */
  waitIdle(opts: { quietMs: number; deadline: number; signal?: AbortSignal }): Promise<boolean> {
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const done = (ok: boolean) => {
        if (timer) clearTimeout(timer);
        this.listeners.delete(check);
        opts.signal?.removeEventListener('abort', onAbort);
        resolve(ok);
      };
      const onAbort = () => done(false);
      const check = () => {
        if (timer) clearTimeout(timer);
        const now = Date.now();
        if (!this.busy && now - this.lastChange >= opts.quietMs) return done(true);
        if (now >= opts.deadline) return done(false);
        const next = this.busy ? opts.deadline - now : Math.min(opts.deadline - now, opts.quietMs - (now - this.lastChange));
        timer = setTimeout(check, Math.max(10, next));
      };
      if (opts.signal?.aborted) return resolve(false);
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      this.listeners.add(check);
      check();
    });
  }
}
