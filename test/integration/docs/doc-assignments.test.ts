import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractSource } from '../../../src/core/extract/extract.js';
import type { FeatureContext } from '../../../src/features/context.js';
import { docsGet, renderDocItem } from '../../../src/features/docs/get.js';
import { docsSearch } from '../../../src/features/docs/search.js';
import { docsContext, FIXTURES, item } from './fixtures.js';

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

let ctx: FeatureContext;

beforeAll(async () => {
  ctx = docsContext(ROOT, { dependencies: false });
  await docsSearch({ query: 'warm up', limit: 1 }, ctx);
}, 60_000);

afterAll(async () => {
  await ctx.services.disposeAll();
});

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
    });
  }

  it('without a way to read other files, a reference to another module changes nothing', async () => {
    const x = await extractSource('python', read('textkit/paths.py')!, { file: 'textkit/paths.py', includePrivate: false });
    expect(item(x, 'textkit.paths.splitsuffix').summary).toBe('');
    expect(item(x, 'textkit.paths.inverse').summary).toBe('Apply the quaternion rotation to a vector.');
  });

  it('the index finds an item by its assigned docs, and docs_get shows where they came from', async () => {
    const r = await docsSearch({ query: 'split the suffix from a filename', limit: 5 }, ctx);
    const ids = r.results.map((h) => h.id);
    expect(ids).toContain('textkit.paths.splitsuffix');
    const got = await docsGet({ id: 'textkit.paths.splitsuffix' }, ctx);
    expect(got.summary).toBe('Split the suffix from a filename.');
    expect(got.doc_from).toBe('textkit._generic._split_suffix');
    expect(renderDocItem(got)).toContain('docs from: textkit._generic._split_suffix');
    const tally = await docsSearch({ query: 'count the entries recorded', limit: 3 }, ctx);
    expect(tally.results[0]?.id).toBe('textkit.codes.Ledger.tally');
  });
});
