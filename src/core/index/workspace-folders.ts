import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';

/**
 * The folders under a root that a monorepo's member patterns name (npm's and pnpm's workspaces,
 * Cargo's `[workspace] members`), relative to the root and sorted: those that match a pattern,
 * none of the `!pattern` ones, and hold one of the `marker` files (their package.json or
 * Cargo.toml). Each pattern is walked from its static part (`packages` of `packages/*`), breadth
 * first, so a large tree beside the members (`docs/` with thousands of folders) neither hides
 * them nor costs a walk; only `**` patterns walk from the root. Folders named in `skip`
 * (node_modules, build output, virtualenvs) and dot folders are not entered.
 */

/** How deep below a pattern's static part a member may be, and how many folders one call reads. */
const MAX_DEPTH = 4;
const MAX_FOLDERS = 5000;
export const SKIPPED: ReadonlySet<string> = new Set(['node_modules', 'target', '__pycache__', 'venv']);

export function foldersMatching(root: string, patterns: readonly string[], marker: string | readonly string[], skip: ReadonlySet<string> = SKIPPED): string[] {
  const markers = typeof marker === 'string' ? [marker] : marker;
  const include = patterns.filter((p) => !p.startsWith('!')).map(normalise).filter(Boolean);
  if (!include.length) return [];
  const exclude = patterns.filter((p) => p.startsWith('!')).map((p) => normalise(p.slice(1))).filter(Boolean);
  const included = picomatch(include);
  const excluded = exclude.length ? picomatch(exclude) : () => false;
  const isMember = (rel: string) => rel !== '' && included(rel) && !excluded(rel) && markers.some((m) => existsSync(path.join(root, rel, m)));
  const out = new Set<string>();
  let read = 0;
  // The static folder each pattern starts from (`**` starts at the root); nested bases are walked once.
  const bases = [...new Set(include.map((p) => (p === '**' || p.startsWith('**/') ? '' : picomatch.scan(p).base)))].sort();
  const walked = bases.filter((b, i) => !bases.slice(0, i).some((a) => a === '' || b === a || b.startsWith(`${a}/`)));
  for (const base of walked) {
    if (base && isMember(base)) out.add(base);
    let level = [base];
    for (let depth = 1; depth <= MAX_DEPTH && level.length; depth++) {
      const next: string[] = [];
      for (const rel of level) {
        if (read++ >= MAX_FOLDERS) return [...out].sort();
        let entries;
        try {
          entries = readdirSync(path.join(root, rel), { withFileTypes: true });
        } catch {
          continue;
        }
        for (const e of entries) {
          if (!e.isDirectory() || skip.has(e.name) || e.name.startsWith('.')) continue;
          const sub = rel ? `${rel}/${e.name}` : e.name;
          if (isMember(sub)) out.add(sub);
          next.push(sub);
        }
      }
      level = next;
    }
  }
  return [...out].sort();
}

function normalise(pattern: string): string {
  return pattern.trim().replace(/^\.\//, '').replace(/\/+$/, '');
}
