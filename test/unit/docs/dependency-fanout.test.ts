import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { packageBeliefs, searchSources, SourceProbe } from '../../../src/core/index/deps/fanout.js';
import type { IndexSource } from '../../../src/core/index/source.js';

/** Which package databases a docs_search reads in full: the probe and the choice. */

function packageDb(items: { name: string; summary: string }[]): Database.Database {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE items (rowid INTEGER PRIMARY KEY, name TEXT NOT NULL);
    CREATE VIRTUAL TABLE items_fts USING fts5(name, qualified, summary, doc, signature, content = '', contentless_delete = 1, tokenize = 'porter unicode61 remove_diacritics 2');`);
  items.forEach((it, i) => {
    db.prepare(`INSERT INTO items(rowid, name) VALUES (?, ?)`).run(i + 1, it.name);
    db.prepare(`INSERT INTO items_fts(rowid, name, qualified, summary, doc, signature) VALUES (?, ?, ?, ?, '', '')`).run(i + 1, it.name, it.name, it.summary);
  });
  return db;
}

const dbs: Database.Database[] = [];
afterAll(() => dbs.forEach((d) => d.close()));

function source(name: string, items: { name: string; summary: string }[]): IndexSource {
  const db = packageDb(items);
  dbs.push(db);
  return { root: `/deps/${name}`, queries: {} as IndexSource['queries'], dependency: { ecosystem: 'npm', name, version: '1.0.0', display: (r) => r, probe: new SourceProbe(db) } };
}

describe('SourceProbe', () => {
  it('tells an exact name, the rows that have a word, and the size', () => {
    const p = new SourceProbe(packageDb([{ name: 'debounce', summary: 'Delay a function until input stops' }, { name: 'throttle', summary: 'Call a function at most once per wait' }]));
    expect(p.named('debounce')).toBe(true);
    expect(p.named('lodash.debounce')).toBe(true);
    expect(p.named('delay a function')).toBe(false);
    expect(p.rowsFor('function delay rocket', [['function'], ['delay'], ['rocket']])).toEqual([2, 1, 0]);
    expect(p.rows('rocket', 'delay', 'wait')).toBe(2);
    expect(p.rows('"')).toBe(0);
    expect(p.size()).toBe(2);
  });
});

describe('packageBeliefs', () => {
  it('prefers a small package made of the subject to a large one that mentions it as often', () => {
    // Rows per word (array, unique) and sizes: a small utility library, a large runtime's types, a third package.
    const [small, large] = packageBeliefs([[80, 20], [80, 20], [0, 0]], [300, 30_000, 500]);
    expect(small).toBeGreaterThan(large!);
  });

  it('weighs a word fewer packages have more, and gives nothing for words a package lacks', () => {
    // Words (value, debounce): every package has the first, one has the second.
    const rows = [[100, 0], [0, 100], ...Array.from({ length: 5 }, () => [100, 0])];
    const [common, rare] = packageBeliefs(rows, rows.map(() => 1000));
    expect(rare).toBeGreaterThan(common!);
    expect(packageBeliefs([[0]], [100])).toEqual([0]);
  });
});

describe('searchSources', () => {
  const root: IndexSource = { root: '/project', queries: {} as IndexSource['queries'] };
  const filler = Array.from({ length: 10 }, (_, i) => source(`filler${i}`, [{ name: `thing${i}`, summary: 'parse a buffer of bytes into records' }]));
  const named = source('named', [{ name: 'checksumBytes', summary: 'unrelated words entirely' }]);
  const none = source('none', [{ name: 'zebra', summary: 'stripes' }]);
  const all = [root, ...filler, named, none];

  it('asks every database when there are few', () => {
    expect(searchSources([root, named, none], 'anything')).toEqual([root, named, none]);
  });

  it('keeps the roots, every exact name, and the best few of the rest; drops those without any word', () => {
    const got = searchSources(all, 'checksumBytes', 3);
    expect(got).toContain(root);
    expect(got).toContain(named);
    const prose = searchSources(all, 'parse buffer records', 3);
    expect(prose[0]).toBe(root);
    expect(prose.filter((s) => s.dependency)).toHaveLength(3);
    expect(prose).not.toContain(none);
    expect(prose).not.toContain(named);
  });

  it('chooses the small package made of the subject over a large one that has every word somewhere', () => {
    // The old probe chose the package where one item had all the words: the large one.
    const large = source('types-node', [
      ...Array.from({ length: 300 }, (_, i) => ({ name: `api${i}`, summary: `read a socket stream buffer number ${i}` })),
      { name: 'headers', summary: 'remove duplicate values from an array of headers' },
    ]);
    const small = source('utils', [
      { name: 'uniq', summary: 'array of unique values' },
      { name: 'uniqBy', summary: 'unique values of an array by a key' },
      { name: 'without', summary: 'array without the given values' },
      { name: 'compact', summary: 'remove falsy values from an array' },
    ]);
    const got = searchSources([root, ...filler.slice(0, 3), large, small], 'remove duplicate values from an array', 1);
    expect(got).toContain(small);
    expect(got).not.toContain(large);
  });

  it("always reads the language's standard library, beside the best few packages", () => {
    const std = source('python', [{ name: 'chdir', summary: 'Change the current working directory' }]);
    std.dependency!.standardLibrary = true;
    const got = searchSources([...all, std], 'parse buffer records', 3);
    expect(got).toContain(std);
    expect(got.filter((s) => s.dependency && !s.dependency.standardLibrary)).toHaveLength(3);
    expect(searchSources([...all, std], 'rocket launch', 3)).toContain(std);
  });
});
