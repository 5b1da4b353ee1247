import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DocentSession } from '../../helpers/docent.js';
import { copyFixture, serveFixture } from './fixture.js';

const fx = copyFixture('vitest', { linkNodeModules: true });
let docent: DocentSession;

serveFixture(fx, (d) => (docent = d));

function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) [ZX]/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('vitest through test_list and test_run', () => {
  it('lists every test with ids, files and lines, and the file that does not load', async () => {
    const r = await docent.call('test_list', {});
    expect(r.isError).toBeFalsy();
    const out = r.structuredContent as any;
    expect(out.runner).toBe('vitest');
    expect(out.project).toBe('.');
    const ids = out.tests.map((t: any) => t.id);
    expect(ids).toContain('test/math.spec.ts > math > adds');
    expect(ids).toContain('test/math.spec.ts > sees no docent secret');
    const adds = out.tests.find((t: any) => t.id === 'test/math.spec.ts > math > adds');
    expect(adds).toEqual({ id: 'test/math.spec.ts > math > adds', name: 'adds', suite: 'math', file: 'test/math.spec.ts', line: 5 });
    expect(out.total).toBe(6);
    expect(out.collection_errors).toHaveLength(1);
    expect(out.collection_errors[0].file).toBe('test/broken.spec.ts');
    expect(out.collection_errors[0].message).toContain('does-not-exist');
  });

  let runId = '';
  it('runs: counts, the failure with message and project stack, collection errors apart, slowest', async () => {
    const r = await docent.call('test_run', {});
    expect(r.isError).toBeFalsy();
    const out = r.structuredContent as any;
    runId = out.run_id;
    expect(out.ok).toBe(false);
    expect(out.exit_code).toBe(1);
    expect(out).toMatchObject({ passed: 4, failed: 1, skipped: 1, errors: 1, total: 6, limit_exceeded: null });
    expect(out.command).toContain('vitest run');
    expect(out.duration_ms).toBeGreaterThan(0);
    expect(out.tests).toHaveLength(1);
    const t = out.tests[0];
    expect(t).toMatchObject({ id: 'test/math.spec.ts > math > multiplies wrongly', name: 'multiplies wrongly', suite: 'math', file: 'test/math.spec.ts', line: 13, status: 'failed' });
    expect(t.message).toContain('expected 4 to be 5');
    expect(t.stack).toContain('test/math.spec.ts:14');
    expect(t.stack).not.toContain('node_modules');
    expect(typeof t.duration_ms).toBe('number');
    expect(out.collection_errors).toEqual([expect.objectContaining({ file: 'test/broken.spec.ts' })]);
    expect(out.slowest.length).toBeGreaterThan(0);
    // The secret test passed: DOCENT_TOKEN was not visible to it.
    const all = (await docent.call('test_run', { run_id: runId, include: 'all', max_results: 100 })).structuredContent as any;
    expect(all.run_id).toBe(runId);
    expect(all.tests.find((x: any) => x.name === 'sees no docent secret').status).toBe('passed');
    expect(all.tests.find((x: any) => x.name === 'divides some day').status).toBe('skipped');
    expect(r.content[0]!.text as string).toContain('FAIL vitest');
  });

  it('pages through a stored run', async () => {
    const p1 = (await docent.call('test_run', { run_id: runId, include: 'all', max_results: 2 })).structuredContent as any;
    expect(p1.tests).toHaveLength(2);
    expect(p1.truncated).toBe(true);
    expect(p1.next_offset).toBe(2);
    const p2 = (await docent.call('test_run', { run_id: runId, include: 'all', max_results: 10, offset: 2 })).structuredContent as any;
    expect(p2.tests).toHaveLength(4);
    expect(p2.truncated).toBe(false);
  });

  it('reruns only the failures of the previous run', async () => {
    const out = (await docent.call('test_run', { only_failed: true })).structuredContent as any;
    expect(out.run_id).not.toBe(runId);
    expect(out.failed).toBe(1);
    expect(out.passed).toBe(0);
    expect(out.tests[0].id).toBe('test/math.spec.ts > math > multiplies wrongly');
    // The file that did not load is run again too, and still does not.
    expect(out.collection_errors).toHaveLength(1);
  });

  it('runs by filter and by ids', async () => {
    const byFilter = (await docent.call('test_run', { filter: 'subtracts', files: ['test/math.spec.ts'] })).structuredContent as any;
    expect(byFilter).toMatchObject({ ok: true, passed: 1, failed: 0 });
    const byIds = (await docent.call('test_run', { ids: ['test/math.spec.ts > math > adds', 'test/math.spec.ts > sees no docent secret'] })).structuredContent as any;
    expect(byIds).toMatchObject({ ok: true, passed: 2, failed: 0 });
  });

  it('kills the whole tree, grandchild included, at the timeout', async () => {
    writeFileSync(path.join(fx.dir, 'hang.flag'), '');
    try {
      const out = (await docent.call('test_run', { files: ['test/hang.spec.ts'], timeout_s: 15 })).structuredContent as any;
      expect(out.limit_exceeded).toBe('time');
      expect(out.ok).toBe(false);
      expect(out.exit_code).not.toBe(0);
      const pidFile = path.join(fx.dir, 'grandchild.pid');
      expect(existsSync(pidFile)).toBe(true);
      const pid = Number(readFileSync(pidFile, 'utf8'));
      for (let i = 0; i < 100 && alive(pid); i++) await new Promise((res) => setTimeout(res, 20));
      expect(alive(pid)).toBe(false);
    } finally {
      rmSync(path.join(fx.dir, 'hang.flag'), { force: true });
    }
  });

  it('builds with tsc: type errors as diagnostics with TS codes, artefacts from outDir', async () => {
    const ok = (await docent.call('build', {})).structuredContent as any;
    expect(ok).toMatchObject({ ok: true, exit_code: 0, error_count: 0 });
    expect(ok.command).toBe('npm run --silent build');
    expect(ok.artifacts.map((a: any) => a.path)).toContain('out/math.js');
    const file = path.join(fx.dir, 'src/math.ts');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.replace('return a - b;', "return a - 'b';"));
    try {
      const out = (await docent.call('build', { target: 'check' })).structuredContent as any;
      expect(out.ok).toBe(false);
      expect(out.command).toContain('--noEmit');
      expect(out.errors).toEqual([expect.objectContaining({ code: 'TS2363', severity: 'error', source: 'tsc', span: { file: 'src/math.ts', line: 6, column: 14, end_line: 6, end_column: 14 } })]);
    } finally {
      writeFileSync(file, good);
    }
  });

  it('sends progress notifications with counts', async () => {
    const messages: string[] = [];
    await docent.client.callTool({ name: 'test_run', arguments: { files: ['test/math.spec.ts'] } }, undefined, { onprogress: (p) => void messages.push(p.message ?? '') });
    expect(messages.some((m) => /^\d+ tests done, \d+ failed$/.test(m))).toBe(true);
  });

  it('kills the run when the call is cancelled', async () => {
    const pidFile = path.join(fx.dir, 'grandchild.pid');
    rmSync(pidFile, { force: true });
    writeFileSync(path.join(fx.dir, 'hang.flag'), '');
    try {
      const ac = new AbortController();
      const call = docent.client.callTool({ name: 'test_run', arguments: { files: ['test/hang.spec.ts'] } }, undefined, { signal: ac.signal });
      const settled = call.then(
        () => 'resolved',
        () => 'rejected',
      );
      for (let i = 0; i < 600 && !existsSync(pidFile); i++) await new Promise((res) => setTimeout(res, 50));
      const pid = Number(readFileSync(pidFile, 'utf8'));
      ac.abort();
      expect(await settled).toBe('rejected');
      for (let i = 0; i < 250 && alive(pid); i++) await new Promise((res) => setTimeout(res, 20));
      expect(alive(pid)).toBe(false);
    } finally {
      rmSync(path.join(fx.dir, 'hang.flag'), { force: true });
    }
  });

  it('measures V8 coverage through vitest, failing run included', async () => {
    const out = (await docent.call('test_coverage', { files: ['src/math.ts'] })).structuredContent as any;
    expect(out.tool).toContain('v8');
    expect(out.files).toHaveLength(1);
    expect(out.files[0].file).toBe('src/math.ts');
    expect(out.files[0].uncovered).toEqual([[10, 12]]);
    expect(out.files[0].lines.covered).toBeGreaterThan(0);
    expect(out).toMatchObject({ ok: false, passed: 4, failed: 1 });
  });
});
