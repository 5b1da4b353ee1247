import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';

/** Prepared statements by their SQL: preparing costs more than running most of the index's queries. */
export class StatementCache {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly db: Database.Database) {}

  get(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }
}
