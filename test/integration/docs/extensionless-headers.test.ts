import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocsIndex } from '../../../src/core/index/service.js';
import { indexedTree } from './fixtures.js';

/**
 * The C++ standard libraries declare `std::optional`, `std::array` and `std::tuple` in headers
 * without an extension (`<optional>`), each saying what it is in an editor's mode line. A walked
 * root indexes those, and leaves other extensionless files (a licence, a makefile, a script) alone.
 */

const optional = [
  '// <optional> -*- C++ -*-',
  '',
  '#pragma once',
  'namespace std {',
  '  /**',
  '   * @brief Class template that may or may not contain a value of type T.',
  '   */',
  '  template<typename _Tp>',
  '  class optional {',
  '  public:',
  '    /// Whether a value is contained.',
  '    constexpr bool has_value() const noexcept;',
  '  };',
  '}',
  '',
].join('\n');

let made: { idx: DocsIndex; close: () => Promise<void> } | undefined;
beforeAll(async () => {
  made = await indexedTree({
    'include/optional': optional,
    'include/LICENSE': 'Permission is hereby granted, free of charge, to any person: class optional {};\n',
    'Makefile': 'all:\n\tclass optional\n',
    'include/bits/stl_pair.h': '/// A pair of values.\nnamespace std { template<typename A, typename B> struct pair { A first; B second; }; }\n',
  }, 'docent-extensionless-');
}, 60_000);
afterAll(async () => {
  await made?.close();
});

const idx = () => made!.idx;
const root = () => idx().roots[0]!;
const files = () => [...root().store.files().keys()].sort();
const ids = (q: string) => root().queries.search(q, { limit: 5 }).map((h) => h.id);

describe('extensionless C++ headers under a walked root', () => {
  it('indexes a header whose mode line says C++, and no other extensionless file', () => {
    expect(files()).toEqual(['include/bits/stl_pair.h', 'include/optional']);
    expect(ids('may or may not contain a value')[0]).toBe('std::optional');
    expect(ids('optional has_value')).toContain('std::optional::has_value');
  });

  it('follows an edit, and a removal, of such a header', async () => {
    const file = path.join(root().root, 'include/optional');
    writeFileSync(file, optional.replace('Whether a value is contained.', 'Whether the optional holds something.'));
    await idx().updatePaths(root(), ['include/optional']);
    expect(ids('holds something')).toContain('std::optional::has_value');
    rmSync(file);
    await idx().updatePaths(root(), ['include/optional']);
    expect(files()).toEqual(['include/bits/stl_pair.h']);
    expect(ids('may or may not contain a value')).not.toContain('std::optional');
  });
});
