import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigSchema, type DocentConfigInput } from '../../../src/core/config/schema.js';
import { createLogger } from '../../../src/core/log.js';
import { ServiceRegistry } from '../../../src/core/services.js';
import { Workspace } from '../../../src/core/workspace/workspace.js';
import { OwnedSession, type FeatureContext } from '../../../src/features/context.js';

/**
 * A private `emacs -Q --daemon` for one test file. Its socket is an absolute path inside a fresh
 * 0700 temp dir, so test files never share or collide with a user's server, and `stop()` kills
 * exactly this daemon by its own socket (or, if it is wedged, by its pid).
 */
export interface TestDaemon {
  dir: string;
  socket: string;
  pid: number;
  /** Evaluate Lisp through a plain emacsclient (not docent) and return what it prints. */
  eval(expr: string): string;
  /** The ground truth helpers below evaluate in the buffer of the selected window, at its point. */
  num(expr: string): number;
  bool(expr: string): boolean;
  str(expr: string): string | null;
  stop(): void;
}

/** A Lisp string literal for any text, via base64 (emacsclient itself mangles non-ASCII). */
export function lispStr(s: string): string {
  return `(decode-coding-string (base64-decode-string "${Buffer.from(s, 'utf8').toString('base64')}") 'utf-8)`;
}

/** Wrap `expr` to run in the user's buffer (the selected window's) at that window's point. */
export const inUserBuffer = (expr: string) =>
  `(let ((w (selected-window))) (with-current-buffer (window-buffer w) (save-excursion (goto-char (window-point w)) ${expr})))`;

export function startDaemon(name: string): TestDaemon {
  const dir = mkdtempSync(path.join(tmpdir(), `docent-emacs-${name}-`));
  // Not directly in /tmp: Emacs's server-start deletes the directory of a socket whose parent is
  // /tmp/ (meant for /tmp/emacsUID, bug#44644), which would take our fixtures with it.
  const socketDir = path.join(dir, 'run');
  mkdirSync(socketDir, { mode: 0o700 });
  const socket = path.join(socketDir, 'server');
  // The launching process returns once the daemon is ready to serve (or failed to start).
  // No asynchronous native compilation (Emacs 28+), set before startup queues any: advising a
  // primitive, as the json.el test does, would otherwise compile a trampoline in the background
  // and add *Native-compile-Log* buffers between two observations. The variable names differ
  // across versions; setting an unbound one is harmless.
  const noNativeComp = '(setq native-comp-deferred-compilation nil native-comp-jit-compilation nil comp-enable-subr-trampolines nil native-comp-enable-subr-trampolines nil)';
  const r = spawnSync('emacs', ['-Q', '--eval', noNativeComp, `--daemon=${socket}`], { stdio: 'ignore', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`emacs --daemon failed (status ${r.status}, ${r.error?.message ?? ''})`);
  const evalRaw = (expr: string, timeout = 20_000) =>
    execFileSync('emacsclient', [`--socket-name=${socket}`, '--eval', expr], { encoding: 'utf8', timeout }).trim();
  const pid = Number(evalRaw('(emacs-pid)'));
  // No prompts (a prompt would hang the daemon) and no lock or auto-save files.
  evalRaw('(setq large-file-warning-threshold nil create-lockfiles nil auto-save-default nil make-backup-files nil)');
  const daemon: TestDaemon = {
    dir,
    socket,
    pid,
    eval: (expr) => evalRaw(expr),
    num: (expr) => {
      const out = evalRaw(inUserBuffer(expr));
      if (!/^-?\d+$/.test(out)) throw new Error(`not an integer: ${expr} => ${out}`);
      return Number(out);
    },
    bool: (expr) => evalRaw(inUserBuffer(`(if ${expr} 1 0)`)) === '1',
    str: (expr) => {
      const out = evalRaw(inUserBuffer(`(let ((s ${expr})) (if s (concat "b" (base64-encode-string (encode-coding-string s 'utf-8 t) t)) "nil"))`));
      const m = /^"b([A-Za-z0-9+/=]*)"$/.exec(out);
      return m ? Buffer.from(m[1]!, 'base64').toString('utf8') : null;
    },
    stop: () => {
      // Children first (a test may leave Emacs blocked in a synchronous `sleep`).
      for (const child of childPids(pid)) {
        try {
          process.kill(child, 'SIGKILL');
        } catch {
          // Already exited.
        }
      }
      try {
        execFileSync('emacsclient', [`--socket-name=${socket}`, '--eval', '(kill-emacs)'], { stdio: 'ignore', timeout: 3_000 });
      } catch {
        // Wedged or already gone; the checks below make sure.
      }
      const deadline = Date.now() + 2_000;
      while (alive(pid) && Date.now() < deadline) spawnSync('sleep', ['0.05']);
      if (alive(pid)) process.kill(pid, 'SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return daemon;
}

/** A feature context whose config points at the daemon. */
export function emacsContext(emacs: DocentConfigInput['emacs'], signal?: AbortSignal): FeatureContext {
  return {
    workspace: new Workspace([process.cwd()]),
    config: ConfigSchema.parse({ emacs }),
    services: new ServiceRegistry(),
    signal: signal ?? new AbortController().signal,
    progress: () => {},
    log: createLogger('test'),
    session: new OwnedSession('test'),
  };
}

/** True while a process with this pid exists (and is not a zombie). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return stat !== '' && !stat.startsWith('Z');
  } catch {
    return false;
  }
}

function childPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((l) => Number(l.trim()))
      .filter((n) => n > 0);
  } catch {
    return [];
  }
}
