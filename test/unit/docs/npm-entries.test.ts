import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { npmEntryOf, untypedNpmEntry } from '../../../src/core/index/npm-entries.js';

/** Which import path an installed npm package's file answers to, from its package.json. */

const dir = mkdtempSync(path.join(tmpdir(), 'docent-npm-entries-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(rel: string, text = ''): string {
  const abs = path.join(dir, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, text);
  return abs;
}

describe('npmEntryOf', () => {
  it('takes main, module, types and a directory main', () => {
    write('n/node_modules/a/package.json', JSON.stringify({ name: 'a', main: './lib/a.cjs', module: 'esm/a.mjs', typings: 'types/a.d.ts' }));
    expect(npmEntryOf(write('n/node_modules/a/lib/a.cjs'))).toBe('a');
    expect(npmEntryOf(write('n/node_modules/a/lib/a.d.ts'))).toBe('a'); // TypeScript's declarations beside the JS
    expect(npmEntryOf(write('n/node_modules/a/esm/a.mjs'))).toBe('a');
    expect(npmEntryOf(write('n/node_modules/a/types/a.d.ts'))).toBe('a');
    expect(npmEntryOf(write('n/node_modules/a/lib/other.js'))).toBeNull();
    write('n/node_modules/b/package.json', JSON.stringify({ name: 'b', main: 'src' }));
    expect(npmEntryOf(write('n/node_modules/b/src/index.js'))).toBe('b');
    expect(npmEntryOf(write('n/node_modules/b/index.js'))).toBeNull();
  });

  it("takes index.js when the package names neither main nor exports, as Node does (express's package.json)", () => {
    write('n/node_modules/ex/package.json', JSON.stringify({ name: 'ex', version: '4.0.0' }));
    expect(npmEntryOf(write('n/node_modules/ex/index.js'))).toBe('ex');
    expect(npmEntryOf(write('n/node_modules/ex/lib/ex.js'))).toBeNull();
    // With exports, Node reads only what they name.
    write('n/node_modules/ey/package.json', JSON.stringify({ name: 'ey', exports: { '.': './main.js' } }));
    expect(npmEntryOf(write('n/node_modules/ey/index.js'))).toBeNull();
  });

  it('takes every condition of exports, subpaths and `*` patterns, scoped names included', () => {
    write('n/node_modules/@s/c/package.json', JSON.stringify({
      name: '@s/c',
      exports: {
        '.': { import: { types: './dist/types/index.d.mts', default: './dist/esm/index.mjs' }, require: ['./dist/cjs/index.cjs'] },
        './fp': './dist/fp/index.js',
        './units/*': { types: './dist/types/units/*.d.ts', default: './dist/units/*.js' },
        './package.json': './package.json',
      },
    }));
    expect(npmEntryOf(write('n/node_modules/@s/c/dist/types/index.d.mts'))).toBe('@s/c');
    expect(npmEntryOf(write('n/node_modules/@s/c/dist/cjs/index.cjs'))).toBe('@s/c');
    expect(npmEntryOf(write('n/node_modules/@s/c/dist/fp/index.js'))).toBe('@s/c/fp');
    expect(npmEntryOf(write('n/node_modules/@s/c/dist/types/units/length.d.ts'))).toBe('@s/c/units/length');
    expect(npmEntryOf(write('n/node_modules/@s/c/dist/units/mass/index.js'))).toBe('@s/c/units/mass');
    expect(npmEntryOf(write('n/node_modules/@s/c/dist/internal/x.js'))).toBeNull();
  });

  it("counts a package as typed only by declaration files it has (yargs's exports name a browser.d.ts it does not ship)", () => {
    write('n/node_modules/yg/package.json', JSON.stringify({ name: 'yg', type: 'module', main: './index.cjs', exports: { '.': [{ import: './index.mjs', require: './index.cjs' }, './index.cjs'], './browser': { import: './browser.mjs', types: './browser.d.ts' } } }));
    expect(untypedNpmEntry(write('n/node_modules/yg/index.cjs', 'module.exports = Argv;\nfunction Argv() {}\n'))).toBe(true);
    // The same package shipping it is typed.
    write('n/node_modules/yh/package.json', JSON.stringify({ name: 'yh', main: './index.cjs', exports: { '.': './index.cjs', './browser': { types: './browser.d.ts' } } }));
    write('n/node_modules/yh/browser.d.ts', 'export declare function Yargs(): void;\n');
    expect(untypedNpmEntry(write('n/node_modules/yh/index.cjs', 'module.exports = Argv;\nfunction Argv() {}\n'))).toBe(false);
  });

  it('says nothing for a file outside node_modules or a package without package.json', () => {
    expect(npmEntryOf(write('n/src/index.js'))).toBeNull();
    expect(npmEntryOf(write('n/node_modules/nopkg/index.js'))).toBeNull();
    write('n/node_modules/bad/package.json', '{ not json');
    expect(npmEntryOf(write('n/node_modules/bad/index.js'))).toBeNull();
  });
});
