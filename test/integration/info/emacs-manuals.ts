import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { REPO } from '../../helpers/docent.js';

/**
 * The real Emacs manuals (elisp, emacs, cl, …), unpacked by shared/scripts/emacs-manuals.sh
 * (which sits beside the repository) into the gitignored .cache/emacs-manuals. Idempotent.
 */
export function ensureEmacsManuals(): string {
  const script = path.resolve(REPO, '../shared/scripts/emacs-manuals.sh');
  const dir = path.join(REPO, '.cache/emacs-manuals');
  return execFileSync('bash', [script, dir], { encoding: 'utf8', timeout: 180_000 }).trim().split('\n').pop()!;
}
