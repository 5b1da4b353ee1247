import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocent, type DocentSession } from '../../helpers/docent.js';
import { copyFixture } from './fixture.js';

const fx = copyFixture('node-test');
let docent: DocentSession;

beforeAll(async () => {
  docent = await startDocent(['--root', fx.dir, '--no-index'], { DOCENT_TOKEN: 'do-not-leak' });
});
afterAll(async () => {
  await docent?.close();
  fx.cleanup();
});

describe('node --test', () => {
  it('lists tests with file and line, and the file that does not load', async () => {
    const out = (await docent.call('test_list', {})).structuredContent as any;
    expect(out.runner).toBe('node');
    expect(out.tests).toContainEqual({ id: 'test/math.test.js > math > multiplies wrongly', name: 'multiplies wrongly', suite: 'math', file: 'test/math.test.js', line: 9 });
    expect(out.total).toBe(4);
    expect(out.collection_errors[0].file).toBe('test/broken.test.js');
  });

  it('runs: the failure with message and project frame, skipped, collection error with its reason', async () => {
    const out = (await docent.call('test_run', { include: 'all' })).structuredContent as any;
    expect(out).toMatchObject({ ok: false, passed: 2, failed: 1, skipped: 1, errors: 1, total: 4 });
    const fail = out.tests.find((t: any) => t.name === 'multiplies wrongly');
    expect(fail.message).toContain('4 !== 5');
    expect(fail.stack).toContain('test/math.test.js:10:12');
    expect(out.tests.find((t: any) => t.name === 'divides some day')).toMatchObject({ status: 'skipped', message: 'not yet' });
    expect(out.tests.find((t: any) => t.name === 'sees no docent secret').status).toBe('passed');
    expect(out.collection_errors[0].message).toContain('does-not-exist');
    const rerun = (await docent.call('test_run', { only_failed: true })).structuredContent as any;
    expect(rerun.tests.map((t: any) => t.id)).toEqual(['test/math.test.js > math > multiplies wrongly']);
    expect(rerun.passed).toBe(0);
  });
});
