import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { isVendored, PRIVATE_SEGMENT } from '../rank/path-prior.js';
import { BUNDLER_RENAME } from '../extract/lang/js-reexports.js';
import { MetaStamp } from './meta-stamp.js';
import { UsageCounts } from './usage.js';

/**
 * The path users write for an item defined elsewhere: `asyncio.sleep` for `asyncio.tasks.sleep`
 * (asyncio/__init__.py does `from .tasks import *`), `concurrent.futures.ThreadPoolExecutor`
 * for `concurrent.futures.thread.ThreadPoolExecutor` (a lazy `__getattr__` re-export). The
 * re-exports table holds (public, target) pairs per file; both directions are resolved here,
 * at query time, because the target is usually in another file than the re-export.
 */

/**
 * Re-exports followed from a definition to its public path, at most: libc's `c_char` is public
 * as `libc::c_char` through six stars (`unix`, `linux_like`, `linux`, `gnu`, `b64`, `x86_64`,
 * each a platform's `pub use self::…::*`). Every question set was the same with 7 as with 4.
 */
const MAX_HOPS = 6;
/**
 * How far a bundled copy's public path is followed to the definition it copies (a search's
 * shown copy, fold-hits.ts; docs_get's, query.ts). The whole budget (four hops
 * of up to 1,024 star guesses) cost a search up to ~7 ms when nothing was found, as for the
 * typeshed stubs of names only the stubs have (`ignore_whitespace`: 9.8 → 3.5 ms); three hops of
 * 128 found the same definition for every hit of 1,000 mixed queries over the Python
 * installation (two hops of 64 missed `networkx.is_isomorphic`, a named re-export between two
 * star imports).
 */
export const CANONICAL_BUDGET = { hops: 3, guesses: 128 };
/** Public ids followed further at each hop (a star-imported module can be public under many names). */
const MAX_FRONTIER = 32;
/** Star guesses kept and followed at each hop (see targetsOf). */
const MAX_EXPAND = 256;
/** Guesses made at each hop, at most (a wide star re-applied makes thousands). */
const MAX_GUESSES = 1024;

/**
 * Whether a star re-export passes on a name: `export * from` passes on every name but the
 * module's default (`import df from 'date-fns'` is not add.js's default). A CommonJS whole
 * module, which passes its default too, records that as a re-export of its own.
 */
export function passedByStar(name: string): boolean {
  return name !== 'default';
}

export class PublicPaths {
  private readonly all: Statement;
  private readonly stamp: MetaStamp;
  /** target → public ids, and public id → targets: the whole table, in memory (15k rows for a Python installation). */
  private byTarget = new Map<string, string[]>();
  private byPublic = new Map<string, string[]>();
  /** Named public ids (not stars) by the module or class they are under: what a listing of it re-exports. */
  private byParent = new Map<string, string[]>();
  /** Answers already worked out (an id's public path, by `module\0id`): a search asks for a few hundred at a time, and the same items recur. */
  private memo = new Map<string, string>();

  private readonly usage: UsageCounts;
  private usageLoad = -1;

  constructor(db: Database.Database) {
    this.all = db.prepare(`SELECT public, target FROM reexports`);
    this.stamp = new MetaStamp(db, 'last_update');
    this.usage = new UsageCounts(db);
  }

  /** False when the index records no re-exports at all (most non-Python trees): nothing to look up. */
  private any(): boolean {
    // Which public id wins depends on use (resolve): counts loaded anew mean other answers. Asked
    // of the counts themselves, so the answers worked out next use the new ones.
    const load = this.usage.generation();
    if (load !== this.usageLoad) {
      this.usageLoad = load;
      this.memo = new Map();
    }
    if (this.stamp.changed()) {
      this.byTarget = new Map();
      this.byPublic = new Map();
      this.byParent = new Map();
      this.memo = new Map();
      for (const r of this.all.iterate() as Iterable<{ public: string; target: string }>) {
        const pubs = this.byTarget.get(r.target);
        if (pubs) pubs.push(r.public);
        else this.byTarget.set(r.target, [r.public]);
        const list = this.byPublic.get(r.public);
        if (list) list.push(r.target);
        else {
          this.byPublic.set(r.public, [r.target]);
          const sep = separatorOf(r.public);
          const at = r.public.lastIndexOf(sep);
          if (at > 0 && !r.public.endsWith('*')) {
            const parent = r.public.slice(0, at);
            const named = this.byParent.get(parent);
            if (named) named.push(r.public);
            else this.byParent.set(parent, [r.public]);
          }
        }
      }
    }
    return this.byTarget.size > 0;
  }

  /**
   * The best public id of each item (id, module): without private segments, then the
   * shortest; or the id itself. Follows chains (`pkg.sub.mod` re-exported by `pkg.sub`,
   * itself re-exported by `pkg`), and carries members along with their class
   * (`asyncio.locks.Event.wait` → `asyncio.Event.wait`).
   */
  publicIds(items: readonly { id: string; module: string }[]): string[] {
    const out = items.map((i) => i.id);
    if (!items.length || !this.any()) return out;
    const todo: number[] = [];
    for (let i = 0; i < items.length; i++) {
      const known = this.memo.get(`${items[i]!.module}\0${items[i]!.id}`);
      if (known === undefined) todo.push(i);
      else out[i] = known;
    }
    if (!todo.length) return out;
    const resolved = this.resolve(todo.map((i) => items[i]!));
    if (this.memo.size > 200_000) this.memo.clear();
    todo.forEach((i, k) => {
      out[i] = resolved[k]!;
      this.memo.set(`${items[i]!.module}\0${items[i]!.id}`, resolved[k]!);
    });
    return out;
  }

  /**
   * Every public id an item reaches within MAX_HOPS re-exports, keeping the best: without a
   * private segment, then the one other packages' code uses most, then the shortest. All of
   * them, not the best at each hop, and use before length: `genericpath.exists` is public as
   * `ntpath.exists` and `posixpath.exists`, and both lead on to `os.path.exists` (os does
   * `import posixpath as path`, or ntpath on Windows), the longest name and the one code writes.
   */
  private resolve(items: readonly { id: string; module: string }[]): string[] {
    return items.map((item) => {
      let best = item.id;
      const tail = ownTail(item);
      // Looked up only once there is another name to weigh it against (most items have none).
      let bestUse = -1;
      let frontier = [item];
      const seen = new Set([item.id]);
      for (let hop = 0; hop < MAX_HOPS && frontier.length; hop++) {
        const next: { id: string; module: string }[] = [];
        for (const c of frontier) {
          for (const k of keysOf(c.id, c.module)) {
            if (k.endsWith('*') && !passedByStar(c.id.slice(k.length - 1))) continue;
            for (const pub of this.byTarget.get(k) ?? []) {
              const id = k.endsWith('*') ? pub.slice(0, -1) + c.id.slice(k.length - 1) : pub + c.id.slice(k.length);
              if (seen.has(id)) continue;
              seen.add(id);
              const use = this.usage.files(id);
              if (bestUse < 0) bestUse = this.usage.files(best);
              if (preferred(id, use, best, bestUse, best === item.id && BUNDLER_RENAME.test(tail[0]!) ? null : tail)) {
                best = id;
                bestUse = use;
              }
              // The module the new id lives in: the star's module, or the renamed name's parent
              // (`from _thread import LockType as Lock`: `threading.Lock` is in `threading`).
              const sep = separatorOf(pub);
              // A whole module standing for a value (`export = chalk`, `declare module 'fs'`) is itself the module.
              const module = k.endsWith('*') ? pub.slice(0, -1 - sep.length) : pub.includes(sep) ? pub.slice(0, pub.lastIndexOf(sep)) : pub;
              if (next.length < MAX_FRONTIER) next.push({ id, module });
            }
          }
        }
        frontier = next;
      }
      return best;
    });
  }

  /**
   * The re-exports that put names directly under `module`: stars (`asyncio.*` → `asyncio.tasks.*`),
   * named ones one segment below it (`lib.partition` → `lib/partition.partition`), and the module
   * standing for a value whose members it then has (`chalk` → `chalk.chalk`, `fs` → `node/fs.fs`).
   */
  reexportsUnder(module: string): { public: string; target: string }[] {
    if (!this.any()) return [];
    const sep = separatorOf(module);
    const out: { public: string; target: string }[] = [];
    for (const t of this.byPublic.get(module) ?? []) out.push({ public: module, target: t });
    for (const t of this.byPublic.get(`${module}${sep}*`) ?? []) out.push({ public: `${module}${sep}*`, target: t });
    for (const pub of this.byParent.get(module) ?? []) {
      if (separatorOf(pub) !== sep) continue;
      for (const t of this.byPublic.get(pub) ?? []) out.push({ public: pub, target: t });
    }
    return out;
  }

  /**
   * The other names of one definition that the index knows of: the ids a named re-export under
   * a different name joins with `id`, both ways. `date-fns/format.formatDate`, which format.js
   * defines as `exports.formatDate = format` and format.d.mts re-exports as `export { format as
   * formatDate }`, and `date-fns/format.format`. No stars; empty for most ids (map lookups).
   */
  otherNames(id: string): string[] {
    if (!this.any()) return [];
    const sep = separatorOf(id);
    const name = id.slice(id.lastIndexOf(sep) + sep.length);
    const renamed = (other: string) => !other.endsWith('*') && other.slice(other.lastIndexOf(sep) + sep.length) !== name;
    return [...(this.byPublic.get(id) ?? []).filter(renamed), ...(this.byTarget.get(id) ?? []).filter(renamed)];
  }

  /**
   * Defining ids an id written under a public path may stand for (`asyncio.sleep` →
   * `asyncio.tasks.sleep`, and the other star-imported modules' candidates), most specific
   * first; the caller keeps the ones that exist.
   */
  targetsOf(id: string): string[] {
    return [...this.targetHops(id)].flat();
  }

  /**
   * The same, one hop at a time (best guesses first within each), so a caller looking for the
   * first that exists stops at the hop that has it: `asyncio.sleep` at the first, without
   * making the hundreds of guesses of the later ones. `budget` narrows the hops and the guesses
   * made at each (never beyond MAX_HOPS, MAX_GUESSES) for a caller that can settle for less.
   */
  *targetHops(id: string, budget: { hops?: number; guesses?: number } = {}): Generator<string[]> {
    if (!this.any()) return;
    const hops = Math.min(MAX_HOPS, budget.hops ?? MAX_HOPS);
    const guesses = Math.min(MAX_GUESSES, budget.guesses ?? MAX_GUESSES);
    let frontier = [id];
    const seen = new Set(frontier);
    for (let hop = 0; hop < hops && frontier.length; hop++) {
      // Each with how likely it is the way on: a re-export of this very name before a star
      // import that may hold it, a package's own modules before bundled stubs of them (every
      // typeshed star doubles the frontier). `networkx.is_isomorphic` is a named re-export
      // between two star imports, among hundreds of star guesses at each hop.
      const next: { id: string; rank: number }[] = [];
      for (const cur of frontier) {
        // Bounded work: the frontier is best first, so what is left out is the least likely.
        if (next.length >= guesses) break;
        const sep = separatorOf(cur);
        const segs = cur.split(sep);
        for (let cut = segs.length; cut >= 1; cut--) {
          const prefix = segs.slice(0, cut).join(sep);
          const rest = segs.slice(cut).join(sep);
          for (const t of this.byPublic.get(prefix) ?? []) next.push({ id: rest ? `${t}${sep}${rest}` : t, rank: 0 });
          if (cut < segs.length) {
            // A star covers names: a guess whose rest is one name comes before one that re-applies
            // the star to a longer rest (`networkx.*` to `classes.disjoint_union`: mostly nothing).
            const rank = 1 + 0.1 * (segs.length - cut - 1);
            if (passedByStar(rest)) for (const t of this.byPublic.get(`${prefix}${sep}*`) ?? []) next.push({ id: `${t.slice(0, -1)}${rest}`, rank });
          }
        }
      }
      for (const n of next) {
        // A star's guess that is itself a name some module re-exports is on a known way.
        if (n.rank === 1 && this.byPublic.has(n.id)) n.rank = 0.5;
        if (isVendored(n.id)) n.rank += 2;
      }
      next.sort((a, b) => a.rank - b.rank);
      // The best guesses of each hop are kept and followed: every named way, and star guesses up
      // to MAX_EXPAND (a star re-applied to the rest of a guess makes hundreds more).
      const fresh: string[] = [];
      for (const n of next) {
        if (seen.has(n.id)) continue;
        seen.add(n.id);
        if (n.rank < 1 || fresh.length < MAX_EXPAND) fresh.push(n.id);
      }
      if (fresh.length) yield fresh;
      frontier = fresh;
    }
  }

}

/** A public id's last segment is `default`: a default export's name, which says nothing. */
const DEFAULT_SEGMENT = /[./:]default$/;

/**
 * Whether public id `a` (used by `ua` files) is the better name than `b` (used by `ub`) for an
 * item whose id ends with the names `tail` (its class's and its own, after its module; null
 * when `b` is a bundler's rename of it, `waterfall$1`, which a public name always beats): see
 * resolve.
 */
function preferred(a: string, ua: number, b: string, ub: number, tail: readonly string[] | null): boolean {
  const pa = PRIVATE_SEGMENT.test(a);
  const pb = PRIVATE_SEGMENT.test(b);
  if (pa !== pb) return !pa;
  // `debounce` over `default`: a default export's name says nothing (`export default debounce`,
  // and lodash-es's index `export { default as debounce } from './debounce.js'`).
  const da = DEFAULT_SEGMENT.test(a);
  if (da !== DEFAULT_SEGMENT.test(b)) return !da;
  if (ua !== ub) return ua > ub;
  // Two names in one place: the item's own over a second one, which its signature and docs do
  // not say (ws's `WebSocketServer` over `Server`, both under `ws`, and so its members;
  // `createElement` exported as itself and as `h`).
  if (tail) {
    const own = ownNamesIn(a, b, tail);
    if (own !== null) return own;
  }
  return a.length < b.length;
}

/** The names of an item's id after its module (`Server.close` of `ws/lib/server.Server.close`). */
function ownTail(item: { id: string; module: string }): string[] {
  const sep = separatorOf(item.id);
  const rest = item.module && item.id.startsWith(`${item.module}${sep}`) ? item.id.slice(item.module.length + sep.length) : item.id.slice(item.id.lastIndexOf(sep) + sep.length);
  return rest.split(sep);
}

/**
 * Of two public ids with the same place for an item's names (the same prefix before as many
 * names as its `tail` has), whether `a` is the one that keeps them; null when both or neither
 * do, or their places differ.
 */
function ownNamesIn(a: string, b: string, tail: readonly string[]): boolean | null {
  const sep = separatorOf(a);
  const as = a.split(sep);
  const bs = b.split(sep);
  const k = tail.length;
  if (as.length <= k || bs.length <= k || as.slice(0, -k).join(sep) !== bs.slice(0, -k).join(sep)) return null;
  const keeps = (xs: string[]) => xs.slice(-k).every((x, i) => x === tail[i]);
  const ka = keeps(as);
  return ka === keeps(bs) ? null : ka;
}

/** Re-export targets that could cover an item: itself, its top-level ancestor in its module, its module's `*`. */
function keysOf(id: string, module: string): string[] {
  const keys = [id];
  const sep = separatorOf(id);
  if (module && id.startsWith(`${module}${sep}`)) {
    const end = id.indexOf(sep, module.length + sep.length);
    const top = end < 0 ? id : id.slice(0, end);
    if (top !== id) keys.push(top);
    keys.push(`${module}${sep}*`);
  }
  return keys;
}

/** Rust and C++ paths use `::`, everything else here `.` (TypeScript's module part has `/`, its members `.`). */
export function separatorOf(id: string): string {
  return id.includes('::') ? '::' : '.';
}
