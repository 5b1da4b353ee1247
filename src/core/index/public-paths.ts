import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';

/**
 * The path users write for an item defined elsewhere: `asyncio.sleep` for `asyncio.tasks.sleep`
 * (asyncio/__init__.py does `from .tasks import *`), `concurrent.futures.ThreadPoolExecutor`
 * for `concurrent.futures.thread.ThreadPoolExecutor` (a lazy `__getattr__` re-export). The
 * re-exports table holds (public, target) pairs per file; both directions are resolved here,
 * at query time, because the target is usually in another file than the re-export.
 */

const MAX_HOPS = 4;

export class PublicPaths {
  private readonly byTarget: Statement;
  private readonly byPublic: Statement;
  private readonly count: Statement;
  private countAt = 0;
  private rows = 0;

  constructor(db: Database.Database) {
    this.byTarget = db.prepare(`SELECT public, target FROM reexports WHERE target IN (SELECT value FROM json_each(?))`);
    this.byPublic = db.prepare(`SELECT target FROM reexports WHERE public = ? LIMIT 20`).pluck();
    this.count = db.prepare(`SELECT COUNT(*) FROM (SELECT 1 FROM reexports LIMIT 1)`).pluck();
  }

  /** False when the index records no re-exports at all (most non-Python trees): nothing to look up. */
  private any(): boolean {
    const now = Date.now();
    if (now - this.countAt > 2000) {
      this.rows = this.count.get() as number;
      this.countAt = now;
    }
    return this.rows > 0;
  }

  /**
   * The shortest public id of each item (id, module), or the id itself. Follows chains
   * (`pkg.sub.mod` re-exported by `pkg.sub`, itself re-exported by `pkg`), and carries members
   * along with their class (`asyncio.locks.Event.wait` → `asyncio.Event.wait`).
   */
  publicIds(items: readonly { id: string; module: string }[]): string[] {
    const out = items.map((i) => i.id);
    if (!items.length || !this.any()) return out;
    let cur = items.map((i) => ({ id: i.id, module: i.module }));
    for (let hop = 0; hop < MAX_HOPS; hop++) {
      const keys = new Set<string>();
      for (const c of cur) for (const k of keysOf(c.id, c.module)) keys.add(k);
      const rows = this.byTarget.all(JSON.stringify([...keys])) as { public: string; target: string }[];
      if (!rows.length) break;
      const map = new Map<string, string>();
      for (const r of rows) {
        const prev = map.get(r.target);
        if (!prev || r.public.length < prev.length) map.set(r.target, r.public);
      }
      let moved = false;
      cur = cur.map((c, i) => {
        for (const k of keysOf(c.id, c.module)) {
          const pub = map.get(k);
          if (!pub) continue;
          const next = k.endsWith('.*') ? pub.slice(0, -1) + c.id.slice(k.length - 1) : pub + c.id.slice(k.length);
          if (next === c.id || next.length >= c.id.length) continue;
          out[i] = next;
          moved = true;
          return { id: next, module: next.slice(0, next.length - (c.id.length - c.module.length)) };
        }
        return c;
      });
      if (!moved) break;
    }
    return out;
  }

  /**
   * Defining ids an id written under a public path may stand for (`asyncio.sleep` →
   * `asyncio.tasks.sleep`, and the other star-imported modules' candidates), most specific
   * first; the caller keeps the ones that exist.
   */
  targetsOf(id: string): string[] {
    if (!this.any()) return [];
    const out: string[] = [];
    let frontier = [id];
    const seen = new Set(frontier);
    for (let hop = 0; hop < MAX_HOPS && frontier.length; hop++) {
      const next: string[] = [];
      for (const cur of frontier) {
        const segs = cur.split('.');
        for (let cut = segs.length; cut >= 1; cut--) {
          const prefix = segs.slice(0, cut).join('.');
          const rest = segs.slice(cut).join('.');
          for (const t of this.byPublic.all(prefix) as string[]) next.push(rest ? `${t}.${rest}` : t);
          if (cut < segs.length) {
            for (const t of this.byPublic.all(`${prefix}.*`) as string[]) next.push(`${t.slice(0, -2)}.${rest}`);
          }
        }
      }
      frontier = next.filter((n) => !seen.has(n));
      for (const n of frontier) {
        seen.add(n);
        out.push(n);
      }
      if (out.length > 200) break;
    }
    return out;
  }
}

/** Re-export targets that could cover an item: itself, its top-level ancestor in its module, its module's `*`. */
function keysOf(id: string, module: string): string[] {
  const keys = [id];
  if (module && id.startsWith(`${module}.`)) {
    const first = id.slice(module.length + 1).split('.')[0]!;
    const top = `${module}.${first}`;
    if (top !== id) keys.push(top);
    keys.push(`${module}.*`);
  }
  return keys;
}
