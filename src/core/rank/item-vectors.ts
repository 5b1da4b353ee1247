import type { DotScan } from './dot-scan.js';
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
 * pass runs on `prefixes` when given (a scan over `leadingColumns(matrix, dim, coarse)`, built
 * once: the leading dimensions side by side, read in order, four at a time; dot-scan.ts).
 */
export function nearestRows(matrix: Float32Array, n: number, q: Float32Array, k: number, coarse = 24, widen = 8, prefixes?: DotScan): { row: number; sim: number }[] {
  const dim = q.length;
  if (coarse >= dim) return topRows(matrix, dim, n, q, k, dim, null);
  const pre = prefixes && prefixes.n === n && prefixes.width === coarse
    ? largest(prefixes.scores(q.subarray(0, coarse)), k * widen)
    : topRows(matrix, dim, n, q, k * widen, coarse, null).map((p) => p.row);
  return topRows(matrix, dim, n, q, k, dim, pre);
}

/**
 * Indexes of the `k` largest scores (in no particular order). A threshold first, from every
 * `step`-th score, that about twice k scores should pass; then the heap below keeps the best
 * k of those that pass, and every other score costs one comparison. (The heap alone over ~30k
 * scores cost ~5 ns each, about what computing them did.) Should fewer than k pass, the heap
 * takes them all.
 */
export function largest(scores: Float32Array | Float64Array, k: number): number[] {
  const n = scores.length;
  if (k <= 0) return [];
  if (n <= 8 * k) return heapLargest(scores, k, -Infinity);
  const step = Math.floor(n / Math.min(SAMPLE, n >> 1));
  const sample = new Float64Array(Math.floor(n / step));
  for (let j = 0; j < sample.length; j++) sample[j] = scores[j * step]!;
  sample.sort();
  const floor = sample[Math.max(0, sample.length - 1 - Math.ceil((2 * k) / step))]!;
  const best = heapLargest(scores, k, floor);
  return best.length === k ? best : heapLargest(scores, k, -Infinity);
}

/** How many scores the threshold is estimated from. */
const SAMPLE = 512;

/**
 * Indexes of the `k` largest scores of at least `floor` (in no particular order): a min-heap of
 * the best so far, its scores kept beside its indexes so that the scan compares each with the
 * heap's least in one load.
 */
function heapLargest(scores: Float32Array | Float64Array, k: number, floor: number): number[] {
  const idx = new Int32Array(k);
  const val = new Float64Array(k);
  let size = 0;
  const siftDown = (from: number) => {
    const v = val[from]!;
    const r = idx[from]!;
    let i = from;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= size) break;
      const m = l + 1 < size && val[l + 1]! < val[l]! ? l + 1 : l;
      if (val[m]! >= v) break;
      val[i] = val[m]!;
      idx[i] = idx[m]!;
      i = m;
    }
    val[i] = v;
    idx[i] = r;
  };
  for (let r = 0; r < scores.length; r++) {
    const s = scores[r]!;
    if (s < floor) continue;
    if (size < k) {
      // Sift up.
      let i = size++;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (val[p]! <= s) break;
        val[i] = val[p]!;
        idx[i] = idx[p]!;
        i = p;
      }
      val[i] = s;
      idx[i] = r;
    } else if (s > val[0]!) {
      val[0] = s;
      idx[0] = r;
      siftDown(0);
    }
  }
  return Array.from(idx.subarray(0, size));
}

/** The first `coarse` dimensions of each row of an n × dim matrix, as an n × coarse matrix. */
export function leadingColumns(matrix: Float32Array, dim: number, coarse: number): Float32Array {
  const n = Math.floor(matrix.length / dim);
  const out = new Float32Array(n * coarse);
  for (let r = 0; r < n; r++) out.set(matrix.subarray(r * dim, r * dim + coarse), r * coarse);
  return out;
}

/** Best `k` rows (of `stride` floats each) by the dot product over the first `upto` dimensions, over all rows or the given ones; best first. */
export function topRows(matrix: Float32Array, stride: number, n: number, q: Float32Array, k: number, upto: number, only: number[] | null): { row: number; sim: number }[] {
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
