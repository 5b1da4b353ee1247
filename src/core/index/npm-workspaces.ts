import path from 'node:path';
import { readText } from './deps/types.js';
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

/**
 * pnpm-workspace.yaml's `packages:` items, read line by line: a block list (indented or not) of
 * plain or quoted strings, or a flow list on the key's line (`packages: ['apps/*']`).
 */
function fromPnpmWorkspace(root: string): string[] {
  const text = readText(path.join(root, 'pnpm-workspace.yaml'));
  if (text === null) return [];
  const unquote = (s: string) => s.trim().replace(/^(['"])(.*)\1$/, '$2');
  const out: string[] = [];
  let inPackages = false;
  for (const line of text.split(/\r?\n/)) {
    const key = /^packages\s*:\s*(.*)$/.exec(line);
    if (key) {
      const flow = /^\[(.*)\]\s*(?:#.*)?$/.exec(key[1]!.trim());
      if (flow) return flow[1]!.split(',').map(unquote).filter(Boolean);
      inPackages = true;
      continue;
    }
    if (!inPackages || /^\s*(?:#.*)?$/.test(line)) continue; // comments and blank lines inside the list
    const item = /^\s*-\s*(.+?)\s*(?:#.*)?$/.exec(line);
    if (item) out.push(unquote(item[1]!));
    else if (/^\S/.test(line)) break; // the next top-level key
  }
  return out.filter(Boolean);
}
