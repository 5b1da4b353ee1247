import type Database from 'better-sqlite3';
import { FtsTokens } from '../fts-tokens.js';

/** Rows counted per word at most: enough to tell a package that uses a word often from one that mentions it (fanout.ts). */
export const ROWS_CAP = 1000;

/**
 * How many of a package database's rows have each full-text term (up to ROWS_CAP), stored once
 * when the package is built, since the database never changes after. The fan-out's probe
 * (fanout.ts) asks it for every word of every question in every package database beside the
 * project: counted with FTS5 (reading each word's rows, up to a thousand) that took 1.5 ms of
 * a question through a Python project with 30 packages, the first time a word was asked. The
 * counts are FTS5's own (fts5vocab), so the same numbers: compared for the 724 words of the
 * question sets in 31 package databases, all 22,444 equal.
 */
export function storeTermRows(db: Database.Database): void {
  db.exec(`CREATE VIRTUAL TABLE temp.term_source USING fts5vocab(main, items_fts, row);
    CREATE TABLE IF NOT EXISTS term_rows(term TEXT PRIMARY KEY, rows INTEGER NOT NULL) WITHOUT ROWID;
    DELETE FROM term_rows;
    INSERT INTO term_rows SELECT term, MIN(doc, ${ROWS_CAP}) FROM temp.term_source;
    DROP TABLE temp.term_source;`);
}

/**
 * A package database's stored term counts, read into memory on first use (none in one built
 * before they were stored: the caller counts then). Read whole since the probe asks every
 * package database of a project for every question's words: one statement a database and
 * question cost ~10 µs (~0.3 ms a question over 30 packages), a lookup here well under one; a
 * Python project's 30 packages hold 81,000 terms together, read in ~50 ms once.
 */
export class TermRows {
  private counts: Map<string, number> | null | undefined;

  constructor(private readonly db: Database.Database) {}

  /**
   * Rows with each word, up to ROWS_CAP; undefined for a word this cannot tell (a phrase: the
   * word is several terms), and for all of them without stored counts.
   */
  rowsOfAll(words: readonly string[]): (number | undefined)[] {
    const counts = this.loaded();
    if (!counts || !words.length) return words.map(() => undefined);
    return FtsTokens.get()
      .ofAll(words)
      .map((t) => (t.length === 1 ? (counts.get(t[0]!) ?? 0) : undefined));
  }

  /** Read the stored counts now (what the first question would). */
  prepare(): void {
    this.loaded();
  }

  private loaded(): Map<string, number> | null {
    if (this.counts !== undefined) return this.counts;
    const stored = this.db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'term_rows'`).get();
    return (this.counts = stored ? new Map(this.db.prepare(`SELECT term, rows FROM term_rows`).raw().all() as [string, number][]) : null);
  }
}
