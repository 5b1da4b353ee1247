import { describe, expect, it } from 'vitest';
import { goModulePath } from '../../../src/core/extract/lang/go.js';
import { rustModulePath } from '../../../src/core/extract/lang/rust.js';
import { pythonModuleName } from '../../../src/core/extract/lang/python.js';

/** Go items are named by import path: the module path from go.mod, then the package's folder. */
describe('Go import paths', () => {
  it("joins go.mod's module path and the folder", () => {
    expect(goModulePath('internal/db/conn.go', 'example.com/app', 'db')).toBe('example.com/app/internal/db');
    expect(goModulePath('main.go', 'example.com/app', 'main')).toBe('example.com/app');
  });

  it("names the standard library's packages by folder alone, as they are imported (its go.mod says `module std`)", () => {
    expect(goModulePath('encoding/json/encode.go', 'std', 'json')).toBe('encoding/json');
    expect(goModulePath('os/file.go', 'std', 'os')).toBe('os');
  });

  it("names a file of a go.work's module from that module's path, the deepest module first", () => {
    const mods = [
      { dir: 'svc/api', module: 'example.com/api' },
      { dir: 'svc/api/plugins', module: 'example.com/plugins' },
      { dir: '', module: 'example.com/root' },
    ];
    expect(goModulePath('svc/api/handler.go', undefined, 'api', mods)).toBe('example.com/api');
    expect(goModulePath('svc/api/internal/auth/token.go', undefined, 'auth', mods)).toBe('example.com/api/internal/auth');
    expect(goModulePath('svc/api/plugins/x/x.go', undefined, 'x', mods)).toBe('example.com/plugins/x');
    expect(goModulePath('svc/apiary/bee.go', 'example.com/root', 'apiary', mods)).toBe('example.com/root/svc/apiary');
    expect(goModulePath('tools/gen.go', undefined, 'main', [{ dir: 'svc/api', module: 'example.com/api' }])).toBe('tools');
  });

  it('uses the folder, else the package name, without a go.mod', () => {
    expect(goModulePath('util/strings.go', undefined, 'util')).toBe('util');
    expect(goModulePath('main.go', undefined, 'main')).toBe('main');
  });
});

/** Rust items are named by crate and module: the crate of the folder holding `src/`. */
describe('Rust module paths', () => {
  it("names a workspace member's files by the crate its Cargo.toml names, else by the folder", () => {
    const members = [{ dir: 'crates/alpha', crate: 'alpha_core' }];
    expect(rustModulePath('crates/alpha/src/text/mod.rs', undefined, 'crate', members)).toEqual(['alpha_core', 'text']);
    expect(rustModulePath('crates/beta/src/lib.rs', undefined, 'crate', members)).toEqual(['beta']);
    expect(rustModulePath('src/lib.rs', 'root_crate', 'root_crate', members)).toEqual(['root_crate']);
  });
});

/** Python modules are named as imported: a nested project's `src/` is an import root of its own. */
describe('Python module names', () => {
  it("drops a nested src-layout project's folder and src/, the deepest first, and nothing else", () => {
    const roots = ['libs/other', 'libs/other/plugins/extra'];
    expect(pythonModuleName('libs/other/src/otherpkg/core.py', roots)).toBe('otherpkg.core');
    expect(pythonModuleName('libs/other/src/otherpkg/__init__.py', roots)).toBe('otherpkg');
    expect(pythonModuleName('libs/other/plugins/extra/src/extra/x.py', roots)).toBe('extra.x');
    expect(pythonModuleName('libs/other/tests/test_core.py', roots)).toBe('libs.other.tests.test_core');
    expect(pythonModuleName('src/mypkg/text.py', roots)).toBe('mypkg.text');
    expect(pythonModuleName('lib/python3.11/site-packages/libs/other/src/x.py', roots)).toBe('libs.other.src.x');
    expect(pythonModuleName('libs/other/src/otherpkg/core.py')).toBe('libs.other.src.otherpkg.core');
  });
});
