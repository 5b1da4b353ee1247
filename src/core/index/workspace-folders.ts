import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';

/**
 * The folders under a root that a monorepo's member patterns name (npm's and pnpm's workspaces,
 * Cargo's `[workspace] members`), relative to the root and sorted: those that match a pattern,
 * none of the `!pattern` ones, and hold `marker` (their package.json or Cargo.toml).
 * node_modules, `target` and dot folders are not searched.
 */

/** How deep under the root a member may be (`packages/*`, `apps/web/*`), and how many folders the search reads. */
const MAX_DEPTH = 4;
const MAX_FOLDERS = 5000;
export const SKIPPED = new Set(['node_modules', 'target']);

export function foldersMatching(root: string, patterns: readonly string[], marker: string | readonly string[], skip: ReadonlySet<string> = SKIPPED): string[] {
  const markers = typeof marker === 'string' ? [marker] : marker;
  const include = patterns.filter((p) => !p.startsWith('!')).map(normalise).filter(Boolean);
  if (!include.length) return [];
  const exclude = patterns.filter((p) => p.startsWith('!')).map((p) => normalise(p.slice(1))).filter(Boolean);
  const included = picomatch(include);
  const excluded = exclude.length ? picomatch(exclude) : () => false;
  const out: string[] = [];
  let read = 0;
  const visit = (rel: string, depth: number) => {
    if (depth > MAX_DEPTH || read++ > MAX_FOLDERS) return;
    let entries;
    try {
      entries = readdirSync(path.join(root, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (!e.isDirectory() || skip.has(e.name) || e.name.startsWith('.')) continue;
      const sub = rel ? `${rel}/${e.name}` : e.name;
      if (included(sub) && !excluded(sub) && markers.some((m) => existsSync(path.join(root, sub, m)))) out.push(sub);
      visit(sub, depth + 1);
    }
  };
  visit('', 1);
  return out.sort();
}

function normalise(pattern: string): string {
  return pattern.trim().replace(/^\.\//, '').replace(/\/+$/, '');
}
