/**
 * Which of a search's databases go to the search lane (search-lane.ts) and which stay on the
 * calling thread, so that the two finish about together: the longest first, each to the side
 * where it would finish sooner (list scheduling on two machines, longest first). A database
 * may cost more on one side than the other: the first search of a database on a thread reads
 * its structures in (vectors, pools, module docs: up to ~170 ms for a standard library), so a
 * database warm on one side only is dear to move.
 *
 * `jobs[i]` is database i's expected search time here, and on the lane (null: only this thread
 * may search it, as a root in a first build). The calling thread starts with the databases only it may search;
 * the lane with what a round trip to it costs. Returns, per database, true when the lane takes
 * it; none when the split would not finish before this thread alone would.
 */
export interface LaneJob {
  here: number;
  lane: number | null;
}

export function splitForLane(jobs: readonly LaneJob[], laneOverhead: number): boolean[] {
  const toLane = jobs.map(() => false);
  let here = 0;
  for (const j of jobs) if (j.lane === null) here += j.here;
  let lane = laneOverhead;
  const order = jobs
    .map((j, i) => ({ j, i }))
    .filter((x) => x.j.lane !== null)
    .sort((a, b) => Math.max(b.j.here, b.j.lane!) - Math.max(a.j.here, a.j.lane!) || a.i - b.i);
  for (const { j, i } of order) {
    if (lane + j.lane! < here + j.here) {
      toLane[i] = true;
      lane += j.lane!;
    } else here += j.here;
  }
  const alone = jobs.reduce((a, j) => a + j.here, 0);
  return toLane.some(Boolean) && Math.max(here, lane) < alone ? toLane : jobs.map(() => false);
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
