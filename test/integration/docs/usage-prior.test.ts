import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsIndexFor } from '../../../src/features/docs/service.js';
import { docsSearch } from '../../../src/features/docs/search.js';
import { fileDocsContext, FIXTURES } from './fixtures.js';

/**
 * The usage prior: how many files of other packages use an item (index/usage.ts). Of two
 * functions that say nearly the same, the one other code calls (through every import form)
 * comes first for a question in words, even though the other's doc matches the question a
 * little better.
 */

const ctx = fileDocsContext(path.join(FIXTURES, 'python-usage'), { dependencies: false });

describe('usage prior', () => {
  it('counts the files of other packages using each name, through module aliases and from-imports', async () => {
    const index = await docsIndexFor(ctx());
    await index.settled();
    const db = index.roots[0]!.store.db;
    expect(db.prepare(`SELECT files FROM usage WHERE key = 'fmtlib.text.render'`).pluck().get()).toBe(3);
    // Three vendored files (tools/_vendor/shim) call render_plain: a bundled copy is not a caller.
    expect(db.prepare(`SELECT COUNT(*) FROM usage WHERE key = 'fmtlib.text.render_plain'`).pluck().get()).toBe(0);
  });

  it('ranks the used one of two similarly worded functions first', async () => {
    const r = await docsSearch({ query: 'turn an object into readable text for a terminal', limit: 5 }, ctx());
    expect(r.results.slice(0, 2).map((h) => h.id)).toEqual(['fmtlib.text.render', 'fmtlib.text.render_plain']);
    expect(r.results[0]!.score).toBeGreaterThan(r.results[1]!.score);
  });
});

describe('usage counts while serving', () => {
  it('are counted again once watched changes settle: a new caller in another package counts', async () => {
    const { cpSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { DocsIndex } = await import('../../../src/core/index/service.js');
    const root = mkdtempSync(path.join(tmpdir(), 'docent-usage-'));
    const indexDir = mkdtempSync(path.join(tmpdir(), 'docent-usage-idx-'));
    cpSync(path.join(FIXTURES, 'python-usage'), root, { recursive: true });
    const idx = new DocsIndex({ roots: [root], indexDir, includePrivate: false, maxFileBytes: 1_000_000, exclude: [], workers: 0, dependencies: false, usageRecountMs: 50 });
    try {
      await idx.catchUp();
      const db = idx.roots[0]!.store.db;
      const files = (key: string) => (db.prepare(`SELECT files FROM usage WHERE key = ?`).pluck().get(key) as number | undefined) ?? 0;
      expect(files('fmtlib.text.render_plain')).toBe(0);
      // Two files of other packages start calling render_plain (a name used by one file is not kept).
      mkdirSync(path.join(root, 'cli'));
      writeFileSync(path.join(root, 'cli', 'show.py'), 'from fmtlib.text import render_plain\n\nrender_plain(1)\n');
      writeFileSync(path.join(root, 'cli', 'log.py'), 'import fmtlib.text\n\nfmtlib.text.render_plain(2)\n');
      await idx.updatePaths(idx.roots[0]!, ['cli/show.py', 'cli/log.py']);
      await expect.poll(() => files('fmtlib.text.render_plain'), { timeout: 5000 }).toBe(2);
      expect(files('fmtlib.text.render')).toBe(3);
    } finally {
      await idx.dispose();
      rmSync(root, { recursive: true, force: true });
      rmSync(indexDir, { recursive: true, force: true });
    }
  });
});
