import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';

/**
 * The diagnostics a server pushed (textDocument/publishDiagnostics), per document, with the
 * document version they were computed on when the server says (clangd, pyright do; some
 * servers do not) and when they arrived. Callers wait for the push that matches the version
 * they just sent, so an answer is never one computed on other content.
 */
export interface Published {
  uri: string;
  version?: number;
  diagnostics: Diagnostic[];
  /** Date.now() on arrival. */
  at: number;
  /** Counts pushes for this URI, so a waiter can ask for "one after the n-th". */
  seq: number;
}

export class PublishedDiagnostics {
  private readonly byUri = new Map<string, Published>();
  private readonly listeners = new Set<(p: Published) => void>();
  /** True once the server sent a version with a push: from then on, unversioned pushes (clangd's clear on close) match nothing. */
  versioned = false;

  handle(p: PublishDiagnosticsParams): void {
    if (typeof p.version === 'number') this.versioned = true;
    const seq = (this.byUri.get(p.uri)?.seq ?? 0) + 1;
    const entry: Published = { uri: p.uri, version: typeof p.version === 'number' ? p.version : undefined, diagnostics: p.diagnostics, at: Date.now(), seq };
    this.byUri.set(p.uri, entry);
    for (const l of [...this.listeners]) l(entry);
  }

  get(uri: string): Published | undefined {
    return this.byUri.get(uri);
  }

  /**
   * Resolve with the first push for `uri` (the current one included) that `accept` takes, or
   * undefined at the timeout or when `signal` fires.
   */
  wait(uri: string, accept: (p: Published) => boolean, timeoutMs: number, signal?: AbortSignal): Promise<Published | undefined> {
    const cur = this.byUri.get(uri);
    if (cur && accept(cur)) return Promise.resolve(cur);
    return new Promise((resolve) => {
      const done = (v: Published | undefined) => {
        clearTimeout(timer);
        this.listeners.delete(listener);
        signal?.removeEventListener('abort', onAbort);
        resolve(v);
      };
      const listener = (p: Published) => {
        if (p.uri === uri && accept(p)) done(p);
      };
      const onAbort = () => done(undefined);
      const timer = setTimeout(() => done(undefined), Math.max(0, timeoutMs));
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.listeners.add(listener);
    });
  }

  /** Resolve once no push for `uri` arrived for `quietMs` (or at `deadline`). */
  async quiet(uri: string, quietMs: number, deadline: number, signal?: AbortSignal): Promise<Published | undefined> {
    for (;;) {
      const before = this.byUri.get(uri)?.seq ?? 0;
      const left = deadline - Date.now();
      if (left <= 0 || signal?.aborted) return this.byUri.get(uri);
      const next = await this.wait(uri, (p) => p.seq > before, Math.min(quietMs, left), signal);
      if (!next) return this.byUri.get(uri);
    }
  }

  clear(): void {
    this.byUri.clear();
  }
}
