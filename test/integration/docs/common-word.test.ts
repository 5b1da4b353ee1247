import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocsIndex } from '../../../src/core/index/service.js';

/**
 * A single very common word is first looked for in names only (ranking every row that has it
 * would be slow); when no name says it, the word is meant in the prose, and search must still
 * answer from the docs rather than come back empty.
 */

let root: string;
let indexDir: string;
let idx: DocsIndex;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-common-'));
  indexDir = mkdtempSync(path.join(tmpdir(), 'docent-common-db-'));
  const body = Array.from({ length: 600 }, (_, i) => `def f${i}(x):\n    """Scale the gadget reading number ${i}."""\n    return x\n`).join('\n\n');
  writeFileSync(path.join(root, 'many.py'), `"""Many small functions."""\n\n${body}`);
  writeFileSync(path.join(root, 'named.py'), `"""Gadget helpers."""\n\n\ndef gadget_total(xs):\n    """Sum the readings."""\n    return sum(xs)\n`);
  idx = new DocsIndex({ roots: [root], indexDir, includePrivate: false, maxFileBytes: 1_000_000, exclude: [], workers: 0 });
  await idx.catchUp();
}, 60_000);

afterAll(async () => {
  await idx?.dispose();
  rmSync(root, { recursive: true, force: true });
  rmSync(indexDir, { recursive: true, force: true });
});

describe('docs search for one very common word', () => {
  it('answers from the prose when no name has the word', () => {
    expect(idx.status().items).toBeGreaterThan(600);
    const hits = idx.roots[0]!.queries.search('reading', { limit: 10 });
    expect(hits).toHaveLength(10);
    for (const h of hits) expect(h.id).toMatch(/^many\.f\d+$/);
  });

  it('still puts a name match first when one exists', () => {
    const hits = idx.roots[0]!.queries.search('gadget', { limit: 5 });
    expect(hits[0]!.id).toBe('named.gadget_total');
    expect(hits).toHaveLength(5);
  });
});
