import { describe, expect, it } from 'vitest';
import { cosine, embedWords, nearestRows } from '../../../src/core/rank/item-vectors.js';
import { blend, type Candidate, type QueryShape } from '../../../src/core/rank/score.js';
import type { WordVectors } from '../../../src/core/rank/word-vectors.js';

/** Pure parts of prose ranking: item vectors from word vectors, and the priors a prose question applies. */

// Three 2-d word vectors: "delete" and "remove" point the same way, "create" elsewhere.
const WV: WordVectors = {
  words: ['delete', 'remove', 'create'],
  index: new Map([['delete', 0], ['remove', 1], ['create', 2]]),
  dim: 2,
  vecs: Float32Array.from([1, 0, 0.96, 0.28, 0, 1]),
};

describe('item vectors', () => {
  it('embeds the known words IDF-weighted and normalised; null when none is known', () => {
    const v = embedWords(WV, ['delete', 'unknown'], () => 2)!;
    expect([...v].map((x) => Math.round(x * 1000) / 1000)).toEqual([1, 0]);
    expect(embedWords(WV, ['nothing', 'known'], () => 1)).toBeNull();
    // A heavier word pulls the sum its way.
    const mix = embedWords(WV, ['delete', 'create'], (w) => (w === 'create' ? 3 : 1))!;
    expect(mix[1]!).toBeGreaterThan(mix[0]!);
  });

  it('finds the nearest rows best first, and a synonym is nearer than an unrelated word', () => {
    const rows = Float32Array.from([0, 1, 0.96, 0.28, 1, 0]); // create, remove, delete
    const q = embedWords(WV, ['remove'], () => 1)!;
    const near = nearestRows(rows, 3, q, 2);
    expect(near.map((r) => r.row)).toEqual([1, 2]);
    expect(near[0]!.sim).toBeCloseTo(1);
    expect(cosine(q, rows, 2 * 2)).toBeGreaterThan(cosine(q, rows, 0));
  });
});

describe('prose priors', () => {
  const shape: QueryShape = { raw: 'remove a directory tree', words: ['remove', 'directory', 'tree'], idf: new Map([['remove', 2], ['directory', 2], ['tree', 2]]), prose: true };
  const base: Candidate = { id: 'm.f', name: 'f', bm: 1, text: 'Remove a directory tree.', hasDoc: true, visibility: 'public', deprecated: false, kind: 'function' };

  it('a module item ranks below a function with the same words for a prose question', () => {
    const [fn, mod] = blend(shape, [base, { ...base, id: 'm', name: 'm', kind: 'module' }]);
    expect(fn!.score).toBeGreaterThan(mod!.score);
  });

  it("the root's own code ranks above an installed package's copy on the same words", () => {
    const [own, dep] = blend(shape, [{ ...base, own: true }, { ...base, own: false }]);
    expect(own!.score).toBeGreaterThan(dep!.score);
  });

  it('a method whose class is also a candidate ranks below an equal item: the question describes the class', () => {
    const [member, other] = blend(shape, [{ ...base, kind: 'method', memberOfCandidate: true }, { ...base, kind: 'method' }]);
    expect(other!.score).toBeGreaterThan(member!.score);
  });

  it('a closer learned-vector meaning lifts an item with the same lexical signals', () => {
    const [near, far] = blend(shape, [{ ...base, vec: 0.9 }, { ...base, vec: 0.1 }]);
    expect(near!.score).toBeGreaterThan(far!.score);
  });
});
