import { describe, expect, it } from 'vitest';
import { cleanNodeText, parseHeader, parseMenu, parseXrefs } from '../../../src/core/info/node-text.js';

describe('Info node text', () => {
  it('parses headers, including DEL-quoted node names with commas and colons', () => {
    expect(parseHeader('File: elisp.info,  Node: Mapping Functions,  Next: Anonymous Functions,  Prev: Calling Functions,  Up: Functions')).toEqual({
      file: 'elisp.info',
      node: 'Mapping Functions',
      next: 'Anonymous Functions',
      prev: 'Calling Functions',
      up: 'Functions',
    });
    expect(parseHeader('File: t.info,  Node: \x7fA: b, c\x7f,  Up: Top')).toMatchObject({ node: 'A: b, c', up: 'Top', next: null });
    expect(parseHeader('no header here')).toBeNull();
  });

  it('finds cross-references, also wrapped over lines and into other manuals', () => {
    const body = 'See *note Definition of\n   mapatoms::, and *Note Lisp Data Types: Types. and (*note (emacs)Mark::).\nAlso *note \x7fA: b\x7f::.';
    const x = parseXrefs(body);
    expect(x.map((r) => [r.label, r.node, r.manual])).toEqual([
      ['Definition of mapatoms', 'Definition of mapatoms', null],
      ['Lisp Data Types', 'Types', null],
      ['Mark', 'Mark', 'emacs'],
      ['A: b', 'A: b', null],
    ]);
    const clean = cleanNodeText(body, x);
    expect(clean).toBe('See [See: Definition of\nmapatoms], and [See: Lisp Data Types (Types)]. and ([See: (emacs)Mark]).\nAlso [See: A: b].');
    expect(clean.split('\n').length).toBe(body.split('\n').length);
  });

  it('keeps line numbers when a reference breaks right after *note (autoconf: "(*note\\nOutput::)")', () => {
    const body = 'required macro is AC_OUTPUT (*note\nOutput::).\n\n -- Macro: AC_INIT (PACKAGE)\n';
    const clean = cleanNodeText(body);
    expect(clean.split('\n').length).toBe(body.split('\n').length);
    expect(clean.split('\n')[3]).toBe(' -- Macro: AC_INIT (PACKAGE)');
    expect(clean.split('\n').slice(0, 2)).toEqual(['required macro is AC_OUTPUT (', '[See: Output]).']);
  });

  it('removes the index cookie without shifting lines', () => {
    expect(cleanNodeText('\nIndex\n\0\x08[index\0\x08]\n* Menu:\n')).toBe('\nIndex\n\n* Menu:\n');
  });

  it('parses menus of both forms', () => {
    const body = 'Intro\n* Menu:\n\n* Functions::           Functions and macros.\n* Vars: Variables.     Variables and\n                         special forms.\n* Other: (emacs)Top.   Elsewhere.\n';
    expect(parseMenu(body)).toEqual([
      { label: 'Functions', node: 'Functions', manual: null, description: 'Functions and macros.' },
      { label: 'Vars', node: 'Variables', manual: null, description: 'Variables and special forms.' },
      { label: 'Other', node: 'Top', manual: 'emacs', description: 'Elsewhere.' },
    ]);
  });
});
