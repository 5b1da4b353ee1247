import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocent, type DocentSession } from '../../helpers/docent.js';
import { copyFixture } from './fixture.js';

/** A test from test_list, debugged and profiled by its id (the seam between run and debug). */

const fx = copyFixture('pytest-debug');
let docent: DocentSession;

beforeAll(async () => {
  docent = await startDocent(['--root', fx.dir, '--no-index']);
});
afterAll(async () => {
  await docent?.close();
  fx.cleanup();
});

function ok(r: any): any {
  if (r.isError) throw new Error(`tool error: ${JSON.stringify(r.structuredContent ?? r.content)}`);
  return r.structuredContent;
}

describe('a pytest id from test_list', () => {
  it('debug_start {test_id} stops inside that test, with its locals', async () => {
    const listed = ok(await docent.call('test_list', {}));
    const id = listed.tests.find((t: any) => t.name === 'test_total').id;
    expect(id).toBe('tests/test_total.py::test_total');
    const start = ok(await docent.call('debug_start', { test_id: id, breakpoints: [{ file: 'tests/test_total.py', line: 8 }] }));
    try {
      expect(start.program).toBe(id);
      expect(start.stop.frames[0]).toMatchObject({ function: 'test_total', file: 'tests/test_total.py', line: 8 });
      expect(start.stop.locals.find((v: any) => v.name === 'result')?.value).toBe('7');
      expect(start.stop.locals.find((v: any) => v.name === 'prices')?.value).toBe('[3, 4]');
    } finally {
      await docent.call('debug_stop', { session: start.session });
    }
  });

  it('profile_run {test_id} profiles that test under cProfile', async () => {
    const out = ok(await docent.call('profile_run', { test_id: 'tests/test_total.py::test_busy', max_results: 5 }));
    expect(out.profiler).toBe('cProfile');
    expect(out.program).toBe('tests/test_total.py::test_busy');
    expect(out.exit_code).toBe(0);
    // Only the test's call is profiled, so pytest's start-up (imports, unmarshalled .pyc files,
    // collection) cannot outweigh it: the test and its helper are the two first hotspots.
    expect(out.hotspots.slice(0, 2).map((h: any) => h.function).sort()).toEqual(['step', 'test_busy']);
    expect(out.hotspots.find((h: any) => h.function === 'step').calls).toBe(300000);
    expect(out.hotspots.map((h: any) => h.function)).not.toContain('marshal.loads');
    expect(out.warnings.join(' ')).toContain('Only the test itself was profiled');
  });

  it('profile_run stops a program at duration_s with SIGINT and still has its profile (through the shared runner)', async () => {
    const out = ok(await docent.call('profile_run', { program: 'spin.py', duration_s: 1, max_results: 3 }));
    expect(out.warnings.join(' ')).toContain('duration_s');
    expect(out.hotspots.map((h: any) => h.function)).toContain('spin');
  });
});
