import { readFileSync, watch as watchDir, type FSWatcher } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import ignore from 'ignore';
import { isExtensionless, languageOf } from '../extract/languages.js';
import { ALWAYS_SKIPPED_DIRS } from '../workspace/files.js';
import { isDependencyManifest } from './deps/discover.js';
import { DEFAULT_EXCLUDES } from './indexer.js';

/**
 * Watching a root for source changes, debounced into batches of relative paths. One `fs.watch`
 * per directory (the operating system reports changes to the files in it), none per file, and
 * no stat of any file: a Python installation has 8,700 directories and 50,000 files, and
 * watching it file by file (chokidar) took 3.7 s and 5 s of CPU after every start, in
 * synchronous stretches of up to 300 ms that every search waiting behind them paid. The initial
 * walk reads directories only, one at a time, so searches run between them.
 *
 * The root's .gitignore and the index excludes are honoured, so build output and dependency
 * trees are never watched; symlinked directories are not followed (as the index's walk). A file
 * reported is a path the indexer looks at again (it may be gone); a directory that appears is
 * walked and its source files reported; a watched directory that disappears is reported as the
 * directory's path (the indexer removes everything under it).
 */
export interface RootWatcher {
  close(): Promise<void>;
  /** Resolves once every directory is watched. */
  ready: Promise<void>;
  /** Directories being watched. */
  readonly directories: number;
  /** Directories that could not be watched (out of inotify watches, permissions): changes under them go unseen. */
  readonly unwatched: number;
}

export function watchRoot(root: string, exclude: readonly string[], onChange: (relPaths: string[]) => void, debounceMs = 60): RootWatcher {
  const ig = ignore().add([...DEFAULT_EXCLUDES, ...exclude]);
  try {
    ig.add(readFileSync(path.join(root, '.gitignore'), 'utf8'));
  } catch {
    /* no .gitignore */
  }
  const skipDir = (rel: string) => ALWAYS_SKIPPED_DIRS.has(rel.slice(rel.lastIndexOf('/') + 1)) || ig.ignores(`${rel}/`);
  // Only what some extractor reads, or a manifest that names dependencies. An extensionless file
  // may be a C++ header (`<optional>`): the indexer reads its mode line to tell.
  const sourceFile = (rel: string) => (!!languageOf(rel) || isExtensionless(rel) || isDependencyManifest(rel)) && !ig.ignores(rel);
  const watchers = new Map<string, FSWatcher>();
  let closed = false;

  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const report = (rel: string) => {
    if (closed) return; // a walk still in progress when the watcher closed
    pending.add(rel);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const batch = [...pending];
      pending = new Set();
      if (!closed) onChange(batch);
    }, debounceMs);
  };
  let failed = 0;

  const watchOne = (rel: string): boolean => {
    if (closed || watchers.has(rel)) return false;
    try {
      const w = watchDir(path.join(root, rel), { persistent: true }, (_event, name) => {
        if (name) void changed(rel ? `${rel}/${name}` : String(name));
      });
      // The directory went away (or cannot be watched any more): its parent reports the removal.
      w.on('error', () => unwatch(rel));
      watchers.set(rel, w);
      return true;
    } catch (err) {
      // Vanished meanwhile, unreadable, or out of watches (ENOSPC: the system's inotify limit): its subtree goes unwatched.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') failed++;
      return false;
    }
  };

  const unwatch = (rel: string) => {
    for (const [dir, w] of watchers) {
      if (dir === rel || dir.startsWith(`${rel}/`)) {
        w.close();
        watchers.delete(dir);
      }
    }
  };

  /** Watch `rel` and every directory below it; with `reportFiles`, report their source files too (a directory that just appeared). */
  const addTree = async (rel: string, reportFiles: boolean): Promise<void> => {
    const queue = [rel];
    while (queue.length && !closed) {
      const dir = queue.shift()!;
      if (!watchOne(dir)) continue;
      let entries;
      try {
        entries = await readdir(path.join(root, dir), { withFileTypes: true });
      } catch {
        continue;
      }
      for (const e of entries) {
        const child = dir ? `${dir}/${e.name}` : e.name;
        if (e.isDirectory()) {
          if (!skipDir(child)) queue.push(child);
        } else if (reportFiles && e.isFile() && sourceFile(child)) report(child);
      }
    }
  };

  const changed = async (rel: string): Promise<void> => {
    if (closed) return;
    if (watchers.has(rel)) {
      // A watched directory was renamed, removed, or removed and made again (`rm -rf d && mkdir
      // d` reaches here after the new one exists, and the old watch follows the deleted one):
      // drop its watches, report it (the indexer re-checks what it had under it), and watch
      // and report whatever is there now.
      unwatch(rel);
      report(rel);
      const st = await lstat(path.join(root, rel)).catch(() => null);
      if (st?.isDirectory()) await addTree(rel, true);
      return;
    }
    const st = await lstat(path.join(root, rel)).catch(() => null);
    if (st?.isDirectory()) {
      // A new directory (even one named like a file, `chart.js/`).
      if (!skipDir(rel)) await addTree(rel, true);
      return;
    }
    if (sourceFile(rel)) report(rel);
  };

  const ready = addTree('', false);
  return {
    ready,
    get directories() {
      return watchers.size;
    },
    get unwatched() {
      return failed;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      for (const w of watchers.values()) w.close();
      watchers.clear();
    },
  };
}
