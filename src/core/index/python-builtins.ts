import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { runLimited } from '../process/runner.js';
import type { GeneratedFile, GeneratedSource } from './generated.js';
import { INTROSPECT_SCRIPT } from './python-introspect-script.js';

const execFileAsync = promisify(execFile);

/**
 * A CPython standard library's C half: the modules compiled into the interpreter (`time`,
 * `itertools`, `sys`, `posix`, `builtins`) and the extension modules in `lib-dynload`
 * (`_csv`, `zlib`, `math`, `select`). They have no Python source, so a root that is a standard
 * library directory would otherwise have no `time.sleep`, `math.gcd` or `csv.reader` (which
 * csv.py imports from `_csv`): their documentation exists only in the interpreter, which is
 * asked for it here (a fixed script, see python-introspect-script.ts).
 *
 * Only an interpreter the PATH names is run, and only the one whose standard library is this
 * root (asked first; the script checks it again before describing anything). It imports only
 * standard modules.
 */

/** Whether `root` looks like a CPython standard library directory (`…/python3.X` with `os.py`). */
export function looksLikeStdlib(root: string): boolean {
  return /^python3\.\d+$/.test(path.basename(root)) && existsSync(path.join(root, 'os.py'));
}

/** Executables named `python3.X` or `python3` in the PATH's directories, in PATH order, each file once. */
function pathInterpreters(version: string, env: NodeJS.ProcessEnv): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const name of [version, 'python3']) {
    for (const dir of (env.PATH ?? '').split(path.delimiter)) {
      if (!dir) continue;
      const exe = path.join(dir, name);
      try {
        accessSync(exe, constants.X_OK);
        const real = realpathSync(exe);
        if (seen.has(real)) continue;
        seen.add(real);
        out.push(exe);
      } catch {
        /* not here */
      }
    }
  }
  return out;
}

const resolved = new Map<string, string | null>();
const resolving = new Map<string, Promise<string | null>>();
const WHERE_SCRIPT = 'import os; print(os.path.dirname(os.__file__))';
const askOptions = (root: string, env: NodeJS.ProcessEnv) => ({ cwd: root, encoding: 'utf8' as const, timeout: 10_000, env });

/**
 * The interpreter whose standard library `root` is, or null. Only interpreters the PATH names
 * are run (never one found beside the indexed files, which a cloned tree could provide), each
 * asked where its standard library is until one answers `root`; the answer is kept for the
 * process.
 */
export function stdlibInterpreter(root: string, env: NodeJS.ProcessEnv = process.env): string | null {
  if (!looksLikeStdlib(root)) return null;
  const cached = resolved.get(root);
  if (cached !== undefined) return cached;
  let found: string | null = null;
  const want = realpathSync(root);
  for (const exe of pathInterpreters(path.basename(root), env)) {
    try {
      const dir = execFileSync(exe, ['-I', '-S', '-c', WHERE_SCRIPT], { ...askOptions(root, env), stdio: ['ignore', 'pipe', 'ignore'] }).trim();
      if (dir && realpathSync(dir) === want) {
        found = exe;
        break;
      }
    } catch {
      /* not a working interpreter */
    }
  }
  resolved.set(root, found);
  return found;
}

/**
 * stdlibInterpreter without blocking this thread: a build asks it first, and each interpreter
 * on the PATH (a pyenv shim is a shell script) took up to a few hundred milliseconds, during
 * which the walk and the workers' messages waited (0.8 s at the start of a Python
 * installation's first build). Shares stdlibInterpreter's answers.
 */
export async function stdlibInterpreterAsync(root: string, env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  if (!looksLikeStdlib(root)) return null;
  const cached = resolved.get(root);
  if (cached !== undefined) return cached;
  let pending = resolving.get(root);
  if (!pending) {
    pending = (async () => {
      const want = realpathSync(root);
      for (const exe of pathInterpreters(path.basename(root), env)) {
        try {
          const { stdout } = await execFileAsync(exe, ['-I', '-S', '-c', WHERE_SCRIPT], askOptions(root, env));
          const dir = stdout.trim();
          if (dir && realpathSync(dir) === want) return exe;
        } catch {
          /* not a working interpreter */
        }
      }
      return null;
    })().then((found) => {
      resolved.set(root, found);
      resolving.delete(root);
      return found;
    });
    resolving.set(root, pending);
  }
  return pending;
}

const SCRIPT_HASH = createHash('sha256').update(INTROSPECT_SCRIPT).digest('hex').slice(0, 12);
const TIMEOUT_MS = 60_000;

/** A source for `root` when it looks like a standard library; its interpreter is looked for on first use. */
export function pythonBuiltinsSource(root: string): GeneratedSource | null {
  if (!looksLikeStdlib(root)) return null;
  let missingNote: string | null | undefined;
  return {
    async fingerprint() {
      const exe = await stdlibInterpreterAsync(root);
      if (!exe) return null;
      // The interpreter binary beside the library (what a shim or symlink on PATH ends in), and lib-dynload.
      const parts: (string | number)[] = [exe, SCRIPT_HASH];
      for (const f of [path.join(path.dirname(path.dirname(root)), 'bin', path.basename(root)), realpathSync(exe), path.join(root, 'lib-dynload')]) {
        try {
          const st = statSync(f);
          parts.push(f, st.size, st.mtimeMs);
        } catch {
          /* absent: a build without shared extension modules, or no binary beside the library */
        }
      }
      return createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 16);
    },
    missing() {
      // Asked on every index_status (each search carries one); the interpreter lookup is per process anyway.
      if (missingNote === undefined) {
        missingNote = stdlibInterpreter(root)
          ? null
          : `${root} is a Python standard library, but no ${path.basename(root)} or python3 on the PATH uses it, so its built-in and lib-dynload modules (sys, time, math, _csv, …) are not indexed: put that interpreter on the PATH docent runs with`;
      }
      return missingNote;
    },
    async files(signal) {
      const exe = await stdlibInterpreterAsync(root);
      if (!exe) return [];
      const r = await runLimited([exe, '-I', '-S', '-c', INTROSPECT_SCRIPT, root], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/', LANG: 'C.UTF-8', PYTHONIOENCODING: 'utf-8' },
        timeoutMs: TIMEOUT_MS,
        maxOutputBytes: 64 * 1024 * 1024,
        signal,
      });
      if (r.exit_code !== 0) throw new Error(`${exe} could not describe its built-in modules (${r.limit_exceeded ?? `exit ${r.exit_code ?? r.signal}`}): ${r.stderr.trim().split('\n').pop() ?? ''}`);
      return parseIntrospection(r.stdout);
    },
  };
}

/** The script's JSON lines as generated files. Exported for tests. */
export function parseIntrospection(stdout: string): GeneratedFile[] {
  const out: GeneratedFile[] = [];
  for (const line of stdout.split('\n')) {
    if (!line.trim()) continue;
    const m = JSON.parse(line) as { module?: string; file?: string | null; source?: string; error?: string };
    if (m.error) throw new Error(m.error);
    if (!m.module || typeof m.source !== 'string') continue;
    out.push({ rel: m.file ?? `<built-in>/${m.module}`, language: 'python', text: m.source, module: m.module });
  }
  return out;
}
