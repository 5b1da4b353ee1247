import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { runLimited } from '../process/runner.js';
import type { GeneratedFile, GeneratedSource } from './generated.js';
import { INTROSPECT_SCRIPT } from './python-introspect-script.js';

/**
 * A CPython standard library's C half: the modules compiled into the interpreter (`time`,
 * `itertools`, `sys`, `posix`, `builtins`) and the extension modules in `lib-dynload`
 * (`_csv`, `zlib`, `math`, `select`). They have no Python source, so a root that is a standard
 * library directory would otherwise have no `time.sleep`, `math.gcd` or `csv.reader` (which
 * csv.py imports from `_csv`): their documentation exists only in the interpreter, which is
 * asked for it here (a fixed script, see python-introspect-script.ts).
 *
 * Only the installation's own interpreter is run, found beside the library
 * (`<prefix>/lib/python3.X` → `<prefix>/bin/python3.X`), and the script checks that its
 * standard library is this root before describing anything. It imports only standard modules.
 */

/** The interpreter whose standard library `root` is, or null when `root` is not one. */
export function stdlibInterpreter(root: string): string | null {
  const base = path.basename(root);
  if (!/^python3\.\d+$/.test(base) || !existsSync(path.join(root, 'os.py'))) return null;
  const prefix = path.dirname(path.dirname(root));
  for (const name of [base, 'python3']) {
    const exe = path.join(prefix, 'bin', name);
    try {
      accessSync(exe, constants.X_OK);
      return exe;
    } catch {
      /* next */
    }
  }
  return null;
}

const SCRIPT_HASH = createHash('sha256').update(INTROSPECT_SCRIPT).digest('hex').slice(0, 12);
const TIMEOUT_MS = 60_000;

export function pythonBuiltinsSource(root: string): GeneratedSource | null {
  const exe = stdlibInterpreter(root);
  if (!exe) return null;
  return {
    fingerprint() {
      if (!existsSync(exe)) return null;
      const st = statSync(realpathSync(exe));
      let dyn = '';
      try {
        dyn = String(statSync(path.join(root, 'lib-dynload')).mtimeMs);
      } catch {
        /* a build without shared extension modules */
      }
      return createHash('sha256').update([realpathSync(exe), st.size, st.mtimeMs, dyn, SCRIPT_HASH].join('\0')).digest('hex').slice(0, 16);
    },
    async files(signal) {
      const r = await runLimited([exe, '-I', '-S', '-c', INTROSPECT_SCRIPT, root], {
        cwd: root,
        env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', PYTHONIOENCODING: 'utf-8' },
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
