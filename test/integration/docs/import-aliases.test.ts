import { describe, expect, it } from 'vitest';
import { sharedTree } from './fixtures.js';

/** A module written as code abbreviates it on import (`np.array` for `import numpy as np`). */

const index = sharedTree(
  {
    'numerix/__init__.py': 'def grid(n):\n    """Evenly spaced numbers over an interval."""\n    return n\n',
    'layout.py': 'def grid(rows):\n    """Place widgets on a grid of rows and columns."""\n    return rows\n',
  },
  'docent-aliases-',
);
const hits = (q: string) => index().roots[0]!.queries.search(q, { limit: 5 });

describe('a dotted name through an import alias', () => {
  it('finds the item of the module the first part abbreviates, clearly first', () => {
    const [first, second] = hits('nx.grid');
    expect(first?.id).toBe('numerix.grid');
    expect(first!.score).toBeGreaterThan(second!.score + 0.5);
  });

  it('leaves a first part that abbreviates no module, and two words without a dot, to the ordinary ranking', () => {
    for (const q of ['qz.grid', 'nx grid']) {
      const [first, second] = hits(q);
      expect(Math.abs(first!.score - second!.score)).toBeLessThan(0.2);
    }
  });
});
