import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DocentSession } from '../../helpers/docent.js';
import { copyFixture, serveFixture } from './fixture.js';

const fx = copyFixture('cmake');
let docent: DocentSession;

serveFixture(fx, (d) => (docent = d));

describe('CMake + ctest + GoogleTest', () => {
  it('builds: ok from the exit code, warnings as diagnostics, artefacts', async () => {
    const out = (await docent.call('build', {})).structuredContent as any;
    expect(out).toMatchObject({ ok: true, exit_code: 0, target: 'compile', project: '.', error_count: 0, errors: [], limit_exceeded: null });
    expect(out.command).toContain('cmake --build');
    const unused = out.warnings.find((w: any) => w.code === '-Wunused-variable');
    expect(unused).toMatchObject({ severity: 'warning', source: 'gcc', span: { file: 'src/calc.cpp', line: 4, column: 7 } });
    expect(unused.message).toContain('unused');
    const paths = out.artifacts.map((a: any) => a.path);
    expect(paths).toContain('build/calc_test');
    expect(paths).toContain('build/libcalc.a');
    expect(out.artifacts[0].bytes).toBeGreaterThan(0);
  });

  it('lists the GoogleTest tests with file and line', async () => {
    const out = (await docent.call('test_list', {})).structuredContent as any;
    expect(out.runner).toBe('ctest');
    expect(out.tests).toEqual([
      { id: 'Calc.Adds', name: 'Adds', suite: 'Calc', file: 'tests/calc_test.cpp', line: 7 },
      { id: 'Calc.MultipliesWrongly', name: 'MultipliesWrongly', suite: 'Calc', file: 'tests/calc_test.cpp', line: 9 },
      { id: 'Calc.Later', name: 'Later', suite: 'Calc', file: 'tests/calc_test.cpp', line: 13 },
      { id: 'Env.NoDocentSecret', name: 'NoDocentSecret', suite: 'Env', file: 'tests/calc_test.cpp', line: 15 },
    ]);
  });

  it('runs: the failure with GoogleTest\'s text and location, skipped apart, secrets unseen', async () => {
    const out = (await docent.call('test_run', { include: 'all' })).structuredContent as any;
    expect(out).toMatchObject({ ok: false, passed: 2, failed: 1, skipped: 1, errors: 0, total: 4, runner: 'ctest' });
    expect(out.exit_code).not.toBe(0);
    const fail = out.tests.find((t: any) => t.id === 'Calc.MultipliesWrongly');
    expect(fail).toMatchObject({ status: 'failed', file: 'tests/calc_test.cpp', line: 9, stack: 'tests/calc_test.cpp:10' });
    expect(fail.message).toContain('Which is: 4');
    expect(fail.message).toContain('two twos');
    expect(fail.stdout_tail).toContain('FAILED');
    expect(out.tests.find((t: any) => t.id === 'Calc.Later')).toMatchObject({ status: 'skipped', message: 'not yet' });
    expect(out.tests.find((t: any) => t.id === 'Env.NoDocentSecret').status).toBe('passed');
    const rerun = (await docent.call('test_run', { only_failed: true })).structuredContent as any;
    expect(rerun).toMatchObject({ failed: 1, passed: 0, total: 1 });
    expect(rerun.tests[0].id).toBe('Calc.MultipliesWrongly');
  });

  it('reports compile errors with their spans, and a test run says the build failed', async () => {
    const file = path.join(fx.dir, 'src/calc.cpp');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.replace('return a * b;', 'return a * undeclared;'));
    try {
      const out = (await docent.call('build', {})).structuredContent as any;
      expect(out.ok).toBe(false);
      expect(out.exit_code).not.toBe(0);
      expect(out.errors[0]).toMatchObject({ severity: 'error', source: 'gcc', span: { file: 'src/calc.cpp', line: 8 } });
      expect(out.errors[0].message).toContain('undeclared');
      expect(out.log_tail).toBeTruthy();
      const run = (await docent.call('test_run', {})).structuredContent as any;
      expect(run.ok).toBe(false);
      expect(run.total).toBe(0);
      expect(run.collection_errors[0].message).toContain('The build failed');
      expect(run.collection_errors[0].file).toBe('src/calc.cpp');
    } finally {
      writeFileSync(file, good);
    }
  });

  it('measures coverage with gcovr', async () => {
    const r = await docent.call('test_coverage', { files: ['src/calc.cpp'] });
    expect(r.isError).toBeFalsy();
    const out = r.structuredContent as any;
    expect(out.tool).toBe('gcovr');
    expect(out.files).toHaveLength(1);
    const f = out.files[0];
    expect(f.file).toBe('src/calc.cpp');
    expect(f.lines.covered).toBeGreaterThan(0);
    expect(f.lines.covered).toBeLessThan(f.lines.total);
    expect(f.uncovered).toEqual([[10, 11]]);
    expect(out.passed).toBe(2);
  });
});
