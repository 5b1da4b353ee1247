import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../src/core/index/schema.js';
import { TermVocabulary } from '../../../src/core/index/term-vocabulary.js';
import { WordCounts } from '../../../src/core/index/word-counts.js';

/** A database's whole vocabulary for its word counts, once it has been quiet (index/term-vocabulary.ts). */

function indexDb(summaries: string[]): Database.Database {
  const db = new Database(':memory:');
  expect(migrate(db)).toBe(true);
  summaries.forEach((s, i) => db.prepare(`INSERT INTO items_fts(rowid, name, qualified, summary, doc, signature) VALUES (?, ?, ?, ?, '', '')`).run(i + 1, `f${i}`, `m.f${i}`, s));
  return db;
}

const SUMMARIES = ['Remove a directory and all its contents.', 'Create directories recursively.', 'List the entries of a directory.', 'Parse a date string.', 'Directory walking, top down.', ...Array.from({ length: 40 }, (_, i) => `common word number ${i}`)];

describe('TermVocabulary', () => {
  it('gives the word counts FTS5 gives, capped alike', () => {
    const db = indexDb(SUMMARIES);
    const vocabulary = new TermVocabulary(db, 60_000);
    const settled = String(Date.now() - 120_000);
    const counting = new WordCounts((sql) => db.prepare(sql), 30);
    const reading = new WordCounts((sql) => db.prepare(sql), 30, (w) => vocabulary.rowsOf(w, settled));
    for (const w of ['directory', 'Directories', 'parse', 'common', 'number', 'absent', 'top-down']) expect(reading.docFreq(w), w).toBe(counting.docFreq(w));
    expect(reading.docFreq('common')).toBe(30);
    expect(vocabulary.rowsOf('directory', settled)).toBe(4);
    // A phrase is several terms: counted by FTS5.
    expect(vocabulary.rowsOf('top-down', settled)).toBeUndefined();
  });

  it('is not read while the database is being written, and is read again once it settles', () => {
    const db = indexDb(SUMMARIES);
    const vocabulary = new TermVocabulary(db, 60_000);
    const now = Date.now();
    expect(vocabulary.rowsOf('directory', String(now - 5_000), now)).toBeUndefined();
    expect(vocabulary.rowsOf('directory', String(now - 61_000), now)).toBe(4);
    db.prepare(`INSERT INTO items_fts(rowid, name, qualified, summary, doc, signature) VALUES (100, 'x', 'x', 'Another directory.', '', '')`).run();
    // Written just now: the counts read before no longer hold.
    expect(vocabulary.rowsOf('directory', String(now), now)).toBeUndefined();
    expect(vocabulary.rowsOf('directory', String(now), now + 61_000)).toBe(5);
    // Never written by docent (no last_update): read at once.
    expect(new TermVocabulary(db).rowsOf('directory', null)).toBe(5);
  });
});
