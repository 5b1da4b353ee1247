import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocsIndex } from '../../../src/core/index/service.js';
import { indexedTree } from './fixtures.js';

/**
 * Python's builtins need no import, so the usage prior (counted from imports) never saw them:
 * `dict get` answered a library's `Dict.get` that one file imports. A builtin now counts as
 * fairly used.
 */

let idx: DocsIndex;
let close: () => Promise<void>;

beforeAll(async () => {
  const files: Record<string, string> = {
    'builtins.pyi': 'class dict:\n    """dict() -> new empty dictionary"""\n    def get(self, key, default=None):\n        """Return the value for key if key is in the dictionary, else default."""\n',
    'symlib/__init__.py': '"""Symbolic containers."""\nfrom .containers import Dict\n',
    'symlib/containers.py': 'class Dict:\n    """A symbolic dictionary."""\n\n    def get(self, key, default=None):\n        """Returns the value for key if the key is in the dictionary."""\n',
    'otherlib/__init__.py': '"""Other helpers."""\n\ndef helper():\n    """Help."""\n',
    'app/use_sym.py': "from symlib import Dict\n\ndef use():\n    return Dict().get('k')\n",
  };
  // Another library used by many files sets the scale: symlib's one importer makes it lightly used.
  for (let i = 0; i < 8; i++) files[`app/use${i}.py`] = `from otherlib import helper\n\ndef use${i}():\n    return helper()\n`;
  ({ idx, close } = await indexedTree(files, 'docent-builtins-usage-'));
}, 60_000);

afterAll(async () => {
  await close?.();
});

describe('usage of Python builtins', () => {
  it('ranks the builtin over a lightly used library member of the same name', () => {
    const hits = idx.roots[0]!.queries.search('dict get', { limit: 3 });
    expect(hits.map((h) => h.id).slice(0, 2)).toEqual(['builtins.dict.get', 'symlib.Dict.get']);
  });
});
