import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { which } from '../../../src/core/process/which.js';
import { startDocent, type DocentSession } from '../../helpers/docent.js';
import { copyFixture } from './fixture.js';

// Go comes from Debian's golang-go (scripts/ensure-deps.sh installs it).
const hasGo = Boolean(which('go'));
const fx = copyFixture('go');
let docent: DocentSession;

beforeAll(async () => {
  if (hasGo) docent = await startDocent(['--root', fx.dir, '--no-index'], { DOCENT_TOKEN: 'do-not-leak' });
});
afterAll(async () => {
  await docent?.close();
  fx.cleanup();
});

describe.skipIf(!hasGo)('go test', () => {
  it('lists tests with their files and lines, and the package that does not build', async () => {
    const out = (await docent.call('test_list', {})).structuredContent as any;
    expect(out.runner).toBe('go');
    expect(out.tests).toContainEqual({ id: 'calc::TestMulWrong', name: 'TestMulWrong', suite: 'calc', file: 'calc/calc_test.go', line: 14 });
    expect(out.tests.map((t: any) => t.id)).toEqual(['calc::TestAdd', 'calc::TestMulWrong', 'calc::TestLater', 'calc::TestNoDocentSecret', 'calc::TestTable']);
    expect(out.collection_errors).toHaveLength(1);
    expect(out.collection_errors[0].file).toBe('broken/broken_test.go');
  });

  it('runs: subtests, the failure with its log line, skips, the build failure apart', async () => {
    const out = (await docent.call('test_run', { include: 'all', max_results: 50 })).structuredContent as any;
    expect(out).toMatchObject({ ok: false, exit_code: 2, passed: 5, failed: 1, skipped: 1, errors: 1, total: 7 });
    const fail = out.tests.find((t: any) => t.id === 'calc::TestMulWrong');
    expect(fail).toMatchObject({ status: 'failed', file: 'calc/calc_test.go', line: 14 });
    expect(fail.stack).toContain('calc/calc_test.go:17');
    expect(fail.message).toContain('Mul(2, 2) = 4, want 5');
    expect(fail.stdout_tail).toContain('computing 2 * 2');
    expect(out.tests.find((t: any) => t.id === 'calc::TestTable/one')).toMatchObject({ status: 'passed', name: 'one', suite: 'calc::TestTable', file: 'calc/calc_test.go' });
    expect(out.tests.find((t: any) => t.id === 'calc::TestNoDocentSecret').status).toBe('passed');
    expect(out.collection_errors[0].message).toContain('cannot use "not an int"');
    const rerun = (await docent.call('test_run', { only_failed: true })).structuredContent as any;
    expect(rerun.tests.map((t: any) => t.id)).toEqual(['calc::TestMulWrong']);
    expect(rerun).toMatchObject({ failed: 1, passed: 0 });
  });

  it('vets: the type error as a diagnostic with its span', async () => {
    const out = (await docent.call('build', { target: 'check' })).structuredContent as any;
    expect(out.ok).toBe(false);
    expect(out.command).toBe('go vet ./...');
    expect(out.errors[0]).toMatchObject({ severity: 'error', source: 'go', span: { file: 'broken/broken_test.go', line: 6, column: 14 } });
  });

  it('measures coverage from the cover profile', async () => {
    const out = (await docent.call('test_coverage', { files: ['calc/calc.go'] })).structuredContent as any;
    expect(out.files).toHaveLength(1);
    expect(out.files[0].file).toBe('calc/calc.go');
    expect(out.files[0].uncovered).toEqual([[10, 12]]);
  });
});
