import { describe, expect, it } from 'vitest';
import { CandidateRowCache, type CandidateRow } from '../../../src/core/index/candidate-rows.js';

/** candidate-rows.ts CandidateRowCache: the reader's answers, in the order asked, read once. */

const row = (rowid: number) => ({ rowid, id: `m.f${rowid}` }) as unknown as CandidateRow;

function reader(present: (rowid: number) => boolean) {
  const asked: number[][] = [];
  const read = (rowids: readonly number[]) => {
    asked.push([...rowids]);
    return rowids.filter(present).map(row);
  };
  return { read, asked };
}

describe('CandidateRowCache', () => {
  it('answers as the reader does, in the order asked, reading each rowid once (absent ones too)', () => {
    const cache = new CandidateRowCache();
    const { read, asked } = reader((r) => r % 10 !== 0);
    const rows = cache.through(read);
    expect(rows([3, 10, 1, 7]).map((r) => r.rowid)).toEqual([3, 1, 7]);
    expect(rows([7, 20, 3, 10, 5]).map((r) => r.rowid)).toEqual([7, 3, 5]);
    expect(asked).toEqual([[3, 10, 1, 7], [20, 5]]);
    cache.clear();
    expect(rows([1]).map((r) => r.rowid)).toEqual([1]);
    expect(asked.at(-1)).toEqual([1]);
  });

  it('when full, starts again with the rows asked and still returns every one of them', () => {
    const cache = new CandidateRowCache();
    const { read, asked } = reader(() => true);
    const rows = cache.through(read);
    const first = Array.from({ length: 1990 }, (_, i) => i + 1);
    expect(rows(first)).toHaveLength(1990);
    // 5 kept, 20 new: over the 2,000 kept, so all 25 are read again, none dropped.
    const next = [...first.slice(0, 5), ...Array.from({ length: 20 }, (_, i) => 5000 + i)];
    expect(rows(next).map((r) => r.rowid)).toEqual(next);
    expect(asked.at(-1)).toEqual(next);
    expect(rows([1, 5000]).map((r) => r.rowid)).toEqual([1, 5000]);
    expect(asked).toHaveLength(2);
  });
});
