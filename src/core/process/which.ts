import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** docent's own node_modules/.bin, where bundled language servers (pyright, TS) live. */
export const OWN_BIN_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.bin');

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Find a program: an absolute or relative path is taken as is; a bare name is looked up in
 * `extraDirs` first (docent's own node_modules/.bin by default), then PATH. Null when absent.
 */
export function which(program: string, extraDirs: readonly string[] = [OWN_BIN_DIR], env: NodeJS.ProcessEnv = process.env): string | null {
  if (program.includes('/')) return isExecutable(program) ? path.resolve(program) : null;
  const dirs = [...extraDirs, ...(env.PATH ?? '').split(path.delimiter).filter(Boolean)];
  for (const dir of dirs) {
    const candidate = path.join(dir, program);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}
