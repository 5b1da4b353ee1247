import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NameSketch } from '../../../src/core/index/name-sketch.js';
import type { FeatureContext } from '../../../src/features/context.js';
import { DocentError } from '../../../src/core/errors.js';
import { docsGet } from '../../../src/features/docs/get.js';
import { docsSearch } from '../../../src/features/docs/search.js';
import { docsIndexFor } from '../../../src/features/docs/service.js';
import { docsContext } from './fixtures.js';

/**
 * A first build's quick name pass (name-sketch.ts) over real files: names found with file and
 * line before the full index has them, dropped once it does, and answered by docs_search beside
 * the index's results, marked pending. (Run from the sources, the sketch scans on this thread;
 * the built server's own thread is driven in e2e.test.ts.)
 */

let root: string;
let ctx: FeatureContext;

function write(rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
}

function sketchOf(files: { rel: string; language: 'python' | 'typescript' }[]): NameSketch {
  const s = new NameSketch({ includePrivate: false, maxFileBytes: 1_000_000 }, { fromFiles: 1 });
  for (const f of files) s.add({ abs: path.join(root, f.rel), rel: f.rel, language: f.language });
  s.walkDone();
  return s;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-sketch-'));
  write('geometry/shapes.py', '"""Shapes."""\n\nclass Polygon:\n    """A closed figure."""\n\n    def area(self):\n        """The area."""\n        return 0\n\n\ndef make_polygon(points):\n    """Make one."""\n    return Polygon()\n');
  write('web/router.ts', 'export interface Route {\n  path: string;\n}\n\nexport function addRoute(r: Route): void {}\n');
  write('geometry/test_shapes.py', 'def test_area():\n    pass\n');
  ctx = docsContext(root);
  await docsSearch({ query: 'warm up', limit: 1 }, ctx);
}, 60_000);

afterAll(async () => {
  await ctx.services.disposeAll();
});

describe('NameSketch', () => {
  it('starts no pass on a small tree: its names come with the full index about as soon', async () => {
    let started = 0;
    const s = new NameSketch({ includePrivate: false, maxFileBytes: 1_000_000 }, { fromFiles: 3, started: () => started++ });
    s.add({ abs: path.join(root, 'geometry/shapes.py'), rel: 'geometry/shapes.py', language: 'python' });
    s.add({ abs: path.join(root, 'web/router.ts'), rel: 'web/router.ts', language: 'typescript' });
    s.walkDone();
    expect(s.active).toBe(false);
    expect(started).toBe(0);
    expect(await s.search('Polygon', 5)).toEqual([]);
    s.stop();
    await s.settled;
    expect(s.doneAt).toBeNull();
  });

  it('starts once the walk has found enough files, and tells the indexer (which gives it a core until it settles)', async () => {
    const seen: Promise<void>[] = [];
    const s = new NameSketch({ includePrivate: false, maxFileBytes: 1_000_000 }, { fromFiles: 2, started: (settled) => seen.push(settled) });
    s.add({ abs: path.join(root, 'geometry/shapes.py'), rel: 'geometry/shapes.py', language: 'python' });
    expect(s.active).toBe(false);
    s.add({ abs: path.join(root, 'web/router.ts'), rel: 'web/router.ts', language: 'typescript' });
    expect(s.active).toBe(true);
    expect(seen).toEqual([s.settled]);
    s.walkDone();
    await s.settled;
    expect(s.names).toBe(6);
    expect((await s.search('Polygon', 5))[0]?.file).toBe('geometry/shapes.py');
    s.stop();
  });

  it('finds every name the files declare, with file, line and declaring line, by any spelling of the name', async () => {
    const s = sketchOf([{ rel: 'geometry/shapes.py', language: 'python' }, { rel: 'web/router.ts', language: 'typescript' }]);
    await s.settled;
    expect(s.doneAfterMs).toBeGreaterThanOrEqual(0);
    expect(s.names).toBe(6); // Polygon, area, make_polygon; Route, its path, addRoute
    const [hit] = await s.search('make_polygon', 5);
    expect(hit).toMatchObject({ id: 'geometry.shapes.make_polygon', kind: 'function', file: 'geometry/shapes.py', line: 11, signature: 'def make_polygon(points):', pending: true, summary: '' });
    expect((await s.search('makePolygon', 5))[0]?.id).toBe('geometry.shapes.make_polygon');
    expect((await s.search('Polygon.area', 5))[0]).toMatchObject({ id: 'geometry.shapes.Polygon.area', kind: 'method', line: 6 });
    expect((await s.search('addRoute', 5, 'typescript'))[0]).toMatchObject({ id: 'web/router.addRoute', line: 5 });
    expect(await s.search('addRoute', 5, 'python')).toEqual([]);
    // A question in words is the full index's to answer.
    expect(await s.search('make a polygon from points', 5)).toEqual([]);
    s.stop();
  });

  it('leaves out the files the full index has written, and the files it skips (tests)', async () => {
    const s = sketchOf([{ rel: 'geometry/shapes.py', language: 'python' }, { rel: 'geometry/test_shapes.py', language: 'python' }]);
    await s.settled;
    expect(await s.search('test_area', 5)).toEqual([]);
    expect(await s.search('Polygon', 5)).toHaveLength(1);
    s.fileWritten('geometry/shapes.py');
    expect(await s.search('Polygon', 5)).toEqual([]);
    s.stop();
  });

  it('once stopped, finds nothing and settles', async () => {
    const s = sketchOf([{ rel: 'geometry/shapes.py', language: 'python' }]);
    s.stop();
    await s.settled;
    expect(await s.search('Polygon', 5)).toEqual([]);
  });
});

describe('docs_search with a sketch', () => {
  it('adds the names of files the index has not written yet, marked pending, and respects kinds and scope', async () => {
    write('net/late.py', 'def fetch_late_resource(url):\n    """Fetch it."""\n');
    const index = await docsIndexFor(ctx);
    const r = index.roots[0]!;
    expect((await docsSearch({ query: 'fetch_late_resource', limit: 5 }, ctx)).results).toEqual([]);
    const sketch = sketchOf([{ rel: 'net/late.py', language: 'python' }]);
    await sketch.settled;
    r.sketch = sketch;
    try {
      const found = await docsSearch({ query: 'fetch_late_resource', limit: 5 }, ctx);
      expect(found.results[0]).toMatchObject({ id: 'net.late.fetch_late_resource', kind: 'function', file: 'net/late.py', line: 1, pending: true, package: null, snippet: 'def fetch_late_resource(url):' });
      // Names the index has are answered by the index, not twice.
      const indexed = await docsSearch({ query: 'make_polygon', limit: 5 }, ctx);
      expect(indexed.results.map((h) => h.id)).toEqual(['geometry.shapes.make_polygon']);
      expect(indexed.results[0]!.pending).toBeUndefined();
      expect((await docsSearch({ query: 'fetch_late_resource', limit: 5, kinds: ['class'] }, ctx)).results).toEqual([]);
      // docs_get on that id: not found yet, but the error says where it is declared.
      const err = await docsGet({ id: 'net.late.fetch_late_resource', max_chars: 2000 }, ctx).catch((e: unknown) => e as DocentError);
      expect(err).toBeInstanceOf(DocentError);
      expect((err as DocentError).code).toBe('E_NOT_FOUND');
      expect((err as DocentError).message).toMatch(/declared at net\/late\.py:1 .*a first build is running/);
      expect((err as DocentError).details?.declared_at).toEqual({ file: 'net/late.py', line: 1, signature: 'def fetch_late_resource(url):' });
      // An id nobody declares keeps the plain error.
      const other = await docsGet({ id: 'net.late.nothing_here', max_chars: 2000 }, ctx).catch((e: unknown) => e as DocentError);
      expect((other as DocentError).details?.declared_at).toBeUndefined();
      expect((await docsSearch({ query: 'fetch_late_resource', limit: 5, scope: 'deps' }, ctx)).results).toEqual([]);
    } finally {
      r.sketch = null;
      sketch.stop();
    }
  });
});

describe('which builds run the quick pass', () => {
  it("a one-shot command's build runs none (nothing in its process searches until it ends); a served index's does", async () => {
    const big = mkdtempSync(path.join(tmpdir(), 'docent-sketch-which-'));
    for (let i = 0; i < 1100; i++) {
      const dir = path.join(big, `pkg${i % 11}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `mod${i}.py`), `def function_number_${i}(x):\n    """Return x."""\n    return x\n`);
    }
    // The CLI's service: built in the foreground (docsIndexFor waits for the build).
    const oneShot = docsContext(big);
    try {
      const index = await docsIndexFor(oneShot);
      expect(index.status().roots[0]!.searchable_by_name_after_ms).toBeGreaterThanOrEqual(0);
      expect(index.status().roots[0]).not.toHaveProperty('names_searchable_after_ms');
    } finally {
      await oneShot.services.disposeAll();
    }
    // The same tree with the default (a server's DocsIndex): the pass ran and says when it was done.
    const { DocsIndex } = await import('../../../src/core/index/service.js');
    const served = new DocsIndex({ roots: [big], indexDir: mkdtempSync(path.join(tmpdir(), 'docent-sketch-which-idx-')), includePrivate: false, maxFileBytes: 1_000_000, exclude: [], workers: 0 });
    try {
      await served.catchUp();
      expect(served.status().roots[0]!.names_searchable_after_ms).toBeGreaterThanOrEqual(0);
    } finally {
      await served.dispose();
    }
  }, 120_000);
});
