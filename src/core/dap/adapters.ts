import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DocentError } from '../errors.js';
import { which } from '../process/which.js';
import type { DapLaunch } from './dap-session.js';

/**
 * Which DAP adapter debugs what, and how each wants to be launched. Knowledge about a specific
 * adapter lives here only; DapSession is generic.
 */

export interface DapAdapterSpec {
  name: string;
  /** Shown to callers: adapter and version. */
  label: string;
  language: string;
  adapterID: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  launchArguments(launch: DapLaunch, stopOnEntry: boolean): Record<string, unknown>;
  exceptionFilters: string[];
  /** `evaluate` context: "repl" runs statements (Python); "watch" keeps lldb from reading commands. */
  evaluateContext: 'repl' | 'watch';
  /** Which output events are the program's (or its log points'): the text to keep, or null. */
  output?(category: string | undefined, text: string): string | null;
  /** Adapter-made entries that are noise in a locals listing (debugpy's "special variables"). */
  hiddenVariable?(name: string): boolean;
}

/** Debian's debugpy runs under Debian's Python; its split-out `bytecode` module lives in dist-packages. */
const SYSTEM_PYTHON = '/usr/bin/python3';
const DIST_PACKAGES = '/usr/lib/python3/dist-packages';

/** The interpreter for a Python program: the project's virtualenv when it has one, else the system Python. */
export function pythonFor(cwd: string): string {
  for (const dir of ['.venv', 'venv', 'env']) {
    const p = path.join(cwd, dir, 'bin', 'python');
    if (existsSync(p)) return p;
  }
  return SYSTEM_PYTHON;
}

/**
 * debugpy's adapter, started so that it acknowledges every TCP read at once (TCP_QUICKACK).
 * pydevd, in the debuggee, sends each message as two writes (header, then body); with Nagle on
 * its side and delayed ACKs on the adapter's, every request waits ~40 ms for the second write.
 * Acknowledging at once on the adapter's socket (docent's own helper process; the debuggee is
 * untouched) makes a request take about a millisecond instead.
 */
const DEBUGPY_ADAPTER_BOOT = `
import runpy, socket
QA = getattr(socket, "TCP_QUICKACK", None)
def quick(method):
    def wrapped(self, *a, **k):
        if QA is not None and self.family in (socket.AF_INET, socket.AF_INET6):
            try:
                self.setsockopt(socket.IPPROTO_TCP, QA, 1)
            except OSError:
                pass
        return method(self, *a, **k)
    return wrapped
socket.socket.recv = quick(socket.socket.recv)
socket.socket.recv_into = quick(socket.socket.recv_into)
runpy.run_module("debugpy.adapter", run_name="__main__", alter_sys=True)
`;

export function debugpyAdapter(cwd: string): DapAdapterSpec {
  if (!existsSync(SYSTEM_PYTHON) || !existsSync(path.join(DIST_PACKAGES, 'debugpy'))) {
    throw new DocentError('E_NO_SERVER', 'debugpy is not installed.', 'Install it: apt-get install python3-debugpy');
  }
  const python = pythonFor(cwd);
  return {
    name: 'debugpy',
    label: 'debugpy',
    language: 'python',
    adapterID: 'python',
    command: SYSTEM_PYTHON,
    args: ['-c', DEBUGPY_ADAPTER_BOOT],
    launchArguments: (l, stopOnEntry) => ({
      type: 'python',
      request: 'launch',
      program: l.program,
      args: l.args,
      cwd: l.cwd,
      console: 'internalConsole',
      redirectOutput: true,
      justMyCode: true,
      stopOnEntry,
      python: [python],
      // Another interpreter (a virtualenv) can only load debugpy's helpers from Debian's tree.
      // Unbuffered, so what the program printed before a stop is there at the stop.
      env: { PYTHONUNBUFFERED: '1', ...l.env, ...(python === SYSTEM_PYTHON ? {} : { PYTHONPATH: [process.env.PYTHONPATH, DIST_PACKAGES].filter(Boolean).join(':') }) },
    }),
    exceptionFilters: ['uncaught'],
    evaluateContext: 'repl',
    hiddenVariable: (name) => name === 'special variables' || name === 'function variables' || name === 'class variables' || name.startsWith('__'),
  };
}

/**
 * lldb-dap, newest first. lldb 14 and 15 misread libstdc++'s std::vector, so older ones are
 * refused rather than trusted (the issue's finding on this machine).
 */
export function findLldbDap(): { command: string; version: number | null } | undefined {
  for (let v = 22; v >= 16; v--) {
    for (const name of [`lldb-dap-${v}`, `lldb-vscode-${v}`]) {
      const found = which(name, [`/usr/lib/llvm-${v}/bin`]);
      if (found) return { command: found, version: v };
    }
  }
  const plain = which('lldb-dap');
  return plain ? { command: plain, version: null } : undefined;
}

/** gdb's major version from `gdb --version` ("GNU gdb (Debian 13.1-3) 13.1" -> 13), null when unknown. */
export function gdbMajor(versionText: string): number | null {
  const m = /^GNU gdb .*?(\d+)\.\d+[^\n]*$/m.exec(versionText);
  return m ? Number(m[1]) : null;
}

/** gdb speaks DAP itself from version 14 (`gdb -i dap`); older ones do not, so ask rather than assume. */
function gdbDapAdapter(): DapAdapterSpec | undefined {
  const gdb = which('gdb');
  if (!gdb) return undefined;
  let version: number | null = null;
  try {
    version = gdbMajor(execFileSync(gdb, ['--version'], { encoding: 'utf8', timeout: 5000 }));
  } catch {
    return undefined;
  }
  if (version === null || version < 14) return undefined;
  return {
    name: 'gdb',
    label: `gdb ${version} (DAP)`,
    language: 'cpp',
    adapterID: 'gdb',
    command: gdb,
    args: ['-q', '-i', 'dap'],
    launchArguments: (l, stopOnEntry) => ({ program: l.program, args: l.args, cwd: l.cwd, stopAtBeginningOfMainSubprogram: stopOnEntry, ...(l.env ? { env: l.env } : {}) }),
    exceptionFilters: [],
    evaluateContext: 'watch',
  };
}

/** The debugger for native programs: lldb-dap 16+ first, else gdb 14+ over its own DAP. */
export function nativeAdapter(): DapAdapterSpec {
  const found = findLldbDap();
  if (!found) {
    const gdb = gdbDapAdapter();
    if (gdb) return gdb;
    throw new DocentError('E_NO_SERVER', 'No debugger for native programs: neither lldb-dap 16+ nor gdb 14+ (gdb -i dap) is installed.', 'Install one: apt-get install lldb-19');
  }
  return {
    name: 'lldb-dap',
    label: found.version ? `lldb-dap-${found.version}` : 'lldb-dap',
    language: 'cpp',
    adapterID: 'lldb-dap',
    command: found.command,
    args: [],
    launchArguments: (l, stopOnEntry) => ({
      program: l.program,
      args: l.args,
      cwd: l.cwd,
      stopOnEntry,
      ...(l.env ? { env: Object.entries(l.env).map(([k, v]) => `${k}=${v}`) } : {}),
    }),
    // No throw filter: it would stop at every caught exception. An uncaught one ends in
    // std::terminate -> SIGABRT, which stops like any crash.
    exceptionFilters: [],
    evaluateContext: 'watch',
    // Log points print on "console", beside lldb's own chatter; lldb's DWARF complaints come on "stderr".
    output: (category, raw) => {
      // The program writes to a terminal lldb gives it: \r\n line ends.
      const text = raw.replace(/\r\n/g, '\n');
      if (category === 'console') return /^(Process \d+ (launched|exited|stopped|resuming)|Launching: |Running |Stop reason:|\(lldb\))/.test(text) ? null : text;
      if (category === 'stderr') return text.replace(/^error: .* 0x[0-9a-f]+: DW_\w+ .*\n?/gm, '') || null;
      return category === 'stdout' || category === 'important' ? text : null;
    },
  };
}
