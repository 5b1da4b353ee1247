import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocsIndex } from '../../../src/core/index/service.js';

/**
 * Folding search results (fold-hits.ts) on a real index: variants of one method (the same name,
 * kind and a summary of a sentence, under other signatures, as lib.d.ts declares `from` on each
 * typed-array constructor) are one answer with the others in also_in; a short summary says too
 * little, and same-named items with other signatures stay apart.
 */

const SOURCE = `
export interface Int8ArrayConstructor {
  /** Creates an array from an array-like or iterable object. */
  from(arrayLike: ArrayLike<number>): Int8Array;
}
export interface Uint8ArrayConstructor {
  /** Creates an array from an array-like or iterable object. */
  from(arrayLike: ArrayLike<number>): Uint8Array;
}
export interface Float32ArrayConstructor {
  /** Creates an array from an array-like or iterable object. */
  from(arrayLike: ArrayLike<number>, scale: number): Float32Array;
}
export interface Box {
  /** Opens the lid. */
  open(force: boolean): void;
}
export interface Crate {
  /** Opens the lid. */
  open(tool: string, force: boolean): void;
}
`;

let base: string;
let index: DocsIndex;

beforeAll(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'docent-fold-'));
  const root = path.join(base, 'project');
  mkdirSync(path.join(root, 'src'), { recursive: true });
  writeFileSync(path.join(root, 'src', 'arrays.ts'), SOURCE);
  index = new DocsIndex({ roots: [root], indexDir: path.join(base, 'idx'), includePrivate: false, maxFileBytes: 1e6, exclude: [], workers: 0, dependencies: false });
  await index.catchUp();
});

afterAll(async () => {
  await index?.dispose();
  rmSync(base, { recursive: true, force: true });
});

describe('folding search results', () => {
  it('makes variants of one method with one summary a single answer, the others in also_in', () => {
    const hits = index.roots[0]!.queries.search('create an array from an iterable object', { limit: 10 });
    const froms = hits.filter((h) => h.name === 'from');
    expect(froms).toHaveLength(1);
    const ids = [froms[0]!.id, ...froms[0]!.also_in.map((a) => a.id)].map((id) => id.replace(/^.*\.(\w+ArrayConstructor\.from)$/, '$1')).sort();
    expect(ids).toEqual(['Float32ArrayConstructor.from', 'Int8ArrayConstructor.from', 'Uint8ArrayConstructor.from']);
  });

  it('keeps same-named items apart when a short summary and their signatures differ', () => {
    const hits = index.roots[0]!.queries.search('open the lid', { limit: 10 });
    const opens = hits.filter((h) => h.name === 'open').map((h) => h.id.replace(/^.*\.(\w+\.open)$/, '$1')).sort();
    expect(opens).toEqual(['Box.open', 'Crate.open']);
  });
});
