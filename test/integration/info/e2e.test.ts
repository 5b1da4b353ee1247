import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorOf, runCli, startDocent, type DocentSession } from '../../helpers/docent.js';
import { describeWithManuals, EMACS_MANUALS } from './emacs-manuals.js';

let DIR = '';
let docent: DocentSession;

beforeAll(async () => {
  if (!EMACS_MANUALS) return;
  DIR = EMACS_MANUALS;
  docent = await startDocent(['--info-dir', DIR, '--no-index', '--tools', 'info']);
}, 200_000);

afterAll(async () => {
  await docent?.close();
});

describeWithManuals('info tools over MCP', () => {
  it('info_lookup_symbol returns the seed\'s fields for defun', async () => {
    const r = await docent.call('info_lookup_symbol', { symbol: 'defun' });
    expect(r.isError).toBeFalsy();
    const s = r.structuredContent as Record<string, unknown>;
    expect(s).toMatchObject({ found: true, symbol: 'defun', node: 'Defining Functions', manual: 'elisp', 'info-ref': '(elisp)Defining Functions' });
    expect(s.content).toMatch(/Defining Functions/);
    expect(s.definition).toMatch(/^ -- Macro: defun/);
    expect((r.content as Array<{ text: string }>)[0]!.text).toContain('(elisp)Defining Functions');
  });

  it('answers found: false for an unknown symbol, E_BAD_INPUT for bad ones, E_UNAVAILABLE for a missing manual', async () => {
    const nf = await docent.call('info_lookup_symbol', { symbol: 'no-such-symbol-here' });
    expect(nf.structuredContent).toMatchObject({ found: false, message: "Symbol 'no-such-symbol-here' not found in Elisp Info documentation" });
    for (const symbol of ['', ' \t', 'a\nb', 'x\0y']) {
      const bad = await docent.call('info_lookup_symbol', { symbol });
      expect(bad.isError).toBe(true);
      expect(errorOf(bad).code).toBe('E_BAD_INPUT');
    }
    const missing = await docent.call('info_lookup_symbol', { symbol: 'car', manual: 'nosuch-manual' });
    expect(missing.isError).toBe(true);
    expect(errorOf(missing)).toMatchObject({ code: 'E_UNAVAILABLE', hint: expect.stringContaining('elisp') });
    const noEmacs = await docent.call('info_lookup_symbol', { symbol: 'car', manual: 'org-nonfree-x' });
    expect(errorOf(noEmacs).message).toContain('org-nonfree-x');
  });

  it('info_read_node gives navigation, menu and xrefs', async () => {
    const r = await docent.call('info_read_node', { node: '(elisp)Mapping Functions' });
    const s = r.structuredContent as { up: string; next: string; prev: string; xrefs: Array<{ node: string }>; content: string };
    expect(s).toMatchObject({ up: 'Functions', next: 'Anonymous Functions', prev: 'Calling Functions' });
    expect(s.xrefs.map((x) => x.node)).toContain('Char-Tables');
    const top = (await docent.call('info_read_node', { manual: 'elisp', node: 'Top', max_chars: 1000 })).structuredContent as {
      menu: unknown[];
      truncated: boolean;
    };
    expect(top.menu.length).toBeGreaterThan(10);
    expect(top.truncated).toBe(true);
    const nf = await docent.call('info_read_node', { manual: 'elisp', node: 'Mapping Functionz' });
    expect(errorOf(nf)).toMatchObject({ code: 'E_NOT_FOUND', hint: expect.stringContaining('Mapping Functions') });
  });

  it('info_search ranks exact matches first across manuals', async () => {
    const r = await docent.call('info_search', { query: 'mapcar', manuals: ['elisp', 'cl'], limit: 5 });
    const s = r.structuredContent as { results: Array<{ term: string; match: string; manual: string }> };
    expect(s.results[0]).toMatchObject({ term: 'mapcar', match: 'exact', manual: 'elisp' });
  });

  it('info_list_manuals lists the Emacs manuals with titles and counts', async () => {
    const r = await docent.call('info_list_manuals', {});
    const s = r.structuredContent as { manuals: Array<{ name: string; title: string | null; nodes: number; index_entries: number }> };
    const el = s.manuals.find((m) => m.name === 'elisp')!;
    expect(el.title).toMatch(/Emacs Lisp Reference Manual/);
    expect(el.nodes).toBeGreaterThan(900);
    expect(el.index_entries).toBeGreaterThan(5000);
  }, 60_000);
});

describeWithManuals('docent info (CLI)', () => {
  it('looks a symbol up as JSON and as text', () => {
    const json = runCli(['info', 'mapcar', '--info-dir', DIR, '--json']);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ found: true, node: 'Mapping Functions', 'info-ref': '(elisp)Mapping Functions' });
    const text = runCli(['info', 'lexical', 'binding', '--info-dir', DIR]);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/^\(elisp\)/);
  });

  it('exits 1 when nothing is found and 3 when the manual is missing', () => {
    const nf = runCli(['info', 'no-such-symbol-here', '--info-dir', DIR]);
    expect(nf.status).toBe(1);
    expect(nf.stdout).toContain("Symbol 'no-such-symbol-here' not found");
    const missing = runCli(['info', 'car', '--manual', 'nosuch-manual', '--info-dir', DIR]);
    expect(missing.status).toBe(3);
    expect(missing.stderr).toContain('E_UNAVAILABLE');
  });

  it('searches, reads nodes and lists manuals', () => {
    const s = runCli(['info', '--search', 'hash table', '--manual', 'elisp', '--info-dir', DIR, '--json']);
    expect(JSON.parse(s.stdout).results[0].node).toMatch(/Hash/);
    const n = runCli(['info', '--node', '(elisp)Mapping Functions', '--info-dir', DIR]);
    expect(n.stdout).toContain('-- Function: mapcar');
  });

  it('finds sort in the system coreutils manual (Debian package coreutils)', () => {
    const r = runCli(['info', 'sort', '--manual', 'coreutils', '--json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ found: true, node: 'sort invocation', 'info-ref': '(coreutils)sort invocation' });
  });
});
