import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { searchSources, SourceProbe } from '../../../src/core/index/deps/fanout.js';
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
  it('ranks an exact name above all words, above some words, above none', () => {
    const p = new SourceProbe(packageDb([{ name: 'debounce', summary: 'Delay a function until input stops' }]));
    expect(p.score('debounce')).toBeGreaterThanOrEqual(3e6);
    expect(p.score('lodash.debounce')).toBeGreaterThanOrEqual(3e6);
    const all = p.score('delay function input');
    expect(all).toBeGreaterThanOrEqual(2e6);
    expect(all).toBeLessThan(3e6);
    const some = p.score('delay the rocket launch');
    expect(some).toBeGreaterThan(0);
    expect(some).toBeLessThan(2e6);
    expect(p.score('rocket launch')).toBe(0);
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

  it("always reads the language's standard library, beside the best few packages", () => {
    const std = source('python', [{ name: 'chdir', summary: 'Change the current working directory' }]);
    std.dependency!.standardLibrary = true;
    const got = searchSources([...all, std], 'parse buffer records', 3);
    expect(got).toContain(std);
    expect(got.filter((s) => s.dependency && !s.dependency.standardLibrary)).toHaveLength(3);
    expect(searchSources([...all, std], 'rocket launch', 3)).toContain(std);
  });
});
