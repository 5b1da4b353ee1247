import type Database from 'better-sqlite3';
import { MetaStamp } from './meta-stamp.js';
import { ActiveCounts, type CountTable } from './pooled-counts.js';

/**
 * How much of the indexed world uses a module: the number of files that import it (or a
 * submodule of it), counted from the imports every file records. In a whole installation the
 * API people mean is the API other code uses: `json` is imported by hundreds of files,
 * `traitlets.config.loader` by a few. A cheap prior in the spirit of PageRank, recomputed when
 * the index changes.
 */

/** `path/filepath` and `std/path/filepath` and `os.path` in one notation, without a standard-library prefix. */
export function normModule(m: string): string {
  return m.replace(/^std\//, '').replace(/::|\//g, '.');
}

export class ModulePopularity {
  /** When the index was last written: a change calls for a recount. */
  private readonly written: MetaStamp;
  /** A write was noticed that the counts do not include yet. */
  private stale = false;
  private computedAt = 0;
  /** This database's importers per module, and the most any module has. */
  private own: CountTable = { counts: new Map(), max: 1 };
  /** The counts `of` measures by (this database's, or several databases' pooled: use), with `of`'s answers for them per module asked. */
  private readonly active = new ActiveCounts<Map<string, number>>(this.own, () => new Map());

  constructor(private readonly db: Database.Database) {
    this.written = new MetaStamp(db, 'last_update');
  }

  private refresh(): void {
    const now = Date.now();
    if (this.written.changed(now)) this.stale = true;
    // A coarse prior: after the first count, recounting (every file's imports) waits 30 s
    // between index changes, so a stream of edits does not make searches pay for it.
    if (!this.stale || (this.computedAt && now - this.computedAt < 30_000)) return;
    // And it runs after the search that noticed the change, which ranks with the counts it has:
    // a recount reads every file's imports (~110 ms on a Python installation), which the search
    // that happened to come 30 s after an edit paid on top of its few milliseconds.
    if (this.computedAt) this.recountSoon();
    else this.recount(now);
  }

  private pending: ReturnType<typeof setTimeout> | undefined;

  /** Recount once the current task (a search) is done; never after the database was closed. */
  private recountSoon(): void {
    if (this.pending) return;
    this.pending = setTimeout(() => {
      this.pending = undefined;
      if (this.db.open) this.recount(Date.now());
    }, 0);
    this.pending.unref?.();
  }

  private recount(now: number): void {
    this.stale = false;
    this.computedAt = now;
    const counts = new Map<string, number>();
    const rows = this.db.prepare(`SELECT imports, module, path, language FROM files WHERE imports != '[]'`).iterate() as Iterable<{ imports: string; module: string | null; path: string; language: string }>;
    for (const { imports, module, path, language } of rows) {
      // A header that includes headers is plumbing, not use: glibc's stdio.h includes
      // bits/types/cookie_io_functions_t.h, whose typedefs then outranked fopen. Source files
      // (and the other languages' modules) count.
      if (isHeader(path, language)) continue;
      const seen = new Set<string>();
      // A package importing itself says nothing about its use by others.
      const own = module ? normModule(module).split('.')[0] : '';
      for (const imp of JSON.parse(imports) as string[]) {
        if (!imp || imp.startsWith('.')) continue;
        const parts = normModule(imp).split('.');
        if (parts[0] === own) continue;
        // The module and its parents: `import os.path` uses `os` too.
        for (let n = parts.length; n >= 1; n--) seen.add(parts.slice(0, n).join('.'));
      }
      for (const m of seen) counts.set(m, (counts.get(m) ?? 0) + 1);
    }
    const before = this.own;
    this.own = { counts, max: Math.max(1, ...counts.values()) };
    this.active.ownReplaced(before, this.own);
  }

  /** This database's counts, to pool with other databases' (SearchOptions.popularity). */
  table(): CountTable {
    this.refresh();
    return this.own;
  }

  /**
   * Measure by these counts from now on (this database's own when undefined): a search over
   * several databases weighs every module by the importers all of them hold (pooled-counts.ts).
   */
  use(table: CountTable | undefined): void {
    this.refresh();
    this.active.measureBy(table ?? this.own);
  }

  /** Count now rather than in the first search. */
  prepare(): void {
    this.refresh();
  }

  /** 0..1: the importers of the longest known prefix of `module` (log scale, relative to the most imported). */
  of(module: string): number {
    this.refresh();
    const { counts, max } = this.active.current;
    if (!counts.size) return 0;
    // Answers per module asked for the current counts: a search asks for each of its ~150 candidates, mostly a few modules.
    const answers = this.active.memo;
    let got = answers.get(module);
    if (got === undefined) {
      got = 0;
      const parts = normModule(module).split('.');
      for (let n = parts.length; n >= 1; n--) {
        const c = counts.get(parts.slice(0, n).join('.'));
        if (c) {
          got = Math.log1p(c) / Math.log1p(Math.max(1, max));
          break;
        }
      }
      if (answers.size >= 100_000) answers.clear();
      answers.set(module, got);
    }
    return got;
  }
}

/** A C/C++ header: by extension, or extensionless as the C++ standard library's (`vector`). */
function isHeader(path: string, language: string): boolean {
  if (language !== 'c' && language !== 'cpp') return false;
  return /\.(h|hh|hpp|hxx|h\+\+|inl|ipp|tcc)$/i.test(path) || !/\.[^/]+$/.test(path);
}
