import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, runCli, startDocent, type DocentSession } from '../../helpers/docent.js';
import { FIXTURES } from './fixtures.js';

/** The docs_* tools end to end: `docent serve` over stdio, driven by the MCP SDK client. */

let root: string;
let indexDir: string;
let session: DocentSession;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-docs-e2e-'));
  cpSync(FIXTURES, root, { recursive: true });
  indexDir = mkdtempSync(path.join(tmpdir(), 'docent-docs-e2e-idx-'));
  session = await startDocent(['--root', root], { DOCENT_INDEX_DIR: indexDir });
});

afterAll(async () => {
  await session?.close();
});

const sc = (r: { structuredContent?: unknown }) => r.structuredContent as Record<string, any>;

describe('docs tools over MCP', () => {
  it('index_status reports the state, and with wait: true the finished index', async () => {
    const r = await session.call('index_status', { wait: true });
    expect(r.isError).toBeFalsy();
    const s = sc(r);
    expect(s.state).toBe('ready');
    expect(s.files).toBeGreaterThanOrEqual(6);
    expect(s.languages).toMatchObject({ python: 56, typescript: 14, javascript: 15, cpp: 10, c: 1 });
    expect(s.items).toBeGreaterThan(30);
    expect(s.pending).toBe(0);
    expect(typeof s.last_update).toBe('string');
    // A tree this small gets no quick name pass: its names come with the full index.
    expect(s).not.toHaveProperty('names_searchable_at');
  });

  it('docs_search ranks by score and carries index_status', async () => {
    // The project's own items: the Python standard library is a dependency too (math.dist says the same).
    const r = await session.call('docs_search', { query: 'euclidean distance between two points', scope: 'project' });
    const s = sc(r);
    expect(s.results[0].id).toBe('geo.distance');
    expect(s.results[0]).toMatchObject({ name: 'distance', kind: 'function', snippet: 'Return the Euclidean distance between two points.' });
    expect(s.index_status.state).toBe('ready');
    const scores = s.results.map((x: { score: number }) => x.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const k = sc(await session.call('docs_search', { query: 'vector', kinds: ['class'], limit: 3 }));
    expect(k.results.map((x: { id: string }) => x.id)).toEqual(['std::vector', 'geo::Vec2']);
    expect(r.content[0]).toMatchObject({ type: 'text' });
  });

  it('docs_get returns the structured item, with members for a class', async () => {
    const d = sc(await session.call('docs_get', { id: 'geo::Vec2::at' }));
    expect(d).toMatchObject({ id: 'geo::Vec2::at', kind: 'method', signature: 'double at(int index) const', returns: { type: 'double', doc: 'The component value.' } });
    expect(d.location).toEqual({ file: 'cpp/include/geo/vec.hpp', line: 37, end_line: 37 });
    const c = sc(await session.call('docs_get', { id: 'geo::Vec2' }));
    expect(c.members.map((m: { name: string }) => m.name)).toEqual(['Vec2', 'at', 'length', 'norm', 'x', 'y']);
  });

  it('docs_get on an unknown id is E_NOT_FOUND with suggestions', async () => {
    const r = await session.call('docs_get', { id: 'geo.distanse' });
    expect(r.isError).toBe(true);
    const e = errorOf(r);
    expect(e.code).toBe('E_NOT_FOUND');
    expect(e.hint).toContain('geo.distance');
    const bad = await session.call('docs_search', { query: '' });
    expect(errorOf(bad).code).toBe('E_BAD_INPUT');
  });

  it('docs_get and docs_resolve of a module with no docstring say so, and point at docs_list', async () => {
    for (const r of [await session.call('docs_get', { id: 'python-public.client.sync' }), await session.call('docs_resolve', { symbol: 'python-public.client.sync' })]) {
      const e = errorOf(r);
      expect(e.code).toBe('E_NOT_FOUND');
      expect(e.message).toContain('is a module with no documentation of its own');
      expect(e.hint).toBe('docs_list with module "python-public.client.sync" lists its 1 item.');
    }
    expect(sc(await session.call('docs_list', { module: 'python-public.client.sync' })).items).toHaveLength(1);
  });

  it("counts what a module without a docstring passes on as docs_list does: its own names and a star import's", async () => {
    const pkg = path.join(root, 'python-public', 'reexporter');
    mkdirSync(pkg);
    const q = '"""';
    writeFileSync(path.join(pkg, 'parts.py'), `${q}Parts the package passes on.${q}\n\n__all__ = ["first_part", "second_part"]\n\n\ndef first_part():\n    ${q}The first part.${q}\n\n\ndef second_part():\n    ${q}The second part.${q}\n`);
    writeFileSync(path.join(pkg, '__init__.py'), `from .parts import *\n\n\ndef own_helper():\n    ${q}A name the package defines itself, beside the ones it passes on.${q}\n`);
    try {
      let total = 0;
      // The watcher indexes the new files: seconds on a loaded machine.
      for (let i = 0; i < 250 && total < 3; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const listed = await session.call('docs_list', { module: 'python-public.reexporter' });
        total = listed.isError ? 0 : sc(listed).total;
      }
      // One name of its own, two from `from .parts import *`: the hint says what docs_list lists.
      expect(total).toBe(3);
      expect(errorOf(await session.call('docs_get', { id: 'python-public.reexporter' })).hint).toBe('docs_list with module "python-public.reexporter" lists its 3 items.');
    } finally {
      rmSync(pkg, { recursive: true, force: true });
    }
  }, 40_000);

  it('docs_list shows a module with its doc, items and submodules', async () => {
    const g = sc(await session.call('docs_list', { module: 'geo' }));
    expect(g.module).toMatchObject({ name: 'geo', summary: 'Geometry helpers.' });
    expect(g.items.map((i: { id: string }) => i.id)).toEqual(expect.arrayContaining(['geo.distance', 'geo.area', 'geo.ORIGIN']));
    expect(g.submodules).toContain('geo.shapes');
  });

  it('docs_resolve ranks candidates by the context module or file', async () => {
    const plain = sc(await session.call('docs_resolve', { symbol: 'area' }));
    expect(plain.id).toBe('geo.area');
    const r = sc(await session.call('docs_resolve', { symbol: 'area', context: 'python/geo/shapes.py' }));
    expect(['geo.shapes.Shape.area', 'geo.shapes.Circle.area']).toContain(r.id);
    expect(r.alternatives.map((a: { id: string }) => a.id)).toEqual(expect.arrayContaining(['geo.area']));
    const q = sc(await session.call('docs_resolve', { symbol: 'Circle.area' }));
    expect(q.id).toBe('geo.shapes.Circle.area');
    const file = sc(await session.call('docs_resolve', { symbol: 'Circle', context: 'python/geo/__init__.py' }));
    expect(file.id).toBe('geo.shapes.Circle');
  });

  it('docs_examples checks examples with the language grammar', async () => {
    const r = sc(await session.call('docs_examples', { id: 'geo.distance' }));
    expect(r.examples).toEqual([{ code: '>>> distance((0, 0), (3, 4))\n5.0', description: null, language: 'python', runnable: true, source: 'doc' }]);
    const cpp = sc(await session.call('docs_examples', { id: 'geo::Vec2::at' }));
    expect(cpp.examples[0]).toMatchObject({ language: 'cpp', runnable: true });
  });

  it('docs_related gives reasons and relevance', async () => {
    const r = sc(await session.call('docs_related', { id: 'geo.shapes.Circle.area' }));
    const reasons = new Map(r.related.map((x: { id: string; reason: string }) => [x.id, x.reason]));
    expect(reasons.get('geo.shapes.Shape.area')).toMatch(/see_also|implements/);
    const p = sc(await session.call('docs_related', { id: 'ts/src/strings.parseConfig' }));
    expect(p.related[0]).toMatchObject({ id: 'ts/src/strings.formatConfig', reason: 'see_also', relevance: 1, resolved: true });
  });
});

describe('docs CLI', () => {
  it('docent index, search and doc work against the same index', () => {
    const env = { DOCENT_INDEX_DIR: indexDir, DOCENT_LOG: 'silent' };
    const idx = runCli(['index', root, '--json'], { env });
    expect(idx.status).toBe(0);
    expect(JSON.parse(idx.stdout).status.state).toBe('ready');
    const s = runCli(['search', 'tokenizer', 'over', 'a', 'string', '--root', root, '--json'], { env });
    expect(s.status).toBe(0);
    expect(JSON.parse(s.stdout).results[0].id).toBe('ts/src/strings.Tokenizer');
    const d = runCli(['doc', 'geo.distance', '--root', root], { env });
    expect(d.status).toBe(0);
    expect(d.stdout).toContain('def distance(p, q, *, squared: bool = False) -> float');
    expect(d.stdout).toContain('ValueError');
    const missing = runCli(['doc', 'no.such.item', '--root', root], { env });
    expect(missing.status).toBe(1);
  });
});

describe('an empty docs index says so', () => {
  it('tells an empty index from a search that matched nothing', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'docent-docs-empty-'));
    const env = { DOCENT_INDEX_DIR: mkdtempSync(path.join(tmpdir(), 'docent-docs-empty-idx-')), DOCENT_LOG: 'silent' };
    const r = runCli(['search', 'anything', '--root', empty], { env });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('No results for "anything".');
    expect(r.stdout).toContain('the index is empty');
    const j = JSON.parse(runCli(['search', 'anything', '--root', empty, '--json'], { env }).stdout);
    expect(j.index_status).toMatchObject({ state: 'ready', files: 0, items: 0 });
    expect(j.index_status.note).toMatch(/no TypeScript\/JavaScript, Python, C\/C\+\+, Rust, Go or Java files/);
  });

  it('a populated index adds no state line to its answers', () => {
    const env = { DOCENT_INDEX_DIR: indexDir, DOCENT_LOG: 'silent' };
    const r = runCli(['search', 'tokenizer', '--root', root], { env });
    expect(r.status).toBe(0);
    expect(r.stdout).not.toContain('(index ');
  });
});

describe("a first build's quick name pass over MCP", () => {
  it('on a tree of 1,200 files: index_status says when every name was found, no later than every item', async () => {
    const big = mkdtempSync(path.join(tmpdir(), 'docent-docs-sketch-'));
    for (let i = 0; i < 1200; i++) {
      const dir = path.join(big, `pkg${i % 12}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `mod${i}.py`), `"""Module ${i}."""\n\n\ndef function_number_${i}(x):\n    """Return x."""\n    return x\n`);
    }
    const s2 = await startDocent(['--root', big]);
    try {
      const r = await s2.call('index_status', { wait: true });
      const st = sc(r);
      expect(st.state).toBe('ready');
      const [rootStatus] = st.roots;
      expect(typeof st.names_searchable_at).toBe('string');
      expect(rootStatus.names_searchable_after_ms).toBeGreaterThanOrEqual(0);
      expect(rootStatus.names_searchable_after_ms).toBeLessThanOrEqual(rootStatus.searchable_by_name_after_ms);
      expect((r.content as { text: string }[])[0]?.text ?? '').toMatch(/every name found by a quick pass since/);
      // Once built, answers are the full index's: no result is pending.
      const hit = sc(await s2.call('docs_search', { query: 'function_number_1199', limit: 3 })).results[0];
      expect(hit).toMatchObject({ id: 'pkg11.mod1199.function_number_1199', line: 4, snippet: 'Return x.' });
      expect(hit.pending).toBeUndefined();
    } finally {
      await s2.close();
    }
  }, 120_000);
});
