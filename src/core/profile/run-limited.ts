import { DocentError } from '../errors.js';
import { cleanEnv } from '../process/clean-env.js';
import { runLimited as runInLimits } from '../process/runner.js';

/**
 * Run a program to profile it, through the shared runner (its own process group, the clean
 * environment, bounded output): the duration limit interrupts it with SIGINT, so the profiler
 * still writes its data, and SIGKILL follows if it does not stop; a cancel kills the tree.
 */
export async function runLimited(
  command: string,
  args: string[],
  opts: { cwd: string; durationS: number; signal?: AbortSignal; env?: Record<string, string> },
): Promise<{ code: number | null; wallMs: number; stdout: string; stderr: string; warnings: string[] }> {
  const r = await runInLimits([command, ...args], {
    cwd: opts.cwd,
    env: opts.env ?? cleanEnv(process.env),
    timeoutMs: opts.durationS * 1000,
    timeoutSignal: 'SIGINT',
    killGraceMs: 10_000,
    maxOutputBytes: 16_000,
    signal: opts.signal,
  });
  if (r.cancelled) throw new DocentError('E_CANCELLED', 'The profile run was cancelled.');
  const warnings = r.limit_exceeded === 'time' ? [`stopped after the ${opts.durationS} s limit (duration_s); the profile covers that much of the run`] : [];
  return { code: r.exit_code ?? (r.signal ? 128 : null), wallMs: r.duration_ms, stdout: r.stdout, stderr: r.stderr, warnings };
}
