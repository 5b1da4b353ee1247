import type Database from 'better-sqlite3';
import { MetaStamp } from './meta-stamp.js';
import { ActiveCounts, type CountTable } from './pooled-counts.js';
import { normModule } from './popularity.js';
import { isVendored } from '../rank/path-prior.js';

/**
 * How many files use an item: the qualified names every file uses (extract/uses.ts, stored in
 * files.uses) counted per name after a sync, into the `usage` table. A finer prior than module
 * popularity: `json.dumps` is used by hundreds of files, `json.encoder.py_encode_basestring` by
 * none, though both live in a popular module. A name used by a single file is not kept (it says
 * nothing and would make the table as large as all uses).
 */

export function countUsage(db: Database.Database): { keys: number; max: number; ms: number } {
  const t0 = performance.now();
  const counts = new Map<string, number>();
  let using = 0;
  const rows = db.prepare(`SELECT uses, module, path, language FROM files WHERE uses != '[]'`).iterate() as Iterable<{ uses: string; module: string | null; path: string; language: string }>;
  for (const { uses, module, path, language } of rows) {
    // A vendored copy or bundled stub is not code that uses the names: jedi's typeshed stubs
    // for networkx name `networkx.classes.graph.Graph` more often than all real callers write `networkx.Graph`.
    if (isVendored(path)) continue;
    const ownOf = ownUnit(language, module);
    let counted = false;
    for (const u of JSON.parse(uses) as string[]) {
      const key = normModule(u);
      if (ownOf(key)) continue;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      counted = true;
    }
    if (counted) using++;
  }
  let max = 1;
  const insert = db.prepare(`INSERT INTO usage(key, files) VALUES (?, ?)`);
  let keys = 0;
  db.transaction(() => {
    db.prepare(`DELETE FROM usage`).run();
    for (const [k, n] of counts) {
      if (n < 2) continue;
      insert.run(k, n);
      keys++;
      if (n > max) max = n;
    }
    db.prepare(`INSERT OR REPLACE INTO meta(key, value) VALUES ('usage', ?)`).run(`${Date.now()}:${max}:${using}`);
  }).immediate();
  return { keys, max, ms: performance.now() - t0 };
}

/**
 * Whether a used name is the file's own package's: a package using its own names says little
 * about their use by others. Python's, JavaScript's and Rust's unit is the top-level package or
 * crate (`json.encoder` using `json.decoder`, `alloc` using `alloc::vec`). Go's is the package,
 * a whole import path: `net/http` using `net/url` or `encoding/json` using `encoding/base64` is
 * use by other code, and a module path's first part (`github`, `golang`) is no package at all.
 */
function ownUnit(language: string, module: string | null): (key: string) => boolean {
  if (!module) return () => false;
  const own = normModule(module);
  if (language === 'go') return (key) => key === own || key.startsWith(`${own}.`);
  const top = own.split('.')[0]!;
  return (key) => key.split('.')[0] === top;
}

/**
 * Files past which more use says no more: the prior separates names other code uses from names
 * it does not, not the popular from the very popular (`json.loads` over `json.dumps` by use is
 * no reason to answer "turn an object into json" with the former). Measured on
 * bench/docs-quality: 30 beat no saturation on every set (Go 0.799 → 0.804).
 */
const SATURATION = 30;

/**
 * Using files at which the counts are half trusted. Counted over few files (a standard library
 * alone: ~560 files that use another package's names, against ~14,500 with a site-packages),
 * whether a name was used at all is mostly chance: `os.stat` by 28 of them, `json.dumps` by
 * none. The prior then weighs n / (n + EVIDENCE_FILES) of itself.
 */
const EVIDENCE_FILES = 250;

/**
 * The use a Python builtin counts for (`of` measures 0–1 from imports, which builtins never
 * need). Measured (bench/docs-quality): C-implemented questions 0.591 → 0.628, short 0.831 →
 * 0.844, tuning and held-out unchanged; 0.3 the same but short 0.833, 0.5 held-out −0.001,
 * 1.0 held-out 0.448 → 0.426.
 */
const BUILTINS_USAGE = 0.4;

/** One database's use counts, or several databases' summed (pooled-counts.ts). */
export type UsageTable = CountTable;

/** One item's use as measured, with what it was measured for. */
interface ItemUse {
  id: string;
  kind: string;
  parent: string | null;
  name: string;
  publicId: string;
  value: number;
}

/** The query side: 0..1 per item (log scale, full at SATURATION files). */
export class UsageCounts {
  private readonly stamp: MetaStamp;
  /** The whole table in memory (12k names for a Python installation): a search looks up hundreds of candidates. */
  private own: UsageTable = { counts: new Map(), max: 0, using: 0 };
  /** The table ofItem measures by (this database's, or several databases' pooled: use), with ofItem's answers for it, by row. */
  private readonly active = new ActiveCounts<Map<number, ItemUse>>(this.own, () => new Map());

  constructor(private readonly db: Database.Database) {
    this.stamp = new MetaStamp(db, 'usage');
  }

  /** Bumped whenever the counts are reloaded, so answers derived from them can be dropped (public-paths.ts). */
  private loads = 0;

  /** Which load of the counts is current (reloading first if they were recounted). */
  generation(): number {
    this.refresh();
    return this.loads;
  }

  /** Load the counts now rather than in the first search. */
  prepare(): void {
    this.refresh();
  }

  private refresh(): void {
    const stamp = this.stamp.changed()?.value;
    if (stamp === undefined) return;
    this.loads++;
    const [, max, using] = (stamp ?? '').split(':');
    const before = this.own;
    this.own = { counts: new Map(this.db.prepare(`SELECT key, files FROM usage`).raw().all() as [string, number][]), max: Number(max) || 0, using: using === undefined ? undefined : Number(using) };
    this.active.ownReplaced(before, this.own);
  }

  /** This database's own counts (reloaded first if they were recounted). */
  table(): UsageTable {
    this.refresh();
    return this.own;
  }

  /**
   * Measure by these counts from now on (this database's own when undefined): a search over
   * several databases weighs every item by the use all of them saw (pooled-counts.ts).
   */
  use(table: UsageTable | undefined): void {
    this.refresh();
    this.active.measureBy(table ?? this.own);
  }

  /** Files of other packages that use this qualified name (0 below 2). */
  files(name: string): number {
    this.refresh();
    return this.active.current.counts.get(normModule(name)) ?? 0;
  }

  /** Files using any of these qualified names (the most of them), scaled to 0..1. */
  of(names: readonly string[]): number {
    this.refresh();
    const { counts, max, using } = this.active.current;
    if (max < 2) return 0;
    let best = 0;
    for (const n of names) {
      const c = counts.get(normModule(n)) ?? 0;
      if (c > best) best = c;
    }
    // How far the counts can be trusted, from how many files they were counted over (a stamp
    // written before that count was kept: full evidence).
    const evidence = using === undefined ? 1 : using / (using + EVIDENCE_FILES);
    return best ? evidence * Math.min(1, Math.log1p(best) / Math.log1p(Math.min(max, SATURATION))) : 0;
  }

  /**
   * How much other code uses the item, by its public path or defining id. A method or
   * constructor nobody names directly (`x.method()` on a value cannot be resolved from text)
   * gets half of its class's use.
   */
  ofItem(r: { rowid: number; id: string; kind: string; parent: string | null; name: string }, publicId: string): number {
    this.refresh();
    // The answers for the current table, by row: a search asks for each of its ~100 candidates,
    // and the next search for many of the same. Each keeps what it was measured for (a rowid can
    // hold another item after a re-index): a string key of those cost each search ~0.1 ms.
    const items = this.active.memo;
    const known = items.get(r.rowid);
    if (known && known.id === r.id && known.publicId === publicId && known.kind === r.kind && known.parent === r.parent && known.name === r.name) return known.value;
    const value = this.measureItem(r, publicId);
    if (items.size >= 100_000) items.clear();
    items.set(r.rowid, { id: r.id, kind: r.kind, parent: r.parent, name: r.name, publicId, value });
    return value;
  }

  private measureItem(r: { id: string; kind: string; parent: string | null; name: string }, publicId: string): number {
    // Python's builtins need no import, so counting imports and dotted chains sees none of their
    // use (`d.get(…)`, `len(…)`): every one counts as fairly used instead.
    const own = this.of(publicId === r.id ? [r.id] : [publicId, r.id]);
    if (publicId.startsWith('builtins.')) return Math.max(own, BUILTINS_USAGE);
    if (!r.parent || !(r.kind === 'method' || r.kind === 'constructor' || r.kind === 'property')) return own;
    const parentPublic = publicId.endsWith(`.${r.name}`) ? publicId.slice(0, -r.name.length - 1) : r.parent;
    const cls = this.of(parentPublic === r.parent ? [r.parent] : [parentPublic, r.parent]);
    return Math.max(own, r.kind === 'constructor' ? cls : 0.5 * cls);
  }
}
