import { describe, expect, it } from 'vitest';
import { pythonFunctions, sharedTree } from './fixtures.js';

/**
 * A question in words that a class's method answers may describe the class (index/search.ts
 * PARENT_OF_TOP): "tally how many times each element occurs" found `Counter.elements` and
 * never `collections.Counter`, whose own doc shares too few of its words.
 */

// Other items that share the question's words, more than the search keeps of them, so that
// only the member's answer can bring its class in.
const others = pythonFunctions(150, (n) => `occurs_${n}`, (n) => `How many times element ${n} occurs in items, each counted once.`, 'items');

const index = sharedTree(
  {
    'others.py': others,
    'bags.py': [
      'class Bag(dict):',
      '    """Dict subclass that keeps a count of how often each hashable key occurs, for multisets, histograms and the like."""',
      '',
      '    def elements(self):',
      '        """Tally: an iterator over the elements, each repeated as many times as it occurs."""',
      '',
    ].join('\n'),
  },
  'docent-class-of-member-',
);

describe('the class of a member that answers a question in words', () => {
  it('joins the candidates, which the other items sharing its words had crowded out', () => {
    const hits = index().roots[0]!.queries.search('tally how many times each element occurs', { limit: 200 });
    const ids = hits.map((h) => h.id);
    expect(ids).toContain('bags.Bag');
    // Its member keeps its own place: the class was brought in by it, not found by its own words.
    expect(ids[0]).toBe('bags.Bag.elements');
  });
});
