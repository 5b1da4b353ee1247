import { describe, expect, it } from 'vitest';
import { dotScan } from '../../../src/core/rank/dot-scan.js';
import { largest } from '../../../src/core/rank/item-vectors.js';

/** The nearest-item search's first pass: one query's dot product with every row. */

function rowsOf(n: number, width: number, seed: number): Float32Array {
  const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) - 0.5;
  return Float32Array.from({ length: n * width }, rand);
}

function expected(rows: Float32Array, q: Float32Array, r: number): number {
  let s = 0;
  for (let d = 0; d < q.length; d++) s += q[d]! * rows[r * q.length + d]!;
  return s;
}

describe('dot scan', () => {
  it('computes every row\'s product with the SIMD kernel when the width is a multiple of eight', () => {
    const n = 1001;
    const width = 24;
    const rows = rowsOf(n, width, 3);
    const scan = dotScan(rows, n, width);
    expect(scan.simd).toBe(true);
    for (const qAt of [0, 500, 1000]) {
      const q = rows.slice(qAt * width, (qAt + 1) * width);
      const out = scan.scores(q);
      expect(out.length).toBe(n);
      for (const r of [0, 1, 499, 500, 999, 1000]) expect(out[r]).toBeCloseTo(expected(rows, q, r), 5);
    }
  });

  it('keeps its own copy: changing the rows afterwards changes nothing', () => {
    for (const width of [8, 4]) {
      const rows = new Float32Array(2 * width);
      rows[0] = 1;
      rows[width + 1] = 1;
      const scan = dotScan(rows, 2, width);
      expect(scan.simd).toBe(width === 8);
      rows.fill(0);
      expect([...scan.scores(Float32Array.from({ length: width }, (_, d) => d + 1))]).toEqual([1, 2]);
    }
  });

  it('takes other widths in JavaScript, and an empty matrix gives no products', () => {
    const rows = rowsOf(10, 3, 9);
    const scan = dotScan(rows, 10, 3);
    expect(scan.simd).toBe(false);
    const q = Float32Array.from([0.5, -1, 2]);
    const out = scan.scores(q);
    for (let r = 0; r < 10; r++) expect(out[r]).toBeCloseTo(expected(rows, q, r), 6);
    expect(dotScan(new Float32Array(0), 0, 8).scores(new Float32Array(8)).length).toBe(0);
  });
});

describe('largest scores', () => {
  const truth = (scores: ArrayLike<number>, k: number) =>
    Array.from(scores, (s, i) => ({ s, i })).sort((a, b) => b.s - a.s || a.i - b.i).slice(0, k).map((x) => x.s).sort((a, b) => a - b);
  const got = (scores: Float32Array | Float64Array, k: number) => largest(scores, k).map((i) => scores[i]!).sort((a, b) => a - b);

  it('takes the k largest of many, of few, of rising and of equal scores', () => {
    let seed = 5;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const cases: Float32Array[] = [
      Float32Array.from({ length: 40_000 }, rand),
      Float32Array.from({ length: 500 }, rand),
      Float32Array.from({ length: 20_000 }, (_, i) => i / 20_000), // rising: every new score beats the heap's least
      new Float32Array(10_000).fill(0.5),
      Float32Array.from({ length: 30_000 }, (_, i) => (i % 7 === 0 ? 1 : rand() * 0.01)), // many ties at the top
    ];
    for (const scores of cases) {
      for (const k of [1, 30, 240]) {
        const idx = largest(scores, k);
        expect(new Set(idx).size).toBe(k);
        expect(got(scores, k)).toEqual(truth(scores, k));
      }
    }
    expect(largest(Float64Array.from([3, 1, 2]), 5).sort()).toEqual([0, 1, 2]);
    expect(largest(Float64Array.from([3, 1, 2]), 0)).toEqual([]);
  });
});
