import { describe, expect, it } from 'vitest';
import { SearchCosts, splitForLane } from '../../../src/core/index/lane-split.js';

/** Which databases of a search go to the search lane's thread (index/lane-split.ts), and what each is expected to cost. */

/** Jobs costing the same on both sides (movable) or only here (null). */
const same = (costs: number[], movable: boolean[]) => costs.map((c, i) => ({ here: c, lane: movable[i] ? c : null }));

describe('splitForLane', () => {
  it('gives the lane the longest movable searches until both sides have about as much', () => {
    // A root (1 ms, stays) and a standard library (4 ms) with three packages (2, 1.5, 1 ms).
    const split = splitForLane(same([1, 4, 2, 1.5, 1], [false, true, true, true, true]), 0.3);
    // Here: root 1 + 2 + 1.5 = 4.5 ms; the lane: 0.3 + 4 + 1 = 5.3 ms; alone 9.5 ms.
    expect(split).toEqual([false, true, false, false, true]);
  });

  it('keeps what only this thread may search here, whatever it costs', () => {
    expect(splitForLane(same([5, 5], [false, false]), 0.3)).toEqual([false, false]);
    expect(splitForLane(same([9, 1, 1], [false, true, true]), 0.3)).toEqual([false, true, true]);
  });

  it('moves nothing when a round trip costs more than it takes away', () => {
    expect(splitForLane(same([0.2, 0.1], [false, true]), 0.3)).toEqual([false, false]);
    expect(splitForLane(same([0.1], [true]), 0.3)).toEqual([false]);
    expect(splitForLane([], 0.3)).toEqual([]);
  });

  it('splits movable searches alone across both sides', () => {
    const split = splitForLane(same([3, 3, 3, 3], [true, true, true, true]), 0.3);
    expect(split.filter(Boolean)).toHaveLength(2);
  });

  it('leaves a database on the side that has read it in unless moving it still finishes sooner', () => {
    // A root (1 ms); a large package warm only here (3 ms; 40 ms to read in on the lane), a small
    // one warm only there (1 ms; 2 ms to read in here), a third warm on both (2 ms).
    const jobs = [
      { here: 1, lane: null },
      { here: 3, lane: 43 },
      { here: 3, lane: 1 },
      { here: 2, lane: 2 },
    ];
    // Here: 1 + 3 = 4 ms; the lane: 0.3 + 1 + 2 = 3.3 ms.
    expect(splitForLane(jobs, 0.3)).toEqual([false, false, true, true]);
    // Three warm only on the lane (2 ms there, 4 ms here): the third comes here all the same,
    // where it ends at 4.5 ms rather than at 6.3 ms behind the other two.
    expect(splitForLane([{ here: 0.5, lane: null }, { here: 4, lane: 2 }, { here: 4, lane: 2 }, { here: 4, lane: 2 }], 0.3)).toEqual([false, true, true, false]);
  });
});

describe('SearchCosts', () => {
  it('expects an unmeasured database to cost the mean of the measured, or the fallback before any', () => {
    const costs = new SearchCosts<object>(2);
    const [a, b, c] = [{}, {}, {}];
    expect(costs.of(a)).toBe(2);
    costs.observe(a, 1);
    costs.observe(b, 3);
    expect(costs.of(c)).toBe(2);
    costs.observe(b, 5);
    // b moved a fifth of the way to 5: 3.4; the mean of the measured follows.
    expect(costs.of(b)).toBeCloseTo(3.4, 10);
    expect(costs.of(c)).toBeCloseTo(2.2, 10);
  });

  it('lets a slow first search fade', () => {
    const costs = new SearchCosts<object>(2);
    const a = {};
    costs.observe(a, 100);
    for (let i = 0; i < 30; i++) costs.observe(a, 1);
    expect(costs.of(a)).toBeLessThan(1.2);
  });
});
