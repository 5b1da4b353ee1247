import { describe, expect, it } from 'vitest';
import { sharedTree } from './fixtures.js';

/**
 * Asking for more results gives more, after the same first ones: the candidates a search ranks
 * do not depend on its limit. (They did: a larger limit ran the broader expressions sooner, and
 * what those found could come first.)
 */

// 35 functions of a vendored copy have every word of the question; the library's function has two of them.
// With the limit, 35 rows were too few for a limit of 30 (so the pairs of words ran, found
// frobnicate_widget, and the library's own function outranked the vendored ones) and enough for a limit of 10.
const helpers = Array.from({ length: 35 }, (_, i) => [`def f${i}():`, '    """Frobnicate the widget with a sprocket."""', ''].join('\n')).join('\n');
const library = ['def frobnicate_widget():', '    """Frobnicate one widget."""', ''].join('\n');

const index = sharedTree({ '_vendor/gadgets.py': helpers, 'widgets.py': library }, 'docent-limit-');
const ids = (limit: number) => index().roots[0]!.queries.search('frobnicate widget sprocket', { limit }).map((h) => h.id);

describe('a search and its limit', () => {
  it('ranks the same first ten whatever the limit', () => {
    const ten = ids(10);
    expect(ten).toHaveLength(10);
    expect(ids(30).slice(0, 10)).toEqual(ten);
    expect(ids(3)).toEqual(ten.slice(0, 3));
  });
});
