import { chmodSync, existsSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DocentError } from '../errors.js';

/**
 * Writing several files as one step. Each file is written to a temporary file beside it, given
 * the original's mode, and renamed over the original (a reader sees the old file or the new
 * one, never half of one). If any file fails, every file already written is put back exactly
 * as it was (bytes and mode), and files the step created are removed. A file without write
 * permission is refused rather than replaced behind its owner's back (rename would succeed).
 */

export interface WriteOp {
  /** The file as it is now (absent for a created file). */
  path: string;
  /** Where the new text goes: `path`, or a new name (a renamed file). */
  target: string;
  /** New content; null deletes the file. */
  text: string | null;
}

/** How to put one file back: its bytes and mode before the step (null: it did not exist). */
export interface FileBackup {
  path: string;
  bytes: Buffer | null;
  mode: number | null;
}

export interface WriteResult {
  /** Backups of every path the step touched (originals and renamed-to targets), for undo. */
  backups: FileBackup[];
}

export function backup(file: string): FileBackup {
  if (!existsSync(file)) return { path: file, bytes: null, mode: null };
  return { path: file, bytes: readFileSync(file), mode: statSync(file).mode & 0o7777 };
}

/** Replace `file` by `bytes` atomically (temp + rename), with `mode` when given. */
export function replaceFile(file: string, bytes: string | Buffer, mode: number | null): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.docent-${process.pid}-${Math.random().toString(36).slice(2, 8)}.tmp`);
  try {
    writeFileSync(tmp, bytes, mode !== null ? { mode } : undefined);
    if (mode !== null) chmodSync(tmp, mode);
    renameSync(tmp, file);
  } catch (err) {
    try {
      unlinkSync(tmp);
    } catch {
      // never created
    }
    throw err;
  }
}

function restore(b: FileBackup): void {
  if (b.bytes === null) {
    if (existsSync(b.path)) unlinkSync(b.path);
  } else {
    replaceFile(b.path, b.bytes, b.mode);
  }
}

function refuseReadOnly(b: FileBackup): void {
  if (b.mode !== null && (b.mode & 0o200) === 0) {
    const err = new Error(`${b.path} is read-only`) as NodeJS.ErrnoException;
    err.code = 'EACCES';
    throw err;
  }
}

/**
 * Write every op, or none: on the first failure, restore what was written and throw
 * E_WRITE_DENIED (permissions) or E_UNAVAILABLE (any other I/O error) naming the file.
 */
export function writeAll(ops: readonly WriteOp[], display: (p: string) => string = (p) => p): WriteResult {
  const backups: FileBackup[] = [];
  const done: FileBackup[] = [];
  let current = '';
  try {
    for (const op of ops) {
      current = op.path;
      const orig = backup(op.path);
      refuseReadOnly(orig);
      backups.push(orig);
      if (op.target !== op.path) {
        current = op.target;
        const dest = backup(op.target);
        backups.push(dest);
        if (op.text !== null) {
          replaceFile(op.target, op.text, orig.mode);
          done.push(dest);
        }
        if (orig.bytes !== null) {
          current = op.path;
          unlinkSync(op.path);
          done.push(orig);
        }
      } else if (op.text === null) {
        if (orig.bytes !== null) unlinkSync(op.path);
        done.push(orig);
      } else {
        replaceFile(op.path, op.text, orig.mode);
        done.push(orig);
      }
    }
  } catch (err) {
    const failedRestores: string[] = [];
    for (const b of [...done].reverse()) {
      try {
        restore(b);
      } catch {
        failedRestores.push(display(b.path));
      }
    }
    const e = err as NodeJS.ErrnoException;
    const denied = e.code === 'EACCES' || e.code === 'EPERM' || e.code === 'EROFS';
    const restored = done.map((b) => display(b.path));
    throw new DocentError(
      denied ? 'E_WRITE_DENIED' : 'E_UNAVAILABLE',
      `Could not write ${display(current)} (${e.code ?? e.message}); ${failedRestores.length ? `RESTORING FAILED for: ${failedRestores.join(', ')}; the other files are as they were` : `nothing was changed${restored.length ? ` (${restored.length} file(s) already written were restored)` : ''}`}.`,
      denied ? 'Make the file writable (or leave it out of the change) and apply again.' : 'Check the disk and the file, then apply again.',
      { file: display(current), restored, failed_restores: failedRestores },
    );
  }
  return { backups };
}

/** Put files back as `backups` describe them, atomically as one step. */
export function restoreAll(backups: readonly FileBackup[], display: (p: string) => string = (p) => p): void {
  const written: FileBackup[] = [];
  try {
    for (const b of backups) {
      if (b.bytes === null) continue;
      const now = backup(b.path);
      replaceFile(b.path, b.bytes, b.mode);
      written.push(now);
    }
    for (const b of backups) if (b.bytes === null && existsSync(b.path)) unlinkSync(b.path);
  } catch (err) {
    for (const w of written.reverse()) {
      try {
        restore(w);
      } catch {
        // best effort: the error below names the files
      }
    }
    const e = err as NodeJS.ErrnoException;
    throw new DocentError('E_UNAVAILABLE', `Undo failed (${e.code ?? e.message}); files were left as they were.`, 'Check the files and their permissions.', { files: backups.map((b) => display(b.path)) });
  }
}
