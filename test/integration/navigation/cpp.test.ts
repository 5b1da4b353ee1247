import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialize, navContext } from './helpers.js';

// clangd on a CMake fixture: documented declarations in a header, definitions in a .cpp, a
// use in main.cpp through #include, the same name in two namespaces, and mentions in a
// comment, a string and an `#if 0` block (which clangd does not resolve).
let fx: ReturnType<typeof materialize>;
let env: ReturnType<typeof navContext>;

beforeAll(async () => {
  fx = materialize('cpp');
  execFileSync('cmake', ['-S', fx.root, '-B', path.join(fx.root, 'build'), '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON'], { stdio: 'ignore' });
  env = navContext(fx.root);
  await env.outline({ file: 'src/main.cpp' });
}, 90_000);
afterAll(async () => {
  await env?.services.disposeAll();
  fx?.cleanup();
});

describe('get_symbol_documentation on clangd', () => {
  it('used through a header: documentation from the header, definition in the .cpp', async () => {
    const r = await env.doc({ symbol_name: 'circleArea', file_path: 'src/main.cpp' });
    expect(r).toMatchObject({ found: true, status: 'imported', lookup: 'occurrence', kind: 'function', container: 'geo' });
    expect(r.documentation).toBe('Area of a circle with radius `r`.');
    expect(r.signature).toContain('double circleArea(double r)');
    expect(r.usage_location).toMatchObject({ file: 'src/main.cpp', line: 13 });
    expect(['include/geo/shapes.h', 'src/shapes.cpp']).toContain(r.location?.file);
    // The use inside `#if 0` resolves to nothing and is reported, not taken.
    expect(r.edge_cases).toContain('unresolved_occurrences');
  });

  it('ns::Class::method in the header', async () => {
    const r = await env.doc({ symbol_name: 'geo::Circle::area', file_path: 'include/geo/shapes.h' });
    expect(r).toMatchObject({ found: true, status: 'defined', lookup: 'document_symbols', kind: 'method', container: 'geo::Circle' });
    expect(r.documentation).toBe("The circle's area.");
  });

  it('the same name in two namespaces: candidates, and a qualified name picks one', async () => {
    const r = await env.doc({ symbol_name: 'scale' });
    expect(r.edge_cases).toContain('ambiguous');
    const containers = [r.container, ...r.candidates.map((c) => c.container)];
    expect(new Set(containers)).toEqual(new Set(['geo', 'util']));
    const util = await env.doc({ symbol_name: 'util::scale' });
    expect(util.container).toBe('util');
    expect(util.documentation).toBe('Scale a length by two (util flavour).');
    expect(util.candidates).toEqual([]);
  });

  it('find_definition and find_references by name', async () => {
    const d = await env.definition({ symbol_name: 'circleArea', file_path: 'src/main.cpp' });
    expect(d.definitions[0]).toMatchObject({ file: 'src/shapes.cpp', line: 5 });
    expect(d.definitions[0]!.source).toContain('double circleArea(double r)');
    const refs = await env.references({ symbol_name: 'circleArea', file_path: 'src/main.cpp' });
    const files = refs.files.map((f) => f.file);
    expect(files).toEqual(expect.arrayContaining(['include/geo/shapes.h', 'src/main.cpp', 'src/shapes.cpp']));
  });
});

describe('namespaces opened by macros, inline namespaces', () => {
  it('the macro expansion is no scope; a name without the inline namespace still finds the declaration', async () => {
    const o = await env.outline({ file: 'include/geo/versioned.h' });
    const names: string[] = [];
    const walk = (list: typeof o.symbols) => list.forEach((s) => (names.push(s.qualified_name), walk(s.children)));
    walk(o.symbols);
    expect(names).toContain('geo::v2::Gauge::tick');
    expect(names.some((n) => n.includes('GEO_BEGIN_NAMESPACE::'))).toBe(false);
    // search_symbols names it geo::Gauge::tick (clangd leaves inline namespaces out).
    const r = await env.doc({ symbol_name: 'geo::Gauge::tick', file_path: 'include/geo/versioned.h' });
    expect(r).toMatchObject({ found: true, status: 'defined', lookup: 'document_symbols', kind: 'method', qualified_name: 'geo::v2::Gauge::tick', container: 'geo::v2::Gauge' });
    expect(r.documentation).toBe('Advance by one tick.');
  });
});
