import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/** A temporary folder for a test file's project trees (removed after its tests), and a writer of one tree in it. */
export function projectTrees(prefix: string): { dir: string; project: (name: string, files: Record<string, string>) => string } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const project = (name: string, files: Record<string, string>): string => {
    const root = path.join(dir, name);
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), text);
    }
    return root;
  };
  return { dir, project };
}
