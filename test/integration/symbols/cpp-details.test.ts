import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureCppFixture, makeContext } from './helpers.js';

// Details of search_symbols on clangd: they never change which symbols come back nor their
// order, and a hover that would make clangd parse a file it has not opened is not asked (the
// answer says so), while one on a file it holds is.
let env: ReturnType<typeof makeContext>;
let root: string;

beforeAll(async () => {
  root = configureCppFixture();
  env = makeContext([root], { indexDir: mkdtempSync(path.join(tmpdir(), 'docent-clangd-details-')) });
  await env.search({ query: 'Point', include_details: false });
  await env.indexDocs();
});
afterAll(async () => {
  await env?.services.disposeAll();
});

const shape = (r: { symbols: Array<{ qualified_name: string; kind: string; location: { file: string; range: unknown } }> }) =>
  r.symbols.map((s) => `${s.qualified_name} ${s.kind} ${s.location.file} ${JSON.stringify(s.location.range)}`);

describe('search_symbols details on clangd', () => {
  it('the default call answers the same symbols in the same order as the call without details', async () => {
    for (const query of ['distance', 'geo::', 'area', 'Circle', 'name', 'a']) {
      const bare = await env.search({ query, include_details: false, max_results: 200 });
      const full = await env.search({ query, max_results: 200 });
      expect(bare.symbols.length).toBeGreaterThan(0);
      expect(shape(full)).toEqual(shape(bare));
      expect(full.total_matches).toBe(bare.total_matches);
      expect(bare.symbols.some((s) => s.signature || s.documentation)).toBe(false);
    }
  });

  it('every top result the docs index describes carries its signature', async () => {
    const r = await env.search({ query: 'geo::', max_results: 20 });
    const described = ['geo::Point', 'geo::Circle', 'geo::distance', 'geo::largest_area'];
    for (const name of described) {
      const hits = r.symbols.filter((s) => s.qualified_name === name);
      expect(hits.length, name).toBeGreaterThan(0);
      expect(hits.some((s) => s.signature), name).toBe(true);
    }
  });

  it('a result the index does not describe, in a file clangd has not opened, is not hovered; once clangd holds the file it is', async () => {
    const first = await env.search({ query: 'print_shape' });
    expect(first.symbols.map((s) => s.qualified_name)).toEqual(['print_shape']);
    expect(first.symbols[0]!.signature).toBeUndefined();
    expect(first.warnings.join('\n')).toMatch(/No signature or documentation for 1 of the top 1 symbols \(print_shape\).*has not parsed their files/);

    // Any request on the file makes clangd hold it (here: a hover, as get_symbol_documentation would ask).
    const file = path.join(root, 'src/main.cpp');
    const server = env.manager().forFile(file, env.ctx.workspace);
    await server.hover(file, { line: first.symbols[0]!.location.range.start.line - 1, character: first.symbols[0]!.location.range.start.character - 1 });
    expect(server.holds(file)).toBe(true);
    // Now search_symbols asks hover for it (a late answer lands in the hover cache for the next call).
    let signature: string | undefined;
    for (let i = 0; i < 40 && !signature; i++) {
      const r = await env.search({ query: 'print_shape' });
      signature = r.symbols[0]?.signature;
      if (!signature) {
        expect(r.warnings.join('\n')).not.toMatch(/has not parsed their files/);
        await new Promise((res) => setTimeout(res, 250));
      }
    }
    expect(signature).toMatch(/print_shape\(/);
  });
});
