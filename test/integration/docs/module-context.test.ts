import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocsIndex } from '../../../src/core/index/service.js';
import { FIXTURES, indexedTree, tempIndex } from './fixtures.js';

/**
 * A question in words may name what a function's module is about rather than the function:
 * "comma separated" is in `tabular`'s doc, not in `tabular.reader`'s. The module's public
 * members become candidates, and the module's words count for them at part of their weight.
 */

let root: string;
let idx: DocsIndex;
let close: () => Promise<void>;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-module-context-src-'));
  cpSync(path.join(FIXTURES, 'python-context'), root, { recursive: true });
  ({ idx, close } = await tempIndex(root, 'docent-module-context-'));
}, 60_000);

afterAll(async () => {
  await close?.();
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

describe('a module the question names', () => {
  let named: { idx: DocsIndex; close: () => Promise<void> };

  beforeAll(async () => {
    // Eighty functions that say "rng", "item" and "colours"; the answer says none, only its module's name does
    // (and that module's doc covers too little of the question to bring its members in by itself).
    const noise = Array.from({ length: 80 }, (_, i) => `def pick_${i}(items):\n    """Use the rng to pick item number ${i} of the colours."""\n`).join('\n\n');
    named = await indexedTree({ 'rng.py': '"""Generators of pseudo-random numbers."""\n\n\ndef mix(x):\n    """Reorder x in place."""\n', 'palette.py': noise }, 'docent-named-module-');
  }, 60_000);

  afterAll(async () => {
    await named?.close();
  });

  it("takes that module's members as candidates", () => {
    // Not first (it shares one word with the question, as the eighty do), but found at all:
    // without the module's name it is not among the candidates the full-text index gives.
    const ids = named.idx.roots[0]!.queries.search('an rng permutation of item colours', { limit: 100 }).map((h) => h.id);
    expect(ids).toContain('rng.mix');
  });
});

describe("a candidate's text after an edit", () => {
  it('is read again once the index is written (the search keeps prepared texts by rowid, and a rewritten file may get its rowids back)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docent-prose-texts-src-'));
    cpSync(path.join(FIXTURES, 'python-context'), dir, { recursive: true });
    const t = await tempIndex(dir, 'docent-prose-texts-');
    try {
      const ask = () => t.idx.roots[0]!.queries.search("iterator over a stream's lines split into fields", { limit: 5 });
      const before = ask();
      expect(before[0]?.id).toBe('tabular.reader');
      const rowidsBefore = t.idx.roots[0]!.store.db.prepare(`SELECT rowid FROM items WHERE id = 'tabular.reader'`).pluck().all();
      const file = path.join(dir, 'tabular.py');
      writeFileSync(file, readFileSync(file, 'utf8').replace("Return an iterator over a stream's lines, each split into its fields.", 'Open a stream.'));
      await t.idx.catchUp({ force: true });
      // The same rowid (the file's rows were the last written), new words: scored by them.
      expect(t.idx.roots[0]!.store.db.prepare(`SELECT rowid FROM items WHERE id = 'tabular.reader'`).pluck().all()).toEqual(rowidsBefore);
      const after = ask();
      expect(after[0]?.id).not.toBe('tabular.reader');
      // Scored as a fresh index of the edited files scores it.
      const fresh = await tempIndex(dir, 'docent-prose-texts-fresh-');
      try {
        const score = (hits: typeof after) => hits.find((h) => h.id === 'tabular.reader')?.score;
        expect(score(after)).toBeDefined();
        expect(score(after)).toBe(score(fresh.idx.roots[0]!.queries.search("iterator over a stream's lines split into fields", { limit: 5 })));
      } finally {
        await fresh.close();
      }
    } finally {
      await t.close();
    }
  }, 30_000);
});
