import { readFileSync } from 'node:fs';
import type { ServiceRegistry } from '../services.js';
import { hashText, type FileSnapshot } from './snapshot.js';

// STUB of the integrator's src/core/vfs (VFS-API.md); replaced by main's files on merge.
export interface VfsChange { path: string; origin: 'disk' | 'overlay'; session?: string; kind: 'changed' | 'removed'; snapshot?: FileSnapshot }

export class Vfs {
  private version = 0;
  private readonly overlays = new Map<string, Map<string, FileSnapshot>>();
  private readonly listeners = new Set<(e: VfsChange) => void>();

  static from(services: ServiceRegistry): Vfs {
    return services.get('vfs', () => new Vfs());
  }

  read(path: string, session?: string): FileSnapshot {
    return (session !== undefined ? this.overlay(session, path) : undefined) ?? this.readDisk(path);
  }

  readDisk(path: string): FileSnapshot {
    try {
      const text = readFileSync(path, 'utf8');
      return { path, text, hash: hashText(text), version: this.version, origin: 'disk', exists: true };
    } catch {
      return { path, text: '', hash: hashText(''), version: this.version, origin: 'disk', exists: false };
    }
  }

  overlay(session: string, path: string): FileSnapshot | undefined {
    return this.overlays.get(session)?.get(path);
  }

  setOverlay(session: string, path: string, text: string): FileSnapshot {
    let m = this.overlays.get(session);
    if (!m) this.overlays.set(session, (m = new Map()));
    const snap: FileSnapshot = { path, text, hash: hashText(text), version: ++this.version, origin: 'overlay', exists: true };
    m.set(path, snap);
    for (const l of this.listeners) l({ path, origin: 'overlay', session, kind: 'changed', snapshot: snap });
    return snap;
  }

  removeOverlay(session: string, path?: string): string[] {
    const m = this.overlays.get(session);
    if (!m) return [];
    const paths = path ? (m.delete(path) ? [path] : []) : [...m.keys()];
    if (!path) m.clear();
    return paths;
  }

  listOverlays(session: string): FileSnapshot[] {
    return [...(this.overlays.get(session)?.values() ?? [])];
  }

  attachSession(session: { id: string; onClose(fn: () => void): void }): void {
    session.onClose(() => void this.removeOverlay(session.id));
  }

  noteWritten(path: string): FileSnapshot {
    this.version++;
    const snap = this.readDisk(path);
    for (const l of this.listeners) l({ path, origin: 'disk', kind: 'changed', snapshot: snap });
    return snap;
  }

  overlayingSessions(path: string): string[] {
    return [...this.overlays].filter(([, m]) => m.has(path)).map(([s]) => s);
  }

  onDidChange(listener: (e: VfsChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
