import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocentError } from '../../../src/core/errors.js';
import { configureCppFixture, isAlive, makeContext, waitFor } from './helpers.js';

// One clangd for the whole file: the fixture is configured by CMake in beforeAll and indexed once.
let env: ReturnType<typeof makeContext>;
let root: string;
let cacheDir: string;

beforeAll(async () => {
  root = configureCppFixture();
  cacheDir = mkdtempSync(path.join(tmpdir(), 'docent-clangd-cache-'));
  env = makeContext([root], { indexDir: cacheDir });
  // Warm up: start clangd and wait for its background index.
  await env.search({ query: 'Point', include_details: false });
  await env.indexDocs();
});
afterAll(async () => {
  await env?.services.disposeAll();
});

const names = (r: { symbols: Array<{ qualified_name: string }> }) => r.symbols.map((s) => s.qualified_name);

describe('search_symbols on clangd (CMake fixture)', () => {
  it('fuzzy name query finds both overloads, ranked exact first, with details', async () => {
    const r = await env.search({ query: 'distance', include_references: true });
    expect(r.index_status).toBe('ready');
    expect(r.symbols.filter((s) => s.qualified_name === 'geo::distance')).toHaveLength(2);
    expect(r.symbols[0]!.name).toBe('distance');
    // Found at its definition in the .cpp; signature and doc come from the header's declaration (docs index).
    const two = r.symbols.find((s) => /\(const (geo::)?Point ?& ?a, const (geo::)?Point ?& ?b\)/.test(s.signature ?? ''));
    expect(two?.documentation).toBe('Distance between two points.');
    expect(two?.kind).toBe('function');
    expect(two?.location.file).toBe('src/shapes.cpp');
    expect(two?.location.line_preview.startsWith('double distance(const Point& a')).toBe(true);
    expect(typeof two?.references_count).toBe('number');
    const one = r.symbols.find((s) => /\(const (geo::)?Point ?& ?p\)/.test(s.signature ?? ''));
    expect(one?.documentation).toBe('Distance of a point from the origin.');
  });

  it('counts references only when asked', async () => {
    const r = await env.search({ query: 'distance' });
    expect(r.symbols[0]!.signature).toBeTruthy();
    expect(r.symbols.some((s) => s.references_count !== undefined)).toBe(false);
  });

  it('qualified query geo::Circle', async () => {
    const r = await env.search({ query: 'geo::Circle' });
    expect(names(r)).toContain('geo::Circle');
    const cls = r.symbols.find((s) => s.qualified_name === 'geo::Circle')!;
    expect(cls.kind).toBe('class');
    expect(cls.location.file).toBe('include/geo/shapes.h');
    expect(cls.location.range.start).toEqual({ line: 29, character: 7 });
    expect(cls.documentation).toContain('A circle given by its centre and radius.');
  });

  it('global-scope query ::main finds main only', async () => {
    const r = await env.search({ query: '::main' });
    expect(names(r)).toEqual(['main']);
    expect(r.symbols[0]!.location.file).toBe('src/main.cpp');
  });

  it('namespace query geo:: lists the namespace, with typedefs recognised', async () => {
    const r = await env.search({ query: 'geo::', include_details: false, max_results: 200 });
    const n = names(r);
    for (const q of ['geo::Point', 'geo::Shape', 'geo::Matrix', 'geo::largest_area', 'geo::Polygon']) expect(n).toContain(q);
    expect(r.symbols.find((s) => s.qualified_name === 'geo::Polygon')!.kind).toBe('typedef');
    expect(r.symbols.find((s) => s.qualified_name === 'geo::ShapeList')!.kind).toBe('typedef');
    expect(n.every((q) => q.startsWith('geo::'))).toBe(true);
  });

  it('kinds filter keeps only the requested kinds', async () => {
    const r = await env.search({ query: 'a', kinds: ['method'], include_details: false, max_results: 500 });
    expect(r.symbols.length).toBeGreaterThan(0);
    expect(r.symbols.every((s) => s.kind === 'method')).toBe(true);
    expect(names(r)).toContain('geo::Circle::area');
    const t = await env.search({ query: 'Polygon', kinds: ['typedef'] });
    expect(names(t)).toEqual(['geo::Polygon']);
  });

  it('max_results smaller than total_matches truncates and pages', async () => {
    const all = await env.search({ query: 'geo::', include_details: false, max_results: 1000 });
    const page = await env.search({ query: 'geo::', include_details: false, max_results: 5 });
    expect(page.total_matches).toBe(all.total_matches);
    expect(page.total_matches).toBeGreaterThan(5);
    expect(page.symbols).toHaveLength(5);
    expect(page.truncated).toBe(true);
    expect(page.next_offset).toBe(5);
    const next = await env.search({ query: 'geo::', include_details: false, max_results: 5, offset: 5 });
    expect(names(next)).toEqual(names(all).slice(5, 10));
  });

  it('std:: symbols appear only with include_external', async () => {
    const off = await env.search({ query: 'std::vector', include_details: false });
    expect(off.symbols).toHaveLength(0);
    expect(off.warnings.join(' ')).toMatch(/include_external/);
    const on = await env.search({ query: 'std::vector', include_external: true, include_details: false });
    const vec = on.symbols.find((s) => s.qualified_name === 'std::vector');
    expect(vec).toBeDefined();
    expect(vec!.external).toBe(true);
    expect(vec!.location.file.startsWith('/usr/')).toBe(true);
  });

  it('files: document symbols of one file, filtered by the query, with qualified names', async () => {
    const r = await env.search({ query: 'area', files: ['src/shapes.cpp'], include_details: false });
    expect(names(r).sort()).toEqual(['geo::Circle::area', 'geo::Rectangle::area', 'geo::largest_area'].sort());
    expect(r.symbols.every((s) => s.location.file === 'src/shapes.cpp')).toBe(true);
    const scoped = await env.search({ query: 'Circle::', files: ['src/shapes.cpp'], include_details: false });
    expect(names(scoped).sort()).toEqual(['geo::Circle::Circle', 'geo::Circle::area', 'geo::Circle::name'].sort());
  });

  it('files accepts globs', async () => {
    const r = await env.search({ query: 'sort', files: ['src/*.cpp'], include_details: false });
    expect(names(r)).toEqual(['geo::algo::sort_by_area']);
  });

  it('a file outside compile_commands.json counts as external', async () => {
    const off = await env.search({ query: 'Orphan', files: ['extra/orphan.cpp'], include_details: false });
    expect(off.symbols).toHaveLength(0);
    expect(off.warnings.join(' ')).toMatch(/not in compile_commands\.json/);
    const on = await env.search({ query: 'Orphan', files: ['extra/orphan.cpp'], include_external: true, include_details: false });
    expect(names(on).sort()).toEqual(['extra::OrphanThing', 'extra::orphan_function']);
    expect(on.symbols.every((s) => s.external === true)).toBe(true);
  });

  it('a missing file is E_NOT_FOUND', async () => {
    await expect(env.search({ query: 'x', files: ['src/nope.cpp'] })).rejects.toMatchObject({ code: 'E_NOT_FOUND' });
  });

  it('recovers when clangd is killed mid-session', async () => {
    const server = env.manager().list().find((s) => s.spec.id === 'clangd')!;
    const pid = server.pid!;
    expect(isAlive(pid)).toBe(true);
    server.killForTest();
    expect(await waitFor(() => !isAlive(pid))).toBe(true);
    const r = await env.search({ query: 'largest_area', include_details: false });
    expect(names(r)).toEqual(['geo::largest_area']);
    expect(server.pid).toBeDefined();
    expect(server.pid).not.toBe(pid);
  });

  it('honours cancellation', async () => {
    const ac = new AbortController();
    const p = env.search({ query: 'Shape' }, ac.signal);
    ac.abort();
    await expect(p).rejects.toBeInstanceOf(DocentError);
    await expect(p).rejects.toMatchObject({ code: 'E_CANCELLED' });
  });
});

describe('clangd writes nothing into the project', () => {
  it('keeps its background index in docent\'s cache, not beside compile_commands.json', async () => {
    // Indexing runs in the background; give it time to write its shards.
    const clangdDirs = () => (existsSync(path.join(cacheDir, 'clangd')) ? readdirSync(path.join(cacheDir, 'clangd')) : []);
    const indexed = await waitFor(() => clangdDirs().some((d) => existsSync(path.join(cacheDir, 'clangd', d, '.cache', 'clangd', 'index'))), 30_000);
    expect(indexed).toBe(true);
    expect(existsSync(path.join(root, 'build', '.cache'))).toBe(false);
    expect(existsSync(path.join(root, '.cache'))).toBe(false);
  });
});
