import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocsIndex } from '../../../src/core/index/service.js';
import { mergeSameId } from '../../../src/core/index/fold-hits.js';
import type { SearchHit } from '../../../src/core/index/search.js';
import { docsSearch } from '../../../src/features/docs/search.js';
import { docsContext, writeTree } from './fixtures.js';

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

describe('the copies a hit lists', () => {
  it('lists each copy once, whether reached as a class or through its constructor', async () => {
    // A package shipping the same class as CommonJS and ESM builds, as the MCP SDK does: each
    // class row and its constructor row name the same file and line.
    const cls = '/**\n * Client transport over standard input and output: starts the server as a child process.\n */\nexport class PipeTransport {\n  /** Start `command` when connected. */\n  constructor(command) {\n    this.command = command;\n  }\n}\n';
    const root = writeTree({ 'dist/cjs/pipe.js': cls, 'dist/esm/pipe.js': cls, 'dist/other/pipe.js': cls }, 'docent-copies-');
    const ctx = docsContext([root], { dependencies: false });
    try {
      const r = await docsSearch({ query: 'transport that starts the server as a child process', limit: 5 }, ctx);
      const hits = r.results.filter((h) => h.name === 'PipeTransport');
      expect(hits).toHaveLength(1);
      const places = [`${hits[0]!.id} ${hits[0]!.file}:${hits[0]!.line}`, ...(hits[0]!.also_in ?? []).map((a) => `${a.id} ${a.file}:${a.line}`)];
      expect(places.length).toBeGreaterThanOrEqual(3);
      expect(new Set(places).size).toBe(places.length);
    } finally {
      await ctx.services.disposeAll();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the declaration shown', () => {
  it("shows a JavaScript item's typed declaration (.d.ts) when both carry the same docs, the .js in also_in", async () => {
    const doc = '/**\n * Client transport over standard input and output: starts the server as a child process.\n */\n';
    const root = writeTree({
      // The .js constructor documented, the .d.ts one not: the class still answers with the typed parameters.
      'dist/pipe.js': `${doc}export class PipeTransport {\n  /** Start \`command\` when connected. */\n  constructor(command) {\n    this.command = command;\n  }\n}\n${doc.replace('Client transport', 'Open a transport')}export function openPipe(command) {\n  return new PipeTransport(command);\n}\n`,
      'dist/pipe.d.ts': `${doc}export declare class PipeTransport {\n  constructor(command: string);\n}\n${doc.replace('Client transport', 'Open a transport')}export declare function openPipe(command: string): PipeTransport;\n`,
    }, 'docent-typed-');
    const ctx = docsContext([root], { dependencies: false });
    try {
      for (const [query, name, signature] of [
        ['transport that starts the server as a child process', 'PipeTransport', 'class PipeTransport (command: string)'],
        ['open a transport that starts the server as a child process', 'openPipe', 'function openPipe(command: string): PipeTransport'],
      ] as const) {
        const hits = (await docsSearch({ query, limit: 5 }, ctx)).results.filter((h) => h.name === name);
        expect(hits, query).toHaveLength(1);
        expect(hits[0]).toMatchObject({ file: 'dist/pipe.d.ts', signature });
        expect(hits[0]!.also_in?.map((a) => a.file)).toEqual(['dist/pipe.js']);
      }
    } finally {
      await ctx.services.disposeAll();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('one answer per id across databases (docs_search over several roots)', () => {
  it("shows the documented declaration once, the other root's in also_in", async () => {
    const a = writeTree({ 'geom.py': 'def area(w, h):\n    return w * h\n' }, 'docent-same-id-a-');
    const b = writeTree({ 'geom.py': 'def area(w, h):\n    """Area of a rectangle of width w and height h."""\n    return w * h\n' }, 'docent-same-id-b-');
    const ctx = docsContext([a, b], { dependencies: false });
    try {
      const r = await docsSearch({ query: 'area', limit: 5 }, ctx);
      const areas = r.results.filter((h) => h.id === 'geom.area');
      expect(areas).toHaveLength(1);
      expect(areas[0]!.snippet).toBe('Area of a rectangle of width w and height h.');
      expect(areas[0]!.also_in?.map((x) => x.id)).toEqual(['geom.area']);
      expect(areas[0]!.also_in?.[0]?.file).not.toBe(areas[0]!.file);
    } finally {
      await ctx.services.disposeAll();
      rmSync(a, { recursive: true, force: true });
      rmSync(b, { recursive: true, force: true });
    }
  });

  it('puts a documented declaration in front of an undocumented one shown first', () => {
    const hit = (file: string, summary: string): SearchHit => ({ id: 'geom.area', name: 'area', kind: 'function', module: 'geom', score: 2, summary, signature: 'def area(w, h)', file, line: 1, visibility: 'public', also_in: [], package: null, version: null });
    const shown = { ...hit('a/geom.py', ''), score: 3 };
    mergeSameId(shown, hit('b/geom.py', 'Area of a rectangle.'), 'geom.area');
    expect(shown).toMatchObject({ id: 'geom.area', score: 3, summary: 'Area of a rectangle.', file: 'b/geom.py' });
    expect(shown.also_in).toEqual([{ id: 'geom.area', file: 'a/geom.py', line: 1 }]);
    // A second documented copy does not displace the first; it is listed.
    mergeSameId(shown, hit('c/geom.py', 'Another area.'), 'geom.area');
    expect(shown.summary).toBe('Area of a rectangle.');
    expect(shown.also_in.map((x) => x.file)).toEqual(['a/geom.py', 'c/geom.py']);
  });
});
