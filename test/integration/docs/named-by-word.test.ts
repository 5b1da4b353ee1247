import { describe, expect, it } from 'vitest';
import { sharedTree } from './fixtures.js';

/**
 * A question in words finds the item named by one of its words even when many rows with that
 * word rank above it by BM25 (index/search.ts NAMED_BY_WORD): `math.factorial`, summarised
 * "Find n!.", sat at place 86 of the rows with "factorial", below sympy's many `factorial`
 * methods whose docs say the word again, and no question found it.
 */

const rings = Array.from({ length: 120 }, (_, n) => [
  `class Ring${n}:`,
  `    """A ring, number ${n}."""`,
  '',
  '    def frobnicate(self, a):',
  '        """Frobnicate a, an element of this frobnicating ring: frobnicate it."""',
  '',
].join('\n')).join('\n');

const index = sharedTree(
  {
    'rings.py': rings,
    'tools.py': ['def frobnicate(x):', '    """Turn x inside out."""', ''].join('\n'),
  },
  'docent-named-by-word-',
);

describe('items named by a word of the question', () => {
  it('finds the function named by the rare word, which BM25 ranks below 120 methods', () => {
    const ids = index().roots[0]!.queries.search('frobnicate an integer', { limit: 10 }).map((h) => h.id);
    expect(ids).toContain('tools.frobnicate');
  });
});
