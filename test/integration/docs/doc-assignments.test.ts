import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSource } from '../../../src/core/extract/extract.js';
import { docsGet, renderDocItem } from '../../../src/features/docs/get.js';
import { docsSearch } from '../../../src/features/docs/search.js';
import { fileDocsContext, FIXTURES, item } from './fixtures.js';

/**
 * Docs a Python module assigns rather than writes (`lang/python-doc-assignments.ts`): another
 * definition's, in this file or an imported module (`os.path.splitext` takes its text from
 * `genericpath._splitext`), a string, or a string constant `.format`ted (`base64.b32encode`).
 */

const ROOT = path.join(FIXTURES, 'doc-assign');
const read = (rel: string): string | null => {
  try {
    return readFileSync(path.join(ROOT, rel), 'utf8');
  } catch {
    return null;
  }
};

const ctx = fileDocsContext(ROOT, { dependencies: false });

describe('assigned docs', () => {
  for (const engine of ['fast', 'tree-sitter'] as const) {
    it(`copies another module's docs, through either import form (${engine})`, async () => {
      const x = await extractSource('python', read('textkit/paths.py')!, { file: 'textkit/paths.py', includePrivate: false, readSource: read, engine });
      for (const name of ['splitsuffix', 'rsplitsuffix']) {
        const it = item(x, `textkit.paths.${name}`);
        expect(it.summary).toBe('Split the suffix from a filename.');
        expect(it.doc).toContain('everything from the last dot');
        expect(it.tags.doc_from).toBe('textkit._generic._split_suffix');
        // The copied definition's own parameters (sep, extsep) are not this function's.
        expect(it.params.map((p) => p.name)).toEqual(['p']);
      }
      // A definition of the same file.
      expect(item(x, 'textkit.paths.inverse').summary).toBe('Apply the quaternion rotation to a vector.');
      expect(item(x, 'textkit.paths.inverse').tags.doc_from).toBe('textkit.paths.forward');
    });

    it(`copies another module's docs inside a nested src-layout project too (${engine})`, async () => {
      // The same files as if they were libs/other/src/textkit/… of a monorepo (project hint pythonSrcRoots).
      const nested = (rel: string) => (rel.startsWith('libs/other/src/') ? read(rel.slice('libs/other/src/'.length)) : null);
      const file = 'libs/other/src/textkit/paths.py';
      const x = await extractSource('python', read('textkit/paths.py')!, { file, includePrivate: false, readSource: nested, engine, project: { pythonSrcRoots: ['libs/other'] } });
      expect(item(x, 'textkit.paths.splitsuffix')).toMatchObject({ summary: 'Split the suffix from a filename.', tags: { doc_from: 'textkit._generic._split_suffix' } });
    });

    it(`takes strings, concatenations and formatted constants (${engine})`, async () => {
      const x = await extractSource('python', read('textkit/codes.py')!, { file: 'textkit/codes.py', includePrivate: false, readSource: read, engine });
      const armor = item(x, 'textkit.codes.armor');
      expect(armor.summary).toBe('Encode the bytes in ascii armor and return the encoded bytes.');
      expect(armor.params).toEqual([{ name: 'data', type: null, doc: 'the bytes to encode' }]);
      // `.format(` arguments continued on the next line.
      expect(item(x, 'textkit.codes.hexlify_words').summary).toBe('Encode the bytes in hexadecimal and return the encoded bytes.');
      expect(item(x, 'textkit.codes.hexlify_words').params.map((p) => p.name)).toEqual(['data', 'upper']);
      expect(item(x, 'textkit.codes.Ledger.tally').summary).toBe('Count the entries recorded so far.');
      // The assignment replaces a written docstring, as it does at run time.
      expect(item(x, 'textkit.codes.shadowed').summary).toBe('Replaced by an assignment, as help() shows it.');
      expect(item(x, 'textkit.codes.shadowed').tags.doc_from).toBeUndefined();
      // A keyword argument that names a string constant; an escaped quote just before the closing quotes.
      expect(item(x, 'textkit.codes.folded').doc).toBe('Fold the bytes to one case.\n\nNever mind the case of the input.');
      expect(item(x, 'textkit.codes.quoted').summary).toBe('Say "hi" politely.');
      expect(item(x, 'textkit.codes.after_quoted').summary).toBe('Its own docstring, which the quote above must not swallow.');
      // Half a docstring is worse than none: a positional argument, a concatenation.
      expect(item(x, 'textkit.codes.pieces').doc).toBe('');
      expect(item(x, 'textkit.codes.glued').doc).toBe('');
    });

    it(`reads a parenthesized import over several lines (${engine})`, async () => {
      const x = await extractSource('python', read('textkit/paths.py')!, { file: 'textkit/paths.py', includePrivate: false, readSource: read, engine });
      expect(item(x, 'textkit.paths.joinparts')).toMatchObject({ summary: 'Join path parts with single slashes.', tags: { doc_from: 'textkit._generic._join_parts' } });
    });
  }

  it('without a way to read other files, a reference to another module changes nothing', async () => {
    const x = await extractSource('python', read('textkit/paths.py')!, { file: 'textkit/paths.py', includePrivate: false });
    expect(item(x, 'textkit.paths.splitsuffix').summary).toBe('');
    expect(item(x, 'textkit.paths.inverse').summary).toBe('Apply the quaternion rotation to a vector.');
  });

  it('the index finds an item by its assigned docs, and docs_get shows where they came from', async () => {
    const r = await docsSearch({ query: 'split the suffix from a filename', limit: 5 }, ctx());
    const ids = r.results.map((h) => h.id);
    expect(ids).toContain('textkit.paths.splitsuffix');
    const got = await docsGet({ id: 'textkit.paths.splitsuffix' }, ctx());
    expect(got.summary).toBe('Split the suffix from a filename.');
    expect(got.doc_from).toBe('textkit._generic._split_suffix');
    expect(renderDocItem(got)).toContain('docs from: textkit._generic._split_suffix');
    const tally = await docsSearch({ query: 'count the entries recorded', limit: 3 }, ctx());
    expect(tally.results[0]?.id).toBe('textkit.codes.Ledger.tally');
  });

  it("a module that imports its docstring (`from ._impl import parse, __doc__`) has the other module's", async () => {
    const x = await extractSource('python', read('textkit/dates/__init__.py')!, { file: 'textkit/dates/__init__.py', includePrivate: false, readSource: read });
    expect(x.module.summary).toBe('Read dates written in almost any common format.');
    expect(item(x, 'textkit.dates')).toMatchObject({ kind: 'module', summary: 'Read dates written in almost any common format.' });
    // Without the other module's source (a built-in C module), the written docstring stays.
    const alone = await extractSource('python', read('textkit/dates/__init__.py')!, { file: 'textkit/dates/__init__.py', includePrivate: false });
    expect(alone.module.summary).toBe('Placeholder docs that the import below replaces.');
    // …and the module says where its doc comes from, for the index to follow (search.ts moduleDocs).
    expect(item(alone, 'textkit.dates').tags.doc_from).toBe('textkit.dates._impl');
  });
});

describe('registered docs (numpy add_newdoc) and names a module re-exports by its __all__', () => {
  it('a registration call is an item of the module it names, with its text signature', async () => {
    const x = await extractSource('python', read('textkit/_native_docs.py')!, { file: 'textkit/_native_docs.py', includePrivate: false });
    const fastsum = item(x, 'textkit._native.fastsum');
    expect(fastsum).toMatchObject({ kind: 'function', module: 'textkit._native', signature: 'def fastsum(values, start=0, *, strict=False)', summary: 'Add up a sequence of numbers in native code.' });
    expect(fastsum.params.map((p) => [p.name, p.default ?? null, p.doc])).toEqual([
      ['values', null, 'The numbers to add.'],
      ['start', '0', 'Where the sum begins.'],
      ['strict', 'False', 'Reject anything that is not a number.'],
    ]);
    expect(fastsum.doc).not.toContain('${EXTRA_NOTES}');
    expect(fastsum.doc).not.toMatch(/^--/m);
    // A name with registered members is a class; the members are its method and property.
    expect(item(x, 'textkit._native.Cursor')).toMatchObject({ kind: 'class', summary: 'A read position over a string that remembers line and column.' });
    expect(item(x, 'textkit._native.Cursor.advance')).toMatchObject({ kind: 'method', parent: 'textkit._native.Cursor', signature: 'def advance(n=1, /)' });
    expect(item(x, 'textkit._native.Cursor.line')).toMatchObject({ kind: 'property', summary: 'The current line number, counted from one.' });
  });

  it('names a plain module imports and lists in __all__ are public under it; others it imports are not', async () => {
    const x = await extractSource('python', read('textkit/core.py')!, { file: 'textkit/core.py', includePrivate: false });
    expect(x.reexports).toEqual(
      expect.arrayContaining([
        { public: 'textkit.core.fastsum', target: 'textkit._native.fastsum' },
        { public: 'textkit.core.Cursor', target: 'textkit._native.Cursor' },
      ]),
    );
    expect(x.reexports?.some((r) => r.target.endsWith('_split_suffix'))).toBe(false);
  });

  it('the registered item is found under the path users write, through both re-exports', async () => {
    const r = await docsSearch({ query: 'textkit.fastsum', limit: 3 }, ctx());
    expect(r.results[0]?.id).toBe('textkit.fastsum');
    expect(r.results[0]?.snippet).toBe('Add up a sequence of numbers in native code.');
    expect(r.results[0]?.also_in?.map((a) => a.id)).toContain('textkit._native.fastsum');
    const got = await docsGet({ id: 'textkit.Cursor' }, ctx());
    expect(got.kind).toBe('class');
    expect(got.members.map((m) => m.name).sort()).toEqual(['advance', 'line']);
  });
});
