import { describe, expect, it } from 'vitest';
import { collectionsFor, collectionStats } from '../../../src/core/index/collection-stats.js';

/** Which word counts each database of a search is weighed by (pure: counts in, counts out). */

const stats = (total: number, df: Record<string, number>) => ({ total, df: new Map(Object.entries(df)) });
const root = {};
const declared = { dependency: { ecosystem: 'npm', name: 'lodash', version: '4.17.21', display: (r: string) => r } };
const standardLibrary = { dependency: { ecosystem: 'npm', name: 'typescript-lib', version: '6.0.3', display: (r: string) => r, standardLibrary: true } };

describe('collectionStats', () => {
  it('sums item counts and per-word counts', () => {
    expect(collectionStats([stats(10, { copy: 1 }), stats(90, { copy: 30, value: 5 })])).toEqual(stats(100, { copy: 31, value: 5 }));
  });
});

describe('collectionsFor', () => {
  const own = stats(5, { copy: 0, value: 1 });
  const lodash = stats(1000, { copy: 2, value: 300 });
  const lib = stats(7500, { copy: 400, value: 2000 });

  it('weighs a declared package by the project and the declared packages, the standard library and the project by all', () => {
    const [forRoot, forLodash, forLib] = collectionsFor([root, declared, standardLibrary], [own, lodash, lib]);
    const all = stats(8505, { copy: 402, value: 2301 });
    expect(forRoot).toEqual(all);
    expect(forLib).toEqual(all);
    expect(forLodash).toEqual(stats(1005, { copy: 2, value: 301 }));
  });

  it('weighs everything alike when no standard library is read, and a single database by its own counts', () => {
    const [a, b] = collectionsFor([root, declared], [own, lodash]);
    expect(a).toEqual(b);
    expect(a).toEqual(stats(1005, { copy: 2, value: 301 }));
    expect(collectionsFor([declared], [lodash])).toEqual([undefined]);
  });
});
