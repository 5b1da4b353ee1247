import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageOf } from '../../../src/core/index/packages.js';

/** Which installed package a file belongs to, from its path (and the package's metadata files). */

const dir = mkdtempSync(path.join(tmpdir(), 'docent-pkgof-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(rel: string, text: string): string {
  const abs = path.join(dir, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, text);
  return abs;
}

describe('packageOf', () => {
  it('reads the innermost node_modules package.json, scoped names included', () => {
    write('a/node_modules/@scope/pkg/package.json', '{"name":"@scope/pkg","version":"2.0.0"}');
    write('a/node_modules/@scope/pkg/node_modules/inner/package.json', '{"name":"inner","version":"0.1.0"}');
    expect(packageOf(write('a/node_modules/@scope/pkg/lib/x.d.ts', ''))).toEqual({ name: '@scope/pkg', version: '2.0.0' });
    expect(packageOf(write('a/node_modules/@scope/pkg/node_modules/inner/i.d.ts', ''))).toEqual({ name: 'inner', version: '0.1.0' });
  });

  it('reads a site-packages dist-info METADATA, by distribution name or top_level.txt', () => {
    write('py/site-packages/My_Lib-1.4.dist-info/METADATA', 'Metadata-Version: 2.1\nName: my-lib\nVersion: 1.4\n\nbody Version: 9\n');
    write('py/site-packages/PyYAML-6.0.1.dist-info/METADATA', 'Name: PyYAML\nVersion: 6.0.1\n');
    write('py/site-packages/PyYAML-6.0.1.dist-info/top_level.txt', '_yaml\nyaml\n');
    expect(packageOf(write('py/site-packages/my_lib/core.py', ''))).toEqual({ name: 'my-lib', version: '1.4' });
    expect(packageOf(write('py/site-packages/yaml/__init__.py', ''))).toEqual({ name: 'PyYAML', version: '6.0.1' });
    expect(packageOf(write('py/site-packages/orphan/__init__.py', ''))).toBeNull();
  });

  it('reads Cargo registry and Go module cache directories from the path alone', () => {
    expect(packageOf('/home/u/.cargo/registry/src/index.crates.io-6f17d22bba15001f/serde_json-1.0.108/src/lib.rs')).toEqual({ name: 'serde_json', version: '1.0.108' });
    expect(packageOf('/home/u/go/pkg/mod/github.com/!burnt!sushi/toml@v1.3.2/decode.go')).toEqual({ name: 'github.com/BurntSushi/toml', version: 'v1.3.2' });
    expect(packageOf('/home/u/project/src/main.rs')).toBeNull();
  });
});
