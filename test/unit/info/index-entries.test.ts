import { describe, expect, it } from 'vitest';
import { parseIndexEntries, parseIndexLine, symbolPart } from '../../../src/core/info/index-entries.js';

const nodes = new Set(['Mapping Functions', 'Colon: Node. Dot', 'Docs and Compilation', 'Rx Constructs']);
const isNode = (n: string) => nodes.has(n);

describe('Info index entries', () => {
  it('extracts the symbol part the way info-look.el does for emacs-lisp-mode', () => {
    expect(symbolPart('mapcar')).toBe('mapcar');
    expect(symbolPart('mapcar <1>')).toBe('mapcar');
    expect(symbolPart('## read syntax')).toBe('##');
    expect(symbolPart('frob-list, second mention')).toBeNull();
    expect(symbolPart('(foo)')).toBeNull();
    expect(symbolPart('‘quoted’')).toBeNull();
  });

  it('parses plain, duplicate, wrapped and colon-containing entries', () => {
    expect(parseIndexLine('* mapcar:                                Mapping Functions.   (line  19)', 'Index', isNode)).toMatchObject({
      label: 'mapcar', term: 'mapcar', symbol: 'mapcar', node: 'Mapping Functions', line: 19,
    });
    expect(parseIndexLine('* mapcar <1>:                            Mapping Functions.   (line  30)', 'Index', isNode)).toMatchObject({
      label: 'mapcar <1>', term: 'mapcar', symbol: 'mapcar', line: 30,
    });
    expect(parseIndexLine('* #$:                                    Docs and Compilation.\n                                                              (line  37)', 'Index', isNode)).toMatchObject({
      label: '#$', node: 'Docs and Compilation', line: 37,
    });
    // makeinfo 6 leaves colons unquoted: the node name decides where the label ends.
    expect(parseIndexLine('* foo: bar:                              Colon: Node. Dot.      (line 6)', 'Index', isNode)).toMatchObject({
      label: 'foo: bar', node: 'Colon: Node. Dot', emacsKey: 'foo: bar:                              Colon', symbol: 'foo:',
    });
    // texinfo 7 quotes such node names with DEL.
    expect(parseIndexLine('* foo: bar:                              \x7fColon: Node. Dot\x7f.      (line 6)', 'Index', () => false)).toMatchObject({
      label: 'foo: bar', node: 'Colon: Node. Dot', line: 6,
    });
    expect(parseIndexLine('* : in rx:                               Rx Constructs.       (line  28)', 'Index', isNode)).toMatchObject({
      label: ': in rx', node: 'Rx Constructs', symbol: ':',
    });
    expect(parseIndexLine('* other: (emacs)Mark.  (line 3)', 'Index', isNode)).toMatchObject({ node: 'Mark', manual: 'emacs' });
  });

  it('reads every menu of an index node and skips text before it', () => {
    const body = '\nIndex\n*****\n\n\0\x08[index\0\x08]\n* Menu:\n\n* a:  Mapping Functions. (line 3)\n\n\0\x08[index\0\x08]\n* Menu:\n\n* b:  Mapping Functions. (line 4)\n';
    expect(parseIndexEntries(body, 'Index', isNode).map((e) => [e.label, e.line])).toEqual([
      ['a', 3],
      ['b', 4],
    ]);
  });
});
