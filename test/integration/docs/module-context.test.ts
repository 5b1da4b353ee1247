import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocsIndex } from '../../../src/core/index/service.js';
import { FIXTURES } from './fixtures.js';

/**
 * A question in words may name what a function's module is about rather than the function:
 * "comma separated" is in `tabular`'s doc, not in `tabular.reader`'s. The module's public
 * members become candidates, and the module's words count for them at part of their weight.
 */

let indexDir: string;
let idx: DocsIndex;

beforeAll(async () => {
  indexDir = mkdtempSync(path.join(tmpdir(), 'docent-module-context-'));
  idx = new DocsIndex({ roots: [path.join(FIXTURES, 'python-context')], indexDir, includePrivate: false, maxFileBytes: 1_000_000, exclude: [], workers: 0 });
  await idx.catchUp();
}, 60_000);

afterAll(async () => {
  await idx?.dispose();
  rmSync(indexDir, { recursive: true, force: true });
});

describe("a module's doc as its members' context", () => {
  it('finds the member whose module the question describes, over items that share its own words', () => {
    const hits = idx.roots[0]!.queries.search('read the rows of a comma separated file', { limit: 5 });
    expect(hits[0]?.id).toBe('tabular.reader');
    // Its module's words lift it, not the module itself (a question in words asks for something to call).
    expect(hits.findIndex((h) => h.id === 'tabular')).toBeGreaterThan(0);
  });

  it('leaves a name query alone', () => {
    expect(idx.roots[0]!.queries.search('rows', { limit: 1 })[0]?.id).toBe('tables.rows');
  });
});
