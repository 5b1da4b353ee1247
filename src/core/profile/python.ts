import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runLimited } from './run-limited.js';
import { ProfileBuilder, type ProfileData } from './model.js';

/**
 * Python through cProfile. A small driver runs the program under cProfile and writes the stats
 * even when the run is cut short (duration limit: SIGINT becomes KeyboardInterrupt) or exits
 * through SystemExit; a second step turns pstats into JSON (self = tottime, total = cumtime).
 * With scope 'launcher' the driver does not switch the profiler on itself: it leaves it on
 * `sys._docent_profiler` for the program (a test launcher) to enable around the part that counts.
 */

const DRIVER = `
import cProfile, pstats, sys, json, runpy, os
out, scope, prog = sys.argv[1], sys.argv[2], sys.argv[3]
sys.argv = [prog] + sys.argv[4:]
sys.path.insert(0, os.path.dirname(os.path.abspath(prog)))
prof = cProfile.Profile()
code = 0
try:
    if scope == "launcher":
        sys._docent_profiler = prof
    else:
        prof.enable()
    runpy.run_path(prog, run_name="__main__")
except SystemExit as e:
    code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
except KeyboardInterrupt:
    code = 130
except BaseException:
    import traceback; traceback.print_exc(); code = 1
finally:
    prof.disable()
st = pstats.Stats(prof).stats
rows = []
for (f, l, n), (cc, nc, tt, ct, callers) in st.items():
    rows.append({"file": f, "line": l, "name": n, "calls": nc, "self": tt, "total": ct,
                 "callers": [[cf, cl, cn, cct] for (cf, cl, cn), (_a, _b, _c, cct) in callers.items()]})
json.dump(rows, open(out, "w"))
sys.exit(code)
`;

interface Row {
  file: string;
  line: number;
  name: string;
  calls: number;
  self: number;
  total: number;
  callers: Array<[string, number, string, number]>;
}

function isBuiltin(file: string): boolean {
  return file === '~' || file.startsWith('<');
}

export type PythonProfileScope = 'whole' | 'launcher';

export async function profilePython(opts: {
  python: string;
  program: string;
  args: string[];
  cwd: string;
  durationS: number;
  scope?: PythonProfileScope;
  signal?: AbortSignal;
}): Promise<Omit<ProfileData, 'id' | 'created' | 'program' | 'args'>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'docent-prof-'));
  try {
    const driver = path.join(dir, 'driver.py');
    const out = path.join(dir, 'stats.json');
    writeFileSync(driver, DRIVER);
    const run = await runLimited(opts.python, [driver, out, opts.scope ?? 'whole', opts.program, ...opts.args], { cwd: opts.cwd, durationS: opts.durationS, signal: opts.signal });
    const rows = JSON.parse(readFileSync(out, 'utf8')) as Row[];
    const b = new ProfileBuilder();
    const name = (r: { name: string; file: string }) => (isBuiltin(r.file) ? r.name.replace(/^<(built-in method |method )?(.*?)( of .*)?>$/, '$2') : r.name);
    let calls = 0;
    for (const r of rows) {
      const f = b.fn(name(r), isBuiltin(r.file) ? null : r.file, isBuiltin(r.file) ? null : r.line);
      f.self += r.self * 1000;
      f.total += r.total * 1000;
      f.calls = (f.calls ?? 0) + r.calls;
      calls += r.calls;
      for (const [cf, cl, cn, cct] of r.callers) {
        const caller = b.fn(name({ name: cn, file: cf }), isBuiltin(cf) ? null : cf, isBuiltin(cf) ? null : cl);
        b.edge(caller.key, f.key, cct * 1000);
      }
    }
    // Total: the run's own time, the largest cumulative time (the module's top level); for a
    // launcher that profiled parts of the run, the time measured at all (the sum of self times).
    const measured = [...b.functions.values()];
    const total =
      opts.scope === 'launcher'
        ? Math.max(1e-9, measured.reduce((sum, f) => sum + f.self, 0))
        : Math.max(1e-9, ...measured.filter((f) => f.file === opts.program).map((f) => f.total));
    const warnings = [...run.warnings];
    if (opts.scope === 'launcher') {
      warnings.push(measured.length ? 'Only the test itself was profiled (its call phase), not the runner\'s start-up or collection.' : 'The test never ran, so nothing was profiled: check the test id with test_list.');
    }
    return {
      language: 'python',
      profiler: 'cProfile',
      unit: 'ms',
      total,
      total_ms: run.wallMs,
      samples: calls,
      exit_code: run.code,
      functions: measured.filter((f) => !(f.file && (f.file === driver || f.file.endsWith('/runpy.py')))),
      edges: [...b.edges.values()],
      lines: [],
      warnings: [...warnings, 'cProfile measures functions, not lines: the "lines" view is not available for Python.'],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
