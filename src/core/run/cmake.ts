import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildAdapter, BuildOutcome, ExecContext, TestAdapter } from './adapter.js';
import { parseGcc } from './diagnostics.js';
import { parseJUnit } from './junit.js';
import { head, relativeTo, tail } from './text.js';
import type { CollectionError, FileCoverage, TestCase, TestResult, TestSelection } from './types.js';
import { escapeRegex } from './text.js';
import type { LimitedRunResult } from '../process/runner.js';

/**
 * CMake with ctest and GoogleTest. The build directory is the project's `build/` (configured
 * there when it has no CMakeCache.txt yet). Tests run through `ctest --output-junit`, whose
 * failure messages are empty, so each GoogleTest binary also writes its own JSON report
 * (GTEST_OUTPUT) with file, line and failure text, merged in by test name. Coverage builds a
 * separate tree with --coverage in a temporary directory and reads `gcovr --json`.
 */

/** The project's configured build tree (build/, or an IDE's cmake-build-debug/), else build/. */
export function buildDir(projectDir: string): string {
  for (const d of ['build', 'cmake-build-debug', 'cmake-build-release', '_build', 'out/build']) {
    if (existsSync(path.join(projectDir, d, 'CMakeCache.txt'))) return path.join(projectDir, d);
  }
  return path.join(projectDir, 'build');
}

async function configureAndBuild(ctx: ExecContext, dir: string, extraConfigure: string[] = [], target?: string): Promise<BuildOutcome> {
  const steps: LimitedRunResult[] = [];
  if (!existsSync(path.join(dir, 'CMakeCache.txt'))) {
    mkdirSync(dir, { recursive: true });
    const conf = await ctx.exec(['cmake', '-S', ctx.project.dir, '-B', dir, ...extraConfigure]);
    steps.push(conf);
    if (conf.exit_code !== 0) return { steps, diagnostics: parseCmakeErrors(`${conf.stdout}\n${conf.stderr}`, ctx.project.dir), artifactDirs: [] };
  }
  const build = await ctx.exec(['cmake', '--build', dir, ...(target ? ['--target', target] : [])]);
  steps.push(build);
  return { steps, diagnostics: parseGcc(`${build.stdout}\n${build.stderr}`, ctx.project.dir), artifactDirs: [dir] };
}

/** `CMake Error at CMakeLists.txt:7 (find_package):` followed by indented text. */
export function parseCmakeErrors(output: string, dir: string) {
  const out = [];
  const lines = output.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^CMake (Error|Warning)(?: \(dev\))? at (.+?):(\d+)/.exec(lines[i]!);
    if (!m) continue;
    const body: string[] = [];
    while (i + 1 < lines.length && (/^\s/.test(lines[i + 1]!) || lines[i + 1] === '')) {
      if (lines[i + 1]!.trim()) body.push(lines[i + 1]!.trim());
      i++;
      if (body.length > 8) break;
    }
    out.push({
      code: null,
      severity: m[1] === 'Error' ? ('error' as const) : ('warning' as const),
      message: body.join(' ') || `CMake ${m[1]}`,
      source: 'cmake',
      span: { file: relativeTo(dir, m[2]!), line: Number(m[3]), column: 1, end_line: Number(m[3]), end_column: 1 },
    });
  }
  return out;
}

export const cmakeBuild: BuildAdapter = {
  async build(ctx, target) {
    const dir = buildDir(ctx.project.dir);
    if (target === 'clean') {
      if (!existsSync(path.join(dir, 'CMakeCache.txt'))) return { steps: [], diagnostics: [], artifactDirs: [] };
      const r = await ctx.exec(['cmake', '--build', dir, '--target', 'clean']);
      return { steps: [r], diagnostics: [], artifactDirs: [] };
    }
    return configureAndBuild(ctx, dir);
  },
};

interface GTestCase {
  name: string;
  file?: string;
  line?: number;
  classname?: string;
  failures?: Array<{ failure: string }>;
}

/** Every GoogleTest JSON report in a directory, by "Suite.Name". */
function readGTestReports(dir: string): Map<string, GTestCase> {
  const byName = new Map<string, GTestCase>();
  if (!existsSync(dir)) return byName;
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    try {
      const json = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { testsuites?: Array<{ name: string; testsuite?: GTestCase[] }> };
      for (const s of json.testsuites ?? []) for (const t of s.testsuite ?? []) byName.set(`${s.name}.${t.name}`, t);
    } catch {
      // a report cut short by a kill: the JUnit side still has the result
    }
  }
  return byName;
}

/** The ctest -R pattern for a selection (ids are ctest test names). */
export function ctestSelection(sel: TestSelection): string[] {
  if (sel.ids?.length) return ['-R', `^(${sel.ids.map(escapeRegex).join('|')})$`];
  if (sel.filter) return ['-R', escapeRegex(sel.filter)];
  return [];
}

function counter(ctx: ExecContext): (line: string) => void {
  let failed = 0;
  return (line) => {
    const m = /^\s*(\d+)\/(\d+) Test\s+#\d+: (\S+) \.*\s*(\*+)?(\w+)/.exec(line);
    if (!m) return;
    if (m[4]) failed += m[5] === 'Skipped' || m[5] === 'Not' ? 0 : 1;
    ctx.progress(Number(m[1]), Number(m[2]), `${m[1]}/${m[2]} tests, ${failed} failed`);
  };
}

/** A failed build before the tests: one collection error naming the first compiler errors. */
function buildFailure(outcome: BuildOutcome): CollectionError[] {
  const errors = outcome.diagnostics.filter((d) => d.severity === 'error').slice(0, 5);
  const last = outcome.steps[outcome.steps.length - 1];
  const text = errors.length
    ? errors.map((d) => `${d.span ? `${d.span.file}:${d.span.line}:${d.span.column}: ` : ''}${d.message}`).join('\n')
    : (tail(`${last?.stdout ?? ''}\n${last?.stderr ?? ''}`, 800) ?? 'the build failed');
  return [{ file: errors[0]?.span?.file ?? null, message: `The build failed, so no test ran:\n${text}` }];
}

async function ctestRun(ctx: ExecContext, sel: TestSelection, dir: string) {
  const built = await configureAndBuild(ctx, dir);
  const lastBuild = built.steps[built.steps.length - 1]!;
  if (lastBuild.exit_code !== 0 || lastBuild.limit_exceeded === 'time') return { tests: [], collection_errors: buildFailure(built), raw: lastBuild, steps: built.steps };
  const junit = path.join(ctx.tmp, 'ctest.xml');
  const gtestDir = path.join(ctx.tmp, 'gtest');
  mkdirSync(gtestDir, { recursive: true });
  const raw = await ctx.exec(['ctest', '--test-dir', dir, '--output-junit', junit, ...ctestSelection(sel)], {
    env: { GTEST_OUTPUT: `json:${gtestDir}/` },
    onStdoutLine: counter(ctx),
  });
  const gtest = readGTestReports(gtestDir);
  const tests: TestResult[] = [];
  if (existsSync(junit)) {
    for (const c of parseJUnit(readFileSync(junit, 'utf8'))) {
      const name = c.attrs.name ?? '';
      const g = gtest.get(name);
      const failure = g?.failures?.map((f) => f.failure).join('\n') ?? null;
      const out = c.stdout ?? '';
      // Without GoogleTest's report, the failure text is in the test's output.
      const fromOut = /^(.+?):(\d+): Failure\n([\s\S]*?)\n\[  FAILED  \]/m.exec(out);
      const text = failure ?? (fromOut ? `${fromOut[1]}:${fromOut[2]}\n${fromOut[3]}` : null);
      const firstLine = text?.split('\n')[0] ?? '';
      const frame = /^(.+?):(\d+)$/.test(firstLine) ? relativeTo(ctx.project.dir, firstLine) : null;
      const bad = c.outcome === 'failed' || c.outcome === 'error';
      tests.push({
        id: name,
        name: g ? g.name : name,
        suite: g?.classname ?? (name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : null),
        file: g?.file ? relativeTo(ctx.project.dir, g.file) : null,
        line: g?.line ?? null,
        status: c.outcome,
        duration_ms: c.attrs.time ? Math.round(Number(c.attrs.time) * 1000) : null,
        message: bad ? head((frame ? text!.split('\n').slice(1).join('\n') : text) ?? (c.message || 'failed'), 600) : c.outcome === 'skipped' ? (/Skipped\n(.+)/.exec(out)?.[1] ?? null) : null,
        stack: bad ? frame : null,
        stdout_tail: bad ? tail(out, 400) : null,
      });
    }
  }
  return { tests, collection_errors: [] as CollectionError[], raw, steps: [...built.steps, raw] };
}

export const ctestAdapter: TestAdapter = {
  async list(ctx, sel) {
    const dir = buildDir(ctx.project.dir);
    const built = await configureAndBuild(ctx, dir);
    const last = built.steps[built.steps.length - 1]!;
    if (last.exit_code !== 0) return { tests: [], collection_errors: buildFailure(built), raw: last };
    const raw = await ctx.exec(['ctest', '--test-dir', dir, '--show-only=json-v1', ...ctestSelection({ filter: sel.filter })]);
    let listed: Array<{ name: string; command?: string[] }> = [];
    try {
      listed = (JSON.parse(raw.stdout) as { tests?: typeof listed }).tests ?? [];
    } catch {
      return { tests: [], collection_errors: [], raw };
    }
    // GoogleTest binaries know where each test is defined.
    const where = new Map<string, GTestCase>();
    const binaries = new Set(listed.filter((t) => t.command?.some((a) => a.startsWith('--gtest_filter='))).map((t) => t.command![0]!));
    for (const bin of binaries) {
      const out = path.join(ctx.tmp, `list-${where.size}-${path.basename(bin)}.json`);
      await ctx.exec([bin, '--gtest_list_tests', `--gtest_output=json:${out}`]);
      for (const [k, v] of readGTestReports(path.dirname(out))) where.set(k, v);
    }
    const tests: TestCase[] = listed.map((t) => {
      const g = where.get(t.name);
      return {
        id: t.name,
        name: g?.name ?? t.name,
        suite: t.name.includes('.') ? t.name.slice(0, t.name.lastIndexOf('.')) : null,
        file: g?.file ? relativeTo(ctx.project.dir, g.file) : null,
        line: g?.line ?? null,
      };
    });
    const files = sel.files?.map((f) => f.replace(/^\.\//, ''));
    return { tests: files?.length ? tests.filter((t) => t.file && files.some((f) => f === '.' || t.file === f || t.file!.startsWith(`${f}/`))) : tests, collection_errors: [], raw };
  },
  async run(ctx, sel) {
    return ctestRun(ctx, sel, buildDir(ctx.project.dir));
  },
  async coverage(ctx, sel) {
    const dir = path.join(ctx.tmp, 'coverage-build');
    const flags = '--coverage -O0';
    // Configure the instrumented tree; ctestRun then finds it configured and builds it.
    await configureAndBuild(ctx, dir, [`-DCMAKE_CXX_FLAGS=${flags}`, `-DCMAKE_C_FLAGS=${flags}`, '-DCMAKE_EXE_LINKER_FLAGS=--coverage', '-DCMAKE_SHARED_LINKER_FLAGS=--coverage']);
    const run = await ctestRun(ctx, sel, dir);
    const json = path.join(ctx.tmp, 'gcovr.json');
    const report = await ctx.exec(['gcovr', '--root', ctx.project.dir, '--object-directory', dir, '--json', json, '--exclude', '.*tests?/.*', '--exclude', '.*CMakeFiles.*', '--exclude-unreachable-branches']);
    const files = report.exit_code === 0 && existsSync(json) ? readGcovr(JSON.parse(readFileSync(json, 'utf8')) as GcovrJson) : [];
    return { files, tool: 'gcovr', raw: run.raw, tests: run.tests };
  },
};

interface GcovrJson {
  files: Array<{ file: string; lines: Array<{ line_number: number; count: number; 'gcovr/noncode'?: boolean; 'gcovr/excluded'?: boolean; branches?: Array<{ count: number }> }> }>;
}

export function readGcovr(json: GcovrJson): FileCoverage[] {
  return json.files
    .map((f) => {
      const lines = f.lines.filter((l) => !l['gcovr/noncode'] && !l['gcovr/excluded']).sort((a, b) => a.line_number - b.line_number);
      const branches = lines.flatMap((l) => l.branches ?? []);
      const ranges: Array<[number, number]> = [];
      let current: [number, number] | null = null;
      for (const l of lines) {
        if (l.count > 0) current = null;
        else if (current) current[1] = l.line_number;
        else ranges.push((current = [l.line_number, l.line_number]));
      }
      return {
        file: f.file,
        lines: { covered: lines.filter((l) => l.count > 0).length, total: lines.length },
        branches: branches.length ? { covered: branches.filter((b) => b.count > 0).length, total: branches.length } : null,
        uncovered: ranges,
      };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * The command ctest would run for one test (built first), and its working directory: what the
 * debugger and the profiler launch for a test id. For GoogleTest that is the test binary with
 * --gtest_filter naming the one test. Null when ctest knows no such test.
 */
export async function ctestCommand(ctx: ExecContext, id: string): Promise<{ argv: string[]; cwd: string } | null> {
  const dir = buildDir(ctx.project.dir);
  const built = await configureAndBuild(ctx, dir);
  const last = built.steps[built.steps.length - 1]!;
  if (last.exit_code !== 0) throw new Error(buildFailure(built)[0]?.message ?? 'the build failed');
  const raw = await ctx.exec(['ctest', '--test-dir', dir, '--show-only=json-v1', ...ctestSelection({ ids: [id] })]);
  type Listed = { name: string; command?: string[]; properties?: Array<{ name: string; value: unknown }> };
  let listed: Listed[] = [];
  try {
    listed = (JSON.parse(raw.stdout) as { tests?: Listed[] }).tests ?? [];
  } catch {
    return null;
  }
  const test = listed.find((t) => t.name === id);
  if (!test?.command?.length) return null;
  const wd = test.properties?.find((p) => p.name === 'WORKING_DIRECTORY')?.value;
  return { argv: test.command, cwd: typeof wd === 'string' ? wd : dir };
}
