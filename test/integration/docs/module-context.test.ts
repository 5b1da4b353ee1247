import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocsIndex } from '../../../src/core/index/service.js';
import { FIXTURES } from './fixtures.js';

/**
 * A question in words may name what a function's module is about rather than the function:
 * "comma separated" is in `tabular`'s doc, not in `tabular.reader`'s. The module's public
 * members become candidates, and the module's words count for them at part of their weight.
 */

let root: string;
let indexDir: string;
let idx: DocsIndex;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-module-context-src-'));
  cpSync(path.join(FIXTURES, 'python-context'), root, { recursive: true });
  indexDir = mkdtempSync(path.join(tmpdir(), 'docent-module-context-'));
  idx = new DocsIndex({ roots: [root], indexDir, includePrivate: false, maxFileBytes: 1_000_000, exclude: [], workers: 0 });
  await idx.catchUp();
}, 60_000);

afterAll(async () => {
  await idx?.dispose();
  rmSync(root, { recursive: true, force: true });
  rmSync(indexDir, { recursive: true, force: true });
});

const search = (q: string, limit = 5) => idx.roots[0]!.queries.search(q, { limit });

describe("a module's doc as its members' context", () => {
  it('finds the member whose module the question describes, over items that share its own words', () => {
    const hits = search('read the rows of a comma separated file');
    expect(hits[0]?.id).toBe('tabular.reader');
    // Its module's words lift it, not the module itself (a question in words asks for something to call).
    expect(hits.findIndex((h) => h.id === 'tabular')).toBeGreaterThan(0);
  });

  it('leaves a name query alone', () => {
    expect(search('rows', 1)[0]?.id).toBe('tables.rows');
  });

  it("follows an edit of the module's doc, and words new to the index", async () => {
    expect(search('read bookkeeping ledgers')[0]?.id).not.toBe('tabular.reader');
    const file = path.join(root, 'tabular.py');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Reading and writing of comma separated value files, as spreadsheets export them.', 'Bookkeeping ledgers in the accountants\' own format.'));
    await idx.catchUp({ force: true });
    // Searched once before any item had "bookkeeping": the word is not cached as absent after the write.
    expect(search('read bookkeeping ledgers')[0]?.id).toBe('tabular.reader');
    expect(search('bookkeeping')[0]?.id).toBe('tabular');
  }, 30_000);
});
