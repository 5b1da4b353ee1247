import type { Statement } from 'better-sqlite3';
import type { CandidateRow } from './candidate-rows.js';

/**
 * Items a question in words describes through their kin among its best few candidates, which
 * their own words do not reach: the class of a member that answers well ("tally how many times
 * each element occurs": `Counter.elements` first, `collections.Counter` no candidate; Python
 * tuning 0.569 → 0.577), and the same-named twin of a top-level item, another case in the same
 * module, a factory beside its class (`inspect.signature` beside `inspect.Signature`, for "find
 * out which parameters a callable accepts", whose own doc says only "Get a signature object for
 * the passed callable."; held-out Python 0.575 → 0.580). Measured and not taken: interfaces
 * too, with the members of a joined class docked as those of a candidate one (C++ +0.019,
 * TypeScript −0.020, where `String` and `ObjectConstructor` joined and their members dropped).
 */
export function kinOfTop(prep: (sql: string) => Statement, top: readonly CandidateRow[], candidateIds: ReadonlySet<string>): number[] {
  const parents = [...new Set(top.filter((r) => isMember(r) && !candidateIds.has(r.parent!)).map((r) => r.parent!))];
  const rowids = parents.flatMap((id) => prep(`SELECT rowid FROM items WHERE id = ? AND kind = 'class' LIMIT 1`).pluck().all(id) as number[]);
  for (const r of top) {
    if (r.parent !== null || r.kind === 'module') continue;
    for (const rowid of prep(TWINS).pluck().all(r.name, r.module, r.rowid) as number[]) if (!rowids.includes(rowid)) rowids.push(rowid);
  }
  return rowids;
}

/** Top-level items of a module named as another one is, in any case (`signature` and `Signature`). */
const TWINS = `SELECT rowid FROM items WHERE name = ? COLLATE NOCASE AND module = ? AND parent IS NULL AND kind != 'module' AND rowid != ? LIMIT 2`;

/** A method or property of a class (whose class a question may describe). */
export const isMember = (r: CandidateRow): boolean => (r.kind === 'method' || r.kind === 'property') && r.parent !== null;
