import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';

/**
 * A value of the meta table that marks when something derived was rebuilt (`usage`, `vectors`,
 * `last_update`), watched by the query side's in-memory copies: read at most every `everyMs`
 * (a search must not pay a query for it), and reported when it moved.
 */
export class MetaStamp {
  private readonly read: Statement;
  private checkedAt = -Infinity;
  private last: string | null | undefined = undefined;

  constructor(
    db: Database.Database,
    private readonly key: string,
    private readonly everyMs = 2000,
  ) {
    this.read = db.prepare(`SELECT value FROM meta WHERE key = ?`).pluck();
  }

  /** The value (null when absent) if it changed since the last call that said so (the first call always does), else undefined; `force` reads it now whenever it was last read. */
  changed(now = Date.now(), force = false): { value: string | null } | undefined {
    if (!force && now - this.checkedAt < this.everyMs) return undefined;
    this.checkedAt = now;
    const value = (this.read.get(this.key) as string | undefined) ?? null;
    if (value === this.last) return undefined;
    this.last = value;
    return { value };
  }
}
