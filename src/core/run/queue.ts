/**
 * Runs in one root take turns: two builds writing the same output directory, or two test runs
 * sharing a database or a port, would corrupt each other's results. Each key (a workspace root)
 * has a chain of promises; a cancelled waiter leaves the queue without running.
 */
export class RunQueue {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((r) => (release = r));
    const tail = before.then(() => mine);
    this.tails.set(key, tail);
    try {
      await Promise.race([
        before,
        new Promise<never>((_r, reject) => {
          if (signal.aborted) reject(new Error('aborted'));
          signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
        }),
      ]);
      return await fn();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
