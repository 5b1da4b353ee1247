import { throwIfAborted } from './errors.js';

/**
 * Long synchronous work on a thread that also serves (the indexer's: worker messages, requests)
 * in slices: `pause()` lets the event loop run once the slice's time is up, and is free before.
 * Cheaper than a turn of the loop per step, which under busy cores waited its turn each time.
 */
export class TimeSlice {
  private start = performance.now();

  constructor(
    /** How long one slice may hold the thread. */
    private readonly ms = 8,
    private readonly signal?: AbortSignal,
  ) {}

  /** Yield to the event loop if the slice is over (then stop here if the work was cancelled meanwhile). */
  async pause(): Promise<void> {
    if (performance.now() - this.start <= this.ms) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    throwIfAborted(this.signal);
    this.start = performance.now();
  }
}
