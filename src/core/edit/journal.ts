import { randomBytes } from 'node:crypto';
import type { Preview } from './preview.js';
import type { SyntaxProblem } from './syntax-check.js';
import type { FileBackup } from './writer.js';

/**
 * The edits of each session: previews waiting to be applied, and applied edits kept for undo
 * (the last MAX_APPLIED; older ones can no longer be undone). Everything a session has is
 * dropped when it closes, so two agents on one daemon never see or apply each other's edits.
 */

export const MAX_APPLIED = 50;
const MAX_PENDING = 50;

export type EditState = 'pending' | 'applied' | 'undone';
export type EditTarget = 'disk' | 'overlay';

export interface EditEntry {
  id: string;
  /** What made it ("rename_symbol formatUser -> formatPerson"). */
  title: string;
  createdAt: number;
  preview: Preview;
  /** Syntax errors the result would have, by file (refused at apply). */
  syntaxErrors: Array<SyntaxProblem & { file: string }>;
  state: EditState;
  target?: EditTarget;
  appliedAt?: number;
  /** Disk: files as they were before the write; overlay: the overlays before (null: none). */
  backups?: FileBackup[];
  overlayBefore?: Array<{ path: string; text: string | null }>;
  /** Content hash of every touched path right after applying (null: absent), checked by undo. */
  afterHashes?: Map<string, string | null>;
}

interface SessionEdits {
  entries: Map<string, EditEntry>;
  /** Applied edits, oldest first. */
  applied: string[];
}

export class EditJournal {
  private readonly sessions = new Map<string, SessionEdits>();

  private of(session: string): SessionEdits {
    let s = this.sessions.get(session);
    if (!s) this.sessions.set(session, (s = { entries: new Map(), applied: [] }));
    return s;
  }

  has(session: string): boolean {
    return this.sessions.has(session);
  }

  add(session: string, entry: Omit<EditEntry, 'id' | 'createdAt' | 'state'>): EditEntry {
    const s = this.of(session);
    const full: EditEntry = { ...entry, id: `edit-${randomBytes(5).toString('hex')}`, createdAt: Date.now(), state: 'pending' };
    s.entries.set(full.id, full);
    const pending = [...s.entries.values()].filter((e) => e.state !== 'applied');
    for (const old of pending.slice(0, Math.max(0, pending.length - MAX_PENDING))) s.entries.delete(old.id);
    return full;
  }

  get(session: string, id: string): EditEntry | undefined {
    return this.sessions.get(session)?.entries.get(id);
  }

  markApplied(session: string, entry: EditEntry): void {
    const s = this.of(session);
    entry.state = 'applied';
    entry.appliedAt = Date.now();
    s.applied.push(entry.id);
    while (s.applied.length > MAX_APPLIED) {
      const old = s.applied.shift()!;
      s.entries.delete(old);
    }
  }

  markUndone(session: string, entry: EditEntry): void {
    const s = this.of(session);
    entry.state = 'undone';
    entry.backups = undefined;
    s.applied = s.applied.filter((id) => id !== entry.id);
  }

  list(session: string): EditEntry[] {
    return [...(this.sessions.get(session)?.entries.values() ?? [])].sort((a, b) => b.createdAt - a.createdAt);
  }

  drop(session: string): void {
    this.sessions.delete(session);
  }
}
