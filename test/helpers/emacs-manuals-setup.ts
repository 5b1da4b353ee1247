import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

/**
 * vitest globalSetup: obtain the real Emacs manuals (elisp, emacs, cl, …) once per run with
 * scripts/fetch-emacs-manuals.sh, into the gitignored .cache/emacs-manuals, and hand their
 * directory to the tests (inject('emacsManuals')). They come from Debian's non-free archive;
 * without it (no network, not Debian) the tests that read them are skipped and this prints
 * one line saying why and how to get them, while every other test runs.
 */
export default function setup(project: TestProject): void {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const r = spawnSync('bash', [path.join(repo, 'scripts/fetch-emacs-manuals.sh')], { encoding: 'utf8', timeout: 300_000 });
  const dir = r.status === 0 ? r.stdout.trim().split('\n').pop()! : null;
  if (!dir) {
    const why = (r.stderr || r.error?.message || `exit ${r.status}`).trim().split('\n').pop()!.replace(/^fetch-emacs-manuals: /, '');
    process.stderr.write(`docent tests: SKIPPING the Emacs-manual tests (${why}); get the manuals with \`bash scripts/fetch-emacs-manuals.sh\` (Debian's non-free emacs-common-non-dfsg) and run again.\n`);
  }
  project.provide('emacsManuals', dir);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Directory of the Emacs Info manuals, or null when they could not be obtained. */
    emacsManuals: string | null;
  }
}
