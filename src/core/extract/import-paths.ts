import path from 'node:path';

/**
 * A relative JS/TS import (`./base`, `../util/index.js`) as the module name the index gives
 * the file it names (`src/base`, `util`): resolved against the importing file's folder, the
 * extension and a trailing `/index` dropped. `fromFile` is root-relative, with forward slashes.
 */
export function relativeScriptModule(fromFile: string, spec: string): string {
  return path.posix.join(path.posix.dirname(fromFile), spec).replace(/\.[cm]?[jt]sx?$/, '').replace(/\/index$/, '');
}
