import path from 'node:path';

/**
 * A relative JS/TS import (`./base`, `../util/index.js`) as the module name the index gives
 * the file it names (`src/base`, `util`): resolved against the importing file's folder, the
 * extension and a trailing `/index` dropped. `fromFile` is root-relative, with forward slashes.
 */
export function relativeScriptModule(fromFile: string, spec: string): string {
  return path.posix.join(path.posix.dirname(fromFile), spec).replace(/\.[cm]?[jt]sx?$/, '').replace(/\/index$/, '');
}

/**
 * A relative Python import (`.sansio.app`, `..utils`) as an absolute dotted module, from the
 * importing module's name: in `flask.app`, `.sansio.app` is `flask.sansio.app`. A package's
 * `__init__` is the package itself, so there one dot means the package, not its parent.
 * Null when the dots climb above the top-level package.
 */
export function relativePythonModule(fromModule: string, fromFile: string, spec: string): string | null {
  const dots = /^\.+/.exec(spec)?.[0].length ?? 0;
  if (!dots) return spec;
  const parts = fromModule.split('.');
  const isPackage = /(^|\/)__init__\.pyi?$/.test(fromFile);
  const keep = parts.length - (isPackage ? 0 : 1) - (dots - 1);
  // Above the top-level package: Python refuses the import ("attempted relative import beyond top-level package").
  if (keep <= 0) return null;
  const rest = spec.slice(dots);
  return [...parts.slice(0, keep), ...(rest ? [rest] : [])].join('.');
}

/**
 * Any import as the module name the index uses: in a Python file a relative import (`.base`)
 * is resolved against the file's module (so it needs `fromModule`; without one it is returned
 * as written), elsewhere a relative path (`./base`, `..`) against the file's folder; anything
 * else is already absolute.
 */
export function absoluteImport(spec: string, fromFile: string, fromModule: string | null): string {
  if (/\.pyi?$/.test(fromFile)) return (fromModule !== null ? relativePythonModule(fromModule, fromFile, spec) : null) ?? spec;
  if (spec === '.' || spec === '..' || spec.startsWith('./') || spec.startsWith('../')) return relativeScriptModule(fromFile, spec);
  return spec;
}
