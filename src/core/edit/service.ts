import { DocentError } from '../errors.js';
import type { ServiceRegistry } from '../services.js';
import { hashText } from '../vfs/snapshot.js';
import { Vfs } from '../vfs/vfs.js';
import { EditJournal, type EditEntry, type EditTarget } from './journal.js';
import type { ChangeSet } from './model.js';
import { afterHash, buildPreview } from './preview.js';
import { newSyntaxErrors } from './syntax-check.js';
import { backup, restoreAll, writeAll, type WriteOp } from './writer.js';

/**
 * The one edit applier (service `edit`): every change docent makes is proposed here (a preview
 * bound to the hashes of the files it was computed on), then applied on request to the disk or
 * to the session's overlays, and can be undone. Applying checks, before anything is written,
 * that no file changed since the preview (E_CONFLICT), that every range was inside its file
 * (done when the preview was built) and that no result gains a syntax error; then writes all
 * files atomically, and tells the Vfs, so servers, the docs index and overlays see them.
 */

export interface EditCaller {
  session: { id: string; onClose(fn: () => void | Promise<void>): void };
  /** config.allowWrites */
  allowWrites: boolean;
  display(path: string): string;
  /** Throws E_OUTSIDE_WORKSPACE for a path outside the workspace roots. */
  confine(path: string): void;
}

export class EditService {
  readonly journal = new EditJournal();

  constructor(private readonly vfs: Vfs) {}

  static from(services: ServiceRegistry): EditService {
    return services.get('edit', () => new EditService(Vfs.from(services)));
  }

  private attach(caller: EditCaller): void {
    if (this.journal.has(caller.session.id)) return;
    caller.session.onClose(() => this.journal.drop(caller.session.id));
  }

  /** Compute the preview of `change` against the session's view and keep it as pending. */
  async propose(caller: EditCaller, title: string, change: ChangeSet): Promise<EditEntry> {
    this.attach(caller);
    const sid = caller.session.id;
    // A server may answer with edits anywhere (a library's declarations): docent edits only the workspace.
    for (const e of change.edits) caller.confine(e.file);
    for (const r of change.resources ?? []) {
      caller.confine(r.file);
      if (r.kind === 'rename') caller.confine(r.new_file);
    }
    const preview = buildPreview(change, (p) => this.vfs.read(p, sid), caller.display);
    const syntaxErrors: EditEntry['syntaxErrors'] = [];
    for (const f of preview.files) {
      if (f.after === null) continue;
      for (const e of await newSyntaxErrors(f.target, f.before, f.after)) syntaxErrors.push({ ...e, file: caller.display(f.target) });
    }
    return this.journal.add(sid, { title, preview, syntaxErrors });
  }

  entry(caller: EditCaller, id: string): EditEntry {
    const e = this.journal.get(caller.session.id, id);
    if (!e) throw new DocentError('E_NOT_FOUND', `No edit ${id} in this session.`, 'Edits belong to the session that computed them; list_edits shows them. Compute the edit again.');
    return e;
  }

  /** Apply a pending edit (or one applied to overlays, to write it to disk). */
  async apply(caller: EditCaller, id: string, target: EditTarget = 'disk'): Promise<EditEntry> {
    const entry = this.entry(caller, id);
    const sid = caller.session.id;
    if (entry.state === 'undone') throw new DocentError('E_CONFLICT', `Edit ${id} was undone.`, 'Compute the edit again.');
    if (entry.state === 'applied' && !(entry.target === 'overlay' && target === 'disk')) throw new DocentError('E_CONFLICT', `Edit ${id} is already applied (${entry.target}).`, 'undo_edit reverts it.');
    if (target === 'disk' && !caller.allowWrites) {
      throw new DocentError('E_WRITE_DENIED', 'docent runs without --allow-writes; nothing was written.', 'Start docent with --allow-writes (or DOCENT_ALLOW_WRITES=1) to write files, or apply with target: "overlay".');
    }
    const files = entry.preview.files;
    if (target === 'overlay' && files.some((f) => f.resource)) {
      throw new DocentError('E_BAD_INPUT', 'This edit creates, renames or deletes files, which overlays cannot hold.', 'Apply it to the disk.');
    }
    if (entry.syntaxErrors.length) {
      const first = entry.syntaxErrors[0]!;
      throw new DocentError('E_BAD_INPUT', `The edit would leave a syntax error in ${first.file} at ${first.line}:${first.column} (${first.message}): ${first.text}`, 'Nothing was written. Fix the change (or the text you passed) and compute it again.', { syntax_errors: entry.syntaxErrors });
    }
    const fromOverlay = entry.state === 'applied' && entry.target === 'overlay';
    const changed = files.filter((f) => {
      const now = this.vfs.read(f.path, sid);
      const ok = fromOverlay ? now.hash === afterHash(f) || now.hash === f.hash : now.exists === f.existed && (!now.exists || now.hash === f.hash);
      return !ok;
    });
    // A file the edit renames onto, or creates, must still be free.
    for (const f of files) if (f.target !== f.path && this.vfs.readDisk(f.target).exists) changed.push({ ...f, path: f.target });
    if (changed.length) {
      const names = changed.map((f) => caller.display(f.path));
      throw new DocentError('E_CONFLICT', `${names.length} file(s) changed since edit ${id} was computed: ${names.join(', ')}. Nothing was written.`, undefined, { files: names });
    }
    if (target === 'overlay') {
      this.vfs.attachSession(caller.session);
      entry.overlayBefore = files.map((f) => ({ path: f.path, text: this.vfs.overlay(sid, f.path)?.text ?? null }));
      for (const f of files) this.vfs.setOverlay(sid, f.path, f.after ?? '');
      entry.afterHashes = new Map(files.map((f) => [f.path, afterHash(f)]));
      entry.target = 'overlay';
      this.journal.markApplied(sid, entry);
      return entry;
    }
    if (fromOverlay) {
      // The disk must still hold what the overlay was computed over.
      const stale = files.filter((f) => {
        const disk = this.vfs.readDisk(f.path);
        return disk.hash !== f.hash && disk.hash !== afterHash(f);
      });
      if (stale.length) {
        const names = stale.map((f) => caller.display(f.path));
        throw new DocentError('E_CONFLICT', `${names.length} file(s) changed on disk since edit ${id} was computed: ${names.join(', ')}. Nothing was written.`, undefined, { files: names });
      }
    }
    const ops: WriteOp[] = files.map((f) => ({ path: f.existed ? f.path : f.target, target: f.target, text: f.after }));
    const { backups } = writeAll(ops, caller.display);
    const after = new Map<string, string | null>();
    for (const b of backups) {
      const snap = this.vfs.noteWritten(b.path);
      after.set(b.path, snap.exists ? snap.hash : null);
    }
    if (fromOverlay) {
      for (const f of files) {
        if (this.vfs.overlay(sid, f.path)?.hash === afterHash(f)) this.vfs.removeOverlay(sid, f.path);
      }
    }
    entry.backups = backups;
    entry.afterHashes = after;
    entry.target = 'disk';
    if (!fromOverlay) this.journal.markApplied(sid, entry);
    else entry.appliedAt = Date.now();
    return entry;
  }

  /** Restore the files of an applied edit, if nothing changed them since. */
  async undo(caller: EditCaller, id: string): Promise<EditEntry> {
    const entry = this.entry(caller, id);
    const sid = caller.session.id;
    if (entry.state !== 'applied') throw new DocentError('E_CONFLICT', `Edit ${id} is not applied (${entry.state}).`, 'Only applied edits can be undone.');
    if (entry.target === 'overlay') {
      const changed = (entry.overlayBefore ?? []).filter((o) => this.vfs.overlay(sid, o.path)?.hash !== entry.afterHashes?.get(o.path));
      if (changed.length) throw conflict(id, changed.map((o) => caller.display(o.path)));
      for (const o of entry.overlayBefore ?? []) {
        if (o.text === null) this.vfs.removeOverlay(sid, o.path);
        else this.vfs.setOverlay(sid, o.path, o.text);
      }
      this.journal.markUndone(sid, entry);
      return entry;
    }
    if (!caller.allowWrites) throw new DocentError('E_WRITE_DENIED', 'docent runs without --allow-writes; nothing was restored.');
    const backups = entry.backups ?? [];
    const changed = backups.filter((b) => {
      const now = backup(b.path);
      const hash = now.bytes === null ? null : hashText(now.bytes.toString('utf8'));
      return hash !== entry.afterHashes?.get(b.path);
    });
    if (changed.length) throw conflict(id, changed.map((b) => caller.display(b.path)));
    restoreAll(backups, caller.display);
    for (const b of backups) this.vfs.noteWritten(b.path);
    this.journal.markUndone(sid, entry);
    return entry;
  }
}

function conflict(id: string, files: string[]): DocentError {
  return new DocentError('E_CONFLICT', `${files.length} file(s) changed since edit ${id} was applied: ${files.join(', ')}. Nothing was restored.`, 'Undo restores only files nobody changed since; restore the others by hand.', { files });
}
