import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { InfoLibrary } from '../../../src/core/info/library.js';
import type { LoadedManual } from '../../../src/core/info/library.js';
import { ConfigSchema } from '../../../src/core/config/schema.js';
import { ServiceRegistry } from '../../../src/core/services.js';
import { createLogger } from '../../../src/core/log.js';
import { Workspace } from '../../../src/core/workspace/workspace.js';
import { OwnedSession, type FeatureContext } from '../../../src/features/context.js';
import { infoLookupSymbol, InfoLookupSymbolInput } from '../../../src/features/info/lookup-symbol.js';
import { REPO } from '../../helpers/docent.js';
import { describeWithManuals, EMACS_MANUALS } from './emacs-manuals.js';

let DIR = '';
let elisp: LoadedManual;
let ctx: FeatureContext;

const lookup = (symbol: string, extra: Record<string, unknown> = {}) => infoLookupSymbol(InfoLookupSymbolInput.parse({ symbol, ...extra }), ctx);

beforeAll(async () => {
  if (!EMACS_MANUALS) return;
  DIR = EMACS_MANUALS;
  elisp = await new InfoLibrary({ dirs: [DIR], infopath: '', defaults: [] }).get('elisp');
  ctx = {
    workspace: new Workspace([REPO]),
    config: ConfigSchema.parse({ info: { dirs: [DIR] } }),
    services: new ServiceRegistry(),
    signal: new AbortController().signal,
    progress: () => {},
    log: createLogger('test'),
    session: new OwnedSession('test'),
  };
}, 200_000);

describeWithManuals('info_lookup_symbol on the Emacs Lisp Reference Manual (the seed\'s test list)', () => {
  const cases: Array<[string, string, RegExp | null]> = [
    ['car', 'List Elements', /^ -- Function: car cons-cell/],
    ['cdr', 'List Elements', /^ -- Function: cdr cons-cell/],
    ['mapcar', 'Mapping Functions', /^ -- Function: mapcar function sequence/],
    ['let', 'Local Variables', /^ -- Special Form: let \(bindings\.\.\.\)/],
    ['if', 'Conditionals', /^ -- Special Form: if condition/],
    ['defun', 'Defining Functions', /^ -- Macro: defun name args/],
    ['when', 'Conditionals', /^ -- Macro: when condition/],
    ['unless', 'Conditionals', /^ -- Macro: unless condition/],
    ['defmacro', 'Defining Macros', /^ -- Macro: defmacro name args/],
    ['load-path', 'Library Search', /^ -- Variable: load-path/],
    ['emacs-version', 'Version Info', /^ -- Command: emacs-version/],
  ];
  for (const [symbol, node, def] of cases) {
    it(`${symbol} -> ${node}`, async () => {
      const r = await lookup(symbol);
      expect(r).toMatchObject({ found: true, symbol, node, manual: 'elisp', 'info-ref': `(elisp)${node}`, truncated: false });
      expect(r.content).toContain(symbol);
      expect(r.definition).toMatch(def!);
      expect(r.content!.split('\n')[r.definition_line! - 1]).toBe(r.definition!.split('\n')[0]);
    });
  }

  it('returns the whole node with *note references rewritten', async () => {
    const r = await lookup('mapcar');
    expect(r.content).toMatch(/^\n13\.\d+ Mapping Functions\n=+\n/);
    expect(r.content).toContain('[See: Definition of\nmapatoms]');
    expect(r.content).not.toMatch(/\*note/i);
    expect(r.total_chars).toBe(r.content!.length);
    expect(r.definition).toContain('applies FUNCTION to each element');
    expect(r.definition).not.toContain('-- Function: mapc ');
  });

  it('resolves the concepts "lexical binding" and "dynamic binding" through whole index entries', async () => {
    const lex = await lookup('lexical binding');
    expect(lex).toMatchObject({ found: true, match_type: 'entry' });
    expect(lex.content).toMatch(/lexical binding/i);
    const dyn = await lookup('dynamic binding');
    expect(dyn.found).toBe(true);
    expect(dyn.content).toMatch(/dynamic binding/i);
  });

  it('falls back to case-insensitive matching, like Emacs', async () => {
    expect(await lookup('MAPCAR')).toMatchObject({ found: true, node: 'Mapping Functions', match_type: 'symbol-case' });
  });

  it('handles symbols with special characters', async () => {
    expect(await lookup('1+')).toMatchObject({ found: true, node: 'Arithmetic Operations' });
    expect(await lookup('#$')).toMatchObject({ found: true, node: 'Docs and Compilation', definition: null });
    expect((await lookup('string=')).definition).toMatch(/^ -- Function: string= /);
  });

  it('lists every other entry for common words with several matches', async () => {
    const r = await lookup('buffer');
    expect(r.found).toBe(true);
    expect(r.matches!.length).toBeGreaterThan(3);
    expect(new Set(r.matches!.map((m) => m.node)).size).toBeGreaterThan(1);
  });

  it('reports a nonexistent symbol with the seed\'s message and suggestions', async () => {
    expect(await lookup('nonexistent-symbol-xyz')).toEqual({
      found: false,
      symbol: 'nonexistent-symbol-xyz',
      message: "Symbol 'nonexistent-symbol-xyz' not found in Elisp Info documentation",
      suggestions: [],
    });
    expect((await lookup('mapcra')).suggestions![0]).toBe('mapcar');
  });

  it('rejects empty, blank, NUL and multi-line symbols with E_BAD_INPUT', async () => {
    for (const s of ['', '   ', 'a\0b', 'car\ncdr']) await expect(lookup(s)).rejects.toMatchObject({ code: 'E_BAD_INPUT' });
  });

  it('pages a long node with max_chars and offset', async () => {
    const whole = await lookup('defun');
    const first = await lookup('defun', { max_chars: 500 });
    expect(first).toMatchObject({ truncated: true, next_offset: 500 });
    const rest = await lookup('defun', { offset: 500 });
    expect(first.content! + rest.content!).toBe(whole.content);
  });
});

describeWithManuals('agreement with Emacs\'s own info-lookup-symbol', () => {
  it('lands on the same node and definition line for 60 symbols spread across the index', () => {
    const symbols = elisp.lookup.symbolNames();
    const step = Math.floor(symbols.length / 60);
    const sample = symbols.filter((_, i) => i % step === 0).slice(0, 60);
    sample.push('MAPCAR', 'Car', 'defun', 'lambda');
    const tmp = mkdtempSync(path.join(tmpdir(), 'docent-elisp-'));
    writeFileSync(path.join(tmp, 'symbols.txt'), sample.join('\n'));
    const out = execFileSync('emacs', ['--batch', '-Q', '-l', path.join(REPO, 'test/helpers/emacs-info-lookup.el'), DIR, path.join(tmp, 'symbols.txt')], {
      encoding: 'utf8',
      timeout: 120_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const rows = out.trim().split('\n').map((l) => JSON.parse(l) as { symbol: string; node: string | null; line_text: string; at_start: boolean; error: string | null });
    expect(rows.length).toBe(sample.length);
    let compared = 0;
    const disagreements: string[] = [];
    for (const row of rows) {
      // Emacs left in the index node means it could not follow the entry (e.g. "* : in rx:"); nothing to compare.
      if (row.error || row.node === 'Index') continue;
      compared++;
      const hit = elisp.lookup.lookup(row.symbol);
      const node = hit ? elisp.manual.nodes[hit.node]!.name : null;
      const defText = hit?.definitionLine ? elisp.manual.body(hit.node).split('\n')[hit.definitionLine - 1] : null;
      const emacsDef = row.at_start ? null : row.line_text;
      if (node !== row.node || defText !== emacsDef) disagreements.push(`${row.symbol}: emacs ${row.node} "${emacsDef}" / docent ${node} "${defText}"`);
    }
    expect(disagreements).toEqual([]);
    expect(compared).toBeGreaterThanOrEqual(60);
  }, 150_000);
});
