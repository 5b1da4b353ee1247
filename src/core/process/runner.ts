import { spawn } from 'node:child_process';
import { DocentError } from '../errors.js';
import { HeadTailCapture, LineSplitter } from './capture.js';
import { which } from './which.js';

/**
 * Running a project's own programs (builds, tests, debuggees, profiled programs) inside limits.
 *
 * Every run gets its own process group, so that a timeout, a cancel or the end of the run can
 * kill the whole tree — a test runner's workers and whatever the tests started — with SIGTERM
 * and then SIGKILL. Output is captured up to a cap (head and tail kept, the middle counted), and
 * memory is capped with `prlimit --data` where it is installed. The answer says which
 * limit, if any, was hit. Nothing is run through a shell.
 */

export type LimitExceeded = 'time' | 'output' | 'memory';

export interface LimitedRunOptions {
  cwd: string;
  /** The complete environment (see clean-env.ts); nothing is inherited. */
  env: Record<string, string>;
  /** Wall-clock limit for the whole run. */
  timeoutMs: number;
  /** Bytes of each stream kept (half head, half tail). Default 256 KiB. */
  maxOutputBytes?: number;
  /**
   * Memory cap in bytes, applied through `prlimit --data` when installed; 0 = none. RLIMIT_DATA
   * rather than --as: Node and Go reserve far more address space than they use (every
   * WebAssembly instance reserves ~10 GiB), so an address-space cap breaks vitest and friends
   * long before memory runs short, while the data limit counts what is actually writable.
   */
  memoryBytes?: number;
  /** Cancels the run: the tree is killed and the result says `cancelled`. */
  signal?: AbortSignal;
  /** Every complete line of stdout / stderr, uncapped, as it arrives (for streaming parsers and progress). */
  onStdoutLine?: (line: string) => void;
  onStderrLine?: (line: string) => void;
  /** Time between SIGTERM and SIGKILL. Default 2000 ms. */
  killGraceMs?: number;
  /** The signal the timeout sends first (a profiler wants SIGINT, so it still writes its data). Default SIGTERM. */
  timeoutSignal?: NodeJS.Signals;
}

export interface LimitedRunResult {
  command: string[];
  /** Null when the process was ended by a signal. */
  exit_code: number | null;
  signal: string | null;
  duration_ms: number;
  stdout: string;
  stderr: string;
  /** Bytes of stdout + stderr that were seen but not kept. */
  dropped_bytes: number;
  limit_exceeded: LimitExceeded | null;
  cancelled: boolean;
  /** How memory was capped: "prlimit" or "none" (prlimit missing or no cap asked for). */
  memory_cap: 'prlimit' | 'none';
}

export const DEFAULT_MAX_OUTPUT_BYTES = 256 * 1024;

/** What an allocator failure looks like in the common runtimes' output. */
const OUT_OF_MEMORY =
  /MemoryError|std::bad_alloc|Cannot allocate memory|out of memory|heap out of memory|allocation failed|memory allocation of \d+ bytes failed|failed to reserve|mmap failed|ReserveShadowMemoryRange failed|Sanitizer failed to allocate/i;

/** Decide which limit a finished run hit, from what is known about it. Pure, for tests. */
export function limitHit(facts: {
  timedOut: boolean;
  dropped: number;
  memoryCapped: boolean;
  exitCode: number | null;
  signal: string | null;
  stderr: string;
}): LimitExceeded | null {
  if (facts.timedOut) return 'time';
  if (facts.memoryCapped && (facts.exitCode !== 0 || facts.signal) && OUT_OF_MEMORY.test(facts.stderr)) return 'memory';
  if (facts.dropped > 0) return 'output';
  return null;
}

/** The argument vector that applies the memory cap, or the command itself when it cannot be. */
export function withMemoryCap(command: readonly string[], memoryBytes: number, prlimit: string | undefined): { argv: string[]; capped: boolean } {
  if (!memoryBytes || !prlimit) return { argv: [...command], capped: false };
  return { argv: [prlimit, `--data=${Math.floor(memoryBytes)}`, '--', ...command], capped: true };
}

/** Send a signal to a whole process group; a group that is already gone is not an error. */
function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: nothing left in the group.
  }
}

/** True while any process of the group is alive. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Run `command` (argv[0] is looked up on the run's PATH) inside the limits. A program that cannot
 * be started is E_NO_SERVER; everything else — a non-zero exit, a timeout, a cancel — is an
 * answer, since the caller reports it.
 */
export async function runLimited(command: readonly string[], opts: LimitedRunOptions): Promise<LimitedRunResult> {
  if (!command.length) throw new DocentError('E_INTERNAL', 'runLimited needs a command.');
  const maxOut = opts.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  const grace = opts.killGraceMs ?? 2000;
  const program = resolveProgram(command[0]!, opts.env.PATH ?? '', opts.cwd);
  const { argv, capped } = withMemoryCap([program, ...command.slice(1)], opts.memoryBytes ?? 0, which('prlimit'));
  const started = Date.now();
  const out = new HeadTailCapture(Math.floor(maxOut / 2), Math.ceil(maxOut / 2));
  const err = new HeadTailCapture(Math.floor(maxOut / 2), Math.ceil(maxOut / 2));
  const outLines = opts.onStdoutLine ? new LineSplitter(opts.onStdoutLine) : undefined;
  const errLines = opts.onStderrLine ? new LineSplitter(opts.onStderrLine) : undefined;

  return new Promise<LimitedRunResult>((resolve, reject) => {
    let timedOut = false;
    let cancelled = false;
    let settled = false;
    let killTimer: NodeJS.Timeout | undefined;
    // detached: the child leads a new process group (setsid), so -pid reaches its whole tree.
    const child = spawn(argv[0]!, argv.slice(1), { cwd: opts.cwd, env: opts.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });

    const terminate = (first: NodeJS.Signals = 'SIGTERM') => {
      killGroup(child.pid, first);
      killTimer ??= setTimeout(() => killGroup(child.pid, 'SIGKILL'), grace);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      terminate(opts.timeoutSignal);
    }, opts.timeoutMs);
    const onAbort = () => {
      cancelled = true;
      terminate();
    };
    if (opts.signal?.aborted) onAbort();
    else opts.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (d: Buffer) => {
      out.push(d);
      outLines?.push(d.toString('utf8'));
    });
    child.stderr.on('data', (d: Buffer) => {
      err.push(d);
      errLines?.push(d.toString('utf8'));
    });

    const finish = (code: number | null, sig: NodeJS.Signals | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      opts.signal?.removeEventListener('abort', onAbort);
      // Whatever the tree left running (a worker, a test's background process) goes with it.
      if (child.pid && groupAlive(child.pid)) killGroup(child.pid, 'SIGKILL');
      outLines?.flush();
      errLines?.flush();
      const stderr = err.text();
      resolve({
        command: [...command],
        exit_code: code,
        signal: sig,
        duration_ms: Date.now() - started,
        stdout: out.text(),
        stderr,
        dropped_bytes: out.dropped + err.dropped,
        limit_exceeded: limitHit({ timedOut, dropped: out.dropped + err.dropped, memoryCapped: capped, exitCode: code, signal: sig, stderr }),
        cancelled,
        memory_cap: capped ? 'prlimit' : 'none',
      });
    };

    child.on('error', (e: NodeJS.ErrnoException) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (e.code === 'ENOENT') reject(new DocentError('E_NO_SERVER', `${command[0]} is not installed or not on PATH.`));
      else reject(new DocentError('E_INTERNAL', `Could not start ${command[0]}: ${e.message}`));
    });
    child.on('exit', (code, sig) => {
      // A grandchild may still hold the pipes open, so 'close' could wait for ever: kill the
      // group now and give the pipes a moment to drain.
      if (child.pid && groupAlive(child.pid)) killGroup(child.pid, 'SIGKILL');
      const drained = setTimeout(() => finish(code, sig), 500);
      child.once('close', () => {
        clearTimeout(drained);
        finish(code, sig);
      });
    });
  });
}

/**
 * argv[0] as a path: a name with a slash is taken relative to the run's directory; a bare name
 * is looked up on the run's PATH (not docent's), so a missing tool is reported by name.
 */
function resolveProgram(name: string, pathVar: string, cwd: string): string {
  if (name.includes('/')) return name.startsWith('/') ? name : `${cwd}/${name}`;
  for (const dir of pathVar.split(':').filter(Boolean)) {
    const found = which(`${dir}/${name}`);
    if (found) return found;
  }
  throw new DocentError('E_NO_SERVER', `${name} is not installed or not on PATH.`, `Install ${name}, or put it on PATH; \`docent doctor\` shows what was detected.`);
}
