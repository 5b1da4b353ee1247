import type { ServiceRegistry } from '../services.js';
import { DiskCache } from './disk-cache.js';
import { hashText, type FileSnapshot } from './snapshot.js';

/** A change to some view of a file, for those who keep derived state (servers, the index). */
export interface VfsChange {
  path: string;
  origin: 'disk' | 'overlay';
  /** The session whose overlay changed; absent for disk changes, which every view without an overlay sees. */
  session?: string;
  kind: 'changed' | 'removed';
  snapshot?: FileSnapshot;
}

/** The part of a client session the Vfs needs: its id, and a hook for when it ends. */
export interface VfsSession {
  id: string;
  onClose(fn: () => void): void;
}

/**
 * docent's one view of file contents, after rust-analyzer's `vfs`: the disk, plus in-memory
 * overlays that belong to client sessions, each content with a version and a hash, and change
 * events. Every reader of source goes through it, so an agent can try an edit in an overlay and
 * have every later answer (diagnostics, navigation, the docs index) computed on it, while the
 * disk is never touched and other sessions keep seeing the disk.
 *
 * Reads are synchronous: source files are small, and a synchronous read cannot interleave with
 * an overlay change half-way through a request.
 */
export class Vfs {
  static readonly SERVICE = 'vfs';

  static from(services: ServiceRegistry): Vfs {
    return services.get(Vfs.SERVICE, () => new Vfs());
  }

  private counter = 0;
  private readonly disk = new DiskCache(() => ++this.counter);
  /** session id -> path -> overlay snapshot. */
  private readonly overlays = new Map<string, Map<string, FileSnapshot>>();
  private readonly listeners = new Set<(e: VfsChange) => void>();
  private readonly attached = new Set<string>();

  /** The view of `session`: its overlay of `path` when it has one, else the disk. */
  read(path: string, session?: string): FileSnapshot {
    const own = session === undefined ? undefined : this.overlays.get(session)?.get(path);
    return own ?? this.readDisk(path);
  }

  /** The disk's content, re-read when the file changed since the last look (stat per call). */
  readDisk(path: string): FileSnapshot {
    const { snapshot, changed } = this.disk.read(path);
    if (changed) this.emit({ path, origin: 'disk', kind: snapshot.exists ? 'changed' : 'removed', snapshot });
    return snapshot;
  }

  overlay(session: string, path: string): FileSnapshot | undefined {
    return this.overlays.get(session)?.get(path);
  }

  /** Put `text` over `path` for `session` only. Setting the same text again keeps the version. */
  setOverlay(session: string, path: string, text: string): FileSnapshot {
    let files = this.overlays.get(session);
    if (!files) this.overlays.set(session, (files = new Map()));
    const hash = hashText(text);
    const old = files.get(path);
    if (old && old.hash === hash) return old;
    const snapshot: FileSnapshot = { path, text, hash, version: ++this.counter, origin: 'overlay', exists: true };
    files.set(path, snapshot);
    this.emit({ path, origin: 'overlay', session, kind: 'changed', snapshot });
    return snapshot;
  }

  /** Remove one overlay, or all of the session's when `path` is omitted; returns the paths removed. */
  removeOverlay(session: string, path?: string): string[] {
    const files = this.overlays.get(session);
    if (!files) return [];
    const paths = path === undefined ? [...files.keys()] : files.has(path) ? [path] : [];
    for (const p of paths) {
      files.delete(p);
      this.emit({ path: p, origin: 'overlay', session, kind: 'removed' });
    }
    if (files.size === 0) this.overlays.delete(session);
    return paths;
  }

  listOverlays(session: string): FileSnapshot[] {
    return [...(this.overlays.get(session)?.values() ?? [])].sort((a, b) => a.path.localeCompare(b.path));
  }

  /** Sessions that currently overlay `path` (a shared server may hold one of their views). */
  overlayingSessions(path: string): string[] {
    const out: string[] = [];
    for (const [session, files] of this.overlays) if (files.has(path)) out.push(session);
    return out;
  }

  /** Drop the session's overlays when it ends; calling it again for the same session is a no-op. */
  attachSession(session: VfsSession): void {
    if (this.attached.has(session.id)) return;
    this.attached.add(session.id);
    session.onClose(() => {
      this.attached.delete(session.id);
      this.removeOverlay(session.id);
    });
  }

  /** docent itself wrote `path` (the edit applier): read it now, so every view sees it at once. */
  noteWritten(path: string): FileSnapshot {
    return this.readDisk(path);
  }

  /** Listen to changes; returns the function that stops listening. */
  onDidChange(listener: (e: VfsChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(change: VfsChange): void {
    for (const l of this.listeners) {
      try {
        l(change);
      } catch {
        // A listener's failure must not break the read or write that caused the change.
      }
    }
  }
}
