import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';

/**
 * The folders of a monorepo's npm workspaces, relative to its root: the patterns of the root
 * package.json's `workspaces` (npm, yarn: an array, or `{ packages: [...] }`) or of
 * pnpm-workspace.yaml's `packages:` list, `!pattern` excluding, matched against the folders
 * under the root that hold a package.json. Each workspace declares its own dependencies
 * (npm-deps.ts); the root's package.json of a monorepo often declares only its tools.
 */

/** How deep under the root a workspace may be (`packages/*`, `apps/web/*`), and how many folders the search reads. */
const MAX_DEPTH = 4;
const MAX_FOLDERS = 5000;

export function npmWorkspaces(root: string, rootJson: Record<string, unknown>): string[] {
  const patterns = [...fromPackageJson(rootJson), ...fromPnpmWorkspace(root)];
  const include = patterns.filter((p) => !p.startsWith('!')).map(normalise);
  if (!include.length) return [];
  const exclude = patterns.filter((p) => p.startsWith('!')).map((p) => normalise(p.slice(1)));
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
      if (!e.isDirectory() || e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const sub = rel ? `${rel}/${e.name}` : e.name;
      if (included(sub) && !excluded(sub) && existsSync(path.join(root, sub, 'package.json'))) out.push(sub);
      visit(sub, depth + 1);
    }
  };
  visit('', 1);
  return out.sort();
}

function normalise(pattern: string): string {
  return pattern.trim().replace(/^\.\//, '').replace(/\/+$/, '');
}

function fromPackageJson(json: Record<string, unknown>): string[] {
  const ws = json.workspaces;
  const list = Array.isArray(ws) ? ws : ws && typeof ws === 'object' ? (ws as { packages?: unknown }).packages : undefined;
  return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
}

/** pnpm-workspace.yaml's `packages:` items, read line by line (a block list of plain or quoted strings). */
function fromPnpmWorkspace(root: string): string[] {
  let text: string;
  try {
    text = readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
  } catch {
    return [];
  }
  const out: string[] = [];
  let inPackages = false;
  for (const line of text.split('\n')) {
    if (/^packages\s*:/.test(line)) {
      inPackages = true;
      continue;
    }
    if (!inPackages) continue;
    if (/^\S/.test(line)) break; // the next top-level key
    const item = /^\s+-\s*(['"]?)(.+?)\1\s*(?:#.*)?$/.exec(line);
    if (item) out.push(item[2]!);
  }
  return out;
}
