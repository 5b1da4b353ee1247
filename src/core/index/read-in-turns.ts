import type { Logger } from '../log.js';

/** One thing to read in before the first question needs it. */
export interface ReadIn {
  /** What it is, for the warning when it fails. */
  label: string;
  run(): void;
  /** Skipped once this is aborted (its root was closed). */
  signal?: AbortSignal;
}

/**
 * A served index reads in what the first question would otherwise wait for (search structures,
 * term counts: tens to hundreds of milliseconds each) one piece a turn of the event loop, so
 * that a request arriving meanwhile waits for one piece at most. Stops when `signal` is aborted
 * (the index is closing); a piece that fails is left to the first question, with a warning.
 */
export function readInTurns(pieces: readonly ReadIn[], signal: AbortSignal, log: Logger): void {
  const todo = [...pieces];
  const next = () => {
    const piece = todo.shift();
    if (!piece || signal.aborted) return;
    if (!piece.signal?.aborted) {
      try {
        piece.run();
      } catch (err) {
        log.warn(`could not prepare the search of ${piece.label}: ${(err as Error).message}`);
      }
    }
    setTimeout(next, 0).unref();
  };
  setTimeout(next, 0).unref();
}
