import { readFileSync } from 'node:fs';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import ignore from 'ignore';
import { languageOf } from '../extract/languages.js';
import { isDependencyManifest } from './deps/discover.js';
import { DEFAULT_EXCLUDES } from './indexer.js';

/**
 * Watching a root for source changes (chokidar), debounced into batches of relative paths.
 * The root's .gitignore and the index excludes are honoured so that build output and
 * dependency trees are never watched; removals of directories are reported as the directory
 * path (the indexer removes everything under it).
 */
export interface RootWatcher {
  close(): Promise<void>;
  /** Resolves once the initial scan of the tree is done and events are live. */
  ready: Promise<void>;
}

export function watchRoot(root: string, exclude: readonly string[], onChange: (relPaths: string[]) => void, debounceMs = 60): RootWatcher {
  const ig = ignore().add([...DEFAULT_EXCLUDES, ...exclude]);
  try {
    ig.add(readFileSync(path.join(root, '.gitignore'), 'utf8'));
  } catch {
    /* no .gitignore */
  }
  const ignored = (p: string, stats?: { isDirectory(): boolean; isFile(): boolean }) => {
    const rel = path.relative(root, p).split(path.sep).join('/');
    if (!rel || rel.startsWith('..')) return false;
    if (ig.ignores(stats?.isDirectory() ? `${rel}/` : rel)) return true;
    // Files that are not source for any extracted language are not interesting.
    return !!stats?.isFile() && !languageOf(rel) && !isDependencyManifest(rel);
  };
  const watcher: FSWatcher = watch(root, { ignoreInitial: true, ignored, persistent: true, atomic: 50 });
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const queue = (p: string) => {
    const rel = path.relative(root, p).split(path.sep).join('/');
    if (!rel || rel.startsWith('..')) return;
    pending.add(rel);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const batch = [...pending];
      pending = new Set();
      onChange(batch);
    }, debounceMs);
  };
  watcher.on('add', queue).on('change', queue).on('unlink', queue).on('unlinkDir', queue);
  watcher.on('error', () => {
    /* a vanished directory or permission problem must not crash the server */
  });
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    async close() {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}
