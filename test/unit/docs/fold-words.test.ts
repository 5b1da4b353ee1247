import { describe, expect, it } from 'vitest';
import { atLeastWords } from '../../../src/core/index/fold-hits.js';

/** fold-hits.ts counts a summary's words without splitting it, as `split(/\s+/)` would. */
describe('atLeastWords', () => {
  it('agrees with split(/\\s+/) on blanks, runs of them, ends and Unicode spaces', () => {
    const cases = ['', 'a', 'a b c d', 'a b c d e', ' a b c d', 'a  b\tc\nd e', 'a b c d ', 'Creates an array from an array-like object.', 'x\u00a0y z w v', 'a\u3000b c d e', '\u2028a b c'];
    for (const c of cases) for (const n of [1, 4, 5, 6]) expect([c, n, atLeastWords(c, n)]).toEqual([c, n, c.split(/\s+/).length >= n]);
  });
});
