import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';

/**
 * The row count and per-column token totals FTS5 keeps for bm25() (its "averages" record,
 * `items_fts_data` row 1), kept true across deletes. A contentless_delete table does not
 * lower them when a row is deleted (SQLite 3.53: `fts5StorageContentlessDelete` only adds a
 * tombstone), so every file indexed again counted its items twice: after a change of extraction
 * rules, three times over, Debian's standard library's database counted 48,000 rows for 16,000, every
 * bm25 score moved, and `subprocess.run` fell out of "run an external program and capture what it
 * prints" (Debian's Python, tuning set 0.575 → 0.565 against the same database built from
 * nothing). The sizes of the rows about to be deleted are read from `items_fts_docsize` (a
 * varint of tokens per column) and taken off the record after the transaction that deleted them:
 * FTS5 writes its own cached totals at commit, so the correction must come after, in a
 * transaction with no full-text write of its own.
 */

/** What a transaction's deletes took out of the full-text index. */
export interface FtsRemoved {
  rows: number;
  /** Tokens per column. */
  tokens: number[];
}

const AVERAGES_ROWID = 1;

export function noneRemoved(): FtsRemoved {
  return { rows: 0, tokens: [] };
}

/** SQLite's varints (as FTS5 writes them): big-endian 7-bit groups, the ninth byte whole. */
export function readVarints(buf: Uint8Array): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < buf.length) {
    let v = 0;
    let n = 0;
    for (;;) {
      const b = buf[i++]!;
      if (n === 8) {
        v = v * 256 + b;
        break;
      }
      v = v * 128 + (b & 0x7f);
      n++;
      if (!(b & 0x80) || i >= buf.length) break;
    }
    out.push(v);
  }
  return out;
}

export function writeVarints(values: readonly number[]): Buffer {
  const bytes: number[] = [];
  for (const value of values) {
    let v = Math.max(0, Math.floor(value));
    if (v < 0x80) {
      bytes.push(v);
      continue;
    }
    // Up to 2^56 in eight 7-bit groups (token totals stay far below).
    const groups: number[] = [];
    while (v > 0) {
      groups.unshift(v % 128);
      v = Math.floor(v / 128);
    }
    groups.forEach((g, i) => bytes.push(i < groups.length - 1 ? g | 0x80 : g));
  }
  return Buffer.from(bytes);
}

/** Reads, before a row's deletion, what it adds to the totals. */
export class FtsRemovalCounter {
  private readonly size: Statement;

  constructor(db: Database.Database) {
    this.size = db.prepare(`SELECT sz FROM items_fts_docsize WHERE id = ?`).pluck();
  }

  note(removed: FtsRemoved, rowid: number): void {
    const sz = this.size.get(rowid) as Buffer | undefined;
    if (!sz) return;
    removed.rows++;
    readVarints(sz).forEach((t, i) => (removed.tokens[i] = (removed.tokens[i] ?? 0) + t));
  }
}

/**
 * Take what was deleted off the averages record. Run after the deleting transaction committed,
 * outside any transaction that writes the full-text index.
 */
export function lowerFtsTotals(db: Database.Database, removed: FtsRemoved): void {
  if (!removed.rows) return;
  db.transaction(() => {
    const averages = readAverages(db);
    if (!averages) return;
    const [rows = 0, ...tokens] = averages;
    const next = [Math.max(0, rows - removed.rows), ...tokens.map((t, i) => Math.max(0, t - (removed.tokens[i] ?? 0)))];
    setAverages(db, next);
  }).immediate();
}

/** The averages record (row count, then tokens per column), or null before the first row. */
function readAverages(db: Database.Database): number[] | null {
  const block = db.prepare(`SELECT block FROM items_fts_data WHERE id = ?`).pluck().get(AVERAGES_ROWID) as Buffer | undefined;
  return block ? readVarints(block) : null;
}

/**
 * Write the averages record. FTS5's shadow tables are read-only under SQLite's defensive mode,
 * which better-sqlite3 turns on: it is lifted for this one statement (the record's format is
 * FTS5's documented varints, the same FTS5 writes).
 */
function setAverages(db: Database.Database, values: readonly number[]): void {
  db.unsafeMode(true);
  try {
    db.prepare(`UPDATE items_fts_data SET block = ? WHERE id = ?`).run(writeVarints(values), AVERAGES_ROWID);
  } finally {
    db.unsafeMode(false);
  }
}

/**
 * Set the averages record from the rows the index holds (their docsize rows), for a database
 * whose totals drifted before deletes were counted: a count of the docsize rows when nothing
 * drifted (~6 ms for 240k rows), 0.36 s to recount them when something did.
 */
export function recountFtsTotals(db: Database.Database): { before: number; after: number } | null {
  return db.transaction(() => {
    const averages = readAverages(db);
    if (!averages) return null;
    const before = averages[0] ?? 0;
    // Rows that match leave nothing to mend (tokens drift only with deleted rows).
    if (before === (db.prepare(`SELECT COUNT(*) FROM items_fts_docsize`).pluck().get() as number)) return { before, after: before };
    let rows = 0;
    const tokens: number[] = [];
    for (const sz of db.prepare(`SELECT sz FROM items_fts_docsize`).pluck().iterate() as Iterable<Buffer>) {
      rows++;
      readVarints(sz).forEach((t, i) => (tokens[i] = (tokens[i] ?? 0) + t));
    }
    setAverages(db, [rows, ...tokens]);
    return { before, after: rows };
  }).immediate();
}
