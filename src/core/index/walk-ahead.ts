/**
 * The walk read to its end as fast as it goes, each path handed to `each` as found, while the
 * consumer takes them at its own pace; `done` once the walk is over. A first build's indexer
 * lets the walk run ahead of its extraction window this way, so that the quick name pass
 * (name-sketch.ts) gets every file long before the extraction reaches it.
 */
export function walkAhead(source: AsyncIterable<string>, each: (rel: string) => void, done: () => void): AsyncIterable<string> {
  const found: string[] = [];
  let over = false;
  let failed: unknown = null;
  const waiting: { wake: (() => void) | null } = { wake: null };
  void (async () => {
    try {
      for await (const rel of source) {
        each(rel);
        found.push(rel);
        waiting.wake?.();
      }
    } catch (err) {
      failed = err;
    } finally {
      over = true;
      done();
      waiting.wake?.();
    }
  })();
  return {
    async *[Symbol.asyncIterator]() {
      for (let i = 0; ; ) {
        if (i < found.length) {
          yield found[i++]!;
          continue;
        }
        if (failed) throw failed;
        if (over) return;
        await new Promise<void>((r) => (waiting.wake = r));
        waiting.wake = null;
      }
    },
  };
}
