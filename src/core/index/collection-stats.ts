import type { WordStats } from './search.js';
import type { IndexSource } from './source.js';

/**
 * The word counts a search over several databases weighs each database's words by: summed over
 * the databases, so that a word common elsewhere ("values") is not rare in a small package's
 * database alone, where its items outscored the answer in a larger one.
 */
export function collectionStats(stats: readonly WordStats[]): WordStats {
  const df = new Map<string, number>();
  let total = 0;
  for (const s of stats) {
    total += s.total;
    for (const [w, n] of s.df) df.set(w, (df.get(w) ?? 0) + n);
  }
  return { total, df };
}

/**
 * The counts each source is searched with (`stats[i]` is `sources[i]`'s own; undefined for a
 * single source, which weighs by its own). A package the project declares is weighed by the
 * project's and the declared packages' counts, without its language's standard library's: that
 * library's vocabulary is the largest of the world (7,500 ECMAScript declarations, 16,000
 * Python items), and it set the weights of a small package's words: `copy`, common in the
 * declarations, cost lodash's `cloneDeep` ("clones") two fifths of its coverage for "recursive
 * copy of a value". The standard library and the project's own code are weighed by every
 * database, as before (the project's few items by their own counts outranked the library).
 * Measured through projects (bench/docs-project.bench.mjs): lodash 0.889 → 0.946, held-out
 * 0.643 → 0.669, async 0.694 → 0.738, ramda 0.498 → 0.489, underscore 0.705 → 0.699; a Python
 * project with five packages 0.504 / 0.492 / 0.691 → 0.502 / 0.489 / 0.692; projects without a
 * declared package unchanged.
 */
export function collectionsFor(sources: readonly Pick<IndexSource, 'dependency'>[], stats: readonly WordStats[]): (WordStats | undefined)[] {
  if (sources.length < 2) return sources.map(() => undefined);
  const all = collectionStats(stats);
  const chosen = stats.filter((_, i) => !sources[i]!.dependency?.standardLibrary);
  const declared = chosen.length < stats.length ? collectionStats(chosen) : all;
  return sources.map((s) => (s.dependency && !s.dependency.standardLibrary ? declared : all));
}
