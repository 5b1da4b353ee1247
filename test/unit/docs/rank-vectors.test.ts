import { describe, expect, it } from 'vitest';
import { dotScan } from '../../../src/core/rank/dot-scan.js';
import { cosine, embedWords, leadingColumns, nearestRows } from '../../../src/core/rank/item-vectors.js';
import { pathInPackage, pathPrior } from '../../../src/core/rank/path-prior.js';
import type { QueryShape } from '../../../src/core/rank/query-shape.js';
import { blend, SEMANTIC_WEIGHT, type Candidate } from '../../../src/core/rank/score.js';
import { nearestWords, type WordVectors } from '../../../src/core/rank/word-vectors.js';

/** Pure parts of prose ranking: item vectors from word vectors, and the priors a prose question applies. */

// Three 2-d word vectors: "delete" and "remove" point the same way, "create" elsewhere.
const WV: WordVectors = {
  words: ['delete', 'remove', 'create'],
  index: new Map([['delete', 0], ['remove', 1], ['create', 2]]),
  dim: 2,
  vecs: Float32Array.from([1, 0, 0.96, 0.28, 0, 1]),
};

/** `n` rows of `dim` dimensions, each of unit length, from a fixed seed (the same rows every run). */
function randomUnitRows(n: number, dim: number, seed: number): Float32Array {
  const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) - 0.5;
  const rows = new Float32Array(n * dim);
  for (let r = 0; r < n; r++) {
    const v = Array.from({ length: dim }, rand);
    const norm = Math.hypot(...v);
    v.forEach((x, d) => (rows[r * dim + d] = x / norm));
  }
  return rows;
}

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

  it('a first pass over the leading dimensions laid side by side finds the same rows as over the whole rows', () => {
    // 200 random unit rows of 8 dimensions; the coarse pass compares 3 of them.
    const dim = 8;
    const n = 200;
    const rows = randomUnitRows(n, dim, 11);
    const prefixes = leadingColumns(rows, dim, 3);
    expect(prefixes.length).toBe(n * 3);
    expect([...prefixes.subarray(3, 6)]).toEqual([...rows.subarray(dim, dim + 3)]);
    const q = rows.slice(17 * dim, 18 * dim);
    const plain = nearestRows(rows, n, q, 5, 3, 4);
    const scan = dotScan(prefixes, n, 3);
    const laid = nearestRows(rows, n, q, 5, 3, 4, scan);
    expect(laid).toEqual(plain);
    expect(laid).toHaveLength(5);
    // Wide enough to keep every row for the full pass, the row itself comes first.
    expect(nearestRows(rows, n, q, 5, 3, 40, scan)[0]).toEqual({ row: 17, sim: expect.closeTo(1, 5) });
    // A scan of another shape (a stale copy) is not trusted.
    expect(nearestRows(rows, n, q, 5, 3, 4, dotScan(prefixes.subarray(3), n - 1, 3))).toEqual(plain);
  });

  it('the SIMD first pass over 24 dimensions picks the same rows as the general one', () => {
    const dim = 32;
    const n = 500;
    const rows = randomUnitRows(n, dim, 5);
    for (const at of [3, 250, 499]) {
      const q = rows.slice(at * dim, (at + 1) * dim);
      const general = nearestRows(rows, n, q, 10, 24, 6);
      const scan = dotScan(leadingColumns(rows, dim, 24), n, 24);
      expect(scan.simd).toBe(true);
      const written = nearestRows(rows, n, q, 10, 24, 6, scan);
      expect(written).toEqual(general);
      expect(written[0]!.row).toBe(at);
      expect(written.map((w) => w.sim)).toEqual([...written.map((w) => w.sim)].sort((a, b) => b - a));
    }
  });
});

describe('nearest words', () => {
  /** The products one at a time in double precision, as nearestWords answered before its scan. */
  function exactNearest(wv: WordVectors, word: string, k: number, min: number) {
    const i = wv.index.get(word)!;
    const best: { word: string; sim: number }[] = [];
    for (let j = 0; j < wv.words.length; j++) {
      if (j === i) continue;
      let s = 0;
      for (let d = 0; d < wv.dim; d++) s += wv.vecs[i * wv.dim + d]! * wv.vecs[j * wv.dim + d]!;
      if (s < min || (best.length >= k && s <= best[best.length - 1]!.sim)) continue;
      best.push({ word: wv.words[j]!, sim: s });
      best.sort((a, b) => b.sim - a.sim);
      if (best.length > k) best.pop();
    }
    return best;
  }

  it('gives the words the exact products give, to the bit, near the threshold and on ties', () => {
    // 400 unit vectors of 48 dimensions in clusters (so that many pairs pass 0.6), a few repeated (ties).
    const dim = 48;
    let x = 7;
    const rand = () => ((x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff) - 0.5;
    const centres = Array.from({ length: 20 }, () => Array.from({ length: dim }, rand));
    const vecs = new Float32Array(400 * dim);
    for (let w = 0; w < 400; w++) {
      const c = centres[w % 20]!;
      const v = w % 50 === 49 ? Array.from(vecs.subarray((w - 1) * dim, w * dim)) : c.map((a) => a + 0.35 * rand());
      const norm = Math.hypot(...v);
      vecs.set(v.map((a) => a / norm), w * dim);
    }
    const words = Array.from({ length: 400 }, (_, w) => `w${w}`);
    const wv: WordVectors = { words, index: new Map(words.map((w, i) => [w, i])), dim, vecs };
    let found = 0;
    for (const w of words) {
      const got = nearestWords(wv, w, 3, 0.6);
      expect(got).toEqual(exactNearest(wv, w, 3, 0.6));
      found += got.length;
    }
    // The clusters are close enough for most words to have neighbours above the threshold.
    expect(found).toBeGreaterThan(600);
    expect(nearestWords(wv, 'absent', 3, 0.6)).toEqual([]);
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

  it('an item of the top-level module a question names ranks above an equal one elsewhere; a short or nested name is no such word', () => {
    const asks: QueryShape = { ...shape, raw: 'remove a shutil directory', words: [...shape.words, 'shutil'], idf: new Map([...shape.idf, ['shutil', 0]]) };
    const [named, other] = blend(asks, [{ ...base, id: 'shutil.rmtree' }, { ...base, id: 'pathlib.rmtree' }]);
    expect(named!.score).toBeGreaterThan(other!.score);
    const [nested, plain] = blend(asks, [{ ...base, id: 'pkg.shutil.rmtree' }, { ...base, id: 'pkg.other.rmtree' }]);
    expect(nested!.score).toBe(plain!.score);
    // An import path names its package last (Go's `encoding/json`), besides its first segment.
    const json: QueryShape = { ...shape, words: [...shape.words, 'json'], idf: new Map([...shape.idf, ['json', 0]]) };
    const [go, gob] = blend(json, [{ ...base, id: 'encoding/json.Marshal' }, { ...base, id: 'encoding/gob.Marshal' }]);
    expect(go!.score).toBeGreaterThan(gob!.score);
    const short: QueryShape = { ...shape, words: [...shape.words, 'os'], idf: new Map([...shape.idf, ['os', 0]]) };
    const [os, sys] = blend(short, [{ ...base, id: 'os.rmdir' }, { ...base, id: 'sys.rmdir' }]);
    expect(os!.score).toBe(sys!.score);
  });

  it('a closer learned-vector meaning lifts an item with the same lexical signals', () => {
    const [near, far] = blend(shape, [{ ...base, vec: 0.9 }, { ...base, vec: 0.1 }]);
    expect(near!.score).toBeGreaterThan(far!.score);
  });

  it("a model's similarity counts beside the learned one, by its weight, and not for names", () => {
    const [near, far] = blend(shape, [{ ...base, vec: 0.5, sem: 0.9 }, { ...base, vec: 0.5, sem: 0.1 }]);
    expect(near!.score - far!.score).toBeCloseTo(SEMANTIC_WEIGHT * 0.8, 6);
    // Joined, not replaced: the learned similarity still separates two items the model rates alike.
    const [learned, unlearned] = blend(shape, [{ ...base, vec: 0.9, sem: 0.5 }, { ...base, vec: 0.1, sem: 0.5 }]);
    expect(learned!.score).toBeGreaterThan(unlearned!.score);
    const [a, b] = blend(shape, [{ ...base, sem: 0.9 }, { ...base, sem: 0.1 }], 0.5);
    expect(a!.score - b!.score).toBeCloseTo(0.4, 6);
    const [x, y] = blend(shape, [{ ...base, sem: 0.9 }, { ...base, sem: 0.1 }], 0);
    expect(x!.score).toBe(y!.score);
    const named: QueryShape = { ...shape, raw: 'rmtree', words: ['rmtree'], prose: false };
    const [p, q] = blend(named, [{ ...base, sem: 0.9 }, { ...base, sem: 0.1 }]);
    expect(p!.score).toBe(q!.score);
  });
});

describe('path prior', () => {
  const at = (id: string, file?: string) => pathPrior({ id, name: id.split(/[./]/).pop()!, file });

  it('puts internal packages, vendored copies, tests and private modules below the public API', () => {
    const api = at('std/strconv.Atoi', 'strconv/atoi.go');
    expect(at('std/internal/itoa.Itoa', 'internal/itoa/itoa.go')).toBeLessThan(api - 0.1);
    expect(at('google.protobuf.internal.decoder.Decode')).toBeLessThan(at('google.protobuf.json_format.Parse') - 0.1);
    expect(at('pip._vendor.requests.get', 'site-packages/pip/_vendor/requests/api.py')).toBeLessThan(at('requests.get', 'site-packages/requests/api.py') - 0.1);
    expect(at('pkg._impl.run')).toBeLessThan(at('pkg.api.run'));
    // A name that merely contains the word is not a segment of it.
    expect(at('net/http.internalError')).toBe(at('net/http.publicError'));
  });

  it("judges an installed npm package's files inside the package: its own folder is no vendored copy, one vendored in it is", () => {
    expect(at('zod.ZodType', 'node_modules/zod/v4/classic/schemas.d.ts')).toBe(at('zod.ZodType', 'v4/classic/schemas.d.ts'));
    expect(at('sdk.Client', 'node_modules/@modelcontextprotocol/sdk/dist/client.d.ts')).toBe(at('sdk.Client', 'dist/client.d.ts'));
    expect(at('x.parse', 'node_modules/x/vendor/parser.js')).toBeLessThan(at('x.parse', 'node_modules/x/parser.js') - 0.1);
    expect(at('x.parse', 'node_modules/x/node_modules/y/parser.js')).toBeLessThan(at('x.parse', 'node_modules/x/parser.js') - 0.1);
    expect(pathInPackage('lib/node_modules/x/a.js')).toBe('lib/node_modules/x/a.js');
  });
});
