import { defineConfig } from 'vitest/config';

// Integration tests start real language servers, Emacs daemons and docent processes, so they
// get generous timeouts; two workers match the two cores CI has.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    reporters: ['default'],
    // Fetches the Emacs manuals once per run (or says in one line why their tests are skipped).
    globalSetup: ['test/helpers/emacs-manuals-setup.ts'],
  },
});
