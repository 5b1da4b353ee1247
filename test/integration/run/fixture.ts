import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { REPO, startDocent, type DocentSession } from '../../helpers/docent.js';

/**
 * A run fixture copied to a temp directory (runs build and write reports; tests never write
 * into the repository). `linkNodeModules` links the repository's node_modules in, so a Node
 * fixture uses the repository's own vitest.
 */
export function copyFixture(name: string, opts: { linkNodeModules?: boolean } = {}): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), `docent-run-${name}-`));
  cpSync(path.join(REPO, 'test/fixtures/run', name), dir, { recursive: true });
  if (opts.linkNodeModules) symlinkSync(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Serve a fixture copy with docent (no index) for the file's tests: started before them with two
 * secrets in its environment that no run may pass on, stopped and the copy removed after them.
 * `use` receives the session once it is up.
 */
export function serveFixture(fx: { dir: string; cleanup: () => void }, use: (docent: DocentSession) => void): void {
  let docent: DocentSession | undefined;
  beforeAll(async () => {
    docent = await startDocent(['--root', fx.dir, '--no-index'], { DOCENT_TOKEN: 'do-not-leak', DOCENT_TEST_SECRET: 'nope' });
    use(docent);
  });
  afterAll(async () => {
    await docent?.close();
    fx.cleanup();
  });
}
