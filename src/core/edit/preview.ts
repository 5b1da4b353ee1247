import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from 'diff';
import { DocentError } from '../errors.js';
import { hashText } from '../vfs/snapshot.js';
import { applyTextEdits, byFile, type ChangeSet, type ResourceOperation, type TextEdit } from './model.js';

/**
 * A change computed but not written: for each file its text before (and that text's hash, the
 * one the edit is bound to) and after, the edits, and a unified diff. What the applier writes
 * is exactly `after`, so what the preview shows is what lands on disk.
 */

export interface FilePlan {
  /** Absolute path the edits apply to (before any rename). */
  path: string;
  /** Where the result is written: `path`, or the new name of a renamed file. */
  target: string;
  /** False when the file is created by the edit. */
  existed: boolean;
  /** Null when the file is deleted by the edit. */
  after: string | null;
  before: string;
  /** hashText(before): the content the edit was computed on. */
  hash: string;
  edits: TextEdit[];
  added: number;
  removed: number;
  resource?: ResourceOperation;
}

export interface Preview {
  files: FilePlan[];
  diff: string;
  counts: { files: number; edits: number; added: number; removed: number };
}

/** Reads the text a file has in the caller's view (overlay or disk); exists false for none. */
export type ReadView = (path: string) => { text: string; hash: string; exists: boolean };

export function buildPreview(change: ChangeSet, read: ReadView, display: (p: string) => string): Preview {
  const plans = new Map<string, FilePlan>();
  const plan = (path: string): FilePlan => {
    let p = plans.get(path);
    if (!p) {
      const snap = read(path);
      p = { path, target: path, existed: snap.exists, before: snap.text, hash: snap.hash, after: snap.text, edits: [], added: 0, removed: 0 };
      plans.set(path, p);
    }
    return p;
  };
  for (const [file, edits] of byFile(change.edits)) {
    const p = plan(file);
    if (!p.existed) throw new DocentError('E_NOT_FOUND', `An edit changes ${display(file)}, which does not exist.`, 'Compute the edit again.');
    p.after = applyTextEdits(p.before, edits, display(file), change.clampColumns);
    p.edits.push(...edits);
  }
  for (const op of change.resources ?? []) {
    const p = plan(op.file);
    if (op.kind === 'create') {
      if (p.existed) throw new DocentError('E_CONFLICT', `The edit creates ${display(op.file)}, which already exists.`, 'Compute the edit again.', { files: [display(op.file)] });
      p.after = op.text ?? '';
    } else if (op.kind === 'rename') {
      if (!p.existed) throw new DocentError('E_NOT_FOUND', `The edit renames ${display(op.file)}, which does not exist.`);
      if (read(op.new_file).exists) throw new DocentError('E_CONFLICT', `The edit renames ${display(op.file)} to ${display(op.new_file)}, which already exists.`, 'Compute the edit again.', { files: [display(op.new_file)] });
      p.target = op.new_file;
    } else {
      p.after = null;
    }
    p.resource = op;
  }
  const files = [...plans.values()].filter((p) => p.after !== p.before || p.resource);
  let diff = '';
  const counts = { files: files.length, edits: 0, added: 0, removed: 0 };
  for (const p of files) {
    const a = p.existed ? display(p.path) : '/dev/null';
    const b = p.after === null ? '/dev/null' : display(p.target);
    const patch = structuredPatch(a, b, p.before, p.after ?? '', undefined, undefined, { context: 3 });
    for (const h of patch.hunks) {
      for (const l of h.lines) {
        if (l.startsWith('+')) p.added++;
        else if (l.startsWith('-')) p.removed++;
      }
    }
    diff += formatPatch(patch, FILE_HEADERS_ONLY);
    counts.edits += p.edits.length + (p.resource ? 1 : 0);
    counts.added += p.added;
    counts.removed += p.removed;
  }
  return { files, diff, counts };
}

/** The hash a plan's result will have once written. */
export function afterHash(p: FilePlan): string {
  return hashText(p.after ?? '');
}
