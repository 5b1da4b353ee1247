import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * A maker of temporary directories for one test file (call it at the file's top level): each
 * directory it makes is removed once the file's tests are over.
 */
export function tempDirs(): (prefix: string) => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  return (prefix) => {
    const d = mkdtempSync(path.join(tmpdir(), prefix));
    dirs.push(d);
    return d;
  };
}
