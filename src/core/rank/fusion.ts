import type { Scored } from './score.js';

/**
 * Reciprocal rank fusion of the blend's ranking (rank/score.ts) with a second ranking of the
 * same candidates, a sentence-embedding model's (index/embeddings.ts): each candidate counts
 * 1/(K + rank) in every list that ranks it, the standard fusion of lexical and dense retrieval
 * (Cormack et al. 2009), which needs no weight fitted to a model docent has never seen.
 *
 * The blend's list holds only the candidates that share a word with the question: the others
 * came from the vectors alone, and the blend orders them by priors only, which says nothing
 * about whether they answer it. The second list holds the candidates the model has a vector for.
 *
 * The fused order keeps the blend's scores: the i-th candidate of the fused order gets the
 * i-th best blend score. docs_search merges answers from several databases by score (a root's,
 * its packages', which have no model vectors), so scores must stay on the blend's scale.
 */

/** The usual constant: it keeps one list's top ranks from outweighing agreement between lists. */
const K = 60;

/** `scored` best first; `second[i]` the second list's score of candidate `index` i (null: not ranked there). */
export function fuseRanks(scored: readonly Scored[], second: readonly (number | null | undefined)[]): Scored[] {
  const firstRank = new Map<number, number>();
  scored.filter((s) => s.lexical !== false).forEach((s, r) => firstRank.set(s.index, r));
  const secondRank = new Map<number, number>();
  scored
    .filter((s) => second[s.index] != null)
    .sort((a, b) => second[b.index]! - second[a.index]!)
    .forEach((s, r) => secondRank.set(s.index, r));
  const part = (rank: number | undefined) => (rank === undefined ? 0 : 1 / (K + rank));
  const fused = scored.map((s, r) => ({ s, f: part(firstRank.get(s.index)) + part(secondRank.get(s.index)), r }));
  fused.sort((a, b) => b.f - a.f || a.r - b.r);
  return fused.map((x, i) => ({ index: x.s.index, score: scored[i]!.score, lexical: x.s.lexical }));
}
