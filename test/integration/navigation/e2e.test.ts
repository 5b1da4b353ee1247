import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, runCli, startDocent, type DocentSession } from '../../helpers/docent.js';
import { materialize } from './helpers.js';

// Through the real MCP server (docent serve over stdio) and the real CLI, on the TS fixture.
let fx: ReturnType<typeof materialize>;
let session: DocentSession;

beforeAll(async () => {
  fx = materialize('ts');
  session = await startDocent(['--root', fx.root, '--no-index']);
}, 60_000);
afterAll(async () => {
  await session?.close();
  fx?.cleanup();
});

describe('navigation over MCP', () => {
  it('lists the tools in the symbols group', async () => {
    const { tools } = await session.client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['get_symbol_documentation', 'find_definition', 'find_references', 'hover', 'document_symbols']));
  });

  it('get_symbol_documentation: structured content plus the seed-layout text', async () => {
    const r = await session.call('get_symbol_documentation', { symbol_name: 'leftPad', file_path: 'src/app.ts' });
    expect(r.isError).toBeFalsy();
    const s = r.structuredContent as { status: string; documentation: string; location: { file: string } };
    expect(s.status).toBe('imported');
    expect(s.location.file).toBe('node_modules/padlib/index.d.ts');
    expect(s.documentation).toMatch(/^Pad `text` on the left/);
    const text = (r.content as Array<{ type: string; text: string }>)[0]!.text;
    expect(text).toMatch(/^Symbol: leftPad\nLocation: node_modules\/padlib\/index\.d\.ts:6:25\nKind: function\n/);
  });

  it('find_references and document_symbols', async () => {
    const refs = await session.call('find_references', { symbol_name: 'Greeter' });
    const s = refs.structuredContent as { total: number; files: Array<{ file: string }> };
    expect(s.total).toBeGreaterThanOrEqual(3);
    expect(s.files.map((f) => f.file)).toEqual(['src/app.ts', 'src/util/format.ts']);
    const outline = await session.call('document_symbols', { file: 'src/util/format.ts', depth: 1 });
    expect((outline.structuredContent as { symbols: unknown[] }).symbols).toHaveLength(4);
  });

  it('errors keep their codes: a missing file is E_NOT_FOUND, no target is E_BAD_INPUT', async () => {
    const missing = await session.call('get_symbol_documentation', { symbol_name: 'x', file_path: 'src/nope.ts' });
    expect(missing.isError).toBe(true);
    expect(errorOf(missing).code).toBe('E_NOT_FOUND');
    const bad = await session.call('hover', {});
    expect(errorOf(bad).code).toBe('E_BAD_INPUT');
  });
});

describe('navigation CLI', () => {
  it('docent doc NAME --file F, docent refs NAME, docent outline FILE', () => {
    const doc = runCli(['--root', fx.root, 'doc', 'formatName', '--file', 'src/app.ts']);
    expect(doc.status).toBe(0);
    expect(doc.stdout).toMatch(/^Symbol: formatName\nLocation: src\/util\/format\.ts:12:17\n/);
    expect(doc.stdout).toContain('Status: Imported/Referenced');
    const refs = runCli(['--root', fx.root, '--json', 'refs', 'Greeter.greet']);
    expect(refs.status).toBe(0);
    const parsed = JSON.parse(refs.stdout) as { total: number; target: { symbol: string } };
    expect(parsed.target.symbol).toBe('Greeter.greet');
    expect(parsed.total).toBe(2); // declaration and the call in app.ts
    const outline = runCli(['--root', fx.root, 'outline', 'src/util/format.ts', '--depth', '1']);
    expect(outline.status).toBe(0);
    expect(outline.stdout.split('\n')[0]).toBe('src/util/format.ts: 4 of 9 symbol(s)');
    expect(outline.stdout).toContain('class Greeter  18:14');
  }, 120_000);

  it('docent doc NAME --lsp asks the language servers workspace-wide; not found exits 1', () => {
    const doc = runCli(['--root', fx.root, 'doc', 'computeTotal', '--lsp']);
    expect(doc.status).toBe(0);
    expect(doc.stdout).toContain('Documentation:\nSum of the line amounts, in cents.');
    const none = runCli(['--root', fx.root, 'doc', 'noSuchSymbolAnywhere', '--lsp']);
    expect(none.status).toBe(1);
    expect(none.stdout).toMatch(/^No symbol found for 'noSuchSymbolAnywhere'/);
  }, 120_000);
});
