import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { FTS_TOKENIZE, FtsTokens } from '../../../src/core/index/fts-tokens.js';
import { migrate } from '../../../src/core/index/schema.js';
import { TermVocabulary } from '../../../src/core/index/term-vocabulary.js';
import { SourceProbe } from '../../../src/core/index/deps/fanout.js';

/** The fan-out's probe counting a package's words from its whole vocabulary (term-vocabulary.ts) as FTS5 counts them (deps/fanout.ts). */

/** The probe's cap (fanout.ts ROWS_CAP). */
const ROWS_CAP = 1000;

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

describe("the probe's counts from the vocabulary", () => {
  const summaries = [
    'Remove a directory and all its contents.',
    'Create directories recursively.',
    'List the entries of a directory.',
    'Parse a date string.',
    'Directory walking, top down.',
  ];
  /** A probe that cannot read the vocabulary: the database was written just now (term-vocabulary.ts SETTLE_MS), so it counts with FTS5. */
  const countingProbe = (db: Database.Database) => {
    db.prepare(`INSERT OR REPLACE INTO meta(key, value) VALUES ('last_update', ?)`).run(String(Date.now()));
    return new SourceProbe(db);
  };

  it('gives every word the count FTS5 gives, capped alike', () => {
    const db = indexDb([...summaries, ...Array.from({ length: ROWS_CAP + 5 }, (_, i) => `common word number ${i}`)]);
    const words = ['directory', 'directories', 'Directory', 'parse', 'date', 'common', 'word', 'walking', 'absent'];
    expect(new SourceProbe(db).rowsFor('q', words.map((w) => [w]))).toEqual(words.map((w) => ftsCount(db, w)));
    expect(new SourceProbe(db).rowsFor('q', [['common'], ['directory']])).toEqual([ROWS_CAP, 4]);
    // Uncapped in the vocabulary itself.
    expect(new TermVocabulary(db).rowsOfAll(['common', 'directory'], null)).toEqual([ROWS_CAP + 5, 4]);
  });

  it('counts no deleted row', () => {
    const db = indexDb(summaries);
    // A row deleted (as a re-extracted file's are): fts5vocab leaves it out as MATCH does,
    // in one segment or several (checked on a copy of lodash's database with a third deleted).
    db.prepare(`DELETE FROM items_fts WHERE rowid = 1`).run();
    expect(new TermVocabulary(db).rowsOfAll(['directory', 'remove'], null)).toEqual([ftsCount(db, 'directory'), 0]);
    expect(ftsCount(db, 'directory')).toBe(3);
  });

  it('cannot tell for a phrase, nor while the database is being written', () => {
    const db = indexDb(summaries);
    expect(new TermVocabulary(db).rowsOfAll(['top-down', 'date'], null)).toEqual([undefined, 1]);
    expect(new TermVocabulary(db).rowsOfAll(['directory'], String(Date.now()))).toEqual([undefined]);
  });

  it('gives the probe the cap for alternatives of which one has that many rows', () => {
    const rows = [...summaries, ...Array.from({ length: ROWS_CAP + 5 }, (_, i) => `common word number ${i}`)];
    const before = countingProbe(indexDb(rows)).rowsFor('q', [['common', 'directory']]);
    expect(new SourceProbe(indexDb(rows)).rowsFor('q', [['common', 'directory']])).toEqual(before);
    expect(before).toEqual([ROWS_CAP]);
  });

  it('gives the probe the same answers with and without the vocabulary', () => {
    const before = countingProbe(indexDb(summaries));
    const after = new SourceProbe(indexDb(summaries));
    // One word; alternatives of which one has rows, both have (counted together: 'directory' and
    // 'date' share no row, 'directories' and 'directory' are one term); a phrase; an absent word.
    const words = [['directory'], ['folder', 'directory'], ['directory', 'date'], ['directories', 'directory'], ['date'], ['top-down'], ['absent']];
    expect(after.rowsFor('q', words)).toEqual(before.rowsFor('q', words));
    expect(after.rowsFor('q', words)).toEqual([4, 4, 5, 4, 1, 1, 0]);
  });
});
