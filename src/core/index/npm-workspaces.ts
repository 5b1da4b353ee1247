import { readFileSync } from 'node:fs';
import path from 'node:path';
import { foldersMatching } from './workspace-folders.js';

/**
 * The folders of a monorepo's npm workspaces, relative to its root: the patterns of the root
 * package.json's `workspaces` (npm, yarn: an array, or `{ packages: [...] }`) or of
 * pnpm-workspace.yaml's `packages:` list, `!pattern` excluding, matched against the folders
 * under the root that hold a package.json. Each workspace declares its own dependencies
 * (npm-deps.ts); the root's package.json of a monorepo often declares only its tools.
 */

export function npmWorkspaces(root: string, rootJson: Record<string, unknown>): string[] {
  return foldersMatching(root, [...fromPackageJson(rootJson), ...fromPnpmWorkspace(root)], 'package.json');
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
