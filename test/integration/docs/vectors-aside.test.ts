import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DocsIndex as SourceDocsIndex } from '../../../src/core/index/service.js';
import { builtDocsIndex } from '../../helpers/docent.js';
import { tempDirs } from '../../helpers/temp-dirs.js';

/**
 * The built index learns a root's word vectors on a thread of its own while the sync ends
 * (index/vectors-aside.ts); run from the sources, where no compiled worker exists, it learns
 * them on the calling thread. Both must store the same vectors.
 */

type DocsIndexLike = InstanceType<typeof SourceDocsIndex>;
let DistDocsIndex: typeof SourceDocsIndex;
let root: string;
const tmp = tempDirs();

// Summaries of six words drawn (deterministically) from a vocabulary of 300: enough distinct,
// co-occurring words for vectors to be learned (index/vectors.ts MIN_DOCUMENTED_ITEMS).
const VOCABULARY = Array.from({ length: 300 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}x`);
function summary(seed: number): string {
  let x = seed;
  const words: string[] = [];
  for (let k = 0; k < 6; k++) {
    x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
    // Neighbouring topics share words, so that contexts overlap.
    words.push(VOCABULARY[((seed % 50) * 6 + (x % 12)) % VOCABULARY.length]!);
  }
  return words.join(' ');
}

function vectors(idx: DocsIndexLike): Map<string, Float32Array> {
  const rows = idx.roots[0]!.store.db.prepare(`SELECT word, vec FROM word_vectors ORDER BY word`).all() as { word: string; vec: Buffer }[];
  return new Map(rows.map((r) => [r.word, new Float32Array(new Uint8Array(r.vec).buffer)]));
}

async function build(Ctor: typeof SourceDocsIndex, workers: number): Promise<DocsIndexLike> {
  const indexDir = tmp('docent-vectors-aside-db-');
  const idx = new Ctor({ roots: [root], indexDir, includePrivate: false, maxFileBytes: 1_000_000, exclude: [], workers });
  await idx.catchUp();
  return idx;
}

beforeAll(async () => {
  DistDocsIndex = await builtDocsIndex();
  root = tmp('docent-vectors-aside-');
  for (let f = 0; f < 60; f++) {
    const funcs = Array.from({ length: 10 }, (_, k) => `def f${f}_${k}(x):\n    """${summary(f * 10 + k + 1)}."""\n    return x\n`).join('\n\n');
    writeFileSync(path.join(root, `m${f}.py`), `"""Module ${f}."""\n\n\n${funcs}`);
  }
});

describe('word vectors learned aside', () => {
  it('are the vectors the calling thread learns', async () => {
    const threaded = await build(DistDocsIndex, 2);
    const inline = await build(SourceDocsIndex, 0);
    try {
      const a = vectors(threaded);
      const b = vectors(inline);
      expect(a.size).toBeGreaterThan(100);
      expect([...a.keys()]).toEqual([...b.keys()]);
      // Up to the order floating-point sums run in (rows are written in another order by two workers).
      let most = 0;
      for (const [word, v] of a) for (let i = 0; i < v.length; i++) most = Math.max(most, Math.abs(v[i]! - b.get(word)![i]!));
      expect(most).toBeLessThan(1e-4);
      expect(threaded.lastVectorsMs).toBeGreaterThan(0);
      expect(threaded.status().state).toBe('ready');
    } finally {
      await threaded.dispose();
      await inline.dispose();
    }
  }, 60_000);
});
