import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { docsIndexFor } from '../../../src/features/docs/service.js';
import { docsSearch } from '../../../src/features/docs/search.js';
import { fileDocsContext, FIXTURES, writeTree } from './fixtures.js';
import { DocsIndex } from '../../../src/core/index/service.js';

/**
 * The usage prior: how many files of other packages use an item (index/usage.ts). Of two
 * functions that say nearly the same, the one other code calls (through every import form)
 * comes first for a question in words, even though the other's doc matches the question a
 * little better, when the counts come from enough files to mean something.
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

  it('trusts counts from a few files little: the better-worded doc wins', async () => {
    // Five files use other packages' names here: whether render_plain was called is chance.
    const r = await docsSearch({ query: 'turn an object into readable text for a terminal', limit: 5 }, ctx());
    expect(r.results.slice(0, 2).map((h) => h.id)).toEqual(['fmtlib.text.render_plain', 'fmtlib.text.render']);
  });
});

describe('usage prior over many files', () => {
  // The same tree with 400 more files of another package that use names, 40 of them render:
  // counts over that many files are evidence, and render's callers decide.
  let root = '';
  const files: Record<string, string> = {};
  for (let i = 0; i < 400; i++) files[`svc/m${i}.py`] = i < 40 ? `from fmtlib.text import render\n\nrender(${i})\n` : `import json\n\njson.dumps({${i}: ${i}})\n`;
  const many = fileDocsContext(withFiles(path.join(FIXTURES, 'python-usage'), files, (dir) => (root = dir)), { dependencies: false });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('ranks the used one of two similarly worded functions first', async () => {
    const r = await docsSearch({ query: 'turn an object into readable text for a terminal', limit: 5 }, many());
    expect(r.results.slice(0, 2).map((h) => h.id)).toEqual(['fmtlib.text.render', 'fmtlib.text.render_plain']);
    expect(r.results[0]!.score).toBeGreaterThan(r.results[1]!.score);
  });
});

describe('usage prior over several roots', () => {
  // The library in one root, the 400 files that use it in another: each database counts only
  // its own files, so the library's alone has the five-file evidence of the first case. A
  // search over both weighs the library's items by the use both saw (index/pooled-counts.ts).
  let users = '';
  const files: Record<string, string> = {};
  for (let i = 0; i < 400; i++) files[`svc/m${i}.py`] = i < 40 ? `from fmtlib.text import render\n\nrender(${i})\n` : `import json\n\njson.dumps({${i}: ${i}})\n`;
  const both = fileDocsContext([path.join(FIXTURES, 'python-usage'), (users = writeTree(files, 'docent-usage-users-'))], { dependencies: false });
  afterAll(() => rmSync(users, { recursive: true, force: true }));

  it("ranks the function another root's files use first, as one root holding them all does", async () => {
    const index = await docsIndexFor(both());
    await index.settled();
    expect(index.roots).toHaveLength(2);
    // The callers are counted in their own root's database, not in the library's.
    expect(index.roots[1]!.store.db.prepare(`SELECT files FROM usage WHERE key = 'fmtlib.text.render'`).pluck().get()).toBe(40);
    expect(index.roots[0]!.store.db.prepare(`SELECT files FROM usage WHERE key = 'fmtlib.text.render'`).pluck().get()).toBe(3);
    const r = await docsSearch({ query: 'turn an object into readable text for a terminal', limit: 5 }, both());
    expect(r.results.slice(0, 2).map((h) => h.id)).toEqual(['fmtlib.text.render', 'fmtlib.text.render_plain']);
    expect(r.results[0]!.score).toBeGreaterThan(r.results[1]!.score);
  });
});

describe('module popularity over several roots', () => {
  // Two modules of one root say the same; another root's files import one of them (and
  // call nothing in it, so no name's use counts): the imported module's item comes first for a
  // search over both roots, as it would in one root holding them all (index/popularity.ts).
  let lib = '';
  let users = '';
  const importers: Record<string, string> = {};
  for (let i = 0; i < 40; i++) importers[`svc/m${i}.py`] = `import termtext\n\nVALUE = ${i}\n`;
  const both = fileDocsContext(
    [
      (lib = writeTree(
        {
          'termtext/__init__.py': 'def render(value):\n    """Turn a value into text for a terminal."""\n',
          'plaintext/__init__.py': 'def display(value):\n    """Turn a value into text for a terminal."""\n',
        },
        'docent-popularity-lib-',
      )),
      (users = writeTree(importers, 'docent-popularity-users-')),
    ],
    { dependencies: false },
  );
  afterAll(() => {
    rmSync(lib, { recursive: true, force: true });
    rmSync(users, { recursive: true, force: true });
  });

  it("ranks the item of the module another root's files import first", async () => {
    const r = await docsSearch({ query: 'turn a value into text for a terminal', limit: 5 }, both());
    expect(r.results.slice(0, 2).map((h) => h.id)).toEqual(['termtext.render', 'plaintext.display']);
    expect(r.results[0]!.score).toBeGreaterThan(r.results[1]!.score);
  });
});

describe('usage prior in Go', () => {
  it("counts another package of the same module or tree as a user (net/http of net/url), not the package's own files", async () => {
    const root = writeTree(
      {
        'go.mod': 'module example.com/m\n\ngo 1.19\n',
        'net/url/url.go': 'package url\n\n// Parse parses a URL.\nfunc Parse(s string) string { return s }\n',
        'net/url/more.go': 'package url\n\nfunc again(s string) string { return Parse(s) }\n',
        'net/url/url_test.go': 'package url_test\n\nimport "example.com/m/net/url"\n\nvar _ = url.Parse("x")\n',
        'net/http/client.go': 'package http\n\nimport "example.com/m/net/url"\n\n// Get fetches.\nfunc Get(s string) string { return url.Parse(s) }\n',
        'net/http/server.go': 'package http\n\nimport "example.com/m/net/url"\n\n// Serve serves.\nfunc Serve(s string) string { return url.Parse(s) }\n',
      },
      'docent-usage-go-',
    );
    const indexDir = mkdtempSync(path.join(tmpdir(), 'docent-usage-go-db-'));
    const idx = new DocsIndex({ roots: [root], indexDir, includePrivate: false, maxFileBytes: 1_000_000, exclude: [], workers: 0, dependencies: false });
    try {
      await idx.catchUp();
      await idx.settled();
      const files = idx.roots[0]!.store.db.prepare(`SELECT files FROM usage WHERE key = 'example.com.m.net.url.Parse'`).pluck().get();
      // client.go and server.go; not url_test.go, which is the package's own test.
      expect(files).toBe(2);
    } finally {
      await idx.dispose();
      rmSync(root, { recursive: true, force: true });
      rmSync(indexDir, { recursive: true, force: true });
    }
  });
});

/** A temporary copy of `fixture` with `files` added (relative path → text); `made` receives its path. */
function withFiles(fixture: string, files: Record<string, string>, made: (dir: string) => void): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docent-usage-many-'));
  cpSync(fixture, dir, { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  made(dir);
  return dir;
}

describe('usage counts while serving', () => {
  it('are counted again once watched changes settle: a new caller in another package counts', async () => {
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
