import type { UsageTable } from './usage.js';

/**
 * The use every database of one search saw, summed per name. Each database counts the files it
 * holds (usage.ts), so alone it misses the use others hold: a project declaring requests uses
 * `requests.get`, and requests' own database does not count its own files; a Debian Python's
 * `/usr/lib/python3.11` and `/usr/lib/python3/dist-packages` are two roots, and the standard
 * library's database saw 5 files using `collections.Counter` where the two together saw 8 and a
 * single installation root with its site-packages 62. Summed, every item is weighed by all the
 * code the search reads, whichever database holds the item or its users.
 *
 * A database's counts already leave out a package's use of itself, so a sum over databases that
 * hold different files counts each using file once.
 */

/** The last few sums (a scope or a language can change which databases a search reads). */
const KEPT = 4;
const kept: { parts: readonly UsageTable[]; pooled: UsageTable }[] = [];

/** The tables summed; the same object for the same tables, so callers' memos keep. */
export function pooledUsage(parts: readonly UsageTable[]): UsageTable | undefined {
  const used = parts.filter((p) => p.counts.size > 0);
  if (used.length < 2) return undefined;
  const hit = kept.find((k) => k.parts.length === used.length && k.parts.every((p, i) => p === used[i]));
  if (hit) return hit.pooled;
  const counts = new Map<string, number>();
  let max = 0;
  let using: number | undefined = 0;
  for (const part of used) {
    for (const [key, n] of part.counts) {
      const sum = (counts.get(key) ?? 0) + n;
      counts.set(key, sum);
      if (sum > max) max = sum;
    }
    using = using === undefined || part.using === undefined ? undefined : using + part.using;
  }
  const pooled: UsageTable = { counts, max, using };
  kept.unshift({ parts: used, pooled });
  if (kept.length > KEPT) kept.pop();
  return pooled;
}
