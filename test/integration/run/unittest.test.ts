import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocent, type DocentSession } from '../../helpers/docent.js';
import { copyFixture } from './fixture.js';

// A project virtualenv without pytest, so unittest's own runner is used (with pytest there,
// docent runs unittest suites through pytest, covered by pytest.test.ts).
const fx = copyFixture('unittest');
let docent: DocentSession;

beforeAll(async () => {
  const venv = spawnSync('python3', ['-m', 'venv', '--without-pip', '.venv'], { cwd: fx.dir, encoding: 'utf8' });
  if (venv.status !== 0) throw new Error(`python3 -m venv failed: ${venv.stderr}`);
  docent = await startDocent(['--root', fx.dir, '--no-index'], { DOCENT_TOKEN: 'do-not-leak' });
});
afterAll(async () => {
  await docent?.close();
  fx.cleanup();
});

describe('unittest without pytest', () => {
  it('lists dotted ids with files and lines, and the module that does not import', async () => {
    const out = (await docent.call('test_list', {})).structuredContent as any;
    expect(out.runner).toBe('unittest');
    expect(out.tests).toContainEqual({ id: 'tests.test_calc.TestCalc.test_fail', name: 'test_fail', suite: 'tests.test_calc.TestCalc', file: 'tests/test_calc.py', line: 9 });
    expect(out.total).toBe(5);
    expect(out.collection_errors).toEqual([expect.objectContaining({ file: 'tests/test_broken.py' })]);
  });

  it('runs: failure and error with message, frames and buffered output; skip reason; rerun of failures', async () => {
    const out = (await docent.call('test_run', { include: 'all' })).structuredContent as any;
    expect(out).toMatchObject({ ok: false, passed: 2, failed: 1, skipped: 1, errors: 2, total: 5 });
    const fail = out.tests.find((t: any) => t.name === 'test_fail');
    expect(fail).toMatchObject({ status: 'failed', file: 'tests/test_calc.py', line: 9, stdout_tail: 'computing 2 * 2' });
    expect(fail.message).toBe('AssertionError: 4 != 5 : two twos');
    expect(fail.stack).toContain('tests/test_calc.py", line 11');
    expect(out.tests.find((t: any) => t.name === 'test_err')).toMatchObject({ status: 'error', message: 'RuntimeError: boom' });
    expect(out.tests.find((t: any) => t.name === 'test_skip')).toMatchObject({ status: 'skipped', message: 'not yet' });
    expect(out.tests.find((t: any) => t.name === 'test_no_docent_secret').status).toBe('passed');
    expect(out.collection_errors[0].message).toContain('does_not_exist');
    const rerun = (await docent.call('test_run', { only_failed: true })).structuredContent as any;
    expect(rerun).toMatchObject({ passed: 0, failed: 1, total: 2 });
  });
});
