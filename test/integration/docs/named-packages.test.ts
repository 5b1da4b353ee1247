import { describe, expect, it } from 'vitest';
import { pythonFunctions, sharedTree } from './fixtures.js';

/**
 * A question that names a package brings in its members, also when the package defines little
 * itself and re-exports its API from a submodule (`jsonschema.validate`, defined in
 * jsonschema.validators), and also when the question spells the package's name as two words
 * ("json schema").
 */

// Items that share the question's words, more than the search keeps of them.
const others = pythonFunctions(150, (n) => `check_${n}`, (n) => `Check instance ${n} of the kit.`, 'instance');

const index = sharedTree(
  {
    'others.py': others,
    'valkit/__init__.py': '"""Validation kit."""\n\nfrom .core import validate\n\n__all__ = ["validate"]\n',
    'valkit/core.py': '"""The implementation."""\n\n\ndef validate(obj, spec):\n    """Raise if the object breaks the spec."""\n',
  },
  'docent-named-packages-',
);

describe('a package a question names', () => {
  it('gives what it re-exports, named by two adjacent words', () => {
    const hits = index().roots[0]!.queries.search('check an instance with the val kit', { limit: 300 });
    expect(hits.map((h) => h.id)).toContain('valkit.validate');
  });

  it('is not named by words that are apart', () => {
    const hits = index().roots[0]!.queries.search('check the val instance of a kit', { limit: 300 });
    expect(hits.map((h) => h.id)).not.toContain('valkit.validate');
  });
});
