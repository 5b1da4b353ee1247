import { writeEmbeddingModel } from '../../bench/lib/embedding-model.mjs';

/**
 * A tiny sentence-embedding model the tests build (see bench/lib/embedding-model.mjs): each
 * group of words shares one direction, so words of a group are synonyms to the model and every
 * other word is unrelated to them: what a real model learns, made exact.
 */

export interface TinyModelOptions {
  /** Words that mean the same to the model. */
  groups: string[][];
  /** Declare token_type_ids as an input too, as BERT exports do. */
  tokenTypeIds?: boolean;
}

export function writeTinyModel(dir: string, opts: TinyModelOptions): void {
  const dim = opts.groups.length + 1;
  const words = opts.groups.flat();
  const vectors = new Float32Array(words.length * dim);
  let i = 0;
  opts.groups.forEach((g, gi) => g.forEach(() => (vectors[i++ * dim + gi] = 1)));
  // Special and unknown tokens share a small spare direction: they add little to an average.
  const special = new Float32Array(dim);
  special[dim - 1] = 0.05;
  writeEmbeddingModel(dir, { words, vectors, dim, special, tokenTypeIds: opts.tokenTypeIds ?? false });
}
