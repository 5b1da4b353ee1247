import { execFile } from 'node:child_process';
import { DocentError } from '../errors.js';

export interface RunResult {
  stdout: string;
  stderr: string;
  code: number;
}

export interface RunOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  maxBuffer?: number;
}

/**
 * Run a program with an argument array (never a shell), a timeout that kills it, and the
 * caller's AbortSignal. A missing program is E_NO_SERVER; a timeout E_TIMEOUT. A non-zero
 * exit is returned, not thrown: callers decide what it means.
 */
export function runProgram(command: string, args: readonly string[], opts: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      command,
      [...args],
      {
        timeout: opts.timeoutMs ?? 10_000,
        killSignal: 'SIGKILL',
        signal: opts.signal,
        env: opts.env,
        cwd: opts.cwd,
        maxBuffer: opts.maxBuffer ?? 64 * 1024 * 1024,
        encoding: 'utf8',
      },
      (err, stdout, stderr) => {
        if (!err) return resolve({ stdout, stderr, code: 0 });
        const e = err as NodeJS.ErrnoException & { killed?: boolean; code?: string | number };
        if (e.code === 'ENOENT') return reject(new DocentError('E_NO_SERVER', `${command} is not installed or not on PATH.`));
        if (e.name === 'AbortError') return reject(new DocentError('E_CANCELLED', `${command} was cancelled.`));
        if (e.killed) return reject(new DocentError('E_TIMEOUT', `${command} did not finish within ${opts.timeoutMs ?? 10_000} ms and was killed.`));
        if (typeof e.code === 'number') return resolve({ stdout, stderr, code: e.code });
        reject(new DocentError('E_INTERNAL', `${command} failed: ${e.message}`));
      },
    );
    child.stdin?.end();
  });
}

/**
 * Ask a program for its version: the first non-empty line it prints (stdout, else stderr).
 * `ok` is false when it cannot run or exits non-zero, e.g. a rustup proxy for a component that
 * is not installed; `line` then carries its complaint. Used by `docent doctor` for every program.
 */
export async function versionLine(
  command: string,
  args: readonly string[],
  opts: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<{ ok: boolean; line: string | null }> {
  try {
    const r = await runProgram(command, args, { timeoutMs: opts.timeoutMs ?? 10_000, signal: opts.signal, maxBuffer: 1 << 20 });
    const line = (r.stdout || r.stderr).split('\n').map((l) => l.trim()).find(Boolean) ?? null;
    return r.code === 0 ? { ok: true, line } : { ok: false, line: line ?? `exit ${r.code}` };
  } catch (err) {
    return { ok: false, line: (err as Error).message };
  }
}
