import { describe, expect, it } from 'vitest';
import { BoundedMap, memoized } from '../../../src/core/memo.js';

describe('BoundedMap', () => {
  it('keeps up to its bound, then empties itself before a new key', () => {
    const m = new BoundedMap<string, number>(3);
    m.set('a', 1).set('b', 2).set('c', 3);
    expect([...m.keys()]).toEqual(['a', 'b', 'c']);
    m.set('d', 4);
    expect([...m.entries()]).toEqual([['d', 4]]);
  });

  it('updates a key it holds without forgetting the others, full or not', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1).set('b', 2).set('a', 10);
    expect(m.get('a')).toBe(10);
    expect(m.get('b')).toBe(2);
    expect(m.size).toBe(2);
  });
});

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
