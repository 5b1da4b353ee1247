import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The absolute path of a program: a name containing '/' is checked as given; a bare name is
 * looked up on PATH, then in `extraDirs` (per-user tool directories often missing from PATH).
 * Undefined when it is nowhere.
 */
export function which(name: string, extraDirs: readonly string[] = []): string | undefined {
  if (name.includes('/')) return isExecutable(name) ? path.resolve(name) : undefined;
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), ...extraDirs].filter(Boolean);
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}
