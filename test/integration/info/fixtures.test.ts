import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { InfoLibrary } from '../../../src/core/info/library.js';
import { buildInfoFixtures } from './fixtures.js';

let BUILD = '';
const lib = (dir: string) => new InfoLibrary({ dirs: [path.join(BUILD, dir)], infopath: '', defaults: [] });

beforeAll(() => {
  BUILD = buildInfoFixtures();
}, 60_000);

describe('Info reader on makeinfo-built manuals', () => {
  for (const variant of ['plain', 'split', 'gz', 'xz', 'bz2', 'quoted']) {
    it(`reads the ${variant} manual: nodes, index, lookups and definitions`, async () => {
      const { manual, lookup } = await lib(variant).get('sample');
      expect(manual.nodes.map((n) => n.name)).toEqual(['Top', 'Functions', 'Variables', 'Colon Node', 'Long Chapter', 'Index']);
      expect(manual.split).toBe(variant === 'split' || variant === 'gz');
      expect(manual.indexNodes.map((i) => manual.nodes[i]!.name)).toEqual(['Index']);
      const hit = lookup.lookup('frob-list')!;
      expect(manual.nodes[hit.node]!.name).toBe('Functions');
      const body = manual.body(hit.node).split('\n');
      expect(body[hit.definitionLine! - 1]).toBe(' -- Function: frob-list list &optional count');
      expect(hit.line).toBe(hit.definitionLine);
      expect(hit.matches.map((m) => m.label)).toEqual(expect.arrayContaining(['frob-list <1>', 'frob-list, second mention']));
      // The long chapter sits in the second part of the split manual.
      expect(manual.nodes[lookup.lookup('part 40')!.node]!.name).toBe('Long Chapter');
    });
  }

  it('finds every kind of definition: @defun, @defunx, @defmac, @deffn, @defvar, @defopt, @defspec', async () => {
    const { manual, lookup } = await lib('plain').get('sample');
    const defLine = (s: string) => {
      const h = lookup.lookup(s)!;
      return manual.body(h.node).split('\n')[h.definitionLine! - 1];
    };
    expect(defLine('frob-string')).toBe(' -- Function: frob-string string');
    expect(defLine('twiddle')).toBe(' -- Macro: twiddle form');
    expect(defLine('frob-buffer')).toBe(' -- Command: frob-buffer');
    expect(defLine('frob-count')).toBe(' -- Variable: frob-count');
    expect(defLine('frob-verbose')).toBe(' -- User Option: frob-verbose');
    expect(defLine('with-frobs')).toBe(' -- Special Form: with-frobs (var list) body...');
    expect(defLine('name:with:colons')).toBe(' -- Function: name:with:colons');
  });

  it('matches exactly first, then ignoring case, then whole entries and node names', async () => {
    const { manual, lookup } = await lib('plain').get('sample');
    expect(lookup.lookup('Frob-Case')!.method).toBe('symbol');
    expect(lookup.lookup('frob-case')!.method).toBe('symbol-case');
    const colon = lookup.lookup('key: value pairs')!;
    expect(colon.method).toBe('entry');
    expect(manual.nodes[colon.node]!.name).toBe('Colon Node');
    expect(colon.matches.map((m) => m.label)).toEqual(['key: value pairs <1>']);
    expect(lookup.lookup('VARIABLES, GLOBAL')!.method).toBe('entry-case');
    expect(lookup.lookup('long chapter')!.method).toBe('node');
    expect(lookup.lookup('no-such-frob')).toBeNull();
    expect(lookup.suggestions('frob-lsit')).toContain('frob-list');
  });

  it('resolves anchors to their node and line', async () => {
    const { manual } = await lib('split').get('sample');
    const a = manual.resolve('Definition of twiddle')!;
    expect(manual.nodes[a.node]!.name).toBe('Functions');
    expect(manual.body(a.node).split('\n').slice(a.line! - 1, a.line! + 1).join('\n')).toMatch(/twiddle/);
  });

  it('takes titles from the dir file and notices when a manual changes', async () => {
    const library = lib('plain');
    const { manuals } = await library.discover();
    expect(manuals.find((m) => m.name === 'sample')?.title).toBe('A sample manual for docent’s tests.');
    const first = await library.get('sample');
    const file = path.join(BUILD, 'plain/sample.info');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Frobnicate the current buffer.', 'Frobnicate the current buffer, changed.'));
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    await new Promise((r) => setTimeout(r, 1100));
    const second = await library.get('sample');
    expect(second).not.toBe(first);
    expect(second.manual.body(second.lookup.lookup('frob-buffer')!.node)).toContain('changed.');
  });

  it('says which manuals are installed when one is missing', async () => {
    await expect(lib('plain').get('nosuch')).rejects.toMatchObject({ code: 'E_UNAVAILABLE', hint: expect.stringContaining('sample') });
  });
});
