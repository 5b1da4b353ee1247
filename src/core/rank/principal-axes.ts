import { jacobiEigen, orthonormalize } from './word-vectors.js';

/**
 * The directions along which a set of unit vectors varies most (the top eigenvectors of their
 * uncentred second-moment matrix): projected onto the first `k` of them, a dot product keeps
 * most of its value, so a scan over k numbers a row finds the rows worth an exact comparison.
 * What a sentence-embedding model's vectors need for a fast nearest-item scan
 * (index/embeddings.ts); the learned word vectors get this order from their SVD already.
 */

/** Rows sampled for the second-moment matrix: its cost is sample × dim², and the directions settle long before. */
const SAMPLE = 1000;
const ITERATIONS = 8;

/**
 * `k` axes of `matrix` (n × dim, row-major), strongest first, as a k × dim row-major matrix, and
 * the share of the vectors' energy (the second-moment matrix's trace) they carry: the axes stand
 * in for the vectors well only when that share is high.
 */
export function principalAxes(matrix: Float32Array, n: number, dim: number, k: number): { axes: Float32Array; energy: number } {
  k = Math.min(k, dim);
  const C = new Float64Array(dim * dim);
  const step = Math.max(1, Math.floor(n / SAMPLE));
  for (let r = 0; r < n; r += step) {
    const o = r * dim;
    for (let a = 0; a < dim; a++) {
      const xa = matrix[o + a]!;
      if (xa === 0) continue;
      const row = a * dim;
      for (let b = a; b < dim; b++) C[row + b]! += xa * matrix[o + b]!;
    }
  }
  for (let a = 0; a < dim; a++) for (let b = 0; b < a; b++) C[a * dim + b] = C[b * dim + a]!;
  // Orthogonal iteration from a fixed start (the same vectors give the same axes).
  let Q: Float64Array = new Float64Array(dim * k);
  let x = 12345;
  for (let i = 0; i < Q.length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
    Q[i] = (x / 0x7fffffff) * 2 - 1;
  }
  Q = orthonormalize(Q, dim, k);
  for (let it = 0; it < ITERATIONS; it++) Q = orthonormalize(times(C, Q, dim, k), dim, k);
  // Rayleigh–Ritz: the axes within the subspace, ordered by how much each carries.
  const CQ = times(C, Q, dim, k);
  const T = new Float64Array(k * k);
  for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) {
    let s = 0;
    for (let d = 0; d < dim; d++) s += Q[d * k + i]! * CQ[d * k + j]!;
    T[i * k + j] = s;
  }
  const { values, vectors } = jacobiEigen(T, k);
  let trace = 0;
  for (let a = 0; a < dim; a++) trace += C[a * dim + a]!;
  const carried = values.reduce((sum, v) => sum + Math.max(0, v), 0);
  const order = [...values.keys()].sort((a, b) => values[b]! - values[a]!);
  const axes = new Float32Array(k * dim);
  order.forEach((e, out) => {
    for (let d = 0; d < dim; d++) {
      let s = 0;
      for (let j = 0; j < k; j++) s += Q[d * k + j]! * vectors[j * k + e]!;
      axes[out * dim + d] = s;
    }
  });
  return { axes, energy: trace > 0 ? carried / trace : 0 };
}

/** C (dim × dim) times Q (dim × k). */
function times(C: Float64Array, Q: Float64Array, dim: number, k: number): Float64Array {
  const out = new Float64Array(dim * k);
  for (let a = 0; a < dim; a++) {
    const row = a * dim;
    for (let b = 0; b < dim; b++) {
      const c = C[row + b]!;
      if (c === 0) continue;
      const qb = b * k;
      const oa = a * k;
      for (let j = 0; j < k; j++) out[oa + j]! += c * Q[qb + j]!;
    }
  }
  return out;
}

/** Every row of `matrix` (n × dim) projected onto `axes` (k × dim): an n × k matrix. */
export function project(matrix: Float32Array, n: number, dim: number, axes: Float32Array, k: number): Float32Array {
  const out = new Float32Array(n * k);
  for (let r = 0; r < n; r++) {
    const o = r * dim;
    for (let j = 0; j < k; j++) {
      const ax = j * dim;
      let s = 0;
      for (let d = 0; d < dim; d++) s += matrix[o + d]! * axes[ax + d]!;
      out[r * k + j] = s;
    }
  }
  return out;
}
