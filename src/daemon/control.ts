import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, renameSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { daemonControl } from './client.js';
import { ensurePrivateDir, type DaemonPaths } from './paths.js';
import { distFile } from '../core/dist-root.js';

/**
 * Starting, finding and stopping the daemon from a client process (the `docent daemon`
 * commands, the CLI's autostart, `serve --attach`). Node builtins only.
 */

export interface DaemonStatus {
  pid: number;
  version: string;
  build: string;
  socket: string;
  url?: string;
  started: string;
  uptime_ms: number;
  sessions: number;
  docs_indexes: string[];
  rss_bytes: number;
}

const LOG_ROTATE_BYTES = 5 * 1024 * 1024;
const CLI_MAIN = fileURLToPath(distFile('cli/main.js'));

/** The running daemon's status, or undefined when none answers on the socket. */
export async function daemonStatus(paths: DaemonPaths, timeoutMs = 1500): Promise<DaemonStatus | undefined> {
  if (!existsSync(paths.socket)) return undefined;
  try {
    const r = await daemonControl(paths.socket, 'GET', '/daemon/status', timeoutMs);
    return r.status === 200 && typeof r.body === 'object' ? (r.body as DaemonStatus) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Start a daemon in the background (detached, its output appended to the log file) and wait
 * until it answers. Resolves with its status, or undefined when it did not come up in time.
 */
export async function spawnDaemon(paths: DaemonPaths, args: string[], timeoutMs: number): Promise<DaemonStatus | undefined> {
  ensurePrivateDir(paths.dir);
  try {
    if (statSync(paths.log).size > LOG_ROTATE_BYTES) renameSync(paths.log, paths.log + '.1');
  } catch {
    // no log yet
  }
  const fd = openSync(paths.log, 'a', 0o600);
  let exited = false;
  try {
    const child = spawn(process.execPath, [CLI_MAIN, 'daemon', 'start', '--foreground', ...args], {
      detached: true,
      // Not the starting command's directory, which may be removed while the daemon lives on;
      // sessions bring their own.
      cwd: paths.dir,
      stdio: ['ignore', fd, fd],
      // The daemon logs at info (to its file) whatever the starting command's own level.
      env: { ...process.env, DOCENT_LOG: process.env.DOCENT_DAEMON_LOG || 'info' },
    });
    child.once('exit', () => (exited = true));
    child.once('error', () => (exited = true));
    child.unref();
  } finally {
    closeSync(fd);
  }
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const s = await daemonStatus(paths, Math.max(100, deadline - Date.now()));
    if (s) return s;
    // A second daemon that lost the race exits at once; the winner then answers.
    if (exited && !existsSync(paths.socket)) return undefined;
    await new Promise((r) => setTimeout(r, 25));
  }
  return undefined;
}

/** Ask the daemon to stop and wait until it has; kill it if it does not within the bound. */
export async function stopDaemon(paths: DaemonPaths, timeoutMs = 5000): Promise<DaemonStatus | undefined> {
  const before = await daemonStatus(paths);
  // Only a daemon that answered is ours to stop: a stale state file's pid may be reused.
  if (!before) return undefined;
  const pid = before.pid;
  await daemonControl(paths.socket, 'POST', '/daemon/stop', timeoutMs).catch(() => undefined);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive(pid)) return before;
    await new Promise((r) => setTimeout(r, 25));
  }
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  return before;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
