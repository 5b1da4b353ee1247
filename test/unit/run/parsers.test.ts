import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cargoSelection } from '../../../src/core/run/cargo.js';
import { ctestSelection } from '../../../src/core/run/cmake.js';
import { detectProjects } from '../../../src/core/run/detect.js';
import { parseCargoJson, parseGcc, parseGo, parseTsc } from '../../../src/core/run/diagnostics.js';
import { buildFailures, goSelection, readGoCoverProfile } from '../../../src/core/run/go.js';
import { readIstanbul, uncoveredRanges } from '../../../src/core/run/jest-json.js';
import { jestSelection } from '../../../src/core/run/jest.js';
import { parseJUnit } from '../../../src/core/run/junit.js';
import { scriptFiles, scriptInvocation } from '../../../src/core/run/node-test.js';
import { pytestId, pytestSelection } from '../../../src/core/run/python.js';
import { RunQueue } from '../../../src/core/run/queue.js';
import { projectFrames, tail } from '../../../src/core/run/text.js';
import { vitestSelection } from '../../../src/core/run/vitest.js';

const DIR = '/work/proj';

describe('compiler output readers', () => {
  it('gcc/clang: errors and warnings with flags as codes; noise ignored', () => {
    const out = [
      'In file included from /work/proj/src/a.cpp:1:',
      '/work/proj/src/a.h:3:10: error: expected ‘;’ before ‘}’ token',
      'src/b.cpp:4:7: warning: unused variable ‘x’ [-Wunused-variable]',
      'src/b.cpp:9: error: no column here',
      'make[2]: *** [CMakeFiles/x.dir/build.make:76: x.o] Error 1',
      'note: something',
    ].join('\n');
    expect(parseGcc(out, DIR)).toEqual([
      { code: null, severity: 'error', message: 'expected ‘;’ before ‘}’ token', source: 'gcc', span: { file: 'src/a.h', line: 3, column: 10, end_line: 3, end_column: 10 } },
      { code: '-Wunused-variable', severity: 'warning', message: 'unused variable ‘x’', source: 'gcc', span: { file: 'src/b.cpp', line: 4, column: 7, end_line: 4, end_column: 7 } },
      { code: null, severity: 'error', message: 'no column here', source: 'gcc', span: { file: 'src/b.cpp', line: 9, column: 1, end_line: 9, end_column: 1 } },
    ]);
  });

  it('tsc: located errors with elaboration lines, and global ones', () => {
    const out = "src/a.ts(3,5): error TS2322: Type 'string' is not assignable to type 'number'.\n  Some elaboration.\nerror TS5083: Cannot read file 'x'.\n";
    const d = parseTsc(out, DIR);
    expect(d[0]).toMatchObject({ code: 'TS2322', severity: 'error', span: { file: 'src/a.ts', line: 3, column: 5 } });
    expect(d[0]!.message).toContain('\nSome elaboration.');
    expect(d[1]).toMatchObject({ code: 'TS5083', span: null });
  });

  it('rustc JSON: primary spans, codes, and no summary messages', () => {
    const msg = (level: string, message: string, code: string | null) =>
      JSON.stringify({ reason: 'compiler-message', message: { message, level, code: code ? { code } : null, spans: [{ file_name: 'src/lib.rs', line_start: 7, column_start: 9, line_end: 7, column_end: 16, is_primary: true }] } });
    const out = [msg('error', 'cannot find value `missing`', 'E0425'), msg('error', 'aborting due to 1 previous error', null), '{"reason":"build-finished","success":false}', 'not json'].join('\n');
    expect(parseCargoJson(out, DIR)).toEqual([
      { code: 'E0425', severity: 'error', message: 'cannot find value `missing`', source: 'rustc', span: { file: 'src/lib.rs', line: 7, column: 9, end_line: 7, end_column: 16 } },
    ]);
  });

  it('go vet: type errors as errors, analyzer findings as warnings', () => {
    const out = 'vet: b/b_test.go:6:14: cannot use "s"\n# m/calc\ncalc/calc.go:16:37: fmt.Sprintf format %d has arg s of wrong type string\n';
    expect(parseGo(out, DIR, 'vet').map((d) => [d.severity, d.code, d.span!.file])).toEqual([
      ['error', null, 'b/b_test.go'],
      ['warning', 'vet', 'calc/calc.go'],
    ]);
  });

  it('go: file:line:col lines, vet prefix', () => {
    const out = '# example.com/m\n./main.go:5:2: undefined: x\nvet: pkg/a_test.go:6:14: cannot use "s"\n';
    expect(parseGo(out, DIR).map((d) => [d.span!.file, d.span!.line, d.span!.column, d.message])).toEqual([
      ['main.go', 5, 2, 'undefined: x'],
      ['pkg/a_test.go', 6, 14, 'cannot use "s"'],
    ]);
  });
});

describe('report readers', () => {
  it('JUnit: suites, outcomes, messages, entities and CDATA', () => {
    const xml = `<testsuites><testsuite name="s1"><testcase classname="a" name="ok"/><testcase classname="a" name="bad" time="0.5"><failure message="x &lt; y">trace &amp; more</failure><system-out><![CDATA[printed <raw>]]></system-out></testcase></testsuite><testsuite name="s2"><testcase name="skip"><skipped message="later"/></testcase><testcase name="err"><error message="boom"/></testcase></testsuite></testsuites>`;
    const cases = parseJUnit(xml);
    expect(cases.map((c) => [c.suite, c.attrs.name, c.outcome])).toEqual([
      ['s1', 'ok', 'passed'],
      ['s1', 'bad', 'failed'],
      ['s2', 'skip', 'skipped'],
      ['s2', 'err', 'error'],
    ]);
    expect(cases[1]).toMatchObject({ message: 'x < y', detail: 'trace & more', stdout: 'printed <raw>' });
  });

  it('istanbul and coverage ranges', () => {
    expect(uncoveredRanges(new Map([[1, 1], [2, 0], [4, 0], [7, 1], [9, 0]]))).toEqual([[2, 4], [9, 9]]);
    const files = readIstanbul(
      { '/work/proj/src/a.ts': { path: '/work/proj/src/a.ts', statementMap: { 0: { start: { line: 1 }, end: { line: 1 } }, 1: { start: { line: 2 }, end: { line: 2 } } }, s: { 0: 3, 1: 0 }, b: { 0: [1, 0] } } } as never,
      DIR,
    );
    expect(files).toEqual([{ file: 'src/a.ts', lines: { covered: 1, total: 2 }, branches: { covered: 1, total: 2 }, uncovered: [[2, 2]] }]);
  });

  it('go cover profile, and packages that do not build', () => {
    const profile = 'mode: set\nexample.com/m/calc/calc.go:4.24,4.40 1 1\nexample.com/m/calc/calc.go:10.24,12.2 1 0\n';
    expect(readGoCoverProfile(profile, 'example.com/m')).toEqual([{ file: 'calc/calc.go', lines: { covered: 1, total: 4 }, branches: null, uncovered: [[10, 12]] }]);
    const errs = buildFailures('FAIL\texample.com/m/b [build failed]\n', '# example.com/m/b [example.com/m/b.test]\nb/b_test.go:6:14: cannot use x\n', DIR);
    expect(errs).toEqual([{ file: 'b/b_test.go', message: 'example.com/m/b does not build:\nb/b_test.go:6:14: cannot use x' }]);
  });
});

describe('selections become arguments, never command lines', () => {
  it('vitest and jest: files plus an anchored, escaped name pattern', () => {
    expect(vitestSelection({ ids: ['t/a.spec.ts > math > adds (1+1)'] })).toEqual(['t/a.spec.ts', '-t', '^(?:math adds \\(1\\+1\\))$']);
    expect(vitestSelection({ filter: 'a.b', files: ['t/x.ts'] })).toEqual(['t/x.ts', '-t', 'a\\.b']);
    expect(jestSelection({ ids: ['a.test.js > s > n'] })).toEqual(['--testNamePattern=^(?:s n)$', '--runTestsByPath', 'a.test.js']);
  });
  it('pytest: node ids as arguments, a filter as -k', () => {
    expect(pytestSelection({ ids: ['t/test_a.py::TestX::test_y'], files: ['t/test_b.py'] })).toEqual(['t/test_b.py', 't/test_a.py::TestX::test_y']);
    expect(pytestSelection({ filter: 'add' })).toEqual(['-k', 'add']);
    expect(pytestId('tests/test_calc.py', 'tests.test_calc.TestEnv', 'test_x')).toBe('tests/test_calc.py::TestEnv::test_x');
    expect(pytestId('tests/test_calc.py', 'tests.test_calc', 'test_x')).toBe('tests/test_calc.py::test_x');
  });
  it('ctest, go, cargo, node', () => {
    expect(ctestSelection({ ids: ['Calc.Adds', 'A.B'] })).toEqual(['-R', '^(Calc\\.Adds|A\\.B)$']);
    expect(goSelection({ ids: ['calc::TestAdd', 'calc::TestTable/one', '.::TestRoot'] })).toEqual({ packages: ['./calc', '.'], run: '^(TestAdd|TestTable|TestRoot)$' });
    expect(goSelection({})).toEqual({ packages: ['./...'], run: null });
    expect(cargoSelection({ ids: ['tests::adds'] })).toEqual({ before: [], after: ['--exact', 'tests::adds'] });
    expect(cargoSelection({ filter: 'add', files: ['tests/it.rs'] })).toEqual({ before: ['--test', 'it', 'add'], after: [] });
    expect(scriptFiles('node --test test/ && echo done')).toEqual(['test/']);
    expect(scriptInvocation('node --import tsx --test --test-reporter spec "test/**/*.test.ts"')).toEqual({ flags: ['--import', 'tsx'], files: ['test/**/*.test.ts'] });
    expect(scriptInvocation('NODE_ENV=test node --experimental-strip-types --test-reporter=dot --test')).toEqual({ flags: ['--experimental-strip-types'], files: [] });
  });
});

describe('text helpers', () => {
  it('keeps only project frames, relative', () => {
    const stack = ['    at f (/work/proj/src/a.ts:3:4)', '    at g (/work/proj/node_modules/x/i.js:1:1)', '    at new Promise (<anonymous>)', '    at h (node:internal/x:1:1)', '    at Object.<anonymous> (file:///work/proj/t/a.test.ts:9:2)'].join('\n');
    expect(projectFrames(stack, DIR)).toBe('at f (src/a.ts:3:4)\nat Object.<anonymous> (t/a.test.ts:9:2)');
  });
  it('tails at a line start', () => {
    expect(tail('aaaa\nbbbb\ncccc', 12)).toBe('bbbb\ncccc');
    expect(tail('', 10)).toBeNull();
  });
});

describe('RunQueue', () => {
  it('runs calls for one key in turn and others at once', async () => {
    const q = new RunQueue();
    const log: string[] = [];
    const ac = new AbortController();
    const job = (name: string, ms: number) => q.run(name.split(':')[0]!, ac.signal, async () => {
      log.push(`start ${name}`);
      await new Promise((r) => setTimeout(r, ms));
      log.push(`end ${name}`);
    });
    await Promise.all([job('a:1', 30), job('a:2', 1), job('b:1', 1)]);
    expect(log.indexOf('end a:1')).toBeLessThan(log.indexOf('start a:2'));
    expect(log.indexOf('start b:1')).toBeLessThan(log.indexOf('end a:1'));
  });
  it('lets a cancelled waiter leave without running', async () => {
    const q = new RunQueue();
    const first = new AbortController();
    let release!: () => void;
    const running = q.run('k', first.signal, () => new Promise<void>((r) => (release = r)));
    const ac = new AbortController();
    let ran = false;
    const waiting = q.run('k', ac.signal, async () => {
      ran = true;
    });
    ac.abort();
    await expect(waiting).rejects.toThrow();
    release();
    await running;
    expect(ran).toBe(false);
  });
});

const tmp = mkdtempSync(path.join(tmpdir(), 'docent-detect-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('detectProjects', () => {
  it('finds the root and subprojects from their files, and skips dependencies and build output', () => {
    const write = (rel: string, text: string) => {
      mkdirSync(path.dirname(path.join(tmp, rel)), { recursive: true });
      writeFileSync(path.join(tmp, rel), text);
    };
    write('package.json', JSON.stringify({ scripts: { test: 'vitest run', build: 'tsc -p .' } }));
    write('tsconfig.json', '{}');
    write('packages/api/package.json', JSON.stringify({ scripts: { test: 'jest' } }));
    write('packages/cli/package.json', JSON.stringify({ scripts: { test: 'node --test test/' } }));
    write('native/CMakeLists.txt', 'project(x)\nenable_testing()\nadd_subdirectory(sub)\n');
    write('native/sub/CMakeLists.txt', 'add_library(y y.c)\n');
    write('lib/CMakeLists.txt', 'project(z)\nif(Z_TESTS)\n  add_subdirectory(test)\nendif()\n');
    write('py/pyproject.toml', '[tool.pytest.ini_options]\n');
    write('legacy/setup.cfg', '[metadata]\nname = x\n');
    write('svc/go.mod', 'module example.com/svc\n');
    write('crate/Cargo.toml', '[package]\nname = "c"\n');
    write('crate/member/Cargo.toml', '[package]\nname = "m"\n');
    write('node_modules/dep/package.json', JSON.stringify({ scripts: { test: 'jest' } }));
    const found = detectProjects(tmp).map((p) => [p.rel, p.kind, p.runner, p.build]);
    expect(found).toEqual([
      ['', 'node', 'vitest', 'npm run build'],
      ['crate', 'cargo', 'cargo', 'cargo build'],
      ['legacy', 'python', 'unittest', 'compileall'],
      ['lib', 'cmake', 'ctest', 'cmake'],
      ['native', 'cmake', 'ctest', 'cmake'],
      ['packages/api', 'node', 'jest', null],
      ['packages/cli', 'node', 'node', null],
      ['py', 'python', 'pytest', 'compileall'],
      ['svc', 'go', 'go', 'go build'],
    ]);
  });
});
