import { describe, expect, it } from 'vitest';
import { fuseRanks } from '../../../src/core/rank/fusion.js';
import { meanPool, normalizeRows } from '../../../src/core/rank/sentence-encoder.js';

/** Reciprocal rank fusion of the blend with a model's ranking, and the model's pooling (pure logic). */

describe('fuseRanks', () => {
  const blend = [
    { index: 0, score: 0.9, lexical: true },
    { index: 1, score: 0.8, lexical: true },
    { index: 2, score: 0.5, lexical: true },
    { index: 3, score: 0.2, lexical: false },
  ];

  it('lifts what both lists rank well over what one ranks first', () => {
    // The model ranks 2 first and 1 second; 0 has no vector: 2 (1/62 + 1/60) and 1 (1/61 + 1/61) pass 0 (1/60).
    const fused = fuseRanks(blend, [null, 0.7, 0.9, 0.1]);
    expect(fused.map((s) => s.index)).toEqual([2, 1, 0, 3]);
  });

  it('keeps the blend\'s scores in order, so answers from databases without a model still merge by score', () => {
    const fused = fuseRanks(blend, [null, 0.7, 0.9, 0.1]);
    expect(fused.map((s) => s.score)).toEqual([0.9, 0.8, 0.5, 0.2]);
  });

  it('gives a candidate no blend rank when it shares no word with the question', () => {
    // 3 came from the vectors alone: the model's first choice ties with the blend's (which keeps
    // its place) and passes the blend's second; in the blend's own order it was last.
    const fused = fuseRanks(blend, [null, null, null, 0.95]);
    expect(fused.map((s) => s.index)).toEqual([0, 3, 1, 2]);
    const alone = fuseRanks([{ index: 0, score: 0.4, lexical: false }, { index: 1, score: 0.3, lexical: false }], [0.1, 0.9]);
    expect(alone.map((s) => s.index)).toEqual([1, 0]);
  });

  it('leaves the blend\'s order when the model ranks nothing', () => {
    expect(fuseRanks(blend, [null, null, null, null]).map((s) => s.index)).toEqual([0, 1, 2, 3]);
  });
});

describe('meanPool', () => {
  it('averages the unmasked token vectors of each row and scales them to unit length', () => {
    // Two rows of three tokens, two dimensions; the second row's last token is padding.
    const data = Float32Array.from([1, 0, 1, 0, 0, 4, /* row 2 */ 0, 3, 0, 1, 9, 9]);
    const mask = BigInt64Array.from([1n, 1n, 1n, 1n, 1n, 0n]);
    const v = meanPool(data, mask, 2, 3, 2);
    expect(Array.from(v.subarray(0, 2)).map((x) => x.toFixed(3))).toEqual([(2 / Math.hypot(2, 4)).toFixed(3), (4 / Math.hypot(2, 4)).toFixed(3)]);
    expect(Array.from(v.subarray(2, 4))).toEqual([0, 1]);
  });

  it('leaves a zero row zero', () => {
    expect(Array.from(normalizeRows(new Float32Array(3), 3))).toEqual([0, 0, 0]);
  });
});
