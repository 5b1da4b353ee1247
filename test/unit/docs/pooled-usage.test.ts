import { describe, expect, it } from 'vitest';
import { pooledUsage } from '../../../src/core/index/pooled-usage.js';
import type { UsageTable } from '../../../src/core/index/usage.js';

const table = (entries: [string, number][], using: number | undefined): UsageTable => ({ counts: new Map(entries), max: Math.max(0, ...entries.map(([, n]) => n)), using });

describe('pooledUsage', () => {
  it('sums each name over the databases, with the largest sum and every database\'s using files', () => {
    const std = table([['collections.Counter', 5], ['os.getenv', 4]], 542);
    const site = table([['collections.Counter', 3], ['requests.get', 29]], 1100);
    const pooled = pooledUsage([std, site])!;
    expect([...pooled.counts]).toEqual([['collections.Counter', 8], ['os.getenv', 4], ['requests.get', 29]]);
    expect(pooled.max).toBe(29);
    expect(pooled.using).toBe(1642);
  });

  it('is nothing to pool for one database with counts, and the same object for the same tables', () => {
    const a = table([['json.dumps', 3]], 10);
    const empty = table([], 0);
    expect(pooledUsage([a])).toBeUndefined();
    expect(pooledUsage([a, empty])).toBeUndefined();
    const b = table([['json.dumps', 2]], 20);
    const first = pooledUsage([a, b]);
    expect(pooledUsage([a, empty, b])).toBe(first);
    // A recount makes a new table: a new sum.
    const recounted = table([['json.dumps', 7]], 20);
    expect(pooledUsage([a, recounted])!.counts.get('json.dumps')).toBe(10);
  });

  it('counts as full evidence when a database predates the using-files count', () => {
    expect(pooledUsage([table([['x.y', 2]], undefined), table([['x.y', 2]], 5)])!.using).toBeUndefined();
  });
});
