import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * An installed npm package's package.json, read once per package directory for everyone who
 * needs it in this thread: the file's package and version (packages.ts) and the package's entry
 * files (npm-entries.ts) ask for the same directory for every file of the package.
 */

const manifests = new Map<string, Record<string, unknown> | null>();
const FIELDS = ['name', 'version', 'main', 'module', 'types', 'typings', 'browser', 'exports'] as const;

function pick(json: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of FIELDS) if (f in json) out[f] = json[f];
  return out;
}

/** The directory of the innermost package holding the file whose path is split into `parts` (`…/node_modules/(@scope/)name`), with the index of its `node_modules`, or null. */
export function npmPackageDir(parts: readonly string[]): { dir: string; at: number; depth: number } | null {
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 2 >= parts.length) return null;
  const depth = parts[at + 1]!.startsWith('@') ? 2 : 1;
  if (at + depth >= parts.length - 1) return null;
  return { dir: parts.slice(0, at + 1 + depth).join('/'), at, depth };
}

/** The parsed package.json of a package directory, or null when it is missing or not JSON. */
export function npmManifest(dir: string): Record<string, unknown> | null {
  let m = manifests.get(dir);
  if (m === undefined) {
    try {
      const json = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as unknown;
      // Only the fields read (name, version, entries): a package.json may carry its whole README.
      m = json && typeof json === 'object' && !Array.isArray(json) ? pick(json as Record<string, unknown>) : null;
    } catch {
      m = null;
    }
    if (manifests.size > 5000) manifests.clear();
    manifests.set(dir, m);
  }
  return m;
}
