import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialize, navContext } from './helpers.js';

// pyright-langserver (docent's own node_modules) on a fixture with `from m import x`, the same
// function name in two modules, mentions in a comment and a string, and a third-party package
// installed in the fixture's virtualenv (.venv/lib/python3.11/site-packages/slugkit).
let fx: ReturnType<typeof materialize>;
let env: ReturnType<typeof navContext>;

beforeAll(async () => {
  fx = materialize('py');
  env = navContext(fx.root);
  await env.outline({ file: 'app.py' });
}, 60_000);
afterAll(async () => {
  await env?.services.disposeAll();
  fx?.cleanup();
});

describe('get_symbol_documentation on pyright', () => {
  it('from m import x: the docstring through the use, the definition in the module', async () => {
    const r = await env.doc({ symbol_name: 'area', file_path: 'app.py' });
    expect(r.found).toBe(true);
    expect(r.status).toBe('imported');
    expect(r.lookup).toBe('occurrence');
    expect(r.documentation).toBe('Area of a circle with the given radius.');
    expect(r.signature).toMatch(/def area\(radius: float\) -> float/);
    expect(r.location).toMatchObject({ file: 'pkg/geometry.py', line: 4, column: 5 });
    expect(r.kind).toBe('function');
    // The use inside the f-string's {…} is code; the comment and "area" string are skipped.
    expect(r.usage_location).toMatchObject({ file: 'app.py', line: 10 });
    expect(r.candidates).toEqual([]);
  });

  it('a third-party package in site-packages', async () => {
    const r = await env.doc({ symbol_name: 'slugify', file_path: 'app.py' });
    expect(r.found).toBe(true);
    expect(r.status).toBe('imported');
    expect(r.documentation).toBe('Lower-case `text` and join its words with hyphens.');
    expect(r.location?.file).toMatch(/\.venv\/lib\/python3\.11\/site-packages\/slugkit\/__init__\.py$/);
  });

  it('a method by Class.method in the defining file', async () => {
    const r = await env.doc({ symbol_name: 'Shape.describe', file_path: 'pkg/geometry.py' });
    expect(r).toMatchObject({ found: true, status: 'defined', lookup: 'document_symbols', kind: 'method', container: 'Shape', qualified_name: 'Shape.describe' });
    expect(r.documentation).toBe('One line saying what the shape is.');
  });

  it('the same name in two modules: best match plus candidates; file_path picks the right one', async () => {
    const r = await env.doc({ symbol_name: 'area' });
    expect(r.status).toBe('workspace');
    expect(r.edge_cases).toContain('ambiguous');
    const files = [r.location!.file, ...r.candidates.map((c) => c.location.file)].sort();
    expect(files).toEqual(['pkg/geometry.py', 'pkg/rectangles.py']);
    expect(r.candidates[0]).toMatchObject({ name: 'area', kind: 'function' });
    const scoped = await env.doc({ symbol_name: 'area', file_path: 'pkg/rectangles.py' });
    expect(scoped.documentation).toBe('Area of a rectangle.');
    expect(scoped.status).toBe('defined');
  });

  it('found but undocumented', async () => {
    const r = await env.doc({ symbol_name: 'bare_helper', file_path: 'pkg/geometry.py' });
    expect(r.found).toBe(true);
    expect(r.documentation).toBeNull();
    expect(r.signature).toMatch(/def bare_helper\(x/);
    expect(r.edge_cases).toEqual(['undocumented']);
    expect(r.note).toMatch(/no documentation/);
  });
});

describe('navigation on pyright', () => {
  it('find_references by name from the importing file', async () => {
    const r = await env.references({ symbol_name: 'area', file_path: 'app.py' });
    expect(r.files.map((f) => f.file).sort()).toEqual(['app.py', 'pkg/geometry.py']);
    expect(r.total).toBe(3); // definition, import, call
  });

  it('hover and find_definition by position', async () => {
    const h = await env.hover({ file: 'app.py', line: 10, character: 15 });
    expect(h.target.symbol).toBe('slugify');
    expect(h.documentation).toBe('Lower-case `text` and join its words with hyphens.');
    const d = await env.definition({ file: 'app.py', line: 1, character: 26 });
    expect(d.definitions[0]).toMatchObject({ file: 'pkg/geometry.py', line: 4, column: 5, external: false });
    expect(d.definitions[0]!.source).toContain('def area(radius: float) -> float:');
  });

  it('document_symbols: classes with methods, qualified names', async () => {
    const r = await env.outline({ file: 'pkg/geometry.py' });
    const shape = r.symbols.find((s) => s.name === 'Shape')!;
    expect(shape.kind).toBe('class');
    expect(shape.children.map((c) => c.qualified_name)).toContain('Shape.describe');
    const top = await env.outline({ file: 'pkg/geometry.py', depth: 1 });
    expect(top.symbols.every((s) => s.children.length === 0)).toBe(true);
    expect(top.truncated).toBe(true);
  });
});

describe('renamed imports and untyped values', () => {
  it('`from m import x as y`: y is documented as x', async () => {
    const r = await env.doc({ symbol_name: 'box_area', file_path: 'aliases.py' });
    expect(r).toMatchObject({ found: true, status: 'imported', lookup: 'occurrence', qualified_name: 'area', kind: 'function' });
    expect(r.documentation).toBe('Area of a rectangle.');
    expect(r.location).toMatchObject({ file: 'pkg/rectangles.py', line: 1 });
  });

  it('a member of a value pyright cannot type (`describe: Unknown`): the workspace symbol, not the bare use', async () => {
    const r = await env.doc({ symbol_name: 'describe', file_path: 'aliases.py' });
    expect(r).toMatchObject({ found: true, status: 'workspace', qualified_name: 'Shape.describe', documentation: 'One line saying what the shape is.' });
    expect(r.edge_cases).toContain('unresolved_occurrences');
    expect(r.note).toMatch(/cannot follow the use of "describe" in aliases\.py/);
  });
});
