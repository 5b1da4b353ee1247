import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startDocent, type DocentSession } from '../../helpers/docent.js';

// Names across tools, over MCP (docent serve on stdio) with the real servers (clangd,
// typescript-language-server, pyright) and the docs index built: an alias (a C++
// using-declaration, a TypeScript re-export, a Python package's from-import) is never the answer
// when what it names is known; and every qualified name one tool returns (search_symbols'
// qualified_name, get_symbol_documentation's, docs_search's ids, module-qualified names)
// resolves to the same place in every navigation and docs tool.

const FIXTURES = path.resolve(__dirname, '../../fixtures/names');

interface Where {
  file: string;
  line: number;
}
type Result = { isError?: boolean; structuredContent?: unknown };

async function open(lang: 'cpp' | 'ts' | 'py'): Promise<{ root: string; session: DocentSession }> {
  const root = mkdtempSync(path.join(tmpdir(), `docent-names-${lang}-`));
  cpSync(path.join(FIXTURES, lang), root, { recursive: true });
  if (lang === 'cpp') {
    const files = ['src/format.cc', 'src/report.cc'];
    writeFileSync(path.join(root, 'compile_commands.json'), JSON.stringify(files.map((f) => ({ directory: root, file: f, arguments: ['c++', '-std=c++17', '-Iinclude', '-c', f] }))));
  }
  const session = await startDocent(['--root', root]);
  const status = (await session.call('index_status', { wait: true, timeout_ms: 60_000 })).structuredContent as { state: string };
  expect(status.state).toBe('ready');
  return { root, session };
}

const sc = <T>(r: Result): T => {
  if (r.isError) throw new Error(`tool error: ${JSON.stringify(r.structuredContent)}`);
  return r.structuredContent as T;
};

/** What each tool answers for a name: the place it resolved to, to compare across names. */
async function answers(s: DocentSession, name: string) {
  const doc = sc<{ found: boolean; location: Where | null; definition_location: Where | null; documentation: string | null }>(await s.call('get_symbol_documentation', { symbol_name: name }));
  const def = sc<{ target: Where; definitions: Where[] }>(await s.call('find_definition', { symbol_name: name, source_lines: 0 }));
  const refs = sc<{ target: Where; total: number }>(await s.call('find_references', { symbol_name: name }));
  const hov = sc<{ target: Where; found: boolean; documentation: string | null }>(await s.call('hover', { symbol_name: name }));
  const get = sc<{ id: string; location: Where }>(await s.call('docs_get', { id: name }));
  const res = sc<{ id: string; file: string; line: number }>(await s.call('docs_resolve', { symbol: name }));
  const rel = sc<{ id: string }>(await s.call('docs_related', { id: name }));
  const ex = sc<{ id: string }>(await s.call('docs_examples', { id: name }));
  const at = (w: Where | null | undefined) => (w ? `${w.file}:${w.line}` : null);
  return {
    doc: { found: doc.found, location: at(doc.location), definition: at(doc.definition_location), documentation: doc.documentation },
    definition: def.definitions.map(at),
    references: { target: at(refs.target), total: refs.total },
    hover: { target: at(hov.target), documentation: hov.documentation },
    docs: { get: `${get.id} ${at(get.location)}`, resolve: `${res.id} ${res.file}:${res.line}`, related: rel.id, examples: ex.id },
  };
}

/** Every name in `names` answers as `canonical` does, in every tool. */
async function expectSameEverywhere(s: DocentSession, canonical: string, names: Iterable<string>) {
  const want = await answers(s, canonical);
  expect(want.doc.found).toBe(true);
  for (const name of new Set(names)) {
    if (name === canonical) continue;
    expect({ name, ...(await answers(s, name)) }).toEqual({ name, ...want });
  }
  return want;
}

/** Qualified names of an entity as the other tools return them. */
async function namesFromTools(s: DocentSession, query: string, ...entityFiles: string[]): Promise<string[]> {
  const isEntity = (file: string) => entityFiles.includes(file);
  const found: string[] = [];
  const sym = sc<{ symbols: Array<{ qualified_name: string; name: string; location: { file: string } }> }>(await s.call('search_symbols', { query, include_details: false }));
  found.push(...sym.symbols.filter((x) => x.name === query && isEntity(x.location.file)).map((x) => x.qualified_name));
  const doc = sc<{ qualified_name: string | null }>(await s.call('get_symbol_documentation', { symbol_name: query }));
  if (doc.qualified_name) found.push(doc.qualified_name);
  const docs = sc<{ results: Array<{ id: string; name: string; file: string }> }>(await s.call('docs_search', { query }));
  found.push(...docs.results.filter((r) => r.name === query && isEntity(r.file)).map((r) => r.id));
  expect(found.length).toBeGreaterThanOrEqual(3);
  return found;
}

describe('C++ (clangd): using-declarations and ns::Class::method', () => {
  let fx: { root: string; session: DocentSession };
  beforeAll(async () => {
    fx = await open('cpp');
  }, 120_000);
  afterAll(async () => {
    await fx?.session.close();
    if (fx) rmSync(fx.root, { recursive: true, force: true });
  });

  it('get_symbol_documentation without a file answers the function, declared in its header, not `using text::padLeft;`', async () => {
    const r = sc<{ qualified_name: string; kind: string; location: Where; definition_location: Where; documentation: string; candidates: Array<{ location: Where }> }>(
      await fx.session.call('get_symbol_documentation', { symbol_name: 'padLeft' }),
    );
    expect(r.qualified_name).toBe('text::padLeft');
    expect(r.kind).toBe('function');
    expect(r.location).toMatchObject({ file: 'include/text/format.h', line: 7 });
    expect(r.definition_location).toMatchObject({ file: 'src/format.cc', line: 5 });
    expect(r.documentation).toContain('Pad `s` on the left');
    expect(r.candidates.map((c) => `${c.location.file}:${c.location.line}`)).toContain('src/report.cc:5');
    const col = sc<{ qualified_name: string; location: Where }>(await fx.session.call('get_symbol_documentation', { symbol_name: 'Column' }));
    expect(col.qualified_name).toBe('text::Column');
    expect(col.location).toMatchObject({ file: 'include/text/format.h', line: 10 });
  }, 60_000);

  it('without a docs index, the header declaration comes from clangd (docent doc NAME --lsp)', () => {
    const r = runCli(['--root', fx.root, '--json', 'doc', 'padLeft', '--lsp'], { env: { DOCENT_INDEX_DIR: mkdtempSync(path.join(tmpdir(), 'docent-empty-idx-')) } });
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { qualified_name: string; location: Where; definition_location: Where };
    expect(out.qualified_name).toBe('text::padLeft');
    expect(out.location).toMatchObject({ file: 'include/text/format.h', line: 7 });
    expect(out.definition_location).toMatchObject({ file: 'src/format.cc', line: 5 });
  });

  it('every name the tools give padLeft and Column::render resolves to the same place in every tool', async () => {
    const pad = await expectSameEverywhere(fx.session, 'text::padLeft', [...(await namesFromTools(fx.session, 'padLeft', 'src/format.cc', 'include/text/format.h')), '::text::padLeft']);
    expect(pad.doc.location).toBe('include/text/format.h:7');
    const render = await expectSameEverywhere(fx.session, 'text::Column::render', [...(await namesFromTools(fx.session, 'render', 'src/format.cc', 'include/text/format.h')), 'Column::render']);
    expect(render.docs.get).toMatch(/^text::Column::render include\/text\/format\.h:14$/);
  }, 90_000);
});

describe('TypeScript (typescript-language-server): re-exports and module.Class.method', () => {
  let fx: { root: string; session: DocentSession };
  beforeAll(async () => {
    fx = await open('ts');
  }, 120_000);
  afterAll(async () => {
    await fx?.session.close();
    if (fx) rmSync(fx.root, { recursive: true, force: true });
  });

  it('the function, not its re-export in src/index.ts; a name through the re-exporting module follows it', async () => {
    const r = sc<{ kind: string; location: Where; documentation: string; candidates: Array<{ location: Where }> }>(await fx.session.call('get_symbol_documentation', { symbol_name: 'padLeft' }));
    expect(r.kind).toBe('function');
    expect(r.location).toMatchObject({ file: 'src/strings/pad.ts', line: 2 });
    expect(r.documentation).toContain('Pad `s` on the left');
    expect(r.candidates.map((c) => c.location.file)).toContain('src/index.ts');
    const through = sc<{ location: Where }>(await fx.session.call('get_symbol_documentation', { symbol_name: 'src/index.padLeft' }));
    expect(through.location).toMatchObject({ file: 'src/strings/pad.ts', line: 2 });
  }, 60_000);

  it('every name the tools give padLeft and Column.render resolves to the same place in every tool', async () => {
    await expectSameEverywhere(fx.session, 'padLeft', [...(await namesFromTools(fx.session, 'padLeft', 'src/strings/pad.ts')), 'pad.padLeft']);
    const render = await expectSameEverywhere(fx.session, 'Column.render', [...(await namesFromTools(fx.session, 'render', 'src/strings/pad.ts')), 'pad.Column.render']);
    expect(render.doc.location).toBe('src/strings/pad.ts:11');
  }, 90_000);

  it('docs_list takes the module by the name search_symbols scopes with (the file name) as by its id', async () => {
    const list = async (module: string) => {
      const r = sc<{ module: { name: string }; items: Array<{ name: string }> }>(await fx.session.call('docs_list', { module }));
      return { module: r.module.name, items: r.items.map((i) => i.name).sort() };
    };
    const byId = await list('src/strings/pad');
    expect(byId.items).toEqual(expect.arrayContaining(['Column', 'padLeft']));
    expect(await list('pad')).toEqual(byId);
  });
});

describe("Python (pyright): a package's from-import and module-qualified names", () => {
  let fx: { root: string; session: DocentSession };
  beforeAll(async () => {
    fx = await open('py');
  }, 120_000);
  afterAll(async () => {
    await fx?.session.close();
    if (fx) rmSync(fx.root, { recursive: true, force: true });
  });

  it('textkit.pad_left, re-exported by textkit/__init__.py, is the function in textkit/pad.py', async () => {
    const r = sc<{ found: boolean; location: Where; documentation: string }>(await fx.session.call('get_symbol_documentation', { symbol_name: 'textkit.pad_left' }));
    expect(r.found).toBe(true);
    expect(r.location).toMatchObject({ file: 'textkit/pad.py', line: 4 });
    expect(r.documentation).toContain('Pad `s` on the left');
    const refs = sc<{ total: number }>(await fx.session.call('find_references', { symbol_name: 'textkit.pad_left' }));
    expect(refs.total).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('every name the tools give pad_left and Column.render resolves to the same place in every tool', async () => {
    const pad = await expectSameEverywhere(fx.session, 'textkit.pad.pad_left', [...(await namesFromTools(fx.session, 'pad_left', 'textkit/pad.py')), 'textkit.pad_left', 'pad.pad_left']);
    expect(pad.doc.location).toBe('textkit/pad.py:4');
    await expectSameEverywhere(fx.session, 'textkit.pad.Column.render', [...(await namesFromTools(fx.session, 'render', 'textkit/pad.py')), 'textkit.Column.render', 'Column.render']);
  }, 90_000);

  it('docs_list takes a module by its last segment as by its full name', async () => {
    const r = sc<{ items: Array<{ id: string }> }>(await fx.session.call('docs_list', { module: 'pad' }));
    expect(r.items.map((i) => i.id)).toEqual(expect.arrayContaining(['textkit.pad.Column', 'textkit.pad.pad_left']));
  });
});
