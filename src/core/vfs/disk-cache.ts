import { readFileSync, statSync, type Stats } from 'node:fs';
import { hashText, type FileSnapshot } from './snapshot.js';

/** What identifies one state of a file on disk without reading it. */
function stamp(st: Stats | undefined): string {
  return st ? `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}` : 'missing';
}

/**
 * How many files' contents are kept. A daemon lives for days over large trees, so the cache is
 * bounded; a file evicted and read again is re-read and gets a new version, which readers that
 * compare hashes (the language-server sync) treat as no change.
 */
export const MAX_CACHED_FILES = 4096;

interface Entry {
  stamp: string;
  snapshot: FileSnapshot;
}

/**
 * The disk side of the Vfs: the last content read of each file, keyed by a stat stamp.
 * Every read stats the file (microseconds) and re-reads it only when the stamp moved, so a file
 * changed behind docent's back is noticed at the next use, without a watcher and without a full
 * read each time. A re-read whose hash is unchanged (touch, or a rewrite of the same bytes)
 * keeps its version, so nobody re-syncs for nothing.
 */
export class DiskCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly nextVersion: () => number,
    private readonly maxFiles = MAX_CACHED_FILES,
  ) {}

  /** The current disk content of `path`; `changed` says whether it differs from the last read. */
  read(path: string): { snapshot: FileSnapshot; changed: boolean } {
    let st: Stats | undefined;
    try {
      st = statSync(path);
    } catch {
      st = undefined;
    }
    if (st && !st.isFile()) st = undefined;
    const now = stamp(st);
    const old = this.entries.get(path);
    if (old && old.stamp === now) {
      this.touch(path, old);
      return { snapshot: old.snapshot, changed: false };
    }
    let text = '';
    let exists = false;
    if (st) {
      try {
        text = readFileSync(path, 'utf8');
        exists = true;
      } catch {
        // Vanished or unreadable between stat and read: treat as missing.
      }
    }
    const hash = hashText(text);
    if (old && old.snapshot.hash === hash && old.snapshot.exists === exists) {
      this.touch(path, { stamp: now, snapshot: old.snapshot });
      return { snapshot: old.snapshot, changed: false };
    }
    const snapshot: FileSnapshot = { path, text, hash, version: this.nextVersion(), origin: 'disk', exists };
    this.touch(path, { stamp: now, snapshot });
    // The first read of a file is not a change anyone has to hear about.
    return { snapshot, changed: old !== undefined };
  }

  /** Record `entry` as the most recently used, evicting the least recently used past the bound. */
  private touch(path: string, entry: Entry): void {
    this.entries.delete(path);
    this.entries.set(path, entry);
    if (this.entries.size > this.maxFiles) this.entries.delete(this.entries.keys().next().value!);
  }

  forget(path: string): void {
    this.entries.delete(path);
  }
}
