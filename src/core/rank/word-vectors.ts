import { dotScan, type DotScan } from './dot-scan.js';
/**
 * Word vectors learned from the indexed documentation itself, so that a question's words reach
 * a doc comment's words without downloading a model: "remove" finds "delete", "tally" finds
 * "count". Classic distributional semantics, small enough to run at index time:
 *   1. co-occurrence counts of words within one item's text (its name's words and summary);
 *   2. positive pointwise mutual information (PPMI), with the context distribution smoothed
 *      (counts^0.75), which keeps frequent words from dominating;
 *   3. a truncated SVD of the PPMI matrix by randomized subspace iteration; a word's vector is
 *      its row of U·sqrt(S), normalised, so words used in the same contexts end up close even
 *      when they never occur together (second-order similarity: synonyms).
 * Pure computation: the index layer feeds it texts and stores the result.
 */

export interface WordVectors {
  words: string[];
  index: Map<string, number>;
  dim: number;
  /** words.length × dim, rows L2-normalised. */
  vecs: Float32Array;
}

export interface LearnOptions {
  /** Largest vocabulary kept (most frequent words first). */
  maxWords?: number;
  /** Fewest documents a word must occur in. */
  minDf?: number;
  dim?: number;
  /** Deterministic seed for the random projection. */
  seed?: number;
}

/** Words of a text for learning and for lookups: lowercase letters, 3+ characters, no stop words. */
export function vectorWords(text: string, stop: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const m of text.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().matchAll(/[a-z]{3,}/g)) if (!stop.has(m[0])) out.push(m[0]);
  return out;
}

export function learnWordVectors(docs: readonly string[][], opts: LearnOptions = {}): WordVectors | null {
  const maxWords = opts.maxWords ?? 10_000;
  const minDf = opts.minDf ?? 3;
  const wantDim = opts.dim ?? 48;
  // Vocabulary: document frequencies; words in more than a tenth of the documents say nothing.
  const df = new Map<string, number>();
  for (const d of docs) for (const w of new Set(d)) df.set(w, (df.get(w) ?? 0) + 1);
  const words = [...df].filter(([, n]) => n >= minDf && n <= docs.length / 10).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, maxWords).map(([w]) => w);
  const V = words.length;
  // A small vocabulary gets fewer dimensions (the statistics could not fill more).
  const dim = Math.min(wantDim, Math.floor(V / 4));
  if (dim < 4) return null;
  const index = new Map(words.map((w, i) => [w, i] as const));

  const pairs = cooccurrences(docs, index, V);
  if (!pairs.n) return null;
  const { lo, hi, count } = pairs;
  const row = new Float64Array(V);
  let total = 0;
  for (let n = 0; n < pairs.n; n++) {
    row[lo[n]!]! += count[n]!;
    row[hi[n]!]! += count[n]!;
    total += 2 * count[n]!;
  }
  const ctx = new Float64Array(V);
  let ctxTotal = 0;
  for (let i = 0; i < V; i++) {
    ctx[i] = Math.pow(row[i]!, 0.75);
    ctxTotal += ctx[i]!;
  }
  // PPMI in CSR form, both directions of each pair (each row's columns ascending).
  const pmi = (i: number, j: number, c: number) => Math.log((c / total) / ((row[i]! / total) * (ctx[j]! / ctxTotal)));
  const forward = new Float32Array(pairs.n);
  const backward = new Float32Array(pairs.n);
  const rowStart = new Int32Array(V + 1);
  for (let n = 0; n < pairs.n; n++) {
    forward[n] = pmi(lo[n]!, hi[n]!, count[n]!);
    backward[n] = pmi(hi[n]!, lo[n]!, count[n]!);
    if (forward[n]! > 0) rowStart[lo[n]! + 1]!++;
    if (backward[n]! > 0) rowStart[hi[n]! + 1]!++;
  }
  for (let i = 0; i < V; i++) rowStart[i + 1]! += rowStart[i]!;
  const m = rowStart[V]!;
  const fill = rowStart.slice(0, V);
  const col = new Int32Array(m);
  const val = new Float32Array(m);
  for (let n = 0; n < pairs.n; n++) {
    if (forward[n]! > 0) {
      const at = fill[lo[n]!]!++;
      col[at] = hi[n]!;
      val[at] = forward[n]!;
    }
    if (backward[n]! > 0) {
      const at = fill[hi[n]!]!++;
      col[at] = lo[n]!;
      val[at] = backward[n]!;
    }
  }

  // Randomized subspace iteration: Q spans the top singular directions of the (symmetric) PPMI matrix.
  // A few iterations do not converge (the spectrum is flat where it is cut), so the result
  // depends on the random start. Each word's start row comes from the word itself, not its
  // position in the vocabulary: a corpus that gains or loses a few words (an edited file) then
  // gets nearly the same vectors, where a positional start reshuffled every ranking.
  const l = dim + 16;
  let Q: Float64Array = new Float64Array(V * l);
  for (let i = 0; i < V; i++) startRow(words[i]!, opts.seed ?? 12345, Q, i * l, l);
  const mul = (X: Float64Array): Float64Array => {
    const Y = new Float64Array(V * l);
    for (let i = 0; i < V; i++) {
      const yo = i * l;
      for (let p = rowStart[i]!; p < rowStart[i + 1]!; p++) {
        const xo = col[p]! * l;
        const v = val[p]!;
        // Four at a time (each sum in the same order, so the same result): the loop's own
        // overhead was most of its cost (3 × mul 345 → 218 ms on a Python installation).
        let c = 0;
        for (; c + 3 < l; c += 4) {
          Y[yo + c]! += v * X[xo + c]!;
          Y[yo + c + 1]! += v * X[xo + c + 1]!;
          Y[yo + c + 2]! += v * X[xo + c + 2]!;
          Y[yo + c + 3]! += v * X[xo + c + 3]!;
        }
        for (; c < l; c++) Y[yo + c]! += v * X[xo + c]!;
      }
    }
    return Y;
  };
  for (let it = 0; it < 3; it++) Q = orthonormalize(mul(Q), V, l);
  // B = Qᵀ A (l × V); since A is symmetric, Bᵀ = A Q. Eigen-decompose B Bᵀ (l × l).
  const AQ = mul(Q);
  const BBt = new Float64Array(l * l);
  for (let i = 0; i < V; i++) {
    const o = i * l;
    for (let a = 0; a < l; a++) {
      const x = AQ[o + a]!;
      if (!x) continue;
      for (let b = a; b < l; b++) BBt[a * l + b]! += x * AQ[o + b]!;
    }
  }
  for (let a = 0; a < l; a++) for (let b = 0; b < a; b++) BBt[a * l + b] = BBt[b * l + a]!;
  const { values, vectors } = jacobiEigen(BBt, l);
  const order = [...values.keys()].sort((a, b) => values[b]! - values[a]!).slice(0, dim);
  // U = Q · Ub; a word's vector is U·sqrt(S) (S = sqrt(eigenvalue)), normalised.
  const vecs = new Float32Array(V * dim);
  for (let i = 0; i < V; i++) {
    let norm = 0;
    for (let d = 0; d < dim; d++) {
      const e = order[d]!;
      let u = 0;
      for (let c = 0; c < l; c++) u += Q[i * l + c]! * vectors[c * l + e]!;
      const v = u * Math.pow(Math.max(values[e]!, 0), 0.25);
      vecs[i * dim + d] = v;
      norm += v * v;
    }
    norm = Math.sqrt(norm) || 1;
    for (let d = 0; d < dim; d++) vecs[i * dim + d]! /= norm;
  }
  return { words, index, dim, vecs };
}

/** The distinct word pairs that share a document, each with how many documents it shares: `lo` < `hi`, sorted by `lo`, then `hi`. */
interface Cooccurrences {
  n: number;
  lo: Int32Array;
  hi: Int32Array;
  count: Int32Array;
}

/**
 * Which vocabulary words share a document (a document's first 24 distinct ones), counted by
 * sorting rather than in a map: every pair goes to its lower word's bucket, each bucket is
 * sorted, and equal pairs are then runs. Counting a million distinct pairs (a Python
 * installation's summaries) in a Map keyed by pair took 0.38 s; this takes a third of that, and
 * each row of the matrix comes out with its columns in order.
 */
function cooccurrences(docs: readonly string[][], index: ReadonlyMap<string, number>, V: number): Cooccurrences {
  const Pairs = V <= 65_536 ? Uint16Array : Uint32Array;
  let los: Uint16Array | Uint32Array = new Pairs(1 << 20);
  let his: Uint16Array | Uint32Array = new Pairs(1 << 20);
  let np = 0;
  const perLow = new Int32Array(V + 1);
  const ids: number[] = [];
  for (const d of docs) {
    ids.length = 0;
    for (const w of new Set(d)) {
      const i = index.get(w);
      if (i !== undefined) ids.push(i);
      if (ids.length >= 24) break;
    }
    const k = ids.length;
    if (np + (k * (k - 1)) / 2 > los.length) {
      const size = Math.max(los.length * 2, np + k * k);
      const l2 = new Pairs(size);
      l2.set(los.subarray(0, np));
      los = l2;
      const h2 = new Pairs(size);
      h2.set(his.subarray(0, np));
      his = h2;
    }
    for (let a = 0; a < k; a++) {
      for (let b = a + 1; b < k; b++) {
        const x = ids[a]!;
        const y = ids[b]!;
        const low = x < y ? x : y;
        los[np] = low;
        his[np++] = x < y ? y : x;
        perLow[low + 1]!++;
      }
    }
  }
  for (let i = 0; i < V; i++) perLow[i + 1]! += perLow[i]!;
  const next = perLow.slice(0, V);
  const bucket = new Pairs(np);
  for (let n = 0; n < np; n++) bucket[next[los[n]!]!++] = his[n]!;
  const lo = new Int32Array(np);
  const hi = new Int32Array(np);
  const count = new Int32Array(np);
  let u = 0;
  for (let low = 0; low < V; low++) {
    const seg = bucket.subarray(perLow[low]!, perLow[low + 1]!).sort();
    for (let n = 0; n < seg.length; ) {
      let e = n + 1;
      while (e < seg.length && seg[e] === seg[n]) e++;
      lo[u] = low;
      hi[u] = seg[n]!;
      count[u++] = e - n;
      n = e;
    }
  }
  return { n: u, lo, hi, count };
}

/** Pseudo-random values in [-1, 1) for one word's row of the start matrix: FNV-1a of the word and the seed, then an LCG. */
function startRow(word: string, seed: number, out: Float64Array, at: number, n: number): void {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  let x = h & 0x7fffffff;
  for (let c = 0; c < n; c++) {
    x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
    out[at + c] = (x / 0x7fffffff) * 2 - 1;
  }
}

/** Modified Gram-Schmidt on the columns of a rows × cols matrix (row-major), done column-major for locality. */
export function orthonormalize(X: Float64Array, rows: number, cols: number): Float64Array {
  const C: Float64Array[] = [];
  for (let c = 0; c < cols; c++) {
    const v = new Float64Array(rows);
    for (let r = 0; r < rows; r++) v[r] = X[r * cols + c]!;
    for (const p of C) {
      // Four at a time, one sum in the same order (as in mul): 150 → 110 ms.
      let dot = 0;
      let r = 0;
      for (; r + 3 < rows; r += 4) {
        dot += v[r]! * p[r]!;
        dot += v[r + 1]! * p[r + 1]!;
        dot += v[r + 2]! * p[r + 2]!;
        dot += v[r + 3]! * p[r + 3]!;
      }
      for (; r < rows; r++) dot += v[r]! * p[r]!;
      r = 0;
      for (; r + 3 < rows; r += 4) {
        v[r]! -= dot * p[r]!;
        v[r + 1]! -= dot * p[r + 1]!;
        v[r + 2]! -= dot * p[r + 2]!;
        v[r + 3]! -= dot * p[r + 3]!;
      }
      for (; r < rows; r++) v[r]! -= dot * p[r]!;
    }
    let norm = 0;
    for (let r = 0; r < rows; r++) norm += v[r]! * v[r]!;
    norm = Math.sqrt(norm) || 1;
    for (let r = 0; r < rows; r++) v[r]! /= norm;
    C.push(v);
  }
  for (let c = 0; c < cols; c++) for (let r = 0; r < rows; r++) X[r * cols + c] = C[c]![r]!;
  return X;
}

/** Eigenvalues and eigenvectors (columns) of a small symmetric matrix, by cyclic Jacobi rotations. */
export function jacobiEigen(M: Float64Array, n: number): { values: number[]; vectors: Float64Array } {
  const A = Float64Array.from(M);
  const Vm = new Float64Array(n * n);
  for (let i = 0; i < n; i++) Vm[i * n + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += A[p * n + q]! ** 2;
    if (off < 1e-18) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = A[p * n + q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (A[q * n + q]! - A[p * n + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = A[k * n + p]!;
          const akq = A[k * n + q]!;
          A[k * n + p] = c * akp - s * akq;
          A[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = A[p * n + k]!;
          const aqk = A[q * n + k]!;
          A[p * n + k] = c * apk - s * aqk;
          A[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = Vm[k * n + p]!;
          const vkq = Vm[k * n + q]!;
          Vm[k * n + p] = c * vkp - s * vkq;
          Vm[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return { values: [...Array(n).keys()].map((i) => A[i * n + i]!), vectors: Vm };
}

/**
 * The vocabulary's dot-product scan (rank/dot-scan.ts), made once per set of vectors: a
 * question's new word is compared with every word, ~420 µs over a Python installation's 6,620
 * in JavaScript, ~40 µs with the scan's SIMD kernel.
 */
const scans = new WeakMap<WordVectors, DotScan>();

/**
 * How far below `min` a scan's single-precision product may fall while the exact one is not:
 * 48 products of unit vectors' components err by well under 1e-5 in all.
 */
const SCAN_MARGIN = 1e-4;

/**
 * The `k` words closest to `word` (cosine), above `min`; [] for a word outside the vocabulary.
 * The scan finds the few words that may reach `min`; their products are taken again exactly as
 * they always were (double precision, in order), so the answer is the same to the bit.
 */
export function nearestWords(wv: WordVectors, word: string, k: number, min: number): { word: string; sim: number }[] {
  const i = wv.index.get(word);
  if (i === undefined) return [];
  const { dim, vecs } = wv;
  const n = wv.words.length;
  const o = i * dim;
  let scan = scans.get(wv);
  if (!scan) scans.set(wv, (scan = dotScan(vecs, n, dim)));
  const rough = scan.scores(vecs.subarray(o, o + dim));
  const best: { word: string; sim: number }[] = [];
  for (let j = 0; j < n; j++) {
    if (j === i || rough[j]! < min - SCAN_MARGIN) continue;
    let s = 0;
    const jo = j * dim;
    for (let d = 0; d < dim; d++) s += vecs[o + d]! * vecs[jo + d]!;
    if (s < min || (best.length >= k && s <= best[best.length - 1]!.sim)) continue;
    best.push({ word: wv.words[j]!, sim: s });
    best.sort((a, b) => b.sim - a.sim);
    if (best.length > k) best.pop();
  }
  return best;
}
