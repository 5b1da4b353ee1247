import type { WordVectors } from './word-vectors.js';

/**
 * Items as vectors: the IDF-weighted sum of the learned vectors of the words in an item's name
 * and summary, normalised. A question embedded the same way lands near the items that talk
 * about the same things in other words ("remove a directory" near "delete a directory tree"),
 * which lexical matching cannot see. Pure computation: the index layer feeds it texts.
 */

/** `weight` gives a word's IDF; words outside the learned vocabulary are skipped. Null when none is known. */
export function embedWords(wv: WordVectors, words: Iterable<string>, weight: (w: string) => number): Float32Array | null {
  const { dim, vecs, index } = wv;
  const v = new Float32Array(dim);
  let any = false;
  for (const w of new Set(words)) {
    const i = index.get(w);
    if (i === undefined) continue;
    const f = weight(w);
    if (!(f > 0)) continue;
    any = true;
    const o = i * dim;
    for (let d = 0; d < dim; d++) v[d]! += f * vecs[o + d]!;
  }
  if (!any) return null;
  let n = 0;
  for (let d = 0; d < dim; d++) n += v[d]! * v[d]!;
  n = Math.sqrt(n);
  if (!n) return null;
  for (let d = 0; d < dim; d++) v[d]! /= n;
  return v;
}

export function cosine(a: Float32Array, b: Float32Array, bOffset = 0): number {
  let s = 0;
  for (let d = 0; d < a.length; d++) s += a[d]! * b[bOffset + d]!;
  return s;
}

/**
 * The `k` rows of `matrix` (n × dim, rows normalised) closest to `q`, best first. Two passes:
 * the leading `coarse` dimensions of every row (SVD dimensions come in order of weight, so
 * they carry most of a cosine), then the full cosine of the best `k × widen` of those. The first
 * pass reads `prefixes` when given (`leadingColumns(matrix, dim, coarse)`, built once): the
 * leading dimensions side by side, so the scan reads memory in order instead of a quarter of
 * every row.
 */
export function nearestRows(matrix: Float32Array, n: number, q: Float32Array, k: number, coarse = 24, widen = 8, prefixes?: Float32Array): { row: number; sim: number }[] {
  const dim = q.length;
  if (coarse >= dim) return topRows(matrix, dim, n, q, k, dim, null);
  const pre = prefixes && prefixes.length === n * coarse ? topRows(prefixes, coarse, n, q, k * widen, coarse, null) : topRows(matrix, dim, n, q, k * widen, coarse, null);
  return topRows(matrix, dim, n, q, k, dim, pre.map((p) => p.row));
}

/** The first `coarse` dimensions of each row of an n × dim matrix, as an n × coarse matrix. */
export function leadingColumns(matrix: Float32Array, dim: number, coarse: number): Float32Array {
  const n = Math.floor(matrix.length / dim);
  const out = new Float32Array(n * coarse);
  for (let r = 0; r < n; r++) out.set(matrix.subarray(r * dim, r * dim + coarse), r * coarse);
  return out;
}

/** Best `k` rows (of `stride` floats each) by the dot product over the first `upto` dimensions, over all rows or the given ones. */
function topRows(matrix: Float32Array, stride: number, n: number, q: Float32Array, k: number, upto: number, only: number[] | null): { row: number; sim: number }[] {
  const best: { row: number; sim: number }[] = [];
  let floor = -Infinity;
  const tail = upto - (upto % 4);
  const count = only ? only.length : n;
  for (let x = 0; x < count; x++) {
    const r = only ? only[x]! : x;
    const o = r * stride;
    // Four running sums: a scan of tens of thousands of rows is most of a prose search's time.
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let d = 0;
    for (; d < tail; d += 4) {
      s0 += q[d]! * matrix[o + d]!;
      s1 += q[d + 1]! * matrix[o + d + 1]!;
      s2 += q[d + 2]! * matrix[o + d + 2]!;
      s3 += q[d + 3]! * matrix[o + d + 3]!;
    }
    for (; d < upto; d++) s0 += q[d]! * matrix[o + d]!;
    const s = s0 + s1 + s2 + s3;
    if (s <= floor) continue;
    let at = best.length;
    while (at > 0 && best[at - 1]!.sim < s) at--;
    best.splice(at, 0, { row: r, sim: s });
    if (best.length > k) best.pop();
    if (best.length === k) floor = best[k - 1]!.sim;
  }
  return best;
}
