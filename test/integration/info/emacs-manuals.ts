import { describe, inject } from 'vitest';

/**
 * The real Emacs manuals (elisp, emacs, cl, …), fetched once per test run by
 * test/helpers/emacs-manuals-setup.ts (scripts/fetch-emacs-manuals.sh) into the gitignored
 * .cache/emacs-manuals; null when they could not be obtained (the setup said why, once).
 */
export const EMACS_MANUALS: string | null = inject('emacsManuals');

/** `describe` for suites that read the Emacs manuals: skipped when they are not available. */
export const describeWithManuals = describe.skipIf(!EMACS_MANUALS);
