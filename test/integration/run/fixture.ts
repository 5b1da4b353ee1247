import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO } from '../../helpers/docent.js';

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
