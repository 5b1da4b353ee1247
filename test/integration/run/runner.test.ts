import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanEnv } from '../../../src/core/process/clean-env.js';
import { runLimited } from '../../../src/core/process/runner.js';

const dir = mkdtempSync(path.join(tmpdir(), 'docent-runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = cleanEnv(process.env);

/** Alive and not a zombie (a killed orphan may wait for a reaper that never comes in a container). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) [ZX]/.test(stat);
  } catch {
    return false;
  }
}

describe('runLimited', () => {
  it('kills a grandchild that ignores SIGTERM when the time limit is hit', async () => {
    const pidFile = path.join(dir, 'grandchild.pid');
    // The child starts a grandchild that ignores SIGTERM and sleeps, then waits on it.
    const script = `trap '' TERM; sh -c 'trap "" TERM; echo $$ > ${pidFile}; exec sleep 300' & wait`;
    const r = await runLimited(['sh', '-c', script], { cwd: dir, env, timeoutMs: 3000, killGraceMs: 300 });
    expect(r.limit_exceeded).toBe('time');
    expect(r.exit_code).toBeNull();
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    expect(pid).toBeGreaterThan(0);
    // SIGKILL is delivered synchronously to the group; allow the kernel a moment to reap.
    for (let i = 0; i < 50 && alive(pid); i++) await new Promise((res) => setTimeout(res, 20));
    expect(alive(pid)).toBe(false);
  });

  it('kills what a finished run left behind', async () => {
    const pidFile = path.join(dir, 'left.pid');
    const r = await runLimited(['sh', '-c', `sleep 300 & echo $! > ${pidFile}; echo done`], { cwd: dir, env, timeoutMs: 10_000 });
    expect(r.exit_code).toBe(0);
    expect(r.stdout.trim()).toBe('done');
    expect(r.limit_exceeded).toBeNull();
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    for (let i = 0; i < 50 && alive(pid); i++) await new Promise((res) => setTimeout(res, 20));
    expect(alive(pid)).toBe(false);
  });

  it('cuts an output flood keeping head and tail', async () => {
    const r = await runLimited(['sh', '-c', 'i=0; while [ $i -lt 20000 ]; do echo "line $i"; i=$((i+1)); done'], { cwd: dir, env, timeoutMs: 20_000, maxOutputBytes: 1000 });
    expect(r.exit_code).toBe(0);
    expect(r.limit_exceeded).toBe('output');
    expect(r.stdout.startsWith('line 0\nline 1\n')).toBe(true);
    expect(r.stdout.trimEnd().endsWith('line 19999')).toBe(true);
    expect(r.dropped_bytes).toBeGreaterThan(100_000);
    expect(r.stdout).toMatch(/\[… \d+ bytes of output dropped …\]/);
  });

  it('cancels through the AbortSignal', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 500);
    const r = await runLimited(['sleep', '300'], { cwd: dir, env, timeoutMs: 60_000, signal: ac.signal });
    expect(r.cancelled).toBe(true);
    expect(r.signal).toBe('SIGTERM');
  });

  it('does not pass docent secrets on', async () => {
    const r = await runLimited(['sh', '-c', 'echo "token=${DOCENT_TOKEN:-unset} path=${PATH:+set}"'], {
      cwd: dir,
      env: cleanEnv({ ...process.env, DOCENT_TOKEN: 'top-secret' }),
      timeoutMs: 10_000,
    });
    expect(r.stdout.trim()).toBe('token=unset path=set');
  });

  it('caps memory with prlimit when installed', async () => {
    const r = await runLimited(['python3', '-c', 'x = bytearray(3 * 1024**3)'], { cwd: dir, env, timeoutMs: 20_000, memoryBytes: 1024 ** 3 });
    if (r.memory_cap === 'none') return; // prlimit not installed: nothing to check
    expect(r.exit_code).not.toBe(0);
    expect(r.limit_exceeded).toBe('memory');
  });

  it('reports a missing program as E_NO_SERVER', async () => {
    await expect(runLimited(['no-such-program-xyz'], { cwd: dir, env, timeoutMs: 1000 })).rejects.toMatchObject({ code: 'E_NO_SERVER' });
  });
});
