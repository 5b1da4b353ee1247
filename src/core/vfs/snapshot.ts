import { createHash } from 'node:crypto';

// STUB of the integrator's src/core/vfs (VFS-API.md) so the edit applier builds before main's
// lands; replaced by main's files on merge.
export interface FileSnapshot {
  path: string;
  text: string;
  hash: string;
  version: number;
  origin: 'disk' | 'overlay';
  exists: boolean;
}

export function hashText(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
