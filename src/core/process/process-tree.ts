import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Spawning a debug adapter or debuggee in its own process group, and killing everything it
 * started. Debuggers fork (debugpy's launcher, lldb-server, the program itself), and a program
 * may put itself elsewhere, so a kill takes the group and every descendant found under /proc.
 * Shared by the debug adapters, the Node profiler and the runner's users that need a tree kill.
 */

/** Start `command` as the leader of a new process group (detached), stdio piped. */
export function spawnGroup(command: string, args: readonly string[], opts: SpawnOptions = {}): ChildProcess {
  return spawn(command, [...args], { stdio: ['pipe', 'pipe', 'pipe'], ...opts, detached: true });
}

/** Every live descendant of `pid` (children first found, then theirs), from /proc's parent links. */
export function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // /proc/PID/stat: "pid (comm) state ppid ..."; comm may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(name), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const p = queue.shift()!;
    for (const [child, parent] of parentOf) {
      if (parent === p && !out.includes(child)) {
        out.push(child);
        queue.push(child);
      }
    }
  }
  return out;
}

/** Kill a process, its group and every descendant with SIGKILL, synchronously (safe in an exit handler). */
export function killTree(pid: number | undefined, extra: readonly number[] = []): void {
  if (!pid) return;
  const all = [...descendants(pid), ...extra.flatMap((p) => [p, ...descendants(p)])];
  const tryKill = (target: number) => {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  tryKill(-pid);
  tryKill(pid);
  for (const p of all) tryKill(p);
}

/** Whether a process is still alive (a zombie counts as gone). */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
