import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { throwIfAborted } from '../errors.js';

/**
 * Walking a workspace root the way git sees it: `.gitignore` files at every level (and
 * `.git/info/exclude`) are honoured through the `ignore` matcher, `.git` itself is never
 * entered, and symlinked directories are not followed (they could lead outside the root).
 */

/** Directories that are never useful to walk, whatever .gitignore says. */
export const ALWAYS_SKIPPED_DIRS = new Set(['.git', '.hg', '.svn']);

export interface ListFilesOptions {
  signal?: AbortSignal;
  /** Extra gitignore-style patterns applied at the root. */
  exclude?: readonly string[];
  /** Called with each directory's relative path; return false to skip it. */
  enterDir?: (relative: string) => boolean;
}

interface Scope {
  /** Directory (relative to the root, '' for the root) whose .gitignore this is. */
  base: string;
  matcher: Ignore;
}

function readIgnoreFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function ignored(scopes: readonly Scope[], rel: string, isDir: boolean): boolean {
  for (const scope of scopes) {
    const sub = scope.base ? rel.slice(scope.base.length + 1) : rel;
    if (!sub) continue;
    if (scope.matcher.ignores(isDir ? `${sub}/` : sub)) return true;
  }
  return false;
}

/**
 * Yield every non-ignored file under `root`, as paths relative to it with forward slashes,
 * in a stable (sorted) order.
 */
export async function* walkFiles(root: string, opts: ListFilesOptions = {}): AsyncGenerator<string> {
  const rootScope = ignore();
  const exclude = readIgnoreFile(path.join(root, '.git', 'info', 'exclude'));
  if (exclude) rootScope.add(exclude);
  if (opts.exclude?.length) rootScope.add([...opts.exclude]);

  async function* walk(relDir: string, scopes: Scope[]): AsyncGenerator<string> {
    throwIfAborted(opts.signal);
    const abs = path.join(root, relDir);
    const gi = readIgnoreFile(path.join(abs, '.gitignore'));
    const here = gi ? [...scopes, { base: relDir, matcher: ignore().add(gi) }] : scopes;
    let entries;
    try {
      entries = await readdir(abs, { withFileTypes: true });
    } catch {
      return; // unreadable directory: skip it rather than fail the whole walk
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const rel = relDir ? `${relDir}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (ALWAYS_SKIPPED_DIRS.has(e.name) || ignored(here, rel, true)) continue;
        if (opts.enterDir && !opts.enterDir(rel)) continue;
        yield* walk(rel, here);
      } else if (e.isFile()) {
        if (ignored(here, rel, false)) continue;
        yield rel;
      }
    }
  }

  yield* walk('', [{ base: '', matcher: rootScope }]);
}

/** All non-ignored files under `root`, or the first `limit` of them (break closes the walk). */
export async function listFiles(root: string, opts: ListFilesOptions & { limit?: number } = {}): Promise<string[]> {
  const out: string[] = [];
  for await (const f of walkFiles(root, opts)) {
    if (opts.limit !== undefined && out.length >= opts.limit) break;
    out.push(f);
  }
  return out;
}
