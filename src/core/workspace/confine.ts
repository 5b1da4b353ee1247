import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DocentError } from '../errors.js';

/**
 * Path confinement: the one place that decides whether a path a caller gave us is inside the
 * workspace. It resolves relative paths against the roots, folds `..`, follows symlinks
 * (of the path or of its nearest existing ancestor), and only then compares against the
 * roots' own real paths, so neither `../..`, a symlink pointing out, nor a Windows-style
 * `..\\..` can escape.
 */

export type RealPath = (p: string) => string;

/** realpath of the nearest existing ancestor, with the missing tail appended unchanged. */
export function realpathLenient(p: string, realpath: RealPath = realpathSync.native): string {
  const tail: string[] = [];
  let cur = p;
  for (;;) {
    try {
      const real = realpath(cur);
      return tail.length ? path.join(real, ...tail.reverse()) : real;
    } catch {
      const parent = path.dirname(cur);
      if (parent === cur) return p;
      tail.push(path.basename(cur));
      cur = parent;
    }
  }
}

/** True when `child` is `parent` or lies below it (both absolute and normalised). */
export function isWithin(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Normalise what a caller typed: `file://` URIs, Windows separators, and surrounding blanks.
 * A Windows drive path (`C:\\x`) can never be inside a POSIX root and is rejected as such.
 */
export function normaliseInput(input: string): string {
  const trimmed = input.trim();
  if (trimmed === '' || trimmed.includes('\0')) {
    throw new DocentError('E_BAD_INPUT', 'A path must be a non-empty string without NUL bytes.', 'Pass a path relative to a workspace root, or an absolute one inside it.');
  }
  if (trimmed.startsWith('file://')) return fileURLToPath(trimmed);
  if (path.sep === '/' && /^[a-zA-Z]:[\\/]/.test(trimmed)) {
    throw new DocentError('E_OUTSIDE_WORKSPACE', `${input} is a Windows drive path, outside every workspace root.`, 'Use a path relative to a workspace root.');
  }
  return path.sep === '/' ? trimmed.replace(/\\/g, '/') : trimmed;
}

export interface ConfinedPath {
  /** The absolute, symlink-resolved path. */
  absolute: string;
  /** The (real) root that contains it. */
  root: string;
  /** The path relative to that root, with forward slashes. */
  relative: string;
}

/**
 * Resolve `input` against `roots` (already real, absolute paths) and confine it.
 * A relative path is tried against each root in turn and the first that exists wins; when it
 * exists under none, it is taken relative to the first root.
 */
export function confinePath(input: string, roots: readonly string[], realpath: RealPath = realpathSync.native): ConfinedPath {
  if (roots.length === 0) {
    throw new DocentError('E_OUTSIDE_WORKSPACE', 'No workspace roots are configured.', 'Start docent with --root DIR, or let the MCP client provide roots.');
  }
  const cleaned = normaliseInput(input);
  const candidates = path.isAbsolute(cleaned) ? [path.resolve(cleaned)] : roots.map((r) => path.resolve(r, cleaned));
  let chosen: string | undefined;
  for (const c of candidates) {
    try {
      chosen = realpath(c);
      break;
    } catch {
      // Does not exist under this root; try the next.
    }
  }
  const absolute = chosen ?? realpathLenient(candidates[0]!, realpath);
  const root = roots.find((r) => isWithin(r, absolute));
  if (!root) {
    throw new DocentError(
      'E_OUTSIDE_WORKSPACE',
      `${input} resolves to ${absolute}, which is outside the workspace roots (${roots.join(', ')}).`,
      'Use a path inside a workspace root; symlinks and `..` are resolved before the check.',
    );
  }
  return { absolute, root, relative: path.relative(root, absolute).split(path.sep).join('/') };
}
