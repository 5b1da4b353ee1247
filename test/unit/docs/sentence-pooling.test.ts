import { describe, expect, it } from 'vitest';
import { meanPool, normalizeRows } from '../../../src/core/rank/sentence-encoder.js';

/** How a sentence-embedding model's token vectors become one vector per text (pure logic). */

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
