import type Database from 'better-sqlite3';
import { lowerBound } from '../rank/sorted-words.js';
import { matchText, stem } from '../rank/words.js';
import type { DocItem } from '../extract/types.js';
import { normModule } from './popularity.js';
import type { IndexQueries } from './query.js';
import type { UsageTable } from './usage.js';

/**
 * The items other code uses most, with their words in memory, as a candidate source for
 * questions in words. An answer that shares only common words with the question (`re.sub`:
 * "Return the string obtained by replacing…" for "replace every match of a regular expression
 * in a string") never reaches the FTS candidates, which keep the best-ranked few dozen of the
 * thousands of rows sharing such words; among the two thousand names most used by other
 * packages, the items that carry two of the question's words are a small set, and one that
 * holds the answer often. The usage prior (index/usage.ts) then weighs them like any candidate.
 */

/** Files of other packages that must use a name for it to join the pool. */
const MIN_FILES = 10;
/** Candidates one question takes from the pool: the items carrying most of its (IDF-weighted) words. */
const TAKE = 10;

export class PopularPool {
  /** The use counts the pool was built from (search.ts passes this database's own). */
  private builtFor: UsageTable | null = null;
  private rowids: number[] = [];
  /** Distinct words of the pool's texts, sorted (a stem finds its words as a range), and the pool items each is in. */
  private words: string[] = [];
  private postings: number[][] = [];

  constructor(
    private readonly db: Database.Database,
    private readonly lookups: IndexQueries,
  ) {}

  /** Build the pool now rather than on the first question in words. */
  prepare(usage: UsageTable): void {
    this.refresh(usage);
  }

  /** Rebuilt when the counts change (a recount makes a new table). */
  private refresh(usage: UsageTable): void {
    if (usage === this.builtFor) return;
    this.builtFor = usage;
    const rowids: number[] = [];
    const byWord = new Map<string, number[]>();
    const seen = new Set<number>();
    const rowOf = this.db.prepare(`SELECT rowid FROM items WHERE id = ? ORDER BY has_doc DESC LIMIT 1`).pluck();
    const keys = [...usage.counts].filter(([, n]) => n >= MIN_FILES).sort((a, b) => b[1] - a[1]);
    for (const [key] of keys) {
      const item = this.itemFor(key);
      if (!item || item.kind === 'module') continue;
      const rowid = rowOf.get(item.id) as number | undefined;
      if (rowid === undefined || seen.has(rowid)) continue;
      seen.add(rowid);
      const at = rowids.push(rowid) - 1;
      const text = matchText(`${item.name} ${item.signature} ${item.summary} ${item.doc.slice(0, 300)}`);
      for (const w of new Set(text.split(/[^a-z0-9]+/))) {
        if (w.length < 3) continue;
        const list = byWord.get(w);
        if (list) list.push(at);
        else byWord.set(w, [at]);
      }
    }
    this.rowids = rowids;
    this.words = [...byWord.keys()].sort();
    this.postings = this.words.map((w) => byWord.get(w)!);
  }

  /**
   * The item a usage key names. Keys are the paths code writes, dotted (`re.sub`, `os.path.join`,
   * `fmt.Sprintf` for Go's `std/fmt.Sprintf`): the item with that id or public path, else one of
   * that name whose id or public path reads as the key once dotted.
   */
  private itemFor(key: string): DocItem | undefined {
    const direct = this.lookups.byId(key)[0];
    if (direct) return direct;
    const name = key.slice(key.lastIndexOf('.') + 1);
    return this.lookups.byName(name, 20).find((i) => i.name === name && (normModule(i.id) === key || normModule(this.lookups.publicIdOf(i.id, i.module)) === key));
  }

  /**
   * Rowids of the pool items carrying at least two of the question's words (by stem), the most
   * weight first. A word with synonyms (rank/synonyms.ts: "folder" for directory) is carried by
   * an item that has any of them, once, as the FTS expressions count it.
   */
  candidates(usage: UsageTable, queryWords: readonly string[], idf: ReadonlyMap<string, number>, synonyms?: ReadonlyMap<string, readonly string[]>): number[] {
    this.refresh(usage);
    if (!this.rowids.length) return [];
    const weight = new Float64Array(this.rowids.length);
    const count = new Uint8Array(this.rowids.length);
    const lastWord = new Int32Array(this.rowids.length).fill(-1);
    // One group per stem asked: the stems that carry it, and its weight.
    const groups = new Map<string, { stems: Set<string>; f: number }>();
    for (const w of queryWords) {
      const s = stem(w);
      const f = idf.get(w) ?? 0;
      if (s.length < 3 || f <= 0) continue;
      const group = groups.get(s) ?? { stems: new Set([s]), f: 0 };
      group.f = Math.max(group.f, f);
      for (const other of synonyms?.get(w) ?? []) if (stem(other).length >= 3) group.stems.add(stem(other));
      groups.set(s, group);
    }
    let k = 0;
    for (const { stems, f } of groups.values()) {
      for (const s of stems) {
        for (let i = lowerBound(this.words, s); i < this.words.length && this.words[i]!.startsWith(s); i++) {
          for (const p of this.postings[i]!) {
            if (lastWord[p] === k) continue;
            lastWord[p] = k;
            weight[p]! += f;
            count[p]!++;
          }
        }
      }
      k++;
    }
    const hits: number[] = [];
    for (let p = 0; p < count.length; p++) if (count[p]! >= 2) hits.push(p);
    return hits
      .sort((a, b) => weight[b]! - weight[a]!)
      .slice(0, TAKE)
      .map((p) => this.rowids[p]!);
  }
}
