import type Database from 'better-sqlite3';
import { FtsTokens } from './fts-tokens.js';

/**
 * Every full-text term of a database with the number of rows that have it, read whole
 * (fts5vocab) once the database has been quiet a while, for the word counts every search
 * weighs its words by (word-counts.ts). Counted one at a time, a question's new common word cost
 * ~0.5 ms (FTS5 reads its rows up to the cap: "returns", "object" over a Python installation),
 * ~0.5 ms of a new question in words' ~7.5 ms; read whole, a Python installation's 86,700 terms
 * take ~240 ms once, and then every word is a lookup. The fan-out's probe (deps/fanout.ts) reads
 * each package database's the same way (counted with FTS5, 1.5 ms a question over 30 packages;
 * read whole, ~110 ms once for the 30). The counts are FTS5's own, deleted rows left out as MATCH
 * leaves them: compared for the 724 words of the question sets in 31 package databases, all
 * 22,444 equal, and on a copy of lodash's database with a third of its rows deleted.
 *
 * Only a database not written for SETTLE_MS is read so: a root being edited is written every
 * few seconds, and each write makes the counts stale; until it settles its words are counted
 * one at a time, as before.
 */

/** How long after its last write a database's terms are read whole. */
export const SETTLE_MS = 60_000;

/** One per connection: the search and the fan-out's probe of a package database read the same counts. */
const shared = new WeakMap<Database.Database, TermVocabulary>();

export class TermVocabulary {
  private counts: Map<string, number> | null = null;
  private readFor: string | null | undefined = undefined;

  constructor(
    private readonly db: Database.Database,
    private readonly settleMs = SETTLE_MS,
  ) {}

  /** The connection's vocabulary (made on first ask). */
  static of(db: Database.Database): TermVocabulary {
    let v = shared.get(db);
    if (!v) shared.set(db, (v = new TermVocabulary(db)));
    return v;
  }

  /**
   * Rows with `word` (one term: else undefined), when the counts hold for the database as it was
   * last written (`lastWrite`, meta's last_update: ms since the epoch; null when never written
   * by docent); read now if it has been quiet long enough, else undefined.
   */
  rowsOf(word: string, lastWrite: string | null, now = Date.now()): number | undefined {
    const counts = this.current(lastWrite, now);
    if (!counts) return undefined;
    const terms = FtsTokens.get().of(word);
    return terms.length === 1 ? (counts.get(terms[0]!) ?? 0) : undefined;
  }

  /** The same for several words, tokenized together (the fan-out's probe asks a question's words at once). */
  rowsOfAll(words: readonly string[], lastWrite: string | null, now = Date.now()): (number | undefined)[] {
    const counts = words.length ? this.current(lastWrite, now) : null;
    if (!counts) return words.map(() => undefined);
    return FtsTokens.get()
      .ofAll(words)
      .map((t) => (t.length === 1 ? (counts.get(t[0]!) ?? 0) : undefined));
  }

  /** Read the terms now if the database is quiet enough (what the first search would otherwise do). */
  prepare(lastWrite: string | null, now = Date.now()): void {
    this.current(lastWrite, now);
  }

  private current(lastWrite: string | null, now: number): Map<string, number> | null {
    if (this.readFor === lastWrite) return this.counts;
    this.counts = null;
    if (lastWrite !== null && now - Number(lastWrite) < this.settleMs) return null;
    this.db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.items_terms USING fts5vocab(main, items_fts, row)`);
    this.counts = new Map(this.db.prepare(`SELECT term, doc FROM temp.items_terms`).raw().all() as [string, number][]);
    this.readFor = lastWrite;
    return this.counts;
  }
}
