import { existsSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { DocentError } from '../errors.js';
import { confinePath, isWithin, type ConfinedPath } from './confine.js';

/**
 * The set of workspace roots a server or CLI invocation works in. Every path a tool receives
 * goes through `resolve`, which confines it (see confine.ts). Roots can be replaced at run
 * time, when an MCP client announces its own roots.
 */
export class Workspace {
  private _roots: string[] = [];

  constructor(roots: readonly string[] = []) {
    this.setRoots(roots);
  }

  get roots(): readonly string[] {
    return this._roots;
  }

  /** Replace the roots; each must be an existing directory, and is stored as its real path. */
  setRoots(roots: readonly string[]): void {
    const real: string[] = [];
    for (const r of roots) {
      const abs = path.resolve(r);
      if (!existsSync(abs) || !statSync(abs).isDirectory()) {
        throw new DocentError('E_NOT_FOUND', `Workspace root ${r} is not an existing directory.`, 'Pass --root with a directory that exists.');
      }
      const rp = realpathSync.native(abs);
      if (!real.includes(rp)) real.push(rp);
    }
    this._roots = real;
  }

  /**
   * Resolve and confine a caller's path. With `mustExist`, a missing file is E_NOT_FOUND;
   * with `kind`, the path must be a file or a directory.
   */
  resolve(input: string, opts: { mustExist?: boolean; kind?: 'file' | 'directory' } = {}): ConfinedPath {
    const confined = confinePath(input, this._roots);
    if (opts.mustExist || opts.kind) {
      if (!existsSync(confined.absolute)) {
        throw new DocentError('E_NOT_FOUND', `${input} does not exist (looked at ${confined.absolute}).`, 'Check the path; it is taken relative to the workspace root.');
      }
      const st = statSync(confined.absolute);
      if (opts.kind === 'file' && !st.isFile()) throw new DocentError('E_BAD_INPUT', `${input} is not a file.`, 'Pass the path of a file.');
      if (opts.kind === 'directory' && !st.isDirectory()) throw new DocentError('E_BAD_INPUT', `${input} is not a directory.`, 'Pass the path of a directory.');
    }
    return confined;
  }

  /** The root that contains an absolute path, if any. */
  rootOf(absolute: string): string | undefined {
    return this._roots.find((r) => isWithin(r, absolute));
  }

  contains(absolute: string): boolean {
    return this.rootOf(absolute) !== undefined;
  }

  /** A path relative to its root with forward slashes, or the absolute path when outside. */
  display(absolute: string): string {
    const root = this.rootOf(absolute);
    if (!root) return absolute;
    const rel = path.relative(root, absolute).split(path.sep).join('/');
    return this._roots.length > 1 ? `${path.basename(root)}/${rel}` : rel || '.';
  }
}
