import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocsIndex } from '../../../src/core/index/service.js';
import { tempIndex } from './fixtures.js';

/**
 * A single very common word is first looked for in names only (ranking every row that has it
 * would be slow); when no name says it, the word is meant in the prose, and search must still
 * answer from the docs rather than come back empty.
 */

let idx: DocsIndex;
let close: () => Promise<void>;

beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'docent-common-'));
  const body = Array.from({ length: 600 }, (_, i) => `def f${i}(x):\n    """Scale the gadget reading number ${i}."""\n    return x\n`).join('\n\n');
  writeFileSync(path.join(root, 'many.py'), `"""Many small functions."""\n\n${body}`);
  writeFileSync(path.join(root, 'named.py'), `"""Gadget helpers."""\n\n\ndef gadget_total(xs):\n    """Sum the readings."""\n    return sum(xs)\n`);
  ({ idx, close } = await tempIndex(root, 'docent-common-db-'));
}, 60_000);

afterAll(async () => {
  await close?.();
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
