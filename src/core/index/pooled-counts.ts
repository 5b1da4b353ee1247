import type { IndexQueries } from './query.js';
import type { IndexSource } from './source.js';

/**
 * Counts per key (a name's using files, usage.ts; a module's importing files, popularity.ts)
 * from one database, or several summed: the most any key has, and for use counts how many files
 * were read for uses (undefined: a stamp written before that was kept, full evidence).
 */
export interface CountTable {
  readonly counts: ReadonlyMap<string, number>;
  readonly max: number;
  readonly using?: number | undefined;
}

/**
 * The use every database of an index saw, summed per name (and likewise each module's
 * importers). Each database counts the files it holds (usage.ts), so alone it misses the use
 * others hold: a project declaring requests uses `requests.get`, and requests' own database does
 * not count its own files; a Debian Python's `/usr/lib/python3.11` and
 * `/usr/lib/python3/dist-packages` are two roots, and the standard library's database saw 5
 * files using `collections.Counter` where the two together saw 8 and a single installation root
 * with its site-packages 62. Summed, every item is weighed by all the code the index holds,
 * whichever database holds the item or its users.
 *
 * A database's counts already leave out a package's use of itself, so a sum over databases that
 * hold different files counts each using file once. Sums stay within a language family
 * (IndexQueries.languageFamily): keys are dotted paths, and Go's `os` is not Python's.
 */

/** What a search weighs one database's items by, when it is pooled with others. */
export interface PooledPriors {
  usage?: CountTable;
  popularity?: CountTable;
}

/** Each database's pooled priors: the sums over the databases of its language family, for a family of two or more. */
export function pooledPriors(world: readonly IndexSource[]): Map<IndexQueries, PooledPriors> {
  const families = new Map<string, IndexQueries[]>();
  for (const { queries } of world) {
    const family = queries.languageFamily();
    const list = families.get(family);
    if (list) list.push(queries);
    else families.set(family, [queries]);
  }
  const out = new Map<IndexQueries, PooledPriors>();
  for (const group of families.values()) {
    if (group.length < 2) continue;
    const priors = { usage: pooledCounts(group.map((q) => q.usageTable())), popularity: pooledCounts(group.map((q) => q.popularityTable())) };
    for (const q of group) out.set(q, priors);
  }
  return out;
}

/**
 * Sums already made, by their first table: kept while that table lives (a recount or a closed
 * database lets them go), the last few sets of tables for each (a package built or dropped makes
 * a new set). Per index, not one list for the process: a daemon serving several workspaces
 * would otherwise make each one's sums again in turn.
 */
const KEPT = 4;
const made = new WeakMap<CountTable, { parts: readonly CountTable[]; pooled: CountTable }[]>();

/** The tables summed; the same object for the same tables, so callers' memos keep. Undefined when none has counts. */
export function pooledCounts(parts: readonly CountTable[]): CountTable | undefined {
  if (!parts.some((p) => p.counts.size > 0)) return undefined;
  let kept = made.get(parts[0]!);
  if (!kept) made.set(parts[0]!, (kept = []));
  const at = kept.findIndex((k) => k.parts.length === parts.length && k.parts.every((p, i) => p === parts[i]));
  if (at >= 0) {
    const hit = kept[at]!;
    if (at > 0) kept.unshift(...kept.splice(at, 1));
    return hit.pooled;
  }
  const counts = new Map<string, number>();
  let max = 0;
  let using: number | undefined = 0;
  for (const part of parts) {
    for (const [key, n] of part.counts) {
      const sum = (counts.get(key) ?? 0) + n;
      counts.set(key, sum);
      if (sum > max) max = sum;
    }
    using = using === undefined || part.using === undefined ? undefined : using + part.using;
  }
  const pooled: CountTable = { counts, max, using };
  kept.unshift({ parts: [...parts], pooled });
  if (kept.length > KEPT) kept.pop();
  return pooled;
}

/**
 * Which count table a prior measures by (its database's own, or a pooled one), with a memo of
 * answers kept per table: docs_search (pooled) and docs_get's suggestions (the database's own)
 * take turns without dropping each other's, and a recount, a new table, starts a new memo.
 */
export class ActiveCounts<M> {
  private table: CountTable;
  /** The answers worked out from the current table. */
  memo: M;
  private readonly memos = new WeakMap<CountTable, M>();

  constructor(
    own: CountTable,
    private readonly fresh: () => M,
  ) {
    this.table = own;
    this.memo = this.memoOf(own);
  }

  get current(): CountTable {
    return this.table;
  }

  measureBy(table: CountTable): void {
    if (table === this.table) return;
    this.table = table;
    this.memo = this.memoOf(table);
  }

  /** The database's own table was replaced by a recount: measured by from now on, unless a pooled one is in use. */
  ownReplaced(before: CountTable, after: CountTable): void {
    if (this.table === before) this.measureBy(after);
  }

  private memoOf(table: CountTable): M {
    let memo = this.memos.get(table);
    if (!memo) this.memos.set(table, (memo = this.fresh()));
    return memo;
  }
}
