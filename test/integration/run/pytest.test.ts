import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DocentSession } from '../../helpers/docent.js';
import { copyFixture, serveFixture } from './fixture.js';

const fx = copyFixture('pytest');
let docent: DocentSession;

serveFixture(fx, (d) => (docent = d));

describe('pytest through test_list and test_run', () => {
  it('lists node ids with files and 1-based lines, and the module that does not import', async () => {
    const out = (await docent.call('test_list', {})).structuredContent as any;
    expect(out.runner).toBe('pytest');
    expect(out.tests.map((t: any) => t.id)).toEqual([
      'tests/test_calc.py::test_add',
      'tests/test_calc.py::test_mul_wrong',
      'tests/test_calc.py::test_div_later',
      'tests/test_calc.py::test_uses_broken_fixture',
      'tests/test_calc.py::TestEnv::test_no_docent_secret',
      'tests/test_calc.py::test_flood',
    ]);
    expect(out.tests[0]).toEqual({ id: 'tests/test_calc.py::test_add', name: 'test_add', suite: null, file: 'tests/test_calc.py', line: 9 });
    expect(out.tests[4].suite).toBe('TestEnv');
    expect(out.collection_errors).toHaveLength(1);
    expect(out.collection_errors[0].file).toBe('tests/test_broken.py');
    expect(out.collection_errors[0].message).toContain('does_not_exist');
  });

  let runId = '';
  it('runs: failures with message, project frames and stdout, errors and collection errors apart', async () => {
    const r = await docent.call('test_run', {});
    const out = r.structuredContent as any;
    runId = out.run_id;
    expect(out).toMatchObject({ ok: false, exit_code: 1, passed: 3, failed: 1, skipped: 1, errors: 2, total: 6, limit_exceeded: null, runner: 'pytest' });
    const [err, fail] = out.tests;
    expect(err).toMatchObject({ id: 'tests/test_calc.py::test_uses_broken_fixture', status: 'error', file: 'tests/test_calc.py', line: 28 });
    expect(err.message).toContain('fixture exploded');
    expect(fail).toMatchObject({ id: 'tests/test_calc.py::test_mul_wrong', name: 'test_mul_wrong', status: 'failed', file: 'tests/test_calc.py', line: 13 });
    expect(fail.message).toContain('assert 4 == 5');
    expect(fail.stack).toContain('tests/test_calc.py:15');
    expect(fail.stdout_tail).toContain('computing 2 * 2');
    expect(typeof fail.duration_ms).toBe('number');
    expect(out.collection_errors).toEqual([expect.objectContaining({ file: 'tests/test_broken.py' })]);
    // The environment test passed: no DOCENT_* variable reached it.
    const all = (await docent.call('test_run', { run_id: runId, include: 'all', max_results: 50 })).structuredContent as any;
    expect(all.tests.find((t: any) => t.name === 'test_no_docent_secret').status).toBe('passed');
    expect(all.tests.find((t: any) => t.name === 'test_div_later')).toMatchObject({ status: 'skipped', message: 'not yet' });
  });

  it('reruns only the failures', async () => {
    const out = (await docent.call('test_run', { only_failed: true, run_id: runId })).structuredContent as any;
    expect(out).toMatchObject({ passed: 0, failed: 1, errors: 2, total: 2 });
    expect(out.tests.map((t: any) => t.id).sort()).toEqual(['tests/test_calc.py::test_mul_wrong', 'tests/test_calc.py::test_uses_broken_fixture']);
  });

  it('filters by name', async () => {
    const out = (await docent.call('test_run', { filter: 'test_add', files: ['tests/test_calc.py'] })).structuredContent as any;
    expect(out).toMatchObject({ ok: true, passed: 1, failed: 0, errors: 0, total: 1 });
  });

  it('cuts an output flood, keeping head and tail, and says so', async () => {
    writeFileSync(path.join(fx.dir, 'flood.flag'), '');
    try {
      const out = (await docent.call('test_run', { ids: ['tests/test_calc.py::test_flood'] })).structuredContent as any;
      expect(out.limit_exceeded).toBe('output');
      expect(out.failed).toBe(1);
      expect(out.log_tail).toBeTruthy();
      expect(out.warnings.join(' ')).toContain('output cap');
      // The report is read from its own file, so the test's result survives the cut log.
      expect(out.tests[0].message).toContain('flooded');
      expect(out.tests[0].stdout_tail).toContain('flood line 99999');
    } finally {
      rmSync(path.join(fx.dir, 'flood.flag'), { force: true });
    }
  });

  it('measures coverage with coverage.py: lines, branches and uncovered ranges of the file asked about', async () => {
    const r = await docent.call('test_coverage', { files: ['pkg/calc.py'] });
    expect(r.isError).toBeFalsy();
    const out = r.structuredContent as any;
    expect(out.tool).toBe('coverage.py');
    expect(out.files).toHaveLength(1);
    const f = out.files[0];
    expect(f.file).toBe('pkg/calc.py');
    expect(f.lines.covered).toBeLessThan(f.lines.total);
    expect(f.uncovered).toEqual([[10, 12]]);
    expect(f.branches).toMatchObject({ covered: 0, total: 2 });
    expect(out.failed).toBe(2); // one failure, one error
    expect(out.ok).toBe(false);
  });

  it('builds: a syntax error from Python\'s compile step as a diagnostic', async () => {
    const out = (await docent.call('build', { target: 'check' })).structuredContent as any;
    expect(out).toMatchObject({ ok: false, error_count: 1, warning_count: 0 });
    expect(out.errors[0]).toMatchObject({ code: 'SyntaxError', severity: 'error', source: 'python', span: { file: 'pkg/bad_syntax.py', line: 2, column: 12 } });
    expect(out.command).toContain('compileall');
  });
});
