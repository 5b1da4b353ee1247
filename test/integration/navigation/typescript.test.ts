import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOVER_CACHE_KEY, type HoverCache } from '../../../src/core/lsp/hover-cache.js';
import { DocentError } from '../../../src/core/errors.js';
import { renderSymbolDoc } from '../../../src/features/navigation/index.js';
import { materialize, navContext } from './helpers.js';

// typescript-language-server (docent's own node_modules) on a fixture with a documented
// function imported elsewhere, the same name in two modules, mentions in comments and strings,
// and a third-party package with JSDoc in node_modules. One server for the whole file.
let fx: ReturnType<typeof materialize>;
let env: ReturnType<typeof navContext>;

beforeAll(async () => {
  fx = materialize('ts');
  env = navContext(fx.root);
  await env.outline({ file: 'src/app.ts' });
}, 60_000);
afterAll(async () => {
  await env?.services.disposeAll();
  fx?.cleanup();
});

describe('get_symbol_documentation on typescript-language-server', () => {
  it('defined in the file: document symbols, hover at the name, signature split from the JSDoc', async () => {
    const r = await env.doc({ symbol_name: 'formatName', file_path: 'src/util/format.ts' });
    expect(r).toMatchObject({ found: true, status: 'defined', lookup: 'document_symbols', kind: 'function', container: null, qualified_name: 'formatName' });
    expect(r.location).toMatchObject({ file: 'src/util/format.ts', line: 12, column: 17 });
    expect(r.signature).toBe('function formatName(name: string, opts?: FormatOptions): string');
    expect(r.documentation).toMatch(/^Format a person's display name: trimmed, with single spaces\./);
    expect(r.documentation).toContain('`name` — the raw name');
    expect(r.documentation).not.toContain('```');
    expect(r.edge_cases).toEqual([]);
    const text = renderSymbolDoc(r);
    expect(text).toMatch(/^Symbol: formatName\nLocation: src\/util\/format\.ts:12:17\nKind: function\nContainer: Global Scope\nStatus: Defined in file\n/);
    expect(text).toContain('\nDocumentation:\nFormat a person');
  });

  it('Class.method paths in the defining file', async () => {
    const r = await env.doc({ symbol_name: 'Greeter.greet', file_path: 'src/util/format.ts' });
    expect(r).toMatchObject({ found: true, status: 'defined', kind: 'method', container: 'Greeter', qualified_name: 'Greeter.greet' });
    expect(r.documentation).toBe('Greet someone by their formatted name.');
  });

  it('imported with `import {x} from`: the use, not the comment, the string, the longer name or the same-named property', async () => {
    const r = await env.doc({ symbol_name: 'formatName', file_path: 'src/app.ts' });
    expect(r).toMatchObject({ found: true, status: 'imported', lookup: 'occurrence', kind: 'function' });
    expect(r.location).toMatchObject({ file: 'src/util/format.ts', line: 12, column: 17 });
    expect(r.usage_location).toMatchObject({ file: 'src/app.ts', line: 13, column: 18 });
    expect(r.documentation).toMatch(/^Format a person's display name/);
    // The object property `registry.formatName` is listed, not taken.
    expect(r.candidates.map((c) => c.qualified_name)).toEqual(['registry.formatName']);
    expect(renderSymbolDoc(r)).toContain('Status: Imported/Referenced\nReferenced in: src/app.ts (line 13)');
  });

  it('a third-party package in node_modules, documented with JSDoc', async () => {
    const r = await env.doc({ symbol_name: 'leftPad', file_path: 'src/app.ts' });
    expect(r).toMatchObject({ found: true, status: 'imported', kind: 'function' });
    expect(r.location?.file).toBe('node_modules/padlib/index.d.ts');
    expect(r.documentation).toMatch(/^Pad `text` on the left with spaces until it is `width` characters long\./);
    expect(r.signature).toContain('leftPad(text: string, width: number): string');
  });

  it('the file decides which of two same-named symbols is meant', async () => {
    const r = await env.doc({ symbol_name: 'parse', file_path: 'src/app.ts' });
    expect(r.location?.file).toBe('src/b/parse.ts');
    expect(r.documentation).toBe('Parse an ISO date (module b).');
  });
});

describe('seed edge cases (typescript)', () => {
  it('1. not found anywhere: found false with near-miss names', async () => {
    const r = await env.doc({ symbol_name: 'formatNam' });
    expect(r.found).toBe(false);
    expect(r.status).toBeNull();
    expect(r.edge_cases).toEqual(['not_found']);
    expect(r.near_misses[0]).toBe('formatName');
    expect(renderSymbolDoc(r)).toMatch(/^No symbol found for 'formatNam'\.\nDid you mean: formatName/);
  });

  it('2. found but undocumented: documentation null with a note', async () => {
    const r = await env.doc({ symbol_name: 'undocumentedTwice' });
    expect(r.found).toBe(true);
    expect(r.documentation).toBeNull();
    expect(r.signature).toBe('function undocumentedTwice(x: number): number');
    expect(r.edge_cases).toEqual(['undocumented']);
    expect(r.note).toMatch(/has no documentation comment/);
    expect(renderSymbolDoc(r)).toContain('No documentation is available for this symbol.');
  });

  it('3. a file_path that does not exist: E_NOT_FOUND', async () => {
    const err = await env.doc({ symbol_name: 'formatName', file_path: 'src/missing.ts' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocentError);
    expect((err as DocentError).code).toBe('E_NOT_FOUND');
  });

  it('4. a file that does not reference the symbol: workspace fallback, flagged', async () => {
    const r = await env.doc({ symbol_name: 'formatName', file_path: 'src/billing.ts' });
    expect(r).toMatchObject({ found: true, status: 'workspace', lookup: 'workspace_symbols', referenced_in: 'src/billing.ts' });
    expect(r.edge_cases).toContain('not_referenced_in_file');
    expect(r.location?.file).toBe('src/util/format.ts');
    expect(renderSymbolDoc(r)).toContain('Not directly referenced in: src/billing.ts');
  });

  it('5. several symbols with the same name: best match plus candidates with kind, container and location', async () => {
    const r = await env.doc({ symbol_name: 'parse' });
    expect(r.status).toBe('workspace');
    expect(r.edge_cases).toContain('ambiguous');
    expect(r.candidates).toHaveLength(1);
    const all = [r.location!.file, r.candidates[0]!.location.file].sort();
    expect(all).toEqual(['src/a/parse.ts', 'src/b/parse.ts']);
    expect(r.candidates[0]).toMatchObject({ name: 'parse', kind: 'function', container: null, external: false });
    expect(r.note).toMatch(/2 symbols are named "parse"/);
  });

  it('7. the name only in comments and strings: not taken as a use', async () => {
    const r = await env.doc({ symbol_name: 'computeTotal', file_path: 'src/notes.ts' });
    expect(r.edge_cases).toContain('only_in_comments_or_strings');
    expect(r.note).toMatch(/only in 1 comment\(s\) and 2 string literal\(s\)/);
    // The workspace fallback still finds the real one.
    expect(r).toMatchObject({ found: true, status: 'workspace', documentation: 'Sum of the line amounts, in cents.' });
  });

  it('8. text-search false positives: longer identifiers, members of other objects, strings, comments', async () => {
    // formatNameLength, registry.formatName, "formatName" and the comment all contain the text.
    const r = await env.doc({ symbol_name: 'formatName', file_path: 'src/app.ts' });
    expect(r.usage_location?.line).toBe(13);
    expect(r.usage_location?.column).toBe(18);
    // A class used with `new` resolves to its declaration.
    const h = await env.doc({ symbol_name: 'Greeter', file_path: 'src/app.ts' });
    expect(h.location).toMatchObject({ file: 'src/util/format.ts', line: 18 });
  });
});

describe('hover cache', () => {
  it('answers a repeated lookup from the cache and sees an edited doc comment at once', async () => {
    const first = await env.doc({ symbol_name: 'computeTotal', file_path: 'src/billing.ts' });
    expect(first.documentation).toBe('Sum of the line amounts, in cents.');
    const cache = env.services.peek<HoverCache>(HOVER_CACHE_KEY)!;
    const hits = cache.hits;
    await env.doc({ symbol_name: 'computeTotal', file_path: 'src/billing.ts' });
    expect(cache.hits).toBe(hits + 1);
    const file = path.join(fx.root, 'src/billing.ts');
    writeFileSync(file, '/** Sum of the amounts, in euros. */\nexport function computeTotal(amounts: number[]): number {\n  return amounts.reduce((a, b) => a + b, 0);\n}\n');
    const edited = await env.doc({ symbol_name: 'computeTotal', file_path: 'src/billing.ts' });
    expect(edited.documentation).toBe('Sum of the amounts, in euros.');
  });
});

describe('navigation on typescript-language-server', () => {
  it('find_definition by position into node_modules, with source', async () => {
    const r = await env.definition({ file: 'src/app.ts', line: 13, character: 12 });
    expect(r.target).toMatchObject({ symbol: 'leftPad', via: 'position' });
    expect(r.definitions).toHaveLength(1);
    expect(r.definitions[0]).toMatchObject({ file: 'node_modules/padlib/index.d.ts', line: 6, column: 25, external: true });
    expect(r.definitions[0]!.source).toContain('export declare function leftPad');
  });

  it('find_definition by an ambiguous name answers and lists the other candidate', async () => {
    const r = await env.definition({ symbol_name: 'parse' });
    expect(r.definitions).toHaveLength(1);
    expect(r.candidates).toHaveLength(1);
    expect(r.warnings.join(' ')).toMatch(/ambiguous/);
  });

  it('find_references grouped by file, with total, paging and context', async () => {
    const r = await env.references({ symbol_name: 'formatName', file_path: 'src/util/format.ts', context_lines: 1 });
    expect(r.total).toBe(5); // {@link}, declaration, use in greet(), import and call in app.ts
    expect(r.files.map((f) => [f.file, f.count])).toEqual([
      ['src/app.ts', 2],
      ['src/util/format.ts', 3],
    ]);
    expect(r.files[0]!.references[1]!.context).toHaveLength(3);
    const page = await env.references({ symbol_name: 'formatName', file_path: 'src/util/format.ts', max_results: 2 });
    expect(page.truncated).toBe(true);
    expect(page.next_offset).toBe(2);
    const rest = await env.references({ symbol_name: 'formatName', file_path: 'src/util/format.ts', max_results: 2, offset: 4 });
    expect(rest.files.flatMap((f) => f.references)).toHaveLength(1);
    const noDecl = await env.references({ symbol_name: 'formatName', file_path: 'src/util/format.ts', include_declaration: false });
    expect(noDecl.total).toBe(4);
  });

  it('hover by name and by position', async () => {
    const byName = await env.hover({ symbol_name: 'Greeter.greet' });
    expect(byName).toMatchObject({ found: true, documentation: 'Greet someone by their formatted name.' });
    const byPos = await env.hover({ file: 'src/app.ts', line: 13, character: 60 });
    expect(byPos.target.symbol).toBe('greet');
    expect(byPos.signature).toContain('Greeter.greet(name: string): string');
  });

  it('document_symbols: tree with kinds, ranges and qualified names', async () => {
    const r = await env.outline({ file: 'src/util/format.ts' });
    expect(r.symbols.map((s) => `${s.kind} ${s.name}`)).toEqual(['interface FormatOptions', 'function formatName', 'class Greeter', 'function undocumentedTwice']);
    const greeter = r.symbols[2]!;
    expect(greeter.range.start).toEqual({ line: 18, character: 1 });
    expect(greeter.selection).toEqual({ line: 18, character: 14 });
    expect(greeter.children.map((c) => c.qualified_name)).toContain('Greeter.greet');
    expect(r.truncated).toBe(false);
  });

  it('bad targets are E_BAD_INPUT or E_NOT_FOUND', async () => {
    await expect(env.hover({})).rejects.toMatchObject({ code: 'E_BAD_INPUT' });
    await expect(env.hover({ file: 'src/app.ts', line: 999, character: 1 })).rejects.toMatchObject({ code: 'E_BAD_INPUT' });
    await expect(env.hover({ symbol_name: 'noSuchThingAnywhere' })).rejects.toMatchObject({ code: 'E_NOT_FOUND' });
  });
});

describe('renamed imports', () => {
  it('`import { x as y }`: y is documented as x, not dropped as a false positive', async () => {
    const r = await env.doc({ symbol_name: 'sumCents', file_path: 'src/renamed.ts' });
    expect(r).toMatchObject({ found: true, status: 'imported', lookup: 'occurrence', qualified_name: 'computeTotal', kind: 'function' });
    // (An earlier test rewrites billing.ts's doc comment.)
    expect(r.documentation).toMatch(/^Sum of the .*amounts/);
    expect(r.location).toMatchObject({ file: 'src/billing.ts', line: 2 });
    expect(r.note).toMatch(/imports "computeTotal" under the name "sumCents"/);
  });
});
