import { killTree, spawnGroup } from '../dap/process-tree.js';
import { DocentError } from '../errors.js';

/**
 * Run a program to profile it: its own process group, a duration limit that interrupts it
 * (SIGINT, so the profiler still writes its data; SIGKILL if it does not stop), and the
 * caller's cancellation. Output is kept bounded (the tail), for warnings.
 */
export async function runLimited(
  command: string,
  args: string[],
  opts: { cwd: string; durationS: number; signal?: AbortSignal; env?: NodeJS.ProcessEnv },
): Promise<{ code: number | null; wallMs: number; stdout: string; stderr: string; warnings: string[] }> {
  const started = performance.now();
  const child = spawnGroup(command, args, { cwd: opts.cwd, env: opts.env ?? process.env });
  child.stdin?.end();
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout = (stdout + d.toString('utf8')).slice(-8000)));
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString('utf8')).slice(-8000)));
  const warnings: string[] = [];
  let hardKill: NodeJS.Timeout | undefined;
  const interrupt = setTimeout(() => {
    warnings.push(`stopped after the ${opts.durationS} s limit (duration_s); the profile covers that much of the run`);
    try {
      process.kill(-child.pid!, 'SIGINT');
    } catch {
      // gone
    }
    hardKill = setTimeout(() => killTree(child.pid), 10_000);
  }, opts.durationS * 1000);
  const onAbort = () => killTree(child.pid);
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', (err) => reject(new DocentError('E_NO_SERVER', `${command} could not start: ${err.message}`)));
      child.once('exit', (c, sig) => resolve(c ?? (sig ? 128 : null)));
    });
    if (opts.signal?.aborted) throw new DocentError('E_CANCELLED', 'The profile run was cancelled.');
    return { code, wallMs: performance.now() - started, stdout, stderr, warnings };
  } finally {
    clearTimeout(interrupt);
    clearTimeout(hardKill);
    opts.signal?.removeEventListener('abort', onAbort);
    killTree(child.pid);
  }
}
