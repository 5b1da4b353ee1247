import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DocentError } from '../errors.js';
import { runProgram } from '../process/run.js';
import type { BuildAdapter, ExecContext, TestAdapter } from './adapter.js';
import { parsePythonCompile } from './diagnostics.js';
import { parseJUnit } from './junit.js';
import { head, projectFrames, tail } from './text.js';
import type { CollectionError, FileCoverage, TestCase, TestResult, TestSelection } from './types.js';

/**
 * Python: pytest (the project's own in its virtualenv, else Debian's python3-pytest) with its
 * JUnit XML report (`junit_family=xunit1` gives file and line), collection errors reported
 * apart and the other files still run (`--continue-on-collection-errors`); listing through a
 * small plugin that writes each collected item's id and location; coverage through coverage.py.
 */

const probeCache = new Map<string, boolean>();

/** The project's virtualenv interpreter; without one, the first that can import `modules`: the active virtualenv, python3 on PATH, the system's. */
export async function pythonWith(dir: string, env: Record<string, string>, modules: string[]): Promise<string> {
  // A project virtualenv is the project's environment: use it alone, even when it lacks a module.
  const venv = [path.join(dir, '.venv/bin/python'), path.join(dir, 'venv/bin/python')].find((p) => existsSync(p));
  const candidates = venv ? [venv] : [env.VIRTUAL_ENV ? path.join(env.VIRTUAL_ENV, 'bin/python') : '', 'python3', '/usr/bin/python3'];
  for (const py of candidates.filter(Boolean)) {
    if (py.includes('/') && !existsSync(py)) continue;
    const key = `${py}\0${modules.join(',')}\0${dir}`;
    if (!probeCache.has(key)) {
      const ok = await runProgram(py, ['-c', modules.map((m) => `import ${m}`).join('; ') || 'pass'], { cwd: dir, env, timeoutMs: 15_000 })
        .then((r) => r.code === 0)
        .catch(() => false);
      probeCache.set(key, ok);
    }
    if (probeCache.get(key)) return py;
  }
  throw new DocentError('E_NO_SERVER', `No Python interpreter here can import ${modules.join(' and ')}.`, `Install it in the project's virtualenv (.venv), or apt-get install ${modules.map((m) => `python3-${m}`).join(' ')}.`);
}

/** pytest arguments for a selection: node ids and files as arguments, a filter as -k. */
export function pytestSelection(sel: TestSelection): string[] {
  const args = [...new Set([...(sel.files ?? []), ...(sel.ids ?? [])])];
  if (sel.filter && !sel.ids?.length) args.push('-k', sel.filter);
  return args;
}

/** The pytest node id of a JUnit case: file, then the class path under the module, then the name. */
export function pytestId(file: string, classname: string, name: string): string {
  const module = file.replace(/\.py$/, '').split('/').join('.');
  const classes = classname.startsWith(`${module}.`) ? classname.slice(module.length + 1).split('.') : [];
  return [file, ...classes, name].join('::');
}

const BASE = ['-p', 'no:cacheprovider', '--continue-on-collection-errors'];

function counter(ctx: ExecContext): (line: string) => void {
  let done = 0;
  let failed = 0;
  return (line) => {
    const m = /^([.FEsxX]+)\s*(?:\[\s*\d+%\])?$/.exec(line.trim());
    if (!m) return;
    done += m[1]!.length;
    failed += (m[1]!.match(/[FE]/g) ?? []).length;
    ctx.progress(done, undefined, `${done} tests done, ${failed} failed or errored`);
  };
}

function readJUnitResults(file: string, dir: string): { tests: TestResult[]; collection_errors: CollectionError[] } | null {
  if (!existsSync(file)) return null;
  const tests: TestResult[] = [];
  const collection_errors: CollectionError[] = [];
  for (const c of parseJUnit(readFileSync(file, 'utf8'))) {
    const name = c.attrs.name ?? '';
    const classname = c.attrs.classname ?? '';
    const relFile = c.attrs.file ?? null;
    if (!classname && c.message === 'collection failure') {
      collection_errors.push({ file: relFile, message: head((c.detail ?? c.message).trim(), 800) });
      continue;
    }
    const id = relFile ? pytestId(relFile, classname, name) : `${classname}::${name}`;
    const suite = relFile ? id.split('::').slice(1, -1).join('::') || null : classname || null;
    const detail = c.detail ?? '';
    tests.push({
      id,
      name,
      suite,
      file: relFile,
      // xunit1 lines are 0-based.
      line: c.attrs.line !== undefined ? Number(c.attrs.line) + 1 : null,
      status: c.outcome,
      duration_ms: c.attrs.time !== undefined ? Math.round(Number(c.attrs.time) * 1000) : null,
      message: c.outcome === 'passed' ? null : c.outcome === 'skipped' ? c.message : head(((c.message ?? '') || detail.split('\n').find((l) => l.startsWith('E ')) || '').trim(), 600),
      stack: c.outcome === 'failed' || c.outcome === 'error' ? projectFrames(detail, dir) : null,
      stdout_tail: c.outcome === 'failed' || c.outcome === 'error' ? tail(c.stdout?.replace(/^-+ Captured \w+ -+\n/gm, ''), 400) : null,
    });
  }
  return { tests, collection_errors };
}

const LIST_PLUGIN = `
import json, os

_errors = []

def pytest_collectreport(report):
    if report.failed:
        _errors.append({"file": report.nodeid or None, "message": str(report.longrepr)[-1500:]})

def pytest_collection_finish(session):
    items = []
    for item in session.items:
        file, line, _domain = item.location
        parts = item.nodeid.split("::")
        items.append({"id": item.nodeid, "name": parts[-1], "suite": "::".join(parts[1:-1]) or None,
                      "file": file, "line": (line + 1) if line is not None else None})
    with open(os.environ["RUN_LIST_JSON_OUT"], "w") as f:
        json.dump({"tests": items, "errors": _errors}, f)
`;

async function pytestRun(ctx: ExecContext, sel: TestSelection, prefix: string[]) {
  const junit = path.join(ctx.tmp, 'junit.xml');
  const args = ['-m', 'pytest', '-q', '--tb=short', '-o', 'junit_family=xunit1', '-o', 'junit_logging=out-err', `--junitxml=${junit}`, ...BASE, ...pytestSelection(sel)];
  const raw = await ctx.exec([...prefix, ...args], { onStdoutLine: counter(ctx) });
  const parsed = readJUnitResults(junit, ctx.project.dir);
  return { raw, parsed };
}

async function interpreter(ctx: ExecContext, modules: string[]): Promise<string> {
  const probeEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  return pythonWith(ctx.project.dir, probeEnv, modules);
}

export const pytestAdapter: TestAdapter = {
  async list(ctx, sel) {
    const py = await interpreter(ctx, ['pytest']);
    writeFileSync(path.join(ctx.tmp, 'docent_pytest_list.py'), LIST_PLUGIN);
    const out = path.join(ctx.tmp, 'list.json');
    const raw = await ctx.exec([py, '-m', 'pytest', '--collect-only', '-q', '-p', 'docent_pytest_list', ...BASE, ...pytestSelection({ files: sel.files })], {
      env: { PYTHONPATH: ctx.tmp, RUN_LIST_JSON_OUT: out },
    });
    if (!existsSync(out)) return { tests: [], collection_errors: [], raw };
    const data = JSON.parse(readFileSync(out, 'utf8')) as { tests: TestCase[]; errors: CollectionError[] };
    return { tests: data.tests, collection_errors: data.errors.map((e) => ({ file: e.file, message: head(e.message.trim(), 800) })), raw };
  },
  async run(ctx, sel) {
    const py = await interpreter(ctx, ['pytest']);
    const { raw, parsed } = await pytestRun(ctx, sel, [py]);
    return { tests: parsed?.tests ?? [], collection_errors: parsed?.collection_errors ?? [], raw, steps: [raw] };
  },
  async coverage(ctx, sel) {
    const py = await interpreter(ctx, ['pytest', 'coverage']);
    const data = path.join(ctx.tmp, '.coverage');
    const { raw, parsed } = await pytestRun(ctx, sel, [py, '-m', 'coverage', 'run', `--data-file=${data}`, '--branch', '--source=.']);
    const json = path.join(ctx.tmp, 'coverage.json');
    const report = await ctx.exec([py, '-m', 'coverage', 'json', '-i', `--data-file=${data}`, '-o', json]);
    const files = report.exit_code === 0 && existsSync(json) ? readCoveragePy(JSON.parse(readFileSync(json, 'utf8')) as CoveragePyJson) : [];
    return { files, tool: 'coverage.py', raw, tests: parsed?.tests ?? [] };
  },
};

interface CoveragePyJson {
  files: Record<string, { executed_lines: number[]; missing_lines: number[]; summary: { covered_lines: number; num_statements: number; num_branches?: number; covered_branches?: number } }>;
}

/** coverage.py's JSON report as per-file counts and uncovered ranges (statements only; blank lines do not split a range). */
export function readCoveragePy(json: CoveragePyJson): FileCoverage[] {
  return Object.entries(json.files)
    .map(([file, f]) => {
      const lines = new Map<number, number>();
      for (const l of f.executed_lines) lines.set(l, 1);
      for (const l of f.missing_lines) lines.set(l, 0);
      const ranges: Array<[number, number]> = [];
      let current: [number, number] | null = null;
      for (const [l, c] of [...lines].sort((a, b) => a[0] - b[0])) {
        if (c > 0) current = null;
        else if (current) current[1] = l;
        else ranges.push((current = [l, l]));
      }
      const s = f.summary;
      return {
        file,
        lines: { covered: s.covered_lines, total: s.num_statements },
        branches: s.num_branches ? { covered: s.covered_branches ?? 0, total: s.num_branches } : null,
        uncovered: ranges,
      };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** "Building" Python is byte-compiling every module: what fails there is a syntax error. */
export const pythonBuild: BuildAdapter = {
  async build(ctx, target, files) {
    if (target === 'clean') throw new DocentError('E_UNAVAILABLE', 'A Python project has no clean step docent can derive from its configuration.');
    const py = await interpreter(ctx, []);
    const exclude = '(^|/)(\\.venv|venv|\\.git|node_modules|build|dist|\\.tox)(/|$)';
    const raw = await ctx.exec([py, '-m', 'compileall', '-q', '-x', exclude, ...(files.length ? files : ['.'])], { env: { PYTHONPYCACHEPREFIX: path.join(ctx.tmp, 'pycache') } });
    return { steps: [raw], diagnostics: parsePythonCompile(`${raw.stdout}\n${raw.stderr}`, ctx.project.dir), artifactDirs: [] };
  },
};
