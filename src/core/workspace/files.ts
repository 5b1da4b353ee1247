import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { throwIfAborted } from '../errors.js';
import { TimeSlice } from '../time-slice.js';

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
 *
 * Directories are read synchronously, in slices between turns of the event loop (TimeSlice).
 * An asynchronous `readdir` per directory costs a round trip through libuv's thread pool and a
 * wake-up of this thread, and while a first build's extraction keeps both cores busy each
 * wake-up waited its turn: a Python installation's 2,000 directories took 3.3 s to walk, where
 * reading them takes a fifth of that. An explicit stack, not nested generators: each file
 * yielded through one generator, not one per directory level.
 */
export async function* walkFiles(root: string, opts: ListFilesOptions = {}): AsyncGenerator<string> {
  const rootScope = ignore();
  const exclude = readIgnoreFile(path.join(root, '.git', 'info', 'exclude'));
  if (exclude) rootScope.add(exclude);
  if (opts.exclude?.length) rootScope.add([...opts.exclude]);

  interface Frame {
    rel: string;
    scopes: Scope[];
    entries: Dirent[];
    next: number;
  }
  const open = (rel: string, scopes: Scope[]): Frame => {
    const abs = path.join(root, rel);
    const gi = readIgnoreFile(path.join(abs, '.gitignore'));
    const here = gi ? [...scopes, { base: rel, matcher: ignore().add(gi) }] : scopes;
    let entries: Dirent[];
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      entries = []; // unreadable directory: skip it rather than fail the whole walk
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return { rel, scopes: here, entries, next: 0 };
  };

  throwIfAborted(opts.signal);
  const stack: Frame[] = [open('', [{ base: '', matcher: rootScope }])];
  const slice = new TimeSlice(8, opts.signal);
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    if (top.next >= top.entries.length) {
      stack.pop();
      continue;
    }
    const e = top.entries[top.next++]!;
    const rel = top.rel ? `${top.rel}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (ALWAYS_SKIPPED_DIRS.has(e.name) || ignored(top.scopes, rel, true)) continue;
      if (opts.enterDir && !opts.enterDir(rel)) continue;
      await slice.pause();
      stack.push(open(rel, top.scopes));
    } else if (e.isFile()) {
      if (ignored(top.scopes, rel, false)) continue;
      yield rel;
    }
  }
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
