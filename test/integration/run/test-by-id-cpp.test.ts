import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocent, type DocentSession } from '../../helpers/docent.js';
import { copyFixture } from './fixture.js';

/** A GoogleTest id from test_list, debugged by its id: the test binary with --gtest_filter under lldb-dap. */

const fx = copyFixture('cmake');
let docent: DocentSession;

beforeAll(async () => {
  // A tree configured for debugging (-g): docent builds the project's configured build/ as it is.
  execFileSync('cmake', ['-S', fx.dir, '-B', path.join(fx.dir, 'build'), '-DCMAKE_BUILD_TYPE=Debug'], { stdio: 'pipe' });
  docent = await startDocent(['--root', fx.dir, '--no-index']);
});
afterAll(async () => {
  await docent?.close();
  fx.cleanup();
});

describe('a GoogleTest id from test_list', () => {
  it('debug_start {test_id} runs only that test and stops in the code it calls', async () => {
    const listed = (await docent.call('test_list', {})).structuredContent as any;
    expect(listed.tests.map((t: any) => t.id)).toContain('Calc.MultipliesWrongly');
    const r = await docent.call('debug_start', { test_id: 'Calc.MultipliesWrongly', breakpoints: [{ file: 'src/calc.cpp', line: 8 }] });
    if (r.isError) throw new Error(JSON.stringify(r.structuredContent ?? r.content));
    const start = r.structuredContent as any;
    try {
      expect(start.stop.frames[0].function).toContain('mul');
      expect(start.stop.frames[0]).toMatchObject({ file: 'src/calc.cpp', line: 8 });
      // Called from the test the id names (the filter ran it, not another test).
      expect(start.stop.frames.some((f: any) => f.file === 'tests/calc_test.cpp' && f.line === 10)).toBe(true);
    } finally {
      await docent.call('debug_stop', { session: start.session });
    }
  });
});
