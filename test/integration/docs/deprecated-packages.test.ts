import { describe, expect, it } from 'vitest';
import { sharedTree } from './fixtures.js';

/**
 * A package that warns when imported is deprecated with everything under it, in its other files
 * too (extract/module-deprecation.ts, index/deprecated-modules.ts).
 */

const doc = '    """Create a directory and any missing parent directories."""';
const index = sharedTree(
  {
    'legacy/__init__.py': ['"""Old build helpers."""', 'import warnings', 'warnings.warn("legacy is deprecated; use shelltools", DeprecationWarning, stacklevel=2)', ''].join('\n'),
    'legacy/dirs.py': ['def make_dirs(where):', doc, ''].join('\n'),
    'shelltools/__init__.py': '"""Shell helpers."""\n',
    'shelltools/dirs.py': ['def make_dirs(dest):', doc, ''].join('\n'),
  },
  'docent-deprecated-packages-',
);
const search = (q: string) => index().roots[0]!.queries.search(q, { limit: 5 });

describe('deprecated packages', () => {
  // The two functions are copies (same name, same doc), so one is the answer and the other is
  // in its also_in: on equal scores the first id (`legacy…`) would be the answer.
  it("answers with the current package's copy, asked in words, the deprecated one in its also_in", () => {
    const [hit] = search('create a directory with its missing parent directories');
    expect(hit?.id).toBe('shelltools.dirs.make_dirs');
    expect(hit?.also_in?.map((a) => a.id)).toEqual(['legacy.dirs.make_dirs']);
  });

  it('does the same for the name asked alone, and the package item says why', () => {
    const [hit] = search('make_dirs');
    expect(hit?.id).toBe('shelltools.dirs.make_dirs');
    expect(hit?.also_in?.map((a) => a.id)).toEqual(['legacy.dirs.make_dirs']);
    expect(index().roots[0]!.queries.byId('legacy')[0]?.deprecated).toBe('legacy is deprecated; use shelltools');
  });
});
