/**
 * A registry of long-lived, shared services (the Info library, the language-server manager,
 * the docs index, the Emacs bridge). Each capability creates its own service lazily on first
 * use, under a key it owns, so that one daemon serves every client and session from the same
 * instances, and nothing starts until a request needs it.
 */
export interface Disposable {
  dispose(): void | Promise<void>;
}

export class ServiceRegistry {
  private readonly services = new Map<string, unknown>();

  /** The service under `key`, created by `create` the first time it is asked for. */
  get<T>(key: string, create: () => T): T {
    if (!this.services.has(key)) this.services.set(key, create());
    return this.services.get(key) as T;
  }

  peek<T>(key: string): T | undefined {
    return this.services.get(key) as T | undefined;
  }

  /** Dispose one service and forget it, so the next `get` creates it afresh (the daemon unloads idle roots). */
  async release(key: string): Promise<void> {
    const service = this.services.get(key) as Partial<Disposable> | undefined;
    if (!this.services.delete(key)) return;
    try {
      await service?.dispose?.();
    } catch {
      // unloading: a failing dispose must not keep the entry
    }
  }

  /** Dispose every service that can be, in reverse creation order; never throws. */
  async disposeAll(): Promise<void> {
    const entries = [...this.services.values()].reverse();
    this.services.clear();
    for (const service of entries) {
      const d = service as Partial<Disposable> | null;
      if (d && typeof d.dispose === 'function') {
        try {
          await d.dispose();
        } catch {
          // Shutting down: a service that fails to dispose must not stop the others.
        }
      }
    }
  }
}
