import { describe, expect, it } from 'vitest';
import { adjacentCompounds } from '../../../src/core/rank/words.js';
import { sharedTree } from './fixtures.js';

/**
 * An item named by a run of a question's words (`is_array` for "tell whether a value is an
 * array") is a candidate for it even without a doc, when the question's other words are in
 * more rows than a question's expressions rank (index/lexical-candidates.ts).
 */

// Eighty documented items that say "value" and "array" more often than the question does.
const decoys = Array.from({ length: 80 }, (_, i) => [`def array_value_${i}(array, value):`, `    """Store value ${i} in the array: array value, array value."""`, ''].join('\n'));
// And twelve documented items all named by another run of a question's words (`get_value`).
const getters = Array.from({ length: 12 }, (_, i) => [`class Box${i}:`, '    def get_value(self):', `        """Return the content of box ${i}."""`, ''].join('\n'));
const tree = ['def is_array(x):', '    return isinstance(x, list)', '', ...decoys, ...getters].join('\n');

const index = sharedTree({ 'arrays.py': tree }, 'docent-compounds-');
const ids = (q: string) => index().roots[0]!.queries.search(q, { limit: 100 }).map((h) => h.id);

describe('names a question spells in adjacent words', () => {
  it('makes the undocumented is_array a candidate for "tell whether a value is an array"', () => {
    expect(ids('tell whether a value is an array')).toContain('arrays.is_array');
  });

  it('takes a few items of each name, so that a name many items have does not crowd the others out', () => {
    expect(ids('get the value or tell whether a value is an array')).toContain('arrays.is_array');
  });

  it('looks up a bounded number of names, however long the question', () => {
    const long = Array.from({ length: 9000 }, (_, i) => `word${i}`).join(' ');
    expect(() => ids(`tell whether ${long} is an array`)).not.toThrow();
  });

  it('are the runs of two and three words, articles skipped, not those of stop words only', () => {
    expect(adjacentCompounds('tell whether a value is an array')).toEqual(
      expect.arrayContaining(['isarray', 'is_array', 'valueisarray', 'value_is_array', 'tellwhether']),
    );
    expect(adjacentCompounds('guess the type of a file')).toContain('guess_type');
    expect(adjacentCompounds('to be or not')).not.toContain('tobe');
    expect(adjacentCompounds('sleep')).toEqual([]);
  });
});
