import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import path from 'node:path';

/**
 * Where a root's index lives: `$XDG_CACHE_HOME/docent/<hash of root>/index.db` (falling back to
 * `~/.cache`), or `<indexDir>/<hash of root>/index.db` when `--index-dir`, `DOCENT_INDEX_DIR` or
 * config `indexDir` names a directory. One database per root, so a root shared by several
 * workspaces is indexed once, and nothing is written inside the user's repository.
 */
export function rootKey(root: string): string {
  const base = path.basename(root).replace(/[^\w.-]+/g, '_').slice(0, 40) || 'root';
  return `${base}-${createHash('sha256').update(path.resolve(root)).digest('hex').slice(0, 12)}`;
}

export function indexBaseDir(indexDir: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (indexDir) return path.resolve(indexDir);
  const cache = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(homedir(), '.cache');
  return path.join(cache, 'docent');
}

export function indexDbPath(root: string, indexDir: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return path.join(indexBaseDir(indexDir, env), rootKey(root), 'index.db');
}
