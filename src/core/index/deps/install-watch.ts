import { existsSync, statSync, watch as watchDir, type FSWatcher } from 'node:fs';
import path from 'node:path';

/**
 * Watching where a root's packages are installed, so that `pip install -U requests` into the
 * project's virtualenv, `npm ci` after a pull changed only the lock, or `go mod download` of a
 * module go.sum already named is followed while serving, not at the next start. The root's own
 * watcher never sees these: node_modules, the virtualenv and the caches are outside its walk.
 *
 * Each folder (deps/types.ts `installFolders`: node_modules, site-packages, a cargo registry's
 * index folder, where a missing Go module would be unpacked) gets one `fs.watch` of its own
 * entries, not of its tree: installing, upgrading or removing a package adds, renames or removes
 * an entry there (`requests-2.32.0.dist-info`, npm's `.package-lock.json`, pnpm's symlink), while
 * a package's own files changing below it (a `__pycache__` written on import) does not. A folder
 * that does not exist yet (no `.venv` made, the module not downloaded) is waited for from its
 * nearest existing parent, watching for the one name on the way down.
 *
 * Installers write for a while (pip unpacks file by file, npm moves folders in and out), and a
 * package database is built once per version and then only read: it must not be built from a
 * half-unpacked package. So a change is reported only after the folders have been quiet for
 * `quietMs`, and then every watch is set up again (a folder may have appeared or been replaced).
 * A package's own files are written below its folder, where this watch does not see them, so
 * quiet at the top does not mean its unpacking is done. pip writes the `.dist-info` that makes
 * a distribution found last; npm, yarn and pnpm write their marker (`.package-lock.json`…)
 * last. In a node_modules, other entries changing (and the node_modules being made, `rm -rf
 * node_modules && npm ci`) wait for it, or for `markerWaitMs` of quiet: a package removed by
 * hand writes none.
 */

export interface InstallWatch {
  /** Watch these folders instead (after the dependencies were found again); nothing changes when they are the same. */
  update(folders: readonly string[]): void;
  close(): void;
  /** How many directories are watched now. */
  readonly watching: number;
}

/** Entries starting with a dot that installers write as their last step; other hidden entries (`.cache`, npm's retired `.name-XXXX` folders) are tools' scratch space. */
const INSTALL_MARKERS = new Set(['.package-lock.json', '.yarn-integrity', '.modules.yaml', '.yarn-state.yml']);

function relevantEntry(name: string): boolean {
  return name !== '__pycache__' && (!name.startsWith('.') || INSTALL_MARKERS.has(name));
}

/** A node_modules (npm, yarn and pnpm write their marker last; bun may not: it waits out markerWaitMs), or another folder with a marker in it. */
function awaitsMarker(folder: string): boolean {
  return path.basename(folder) === 'node_modules' || [...INSTALL_MARKERS].some((m) => existsSync(path.join(folder, m)));
}

function isDir(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/**
 * For each folder, the directory to watch and which of its entries matter: the folder itself
 * and (nearly) all its entries, or, for a folder not there yet, its nearest existing parent and
 * the one entry on the way down to it.
 */
function watchPlan(folders: readonly string[]): Map<string, Set<string> | 'entries' | 'marked'> {
  const plan = new Map<string, Set<string> | 'entries' | 'marked'>();
  for (const folder of new Set(folders.map((f) => path.resolve(f)))) {
    if (isDir(folder)) {
      plan.set(folder, awaitsMarker(folder) ? 'marked' : 'entries');
      continue;
    }
    let child = folder;
    let parent = path.dirname(folder);
    while (parent !== child && !existsSync(parent)) {
      child = parent;
      parent = path.dirname(parent);
    }
    if (parent === child || !isDir(parent)) continue;
    const had = plan.get(parent);
    if (had === 'entries' || had === 'marked') continue;
    const names = had ?? new Set<string>();
    names.add(path.basename(child));
    plan.set(parent, names);
  }
  return plan;
}

export interface InstallWatchOptions {
  /** How long the folders must be quiet before a change is reported (default 1.5 s). */
  quietMs?: number;
  /** How long a change in a node_modules waits for its installer's marker before it is reported anyway (default 30 s). */
  markerWaitMs?: number;
}

export function watchInstallFolders(folders: readonly string[], onChange: () => void, { quietMs = 1500, markerWaitMs = 30_000 }: InstallWatchOptions = {}): InstallWatch {
  let current = [...folders];
  const watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | undefined;
  /** Whether the pending report waits only for quiet (not for an installer's marker). */
  let settling = false;
  let closed = false;

  /** Report once quiet; `awaitMarker`: a change in a node_modules, reported once its marker is written (or after markerWaitMs). */
  const changed = (awaitMarker = false) => {
    if (closed) return;
    if (!awaitMarker) settling = true;
    clearTimeout(timer);
    timer = setTimeout(
      () => {
        if (closed) return;
        settling = false;
        arm(); // what was missing may be there now, and a replaced folder needs a new watch
        onChange();
      },
      settling ? quietMs : markerWaitMs,
    );
    timer.unref?.();
  };

  const disarm = () => {
    for (const w of watchers) w.close();
    watchers.length = 0;
  };

  const arm = () => {
    disarm();
    for (const [dir, wanted] of watchPlan(current)) {
      try {
        const w = watchDir(dir, { persistent: false }, (_event, name) => {
          // No name: the platform could not say which entry; a folder's own removal: it must be watched anew.
          if (!name) return changed();
          const entry = String(name);
          if (typeof wanted !== 'string') {
            if (!wanted.has(entry)) return;
            // A folder on the way appeared: watch it now, so that what is installed into it is
            // seen. A node_modules being made is reported once its installer's marker is written.
            const made = path.join(dir, entry);
            const intoNodeModules = current.some((f) => {
              const folder = path.resolve(f);
              return path.basename(folder) === 'node_modules' && (folder === made || folder.startsWith(`${made}${path.sep}`));
            });
            arm();
            changed(intoNodeModules);
          } else if (relevantEntry(entry)) changed(wanted === 'marked' && !INSTALL_MARKERS.has(entry) && entry !== path.basename(dir));
        });
        // The folder itself went away (a virtualenv deleted to be made again): look again once things settle.
        w.on('error', () => changed());
        watchers.push(w);
      } catch {
        /* vanished meanwhile, or out of inotify watches: followed at the next start, as before */
      }
    }
  };

  arm();
  return {
    update(next) {
      const a = [...new Set(next)].sort().join('\0');
      if (closed || a === [...new Set(current)].sort().join('\0')) return;
      current = [...next];
      arm();
    },
    close() {
      closed = true;
      clearTimeout(timer);
      disarm();
    },
    get watching() {
      return watchers.length;
    },
  };
}
