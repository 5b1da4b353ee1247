import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeContext, materialize } from './helpers.js';

// The change tools on clangd with a CMake compilation database, on a copy of
// test/fixtures/change/cpp: a free function declared in a header, defined in one .cpp and used
// in another; a method with a doc comment and an attribute.
let fx: ReturnType<typeof materialize>;
let env: ReturnType<typeof changeContext>;
const compiles = (file: string) => execFileSync('g++', ['-std=c++17', '-fsyntax-only', '-I', path.join(fx.root, 'include'), path.join(fx.root, file)], { encoding: 'utf8' });

beforeAll(() => {
  fx = materialize('cpp');
  execFileSync('cmake', ['-S', fx.root, '-B', path.join(fx.root, 'build'), '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON'], { stdio: 'ignore' });
  env = changeContext(fx.root);
}, 60_000);
afterAll(async () => {
  await env?.services.disposeAll();
  fx?.cleanup();
});

describe('change tools on C++', () => {
  it('rename across the header, its definition and a user; agrees with find_references', async () => {
    const r = await env.rename({ symbol: 'totalArea', file: 'src/main.cpp', new_name: 'sumOfAreas', apply: true });
    expect(r.files.map((f) => f.file).sort()).toEqual(['include/geo/shapes.h', 'src/main.cpp', 'src/shapes.cpp']);
    expect(r.reference_check.consistent).toBe(true);
    expect(fx.read('include/geo/shapes.h')).toContain('double sumOfAreas(const Circle &a, const Circle &b);');
    compiles('src/main.cpp');
    compiles('src/shapes.cpp');
    await env.undo({ edit_id: r.edit_id });
    expect(fx.read('include/geo/shapes.h')).toContain('double totalArea(');
  });

  it('a method renamed onto its sibling is refused', async () => {
    await expect(env.rename({ symbol: 'geo::Circle::area', file: 'include/geo/shapes.h', new_name: 'perimeter' })).rejects.toMatchObject({ code: 'E_BAD_INPUT', message: expect.stringMatching(/collides with an existing name/) });
  });

  it('extract function through clangd: the result compiles', async () => {
    const r = await env.extract({ file: 'src/main.cpp', range: { start: { line: 5 }, end: { line: 7 } }, name: 'wrapAround', apply: true });
    expect(r.via).toMatch(/extract to function/i);
    const text = fx.read('src/main.cpp');
    expect(text).toMatch(/void wrapAround\(int &sum\) \{/);
    expect(text).toContain('  wrapAround(sum);');
    compiles('src/main.cpp');
  });

  it('formatting is idempotent', async () => {
    const first = await env.format({ file: 'src/messy.cpp', apply: true });
    expect(first.formatter).toBe('clangd');
    expect(fx.read('src/messy.cpp')).toBe('int messy(int a, int b) { return a + b; }\n');
    const again = await env.format({ file: 'src/messy.cpp' });
    expect(again.counts.files).toBe(0);
  });

  it('symbol edits on a method with a doc comment and an attribute', async () => {
    const before = await env.insertBefore({ symbol: 'geo::Circle::area', file: 'include/geo/shapes.h', text: '/// Twice the radius.\ndouble diameter() const { return 2 * radius_; }' , apply: true });
    expect(before.symbol).toMatchObject({ kind: 'field_declaration', range: { start: { line: 10, column: 3 }, end: { line: 11, column: 37 } } });
    expect(fx.read('include/geo/shapes.h')).toContain("  /// Twice the radius.\n  double diameter() const { return 2 * radius_; }\n  /// The circle's area.\n  [[nodiscard]] double area() const;\n");
    // A new declaration without attributes replaces from the type on: the doc comment and [[nodiscard]] stay.
    await env.replaceBody({ symbol: 'geo::Circle::area', file: 'include/geo/shapes.h', new_body: 'double area() const noexcept;', apply: true });
    await env.replaceBody({ symbol: 'geo::Circle::area', file: 'src/shapes.cpp', new_body: 'double Circle::area() const noexcept { return 3.14159 * radius_ * radius_; }', apply: true });
    expect(fx.read('include/geo/shapes.h')).toContain("  /// The circle's area.\n  [[nodiscard]] double area() const noexcept;\n");
    compiles('src/shapes.cpp');
    await expect(env.deleteSymbol({ symbol: 'geo::Circle::area', file: 'include/geo/shapes.h' })).rejects.toMatchObject({ message: expect.stringMatching(/still has \d+ reference\(s\): src\/shapes\.cpp/) });
  });
});
