/**
 * Which of a search's databases go to the search lane (search-lane.ts) and which stay on the
 * calling thread, so that the two finish about together: the longest first, each to whichever
 * side has less to do so far (the "longest processing time first" rule of scheduling on two
 * machines, within 7/6 of the best split). The calling thread starts with the databases only
 * it may search (the roots', which it writes); the lane with what a round trip to it costs.
 *
 * `costs[i]` is database i's expected search time (ms), `movable[i]` whether the lane may take
 * it. Returns, per database, true when the lane takes it; none when the split would not finish
 * before the calling thread alone would (a round trip dearer than what it takes away).
 */
export function splitForLane(costs: readonly number[], movable: readonly boolean[], laneOverhead: number): boolean[] {
  const toLane = costs.map(() => false);
  let here = 0;
  for (const [i, c] of costs.entries()) if (!movable[i]) here += c;
  let lane = laneOverhead;
  const order = costs.map((c, i) => ({ c, i })).filter((x) => movable[x.i]).sort((a, b) => b.c - a.c || a.i - b.i);
  for (const { c, i } of order) {
    if (lane < here) {
      toLane[i] = true;
      lane += c;
    } else here += c;
  }
  const alone = costs.reduce((a, b) => a + b, 0);
  return Math.max(here, lane) < alone ? toLane : costs.map(() => false);
}

/**
 * Expected search time per database, learned from the searches it served (an exponentially
 * weighted mean, so that a database's first slow searches, which read its structures in, fade
 * quickly). A database never measured is expected to cost the mean of those that were.
 */
export class SearchCosts<K extends object> {
  private readonly mean = new WeakMap<K, number>();
  private known = 0;
  private knownSum = 0;

  constructor(
    private readonly fallback: number,
    /** Weight of the newest measurement. */
    private readonly alpha = 0.2,
  ) {}

  of(key: K): number {
    return this.mean.get(key) ?? (this.known ? this.knownSum / this.known : this.fallback);
  }

  observe(key: K, ms: number): void {
    const old = this.mean.get(key);
    const next = old === undefined ? ms : old + this.alpha * (ms - old);
    this.mean.set(key, next);
    // A running figure for the unmeasured: each database's first measurement and the later moves.
    if (old === undefined) {
      this.known++;
      this.knownSum += next;
    } else this.knownSum += next - old;
  }
}
