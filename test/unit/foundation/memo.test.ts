import { describe, expect, it } from 'vitest';
import { memoized } from '../../../src/core/memo.js';

describe('memoized', () => {
  it('computes once per key while the key is remembered, again after the memo emptied', () => {
    const calls: string[] = [];
    const upper = memoized(2, (k) => (calls.push(k), k.toUpperCase()));
    expect([upper('a'), upper('a'), upper('b'), upper('a')]).toEqual(['A', 'A', 'B', 'A']);
    expect(calls).toEqual(['a', 'b']);
    upper('c'); // full: forgets a and b
    upper('a');
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });

  it('remembers an undefined answer too', () => {
    let n = 0;
    const none = memoized(10, () => (n++, undefined));
    none('x');
    none('x');
    expect(n).toBe(1);
  });
});
