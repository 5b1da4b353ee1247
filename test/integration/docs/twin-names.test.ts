import { describe, expect, it } from 'vitest';
import { pythonFunctions, sharedTree } from './fixtures.js';

/**
 * The twin of an item a question in words finds near the top: the same name in another case
 * in the same module, a factory beside its class (`inspect.signature` beside
 * `inspect.Signature`), whose own doc shares none of the question's words.
 */

const others = pythonFunctions(150, (n) => `accepts_${n}`, (n) => `Whether parameter ${n} accepts the items.`, 'items');

const index = sharedTree(
  {
    'others.py': others,
    'insp.py': [
      '"""Introspection."""',
      '',
      '',
      'class Shape:',
      '    """The parameters a callable accepts and what it returns."""',
      '',
      '',
      'def shape(obj):',
      '    """Get the object for the passed thing."""',
      '',
      '',
      'def unrelated(obj):',
      '    """Get the object for the passed thing."""',
      '',
    ].join('\n'),
  },
  'docent-twin-names-',
);

describe('the twin of a top item', () => {
  it('joins the candidates of a question in words', () => {
    const ids = index().roots[0]!.queries.search('which parameters a callable accepts', { limit: 200 }).map((h) => h.id);
    expect(ids[0]).toBe('insp.Shape');
    expect(ids).toContain('insp.shape');
    // Only the twin: its neighbour with the same doc stays out.
    expect(ids).not.toContain('insp.unrelated');
  });
});
