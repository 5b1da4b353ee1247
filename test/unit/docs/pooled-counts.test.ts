import { describe, expect, it } from 'vitest';
import { pooledCounts, pooledPriors } from '../../../src/core/index/pooled-counts.js';
import type { IndexSource } from '../../../src/core/index/source.js';
import type { UsageTable } from '../../../src/core/index/usage.js';

const table = (entries: [string, number][], using: number | undefined): UsageTable => ({ counts: new Map(entries), max: Math.max(0, ...entries.map(([, n]) => n)), using });

describe('pooledCounts', () => {
  it('sums each name over the databases, with the largest sum and every database\'s using files', () => {
    const std = table([['collections.Counter', 5], ['os.getenv', 4]], 542);
    const site = table([['collections.Counter', 3], ['requests.get', 29]], 1100);
    const pooled = pooledCounts([std, site])!;
    expect([...pooled.counts]).toEqual([['collections.Counter', 8], ['os.getenv', 4], ['requests.get', 29]]);
    expect(pooled.max).toBe(29);
    expect(pooled.using).toBe(1642);
  });

  it('is nothing to pool when no database has counts, and the same object for the same tables', () => {
    const a = table([['json.dumps', 3]], 10);
    const empty = table([], 0);
    expect(pooledCounts([empty, table([], 4)])).toBeUndefined();
    // A database without counts of its own still measures by the others'.
    expect([...pooledCounts([a, empty])!.counts]).toEqual([['json.dumps', 3]]);
    const b = table([['json.dumps', 2]], 20);
    const first = pooledCounts([a, b]);
    expect(pooledCounts([a, b])).toBe(first);
    expect(first!.counts.get('json.dumps')).toBe(5);
    // A recount makes a new table: a new sum.
    const recounted = table([['json.dumps', 7]], 20);
    expect(pooledCounts([a, recounted])!.counts.get('json.dumps')).toBe(10);
  });

  it('counts as full evidence when a database predates the using-files count', () => {
    expect(pooledCounts([table([['x.y', 2]], undefined), table([['x.y', 2]], 5)])!.using).toBeUndefined();
  });
});

describe('pooledPriors', () => {
  const source = (family: string, usage: [string, number][]) => {
    const u = table(usage, 100);
    const p = table([], undefined);
    return { root: family, queries: { languageFamily: () => family, usageTable: () => u, popularityTable: () => p } } as unknown as IndexSource;
  };

  it('sums within a language family only: Go\'s os is not Python\'s', () => {
    const stdlib = source('python', [['os.getenv', 4]]);
    const site = source('python', [['os.getenv', 3]]);
    const go = source('go', [['os.getenv', 50]]);
    const priors = pooledPriors([stdlib, site, go]);
    expect(priors.get(stdlib.queries)!.usage!.counts.get('os.getenv')).toBe(7);
    expect(priors.get(site.queries)).toBe(priors.get(stdlib.queries));
    // Alone in its family: its own counts.
    expect(priors.has(go.queries)).toBe(false);
  });
});
