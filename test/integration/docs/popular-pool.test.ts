import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PopularPool } from '../../../src/core/index/popular-pool.js';
import { DocsIndex } from '../../../src/core/index/service.js';
import { UsageCounts } from '../../../src/core/index/usage.js';

/**
 * The popular pool (index/popular-pool.ts): the items other packages use in ten or more files,
 * with their words in memory, offer a question in words the ones carrying two of its words, by
 * stem ("replace" finds "replacing"), whatever FTS ranks first. Built from a real index: a
 * package, eleven files of another package calling one of its functions (one under a public
 * path, through a re-export), and functions nobody calls.
 */

let root: string;
let indexDir: string;
let idx: DocsIndex;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-pool-'));
  indexDir = mkdtempSync(path.join(tmpdir(), 'docent-pool-idx-'));
  mkdirSync(path.join(root, 'textkit'));
  writeFileSync(path.join(root, 'textkit', '__init__.py'), 'from .edit import substitute\n\n__all__ = ["substitute"]\n');
  writeFileSync(
    path.join(root, 'textkit', 'edit.py'),
    [
      'def substitute(text, old, new):',
      '    """Return the text obtained by replacing each occurrence of old with new."""',
      '',
      'def replace_tabs(text):',
      '    """Replace each tab of the text with spaces."""',
      '',
      'def count_words(text):',
      '    """Count the words of a text."""',
      '',
    ].join('\n'),
  );
  mkdirSync(path.join(root, 'app'));
  for (let i = 0; i < 11; i++) writeFileSync(path.join(root, 'app', `m${i}.py`), `import textkit\n\ntextkit.substitute("a", "b", "c")\n`);
  idx = new DocsIndex({ roots: [root], indexDir, includePrivate: false, maxFileBytes: 1_000_000, exclude: [], workers: 0, dependencies: false });
  await idx.catchUp();
}, 60_000);

afterAll(async () => {
  await idx.dispose();
  rmSync(root, { recursive: true, force: true });
  rmSync(indexDir, { recursive: true, force: true });
});

describe('popular pool', () => {
  const idf = new Map([['replace', 2], ['every', 2], ['occurrence', 3], ['text', 1], ['count', 2], ['swap', 2]]);
  const usage = () => new UsageCounts(idx.roots[0]!.store.db).table();
  const idOf = (rowid: number) => idx.roots[0]!.store.db.prepare(`SELECT id FROM items WHERE rowid = ?`).pluck().get(rowid);

  it('offers the used item carrying two of the question words (by stem), under its public path too', () => {
    const r = idx.roots[0]!;
    const pool = new PopularPool(r.store.db, r.queries);
    expect(pool.candidates(usage(), ['replace', 'every', 'occurrence'], idf).map(idOf)).toEqual(['textkit.edit.substitute']);
  });

  it('leaves out items nobody uses, and a used item that carries one word only', () => {
    const r = idx.roots[0]!;
    const pool = new PopularPool(r.store.db, r.queries);
    // replace_tabs has both words but no users; substitute has "text" but not "count".
    expect(pool.candidates(usage(), ['replace', 'text'], idf).map(idOf)).toEqual(['textkit.edit.substitute']);
    expect(pool.candidates(usage(), ['count', 'text'], idf)).toEqual([]);
  });

  it("counts a word's synonym as the word, once (rank/synonyms.ts)", () => {
    const r = idx.roots[0]!;
    const pool = new PopularPool(r.store.db, r.queries);
    expect(pool.candidates(usage(), ['swap', 'text'], idf)).toEqual([]);
    expect(pool.candidates(usage(), ['swap', 'text'], idf, new Map([['swap', ['replace']]])).map(idOf)).toEqual(['textkit.edit.substitute']);
    // Two synonyms of one word are still one of the question's words: not two.
    expect(pool.candidates(usage(), ['swap'], idf, new Map([['swap', ['replace', 'text']]]))).toEqual([]);
  });
});
