import { existsSync } from 'node:fs';
import path from 'node:path';
import { DocentError } from '../errors.js';

/**
 * A Node tool as the project installed it: node_modules/.bin/<name> in the project directory or
 * any parent up to the workspace root (hoisted workspaces). A global install is not used, so a
 * run uses the project's own version; a missing one says to install the project's dependencies.
 */
export function projectBin(dir: string, root: string, name: string): string {
  for (let d = dir; ; d = path.dirname(d)) {
    const bin = path.join(d, 'node_modules', '.bin', name);
    if (existsSync(bin)) return bin;
    if (d === root || d === path.dirname(d)) break;
  }
  throw new DocentError('E_NO_SERVER', `${name} is not installed in ${dir} (no node_modules/.bin/${name}).`, 'Install the project\'s dependencies (npm install), then try again.');
}
