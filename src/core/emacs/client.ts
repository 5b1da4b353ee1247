import { spawn, type ChildProcess } from 'node:child_process';
import { DocentError } from '../errors.js';

/**
 * Running emacsclient once: an argument vector (never a shell), a timeout that really kills the
 * client (SIGTERM, then SIGKILL), cancellation through an AbortSignal, and every way it can fail
 * mapped to a stable error code.
 */

/** Where the Emacs server is and how to reach it. */
export interface EmacsServerOptions {
  /** emacsclient program (name on PATH or absolute path). */
  emacsclient: string;
  /** Socket name (looked up in Emacs's server directory) or absolute socket path. */
  socket?: string;
  /** TCP server file written by a server with `server-use-tcp`. */
  serverFile?: string;
  timeoutMs: number;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Called with the child right after it starts (tests use it to check it is gone afterwards). */
  onSpawn?: (child: ChildProcess) => void;
}

/** Grace between SIGTERM and SIGKILL when a client must go. */
const KILL_GRACE_MS = 300;
/** The largest answer docent accepts from Emacs; bigger means a runaway query. */
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

export const START_SERVER_HINT =
  'Start the Emacs server: `M-x server-start` in a running Emacs (or `(server-start)` in init.el), or run `emacs --daemon`. ' +
  'If it uses another socket, pass --emacs-socket NAME|PATH (or set emacs.socket in docent.config.json, or EMACS_SOCKET_NAME).';

const INSTALL_HINT =
  'Install Emacs, which provides emacsclient (Debian/Ubuntu: `apt-get install emacs-nox`; Fedora: `dnf install emacs-nox`; macOS: `brew install emacs`), ' +
  'or point docent at it with --emacsclient PATH (config emacs.emacsclient).';

/** The socket to use: explicit setting, else EMACS_SOCKET_NAME, else emacsclient's default. */
export function resolveSocket(configured: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return configured || env.EMACS_SOCKET_NAME || undefined;
}

/** emacsclient's argument vector for evaluating `expression`. */
export function clientArgs(server: EmacsServerOptions, expression: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const args: string[] = [];
  const socket = resolveSocket(server.socket, env);
  if (socket) args.push(`--socket-name=${socket}`);
  if (server.serverFile) args.push(`--server-file=${server.serverFile}`);
  args.push('--eval', expression);
  return args;
}

/** Describe the server docent is trying, for messages. */
export function describeServer(server: EmacsServerOptions, env: NodeJS.ProcessEnv = process.env): string {
  const socket = resolveSocket(server.socket, env);
  if (socket) return `socket "${socket}"`;
  if (server.serverFile) return `server file "${server.serverFile}"`;
  return "emacsclient's default socket";
}

/**
 * The environment for emacsclient. ALTERNATE_EDITOR is dropped: with it set (especially to ""),
 * emacsclient would start an editor or a new daemon when no server answers, and a read-only
 * query must never do that.
 */
function clientEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...env };
  delete out.ALTERNATE_EDITOR;
  return out;
}

/** Classify a failed emacsclient run by what it printed. */
export function classifyFailure(stderr: string, server: EmacsServerOptions, env: NodeJS.ProcessEnv = process.env): DocentError {
  const text = stderr.trim();
  const lispError = /^\*ERROR\*:\s?([\s\S]*)$/m.exec(text);
  if (lispError) {
    return new DocentError('E_INTERNAL', `Emacs signalled an error: ${lispError[1]!.trim()}`, 'The error comes from Emacs itself; check its *Messages* buffer or your init file.');
  }
  // emacsclient's diagnosis ("can't find socket", "error accessing socket …"), without its
  // advice: how to start a server is docent's hint, and the alternate-editor usage it ends
  // with does not apply (docent never lets emacsclient start an editor).
  const firstLines = text
    .split('\n')
    .map((l) => l.replace(/^emacsclient: /, '').trim())
    .filter((l) => l && !/^--|alternate.editor|Please use|To start the server/i.test(l))
    .slice(0, 2)
    .join(' ');
  return new DocentError(
    'E_UNAVAILABLE',
    `No Emacs server is answering at ${describeServer(server, env)}.${firstLines ? ` emacsclient said: ${firstLines}` : ''}`,
    START_SERVER_HINT,
  );
}

export interface ClientResult {
  stdout: string;
  stderr: string;
}

/** Run emacsclient to evaluate `expression`; resolves with its output or throws a DocentError. */
export function runEmacsclient(server: EmacsServerOptions, expression: string, opts: RunOptions = {}): Promise<ClientResult> {
  const env = process.env;
  const args = clientArgs(server, expression, env);
  if (opts.signal?.aborted) return Promise.reject(new DocentError('E_CANCELLED', 'The request was cancelled.'));
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = spawn(server.emacsclient, args, { stdio: ['ignore', 'pipe', 'pipe'], env: clientEnv(env), shell: false });
    } catch (err) {
      reject(spawnError(server, err as NodeJS.ErrnoException));
      return;
    }
    opts.onSpawn?.(child);
    const out: Buffer[] = [];
    const errChunks: Buffer[] = [];
    let outBytes = 0;
    let failure: DocentError | undefined;
    let killTimer: NodeJS.Timeout | undefined;

    const stop = (why: DocentError) => {
      if (failure) return;
      failure = why;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
    };
    const timer = setTimeout(
      () =>
        stop(
          new DocentError(
            'E_TIMEOUT',
            `Emacs did not answer within ${server.timeoutMs} ms (${describeServer(server, env)}); the emacsclient process was killed.`,
            'Emacs may be busy (a long command, a prompt waiting in the minibuffer, or a debugger). Finish or quit it (C-g) and retry, or raise emacs.timeoutMs / --emacs-timeout.',
          ),
        ),
      server.timeoutMs,
    );
    const onAbort = () => stop(new DocentError('E_CANCELLED', 'The request was cancelled.'));
    opts.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout!.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > MAX_OUTPUT_BYTES) {
        stop(new DocentError('E_INTERNAL', `Emacs's answer exceeded ${MAX_OUTPUT_BYTES} bytes.`));
        return;
      }
      out.push(chunk);
    });
    child.stderr!.on('data', (chunk: Buffer) => errChunks.push(chunk));

    let settled = false;
    const cleanup = () => {
      settled = true;
      clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      opts.signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (err: NodeJS.ErrnoException) => {
      // A child that never started (ENOENT, EACCES) has no pid and may never emit 'close'.
      if (settled || child.pid !== undefined) return;
      cleanup();
      reject(spawnError(server, err));
    });
    // 'close' comes after the process has exited and its pipes are drained.
    child.on('close', (code, sig) => {
      if (settled) return;
      cleanup();
      const stdout = Buffer.concat(out).toString('utf8');
      const stderr = Buffer.concat(errChunks).toString('utf8');
      if (failure) return reject(failure);
      if (code === 0) return resolve({ stdout, stderr });
      if (sig) return reject(new DocentError('E_UNAVAILABLE', `emacsclient was killed by ${sig}.`, START_SERVER_HINT));
      reject(classifyFailure(stderr, server, env));
    });
  });
}

function spawnError(server: EmacsServerOptions, err: NodeJS.ErrnoException): DocentError {
  if (err.code === 'ENOENT') {
    return new DocentError('E_NO_SERVER', `emacsclient was not found ("${server.emacsclient}").`, INSTALL_HINT);
  }
  if (err.code === 'EACCES') {
    return new DocentError('E_NO_SERVER', `emacsclient at "${server.emacsclient}" cannot be executed (permission denied).`, INSTALL_HINT);
  }
  return new DocentError('E_INTERNAL', `Could not run emacsclient ("${server.emacsclient}"): ${err.message}`);
}
