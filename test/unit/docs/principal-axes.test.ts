import { describe, expect, it } from 'vitest';
import { principalAxes, project } from '../../../src/core/rank/principal-axes.js';
import { topRows } from '../../../src/core/rank/item-vectors.js';

/** The coarse first pass of the nearest-vector scan: principal axes, projection, top-k (pure logic). */

function vectors(n: number, dim: number, decay: (i: number) => number, seed = 3): Float32Array {
  let x = seed;
  const rand = () => ((x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff), (x / 0x7fffffff) * 2 - 1);
  const m = new Float32Array(n * dim);
  for (let r = 0; r < n; r++) {
    let norm = 0;
    for (let d = 0; d < dim; d++) {
      const v = rand() * Math.sqrt(decay(d));
      m[r * dim + d] = v;
      norm += v * v;
    }
    for (let d = 0; d < dim; d++) m[r * dim + d]! /= Math.sqrt(norm);
  }
  return m;
}

describe('principalAxes', () => {
  it('finds orthonormal axes, strongest first, and the share of energy they carry', () => {
    // Energy only in the first 8 coordinates (with a steep decay): 8 axes carry nearly all of it.
    const dim = 32;
    const m = vectors(3000, dim, (d) => (d < 8 ? 2 ** -d : 1e-6));
    const { axes, energy } = principalAxes(m, 3000, dim, 8);
    expect(energy).toBeGreaterThan(0.99);
    for (let a = 0; a < 8; a++) {
      for (let b = a; b < 8; b++) {
        let dot = 0;
        for (let d = 0; d < dim; d++) dot += axes[a * dim + d]! * axes[b * dim + d]!;
        expect(dot).toBeCloseTo(a === b ? 1 : 0, 4);
      }
    }
    // The strongest axis is the first coordinate (up to sign).
    expect(Math.abs(axes[0]!)).toBeGreaterThan(0.99);
  });

  it('says when the axes cannot stand in for the vectors (a flat spectrum)', () => {
    const dim = 64;
    const m = vectors(3000, dim, () => 1);
    expect(principalAxes(m, 3000, dim, 8).energy).toBeLessThan(0.3);
  });

  it('projects rows onto the axes', () => {
    const axes = Float32Array.from([1, 0, 0, 0, 0, 1]); // 2 axes of 3 dimensions
    expect(Array.from(project(Float32Array.from([3, 4, 5, 6, 7, 8]), 2, 3, axes, 2))).toEqual([3, 5, 6, 8]);
  });
});

describe('topRows (the scan of both passes)', () => {
  it('keeps the k highest scores, best first', () => {
    // One-dimensional rows against q = [1]: each row's score is its value.
    const scores = Float32Array.from([5, 1, 9, 3, 7, 7, 2, 8, 0, 6, 4]);
    const q = Float32Array.from([1]);
    expect(topRows(scores, 1, scores.length, q, 3, 1, null).map((b) => b.sim)).toEqual([9, 8, 7]);
    expect(topRows(scores, 1, scores.length, q, 20, 1, null)).toHaveLength(scores.length);
    expect(topRows(scores, 1, 0, q, 3, 1, null)).toEqual([]);
  });
});
