import { describe, expect, it } from 'vitest';
import { goAliasReexport, goImportNames } from '../../../src/core/extract/lang/go-aliases.js';

describe('Go type aliases', () => {
  it('names an import path as Go code uses it without an alias', () => {
    expect(goImportNames('io/fs')).toEqual(['fs']);
    expect(goImportNames('gopkg.in/yaml.v3')).toEqual(['yaml']);
    expect(goImportNames('github.com/jackc/pgx/v5')).toEqual(['pgx', 'v5']);
    expect(goImportNames('k8s.io/api/core/v1')).toEqual(['core', 'v1']);
    expect(goImportNames('github.com/mattn/go-sqlite3')).toEqual(['sqlite3']);
  });

  it('re-exports a named type, here or through an import; any other type is none', () => {
    const imports = new Map([['fs', 'io/fs']]);
    expect(goAliasReexport('os', 'FileInfo', 'fs.FileInfo', imports)).toEqual({ public: 'os.FileInfo', target: 'io/fs.FileInfo' });
    expect(goAliasReexport('p', 'Set', 'Map[K, struct{}]', imports)).toEqual({ public: 'p.Set', target: 'p.Map' });
    expect(goAliasReexport('p', 'Bytes', '[]byte', imports)).toBeNull();
    expect(goAliasReexport('p', 'X', 'other.X', imports)).toBeNull();
  });
});
