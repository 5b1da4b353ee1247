import { chmodSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/**
 * Where the per-user daemon lives: a private directory holding its Unix socket, its state file
 * and its log. `$XDG_RUNTIME_DIR/docent` when the session has a runtime directory (a tmpfs only
 * the user can read), else `$XDG_CACHE_HOME/docent/daemon`. Node builtins only: the CLI's
 * daemon path loads this before anything else.
 */
export interface DaemonPaths {
  dir: string;
  socket: string;
  /** JSON: pid, version, build, socket, http url, start time. */
  state: string;
  log: string;
}

export function daemonPaths(env: NodeJS.ProcessEnv = process.env): DaemonPaths {
  const runtime = env.XDG_RUNTIME_DIR;
  const dir =
    runtime && path.isAbsolute(runtime)
      ? path.join(runtime, 'docent')
      : path.join(env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(homedir(), '.cache'), 'docent', 'daemon');
  return { dir, socket: path.join(dir, 'daemon.sock'), state: path.join(dir, 'daemon.json'), log: path.join(dir, 'daemon.log') };
}

/** Create the directory readable by its owner only (and tighten it if it already existed). */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}
