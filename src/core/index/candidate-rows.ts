import type { Statement } from 'better-sqlite3';
import type { ItemRow } from './store.js';

/** A candidate's row as the ranking reads it: the item, its doc's start and its file. */
export type CandidateRow = Omit<ItemRow, 'data'> & { doc_head: string; deprecated: number; package: string | null; version: string | null };

/**
 * The rows of a search's candidate rowids, filtered as the search asks (`kinds`, `module`,
 * `language`). Without `kinds`, a Rust trait impl block is left out: it is named after its type
 * but is no answer of its own. It shared the type's id and lent it its doc (`HashMap` shown as
 * "Inserts all new key-values from the iterator…", Extend's), or took the id of the module it
 * sits in (`std::panic::Mutex`). Asked for by kind it is found; docs_related lists a trait's impls.
 */
export function candidateRowsReader(
  prep: (sql: string) => Statement,
  opts: { kinds?: readonly string[]; module?: string; language?: string },
): (rowids: readonly number[]) => CandidateRow[] {
  const filters: string[] = [];
  const params: unknown[] = [];
  if (opts.kinds?.length) {
    filters.push(`i.kind IN (${opts.kinds.map(() => '?').join(',')})`);
    params.push(...opts.kinds);
  } else {
    filters.push(`i.kind != 'impl'`);
  }
  if (opts.module) {
    filters.push(`(i.module = ? OR i.module LIKE ? ESCAPE '\\' OR i.id LIKE ? ESCAPE '\\')`);
    const esc = opts.module.replace(/[\\%_]/g, (c) => `\\${c}`);
    params.push(opts.module, `${esc}%`, `${esc}%`);
  }
  if (opts.language) {
    filters.push('i.language = ?');
    params.push(opts.language);
  }
  const statement = prep(
    `SELECT i.rowid, i.id, i.name, i.kind, i.module, i.parent, i.visibility, i.language, i.summary, i.signature, i.has_doc, i.line, i.doc_head, i.deprecated, f.path, f.package, f.version
     FROM json_each(?) j JOIN items i ON i.rowid = j.value JOIN files f ON f.id = i.file_id
     ${filters.length ? `WHERE ${filters.join(' AND ')}` : ''}`,
  );
  // Rows as arrays, made objects here: better-sqlite3 builds each row object key by key, which
  // cost ~3.5 µs a row, more than finding the row (~100 candidates a search).
  statement.raw(true);
  return (rowids) => (statement.all(JSON.stringify(rowids), ...params) as unknown[][]).map(toRow);
}

function toRow(r: unknown[]): CandidateRow {
  return {
    rowid: r[0] as number,
    id: r[1] as string,
    name: r[2] as string,
    kind: r[3] as string,
    module: r[4] as string,
    parent: r[5] as string | null,
    visibility: r[6] as string,
    language: r[7] as string,
    summary: r[8] as string,
    signature: r[9] as string,
    has_doc: r[10] as number,
    line: r[11] as number,
    doc_head: r[12] as string,
    deprecated: r[13] as number,
    path: r[14] as string,
    package: r[15] as string | null,
    version: r[16] as string | null,
  };
}

/** Candidate rows kept per database; ~1 kB each. */
const KEPT_ROWS = 2000;

/**
 * A database's candidate rows kept between searches, by rowid, for the unfiltered reader: the
 * same rows come back question after question (a question through a project reads each of its
 * databases' ~100 candidates), and reading and building them was a tenth of a search. A rowid
 * the reader did not return (a trait impl block) is kept as null. The search clears it whenever
 * the index was written (a rewritten file may get its rowids back), and it clears itself when full.
 */
export class CandidateRowCache {
  private readonly rows = new Map<number, CandidateRow | null>();

  clear(): void {
    this.rows.clear();
  }

  /** `read`, answered from the kept rows where it can: the same rows, in the order asked. */
  through(read: (rowids: readonly number[]) => CandidateRow[]): (rowids: readonly number[]) => CandidateRow[] {
    return (rowids) => {
      let missing = rowids.filter((rowid) => !this.rows.has(rowid));
      if (missing.length) {
        // Full: start again with these rows alone (all of them read now).
        if (this.rows.size + missing.length > KEPT_ROWS) {
          this.rows.clear();
          missing = [...new Set(rowids)];
        }
        for (const rowid of missing) this.rows.set(rowid, null);
        for (const r of read(missing)) this.rows.set(r.rowid, r);
      }
      const out: CandidateRow[] = [];
      for (const rowid of rowids) {
        const r = this.rows.get(rowid);
        if (r) out.push(r);
      }
      return out;
    };
  }
}
