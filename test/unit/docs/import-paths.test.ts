import { describe, expect, it } from 'vitest';
import { absoluteImport, relativePythonModule, relativeScriptModule } from '../../../src/core/extract/import-paths.js';

describe('import paths as the index names modules', () => {
  it('Python: one dot is the module\'s package, more dots climb; a package __init__ is the package itself', () => {
    expect(relativePythonModule('flask.app', 'flask/app.py', '.sansio.app')).toBe('flask.sansio.app');
    expect(relativePythonModule('flask.sansio.app', 'flask/sansio/app.py', '..helpers')).toBe('flask.helpers');
    expect(relativePythonModule('flask', 'flask/__init__.py', '.app')).toBe('flask.app');
    expect(relativePythonModule('flask.json', 'flask/json/__init__.pyi', '..globals')).toBe('flask.globals');
    expect(relativePythonModule('pkg.mod', 'pkg/mod.py', '.')).toBe('pkg');
    expect(relativePythonModule('pkg.mod', 'pkg/mod.py', 'os.path')).toBe('os.path');
    // Above the top-level package Python refuses the import.
    expect(relativePythonModule('pkg.mod', 'pkg/mod.py', '..x')).toBeNull();
    expect(relativePythonModule('pkg', 'pkg/__init__.py', '..')).toBeNull();
    expect(relativePythonModule('pkg', 'pkg/__init__.py', '.')).toBe('pkg');
  });

  it('JS/TS: resolved against the file\'s folder, extension and /index dropped', () => {
    expect(relativeScriptModule('src/a/b.ts', './base.js')).toBe('src/a/base');
    expect(relativeScriptModule('src/a/b.ts', '../util/index.js')).toBe('src/util');
  });

  it('absoluteImport picks the rule by the importing file\'s language', () => {
    expect(absoluteImport('.sansio.app', 'flask/app.py', 'flask.app')).toBe('flask.sansio.app');
    expect(absoluteImport('.sansio.app', 'flask/app.py', null)).toBe('.sansio.app');
    expect(absoluteImport('./base', 'src/a/b.ts', 'src/a/b')).toBe('src/a/base');
    expect(absoluteImport('..', 'src/a/b.ts', 'src/a/b')).toBe('src');
    expect(absoluteImport('zod', 'src/a/b.ts', 'src/a/b')).toBe('zod');
    expect(absoluteImport('collections.abc', 'x/y.py', 'x.y')).toBe('collections.abc');
  });
});
