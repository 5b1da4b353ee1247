import { describe, expect, it } from 'vitest';
import { pythonImportWarning } from '../../../src/core/extract/module-deprecation.js';
import { extractSource } from '../../../src/core/extract/extract.js';

/** A Python module that warns when imported is deprecated as a whole (extract/module-deprecation.ts). */

describe('module-level deprecation warnings', () => {
  it('reads the message of a warnings.warn call with a deprecation category', () => {
    const src = ['import warnings', 'warnings.warn("the imp module is deprecated in favour of importlib",', '              DeprecationWarning, stacklevel=2)', ''].join('\n');
    expect(pythonImportWarning(src, 'imp')).toBe('the imp module is deprecated in favour of importlib');
  });

  it('joins adjacent literals and follows a module-level constant', () => {
    const src = ['import warnings', '_MSG = ("The distutils package is deprecated "', '        "and slated for removal")', 'warnings.warn(_MSG,', '              DeprecationWarning, 2)', ''].join('\n');
    expect(pythonImportWarning(src, 'distutils')).toBe('The distutils package is deprecated and slated for removal');
  });

  it("writes warnings._deprecated's message from the module's name and the version that removes it", () => {
    expect(pythonImportWarning('import warnings\nwarnings._deprecated(__name__, remove=(3, 13))\n', 'cgi')).toBe('The cgi module is deprecated and will be removed in Python 3.13.');
  });

  it('puts the module name into an f-string that interpolates __name__', () => {
    expect(pythonImportWarning('import warnings\nwarnings.warn(f"module {__name__!r} is deprecated", DeprecationWarning)\n', 'sre_parse')).toBe('module sre_parse is deprecated');
  });

  it('accepts a bare warn( only where the file imports it from warnings, and a pending deprecation', () => {
    expect(pythonImportWarning('from warnings import warn\nwarn("old", PendingDeprecationWarning)\n', 'm')).toBe('old');
    expect(pythonImportWarning('from mylog import warn\nwarn("old", PendingDeprecationWarning)\n', 'm')).toBeNull();
  });

  it('ignores indented warnings, other categories, and a category only in a comment', () => {
    expect(pythonImportWarning('import sys, warnings\nif sys.version_info < (3, 8):\n    warnings.warn("old Python", DeprecationWarning)\n', 'm')).toBeNull();
    expect(pythonImportWarning('import warnings\nwarnings.warn("no C speedups", RuntimeWarning)\n', 'm')).toBeNull();
    expect(pythonImportWarning('import warnings\nwarnings.warn("no C speedups",  # not a DeprecationWarning\n    RuntimeWarning)\n', 'm')).toBeNull();
  });

  it('marks every item of the module, keeps an item its own message, and makes an undocumented module an item', async () => {
    const src = [
      'import warnings',
      'warnings.warn("oldtools is deprecated; use newtools", DeprecationWarning, stacklevel=2)',
      '',
      'def spawn(cmd):',
      '    """Run a command."""',
      '',
      'def find_program(name):',
      '    """Find a program on the search path.',
      '',
      '    .. deprecated:: 2.0',
      '       Use which().',
      '    """',
      '',
    ].join('\n');
    for (const engine of ['fast', 'tree-sitter'] as const) {
      const x = await extractSource('python', src, { file: 'oldtools/__init__.py', includePrivate: false, engine });
      const byId = new Map(x.items.map((i) => [i.id, i]));
      expect(byId.get('oldtools.spawn')?.deprecated, engine).toBe('oldtools is deprecated; use newtools');
      expect(byId.get('oldtools.find_program')?.deprecated, engine).toMatch(/^2\.0: Use which\(\)/);
      expect(byId.get('oldtools')?.kind, engine).toBe('module');
      expect(byId.get('oldtools')?.deprecated, engine).toBe('oldtools is deprecated; use newtools');
    }
  });

  it("counts a module docstring's own deprecation for its items", async () => {
    const src = ['"""Old helpers.', '', '.. deprecated:: 3.4', '   Use the new module.', '"""', '', 'def helper():', '    """Help."""', ''].join('\n');
    const x = await extractSource('python', src, { file: 'helpers.py', includePrivate: false });
    expect(x.items.find((i) => i.id === 'helpers.helper')?.deprecated).toMatch(/Use the new module/);
  });

  it("counts a Go package doc's Deprecated: paragraph for the package's functions", async () => {
    const src = [
      '// Package ioutil implements some I/O utility functions.',
      '//',
      '// Deprecated: As of Go 1.16, the same functionality is now provided',
      '// by package io or package os.',
      'package ioutil',
      '',
      '// ReadAll reads from r until an error or EOF and returns the data it read.',
      'func ReadAll(r io.Reader) ([]byte, error) {',
      '\treturn io.ReadAll(r)',
      '}',
      '',
    ].join('\n');
    const x = await extractSource('go', src, { file: 'io/ioutil/ioutil.go', includePrivate: false });
    expect(x.items.find((i) => i.name === 'ReadAll')?.deprecated).toMatch(/^As of Go 1\.16/);
  });
});
