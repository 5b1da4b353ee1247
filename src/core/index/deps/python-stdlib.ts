import { walkFiles } from '../../workspace/files.js';
import { looksLikeStdlib, pythonBuiltinsSource } from '../python-builtins.js';
import type { PythonEnvironment } from './python-env.js';
import { realPath, type InstalledDependency } from './types.js';

/**
 * The standard library of the interpreter a Python project uses, as one of its dependencies
 * (`python@3.11.7`): what `import json` loads is as much the project's world as what pip
 * installed, and a question in words ("remove a directory and everything under it") is most
 * often answered there. It is indexed like any installed package (once per machine and
 * version, shared by every project), with the interpreter's built-in and extension modules
 * (`time`, `math`, `_csv`) described by that interpreter (python-builtins.ts) when the PATH
 * names it.
 */

/** The package name the standard library is listed under (`index_status`, each hit's `package`). */
export const PYTHON_STDLIB_PACKAGE = 'python';

/**
 * What is not the library a program imports: IDLE, the turtle demos, the directories installed
 * packages live in (each is a dependency of its own), and the build's `config-3.X-…` folder.
 * The test suite (`test/`, `tests/` folders) is listed: its files are not extracted (they are
 * tests), but the names they call are counted as the library's usage (index/usage.ts), the
 * only code besides the library itself that uses it. Without them, `math.factorial` and
 * `collections.defaultdict` had no usage at all, and through a project the standard library
 * answered far worse than as a root over the same files (bench/docs-project.bench.mjs).
 */
const NOT_LIBRARY = ['site-packages/', 'dist-packages/', '__pycache__/', 'idlelib/', 'turtledemo/', 'config-*/'];

export function pythonStdlibDependency(env: PythonEnvironment | null): InstalledDependency | null {
  const stdlib = env?.stdlib;
  const dir = stdlib ? realPath(stdlib.dir) : null;
  if (!stdlib || !dir || !looksLikeStdlib(dir)) return null;
  return {
    ecosystem: 'python',
    name: PYTHON_STDLIB_PACKAGE,
    version: stdlib.version,
    base: dir,
    // Two installations of one version can differ (a distribution's patches, another build).
    variant: dir,
    async *list(signal) {
      for await (const rel of walkFiles(dir, { signal, exclude: NOT_LIBRARY })) if (rel.endsWith('.py')) yield rel;
    },
    generated: pythonBuiltinsSource(dir),
    standardLibrary: true,
  };
}
