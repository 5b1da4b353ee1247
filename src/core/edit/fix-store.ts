import { createHash } from 'node:crypto';
import type { ServiceRegistry } from '../services.js';
import type { TextEdit } from './model.js';

/**
 * The fix-its `diagnostics` offered to each session, by `fix_id`, so that `apply_fix {fix_id}`
 * can hand one to the edit applier in a single call (preview, apply: true, or into an overlay)
 * without the agent copying its edits back. A fix remembers the hash of every file's view it
 * was computed on: applying it to a view that changed since is refused (E_CONFLICT), never
 * guessed. Entries are per session, bounded, and dropped when the session closes.
 */

export interface StoredFix {
  title: string;
  /** Absolute paths, 1-based ranges: the applier's own shape. */
  edits: TextEdit[];
  /** File -> sha256 of the view (the session's overlay, else the disk) the fix was computed on. */
  hashes: Map<string, string>;
}

/** How many fixes a session keeps; the oldest go first. */
const PER_SESSION = 2000;

export class FixStore {
  private readonly bySession = new Map<string, Map<string, StoredFix>>();

  static from(services: ServiceRegistry): FixStore {
    return services.get('fix-store', () => new FixStore());
  }

  /** Remember `fix` for `session`; the id is a digest of the fix and its views, so the same fix on the same text keeps its id. */
  remember(session: { id: string; onClose(fn: () => void | Promise<void>): void }, fix: StoredFix): string {
    let fixes = this.bySession.get(session.id);
    if (!fixes) {
      fixes = new Map();
      this.bySession.set(session.id, fixes);
      session.onClose(() => void this.bySession.delete(session.id));
    }
    const digest = createHash('sha256')
      .update(JSON.stringify([fix.title, fix.edits, [...fix.hashes].sort()]))
      .digest('hex')
      .slice(0, 16);
    const id = `fix_${digest}`;
    fixes.delete(id); // re-inserted: the newest stay
    fixes.set(id, fix);
    while (fixes.size > PER_SESSION) fixes.delete(fixes.keys().next().value!);
    return id;
  }

  get(session: string, id: string): StoredFix | undefined {
    return this.bySession.get(session)?.get(id);
  }
}
