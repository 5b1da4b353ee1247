import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { FTS_TOKENIZE, FtsTokens } from '../../../src/core/index/fts-tokens.js';
import { migrate } from '../../../src/core/index/schema.js';
import { ROWS_CAP, storeTermRows, TermRows } from '../../../src/core/index/deps/term-rows.js';
import { SourceProbe } from '../../../src/core/index/deps/fanout.js';

/** A package database's stored term counts (deps/term-rows.ts), which the fan-out's probe reads instead of counting with FTS5. */

/** An index database as docent makes it, with these summaries. */
function indexDb(summaries: string[]): Database.Database {
  const db = new Database(':memory:');
  expect(migrate(db)).toBe(true);
  summaries.forEach((s, i) => db.prepare(`INSERT INTO items_fts(rowid, name, qualified, summary, doc, signature) VALUES (?, ?, ?, ?, '', '')`).run(i + 1, `f${i}`, `m.f${i}`, s));
  return db;
}

const ftsCount = (db: Database.Database, word: string) => db.prepare(`SELECT COUNT(*) FROM (SELECT 1 FROM items_fts WHERE items_fts MATCH ? LIMIT ${ROWS_CAP})`).pluck().get(`"${word}"`) as number;

describe('FtsTokens', () => {
  it('tokenizes as the index does (the schema makes items_fts with the same tokenizer)', () => {
    const db = indexDb([]);
    const sql = db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'items_fts'`).pluck().get() as string;
    expect(sql).toContain(`tokenize = '${FTS_TOKENIZE}'`);
    const tokens = FtsTokens.get();
    expect(tokens.of('Directories')).toEqual(['directori']);
    expect(tokens.of('café')).toEqual(['cafe']);
    expect(tokens.of('utf-8')).toEqual(['utf', '8']);
    expect(tokens.of('--')).toEqual([]);
    // Several at once, some seen before, one twice.
    expect(tokens.ofAll(['parsing', 'Directories', '--', 'parsing', 'cafés'])).toEqual([['pars'], ['directori'], [], ['pars'], ['cafe']]);
  });
});

describe('TermRows', () => {
  const summaries = [
    'Remove a directory and all its contents.',
    'Create directories recursively.',
    'List the entries of a directory.',
    'Parse a date string.',
    'Directory walking, top down.',
  ];

  it('gives every word the count FTS5 gives, capped alike', () => {
    const db = indexDb([...summaries, ...Array.from({ length: ROWS_CAP + 5 }, (_, i) => `common word number ${i}`)]);
    storeTermRows(db);
    const words = ['directory', 'directories', 'Directory', 'parse', 'date', 'common', 'word', 'walking', 'absent'];
    expect(new TermRows(db).rowsOfAll(words)).toEqual(words.map((w) => ftsCount(db, w)));
    expect(new TermRows(db).rowsOfAll(['common', 'directory'])).toEqual([ROWS_CAP, 4]);
  });

  it('counts no deleted row', () => {
    const db = indexDb(summaries);
    // A row deleted (as a re-extracted file's are): fts5vocab leaves it out as MATCH does,
    // in one segment or several (checked on a copy of lodash's database with a third deleted).
    db.prepare(`DELETE FROM items_fts WHERE rowid = 1`).run();
    storeTermRows(db);
    expect(new TermRows(db).rowsOfAll(['directory', 'remove'])).toEqual([ftsCount(db, 'directory'), 0]);
    expect(ftsCount(db, 'directory')).toBe(3);
  });

  it('cannot tell for a phrase, nor in a database built before the counts were stored', () => {
    const db = indexDb(summaries);
    expect(new TermRows(db).rowsOfAll(['directory'])).toEqual([undefined]);
    storeTermRows(db);
    expect(new TermRows(db).rowsOfAll(['top-down', 'date'])).toEqual([undefined, 1]);
  });

  it('gives the probe the cap for alternatives of which one has that many rows', () => {
    const db = indexDb([...summaries, ...Array.from({ length: ROWS_CAP + 5 }, (_, i) => `common word number ${i}`)]);
    const before = new SourceProbe(db).rowsFor('q', [['common', 'directory']]);
    storeTermRows(db);
    expect(new SourceProbe(db).rowsFor('q', [['common', 'directory']])).toEqual(before);
    expect(before).toEqual([ROWS_CAP]);
  });

  it('gives the probe the same answers with and without stored counts', () => {
    const before = new SourceProbe(indexDb(summaries));
    const withCounts = indexDb(summaries);
    storeTermRows(withCounts);
    const after = new SourceProbe(withCounts);
    // One word; alternatives of which one has rows, both have (counted together: 'directory' and
    // 'date' share no row, 'directories' and 'directory' are one term); a phrase; an absent word.
    const words = [['directory'], ['folder', 'directory'], ['directory', 'date'], ['directories', 'directory'], ['date'], ['top-down'], ['absent']];
    expect(after.rowsFor('q', words)).toEqual(before.rowsFor('q', words));
    expect(after.rowsFor('q', words)).toEqual([4, 4, 5, 4, 1, 1, 0]);
  });
});
