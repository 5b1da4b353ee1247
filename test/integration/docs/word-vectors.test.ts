import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocsIndex } from '../../../src/core/index/service.js';
import { RelatedWords } from '../../../src/core/index/vectors.js';
import { jacobiEigen, learnWordVectors, nearestWords } from '../../../src/core/rank/word-vectors.js';

/**
 * Word vectors learned from the indexed docs (PPMI + truncated SVD): words used in the same
 * contexts come out close even when they never occur together (`erase` ~ `delete`), and the
 * index learns and stores them after a sync, in its own database.
 */

// A deterministic corpus: verbs of one meaning are interchangeable before the same objects and
// never appear together in one doc.
const GROUPS = [
  ['delete', 'remove', 'erase'],
  ['create', 'make', 'build'],
  ['read', 'load', 'fetch'],
  ['sort', 'order', 'rank'],
];
// Each group of verbs has its own objects (files are deleted, records created...).
const OBJECTS = [
  ['file', 'directory', 'folder', 'path', 'disk', 'link', 'mount', 'volume'],
  ['record', 'row', 'table', 'column', 'database', 'schema', 'index', 'view'],
  ['list', 'array', 'sequence', 'element', 'item', 'slice', 'vector', 'tuple'],
  ['image', 'pixel', 'color', 'canvas', 'picture', 'photo', 'frame', 'sprite'],
];

function corpus(n: number): { name: string; doc: string }[] {
  let seed = 7;
  const rand = (k: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), (seed >>> 16) % k);
  const out: { name: string; doc: string }[] = [];
  for (let i = 0; i < n; i++) {
    const gi = i % GROUPS.length;
    const g = GROUPS[gi]!;
    const verb = g[rand(g.length)]!;
    const objs = OBJECTS[gi]!;
    const a = objs[rand(objs.length)]!;
    const b = objs[rand(objs.length)]!;
    const topic = ['quickly', 'safely', 'lazily', 'eagerly'][i % 4]!;
    out.push({ name: `${verb}_${a}_${i}`, doc: `${verb[0]!.toUpperCase()}${verb.slice(1)} the ${a} and its ${b} ${topic}.` });
  }
  return out;
}

describe('word vectors (pure)', () => {
  it('puts interchangeable words close together, unrelated ones apart', () => {
    const docs = corpus(1200).map((d) => d.doc.toLowerCase().match(/[a-z]{3,}/g)!.filter((w) => !['the', 'and', 'its'].includes(w)));
    const wv = learnWordVectors(docs, { dim: 8, minDf: 2 })!;
    expect(wv).not.toBeNull();
    const near = nearestWords(wv, 'erase', 3, 0).map((x) => x.word);
    expect(near).toEqual(expect.arrayContaining(['delete', 'remove']));
    expect(near).not.toContain('create');
  });

  it('a few documents more or fewer leave each word\'s nearest words nearly unchanged', () => {
    // Random co-occurrence over 800 words: a flat spectrum, which three subspace iterations do
    // not converge on, so the vectors follow the random start; that start comes from each word,
    // not its place in the vocabulary, which dropping documents shifts.
    let seed = 11;
    const rand = (k: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), (seed >>> 8) % k);
    const vocab = Array.from({ length: 800 }, (_, i) => `w${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}x`);
    const docs = Array.from({ length: 6000 }, () => Array.from({ length: 6 }, () => vocab[Math.min(rand(800), rand(800))]!));
    const all = learnWordVectors(docs, { minDf: 3 })!;
    // Some documents gone and a few with new words added: the vocabulary is reordered and grows.
    const added = Array.from({ length: 12 }, (_, i) => [`zznew${i % 4}`, vocab[i]!, vocab[i + 1]!]);
    const fewer = learnWordVectors([...docs.filter((_, i) => i % 150 !== 3), ...added], { minDf: 3 })!;
    expect(fewer.words.length).toBeGreaterThan(all.words.length);
    let same = 0;
    let total = 0;
    for (const w of all.words.slice(0, 200)) {
      if (!fewer.index.has(w)) continue;
      const a = new Set(nearestWords(all, w, 10, -1).map((x) => x.word));
      for (const x of nearestWords(fewer, w, 10, -1)) if (a.has(x.word)) same++;
      total += 10;
    }
    expect(same / total).toBeGreaterThan(0.8);
  });

  it('jacobiEigen finds the eigenvalues of a small symmetric matrix', () => {
    const { values } = jacobiEigen(Float64Array.from([2, 1, 0, 1, 2, 0, 0, 0, 5]), 3);
    expect(values.map((v) => Math.round(v * 1e6) / 1e6).sort()).toEqual([1, 3, 5]);
  });
});

describe('word vectors in the index', () => {
  let dir: string;
  let idx: DocsIndex;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'docent-vectors-'));
    mkdirSync(path.join(dir, 'src', 'ops'), { recursive: true });
    const all = corpus(1200);
    for (let f = 0; f < 12; f++) {
      const body = all.slice(f * 100, f * 100 + 100).map((d) => `def ${d.name}(x):\n    """${d.doc}"""\n`).join('\n\n');
      writeFileSync(path.join(dir, 'src', 'ops', `m${f}.py`), `"""Operations ${f}."""\n\n${body}`);
    }
    idx = new DocsIndex({ roots: [dir], indexDir: path.join(dir, '.idx'), includePrivate: false, maxFileBytes: 1_000_000, exclude: [], workers: 0 });
    await idx.catchUp();
  }, 60_000);

  afterAll(async () => {
    await idx?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('learns them after a sync and stores them in the same database', () => {
    const db = idx.roots[0]!.store.db;
    expect(db.prepare(`SELECT COUNT(*) FROM word_vectors`).pluck().get()).toBeGreaterThan(20);
    expect(db.prepare(`SELECT value FROM meta WHERE key = 'vectors'`).pluck().get()).toMatch(/^\d+:\d+:\d+$/);
    const related = new RelatedWords(db).of('erase', 3, 0).map((r) => r.word);
    expect(related).toEqual(expect.arrayContaining(['delete', 'remove']));
  });

  it('a question with a related word still finds its items', () => {
    const hits = idx.roots[0]!.queries.search('erase the folder quickly please', { limit: 10 });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]!.name).toMatch(/^(erase|delete|remove)_/);
  });

  it('nearest items by learned vectors reach items that share no word with the question', () => {
    const rw = new RelatedWords(idx.roots[0]!.store.db);
    const q = rw.embedQuery(['erase', 'disk'])!;
    expect(q).not.toBeNull();
    const rows = idx.roots[0]!.store.db.prepare(`SELECT rowid, name FROM items`).all() as { rowid: number; name: string }[];
    const names = new Map(rows.map((r) => [r.rowid, r.name] as const));
    const near = rw.nearestItems(q, 20).map((r) => names.get(r.rowid) ?? '');
    // All from the file-deleting group, and some of them say neither "erase" nor "disk".
    expect(near.filter((n) => /^(delete|remove|erase)_/.test(n)).length).toBeGreaterThanOrEqual(18);
    expect(near.some((n) => !n.startsWith('erase_') && !n.includes('disk'))).toBe(true);
  });
});
