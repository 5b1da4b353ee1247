import { createHash } from 'node:crypto';

/**
 * One file's content as one view sees it: the disk, or a session's overlay on top of it.
 * Every reader of source (language-server sync, the docs index, occurrence scanning, the edit
 * applier) gets these from the Vfs, so what it answers about is always a known version with a
 * known hash, never "whatever the disk held when someone last looked".
 */
export interface FileSnapshot {
  /** Absolute path, as Workspace.resolve() gives it. */
  path: string;
  /** The exact content: no newline normalisation, CRLF kept. */
  text: string;
  /** sha256 (hex) of the text's UTF-8 bytes: what edits are bound to. */
  hash: string;
  /**
   * One counter for the whole Vfs, bumped whenever the content a view shows changes; so a
   * bigger version is always newer content, whichever view it came from.
   */
  version: number;
  origin: 'disk' | 'overlay';
  /** False when there is neither a file on disk nor an overlay (text is ''). */
  exists: boolean;
}

export function hashText(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
