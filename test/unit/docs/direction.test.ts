import { describe, expect, it } from 'vitest';
import { directionMatch, directionOf } from '../../../src/core/rank/direction.js';

/** Which way a conversion goes (rank/direction.ts). */

const asked = directionOf('turn a python object into a json string')!;

describe('conversion direction', () => {
  it('reads the two sides of the last "to" or "into"', () => {
    expect([...asked.from]).toEqual(['turn', 'python', 'object']);
    expect([...asked.to]).toEqual(['json', 'str']);
    expect(directionOf('sort a list')).toBeNull();
    expect(directionOf('Convert to.')).toBeNull();
  });

  it('favours the item converting the way asked, and marks the inverse, reading abbreviations', () => {
    expect(directionMatch(asked, directionOf('Serialize obj to a JSON formatted str.')!)).toBe(1);
    expect(directionMatch(asked, directionOf('Deserialize s (a str containing a JSON document) to a Python object.')!)).toBe(-1);
  });

  it('says nothing when the item does not convert between the question\'s sides', () => {
    expect(directionMatch(asked, directionOf('Add a key to the cache.')!)).toBe(0);
  });
});
