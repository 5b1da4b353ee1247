import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/docent.js';
import { copyFixture } from './fixture.js';

const fx = copyFixture('pytest');
// --failed keeps the CLI's last run in docent's cache directory: a temp one here.
const cache = mkdtempSync(path.join(tmpdir(), 'docent-run-cache-'));
const env = { DOCENT_INDEX_DIR: cache, DOCENT_TOKEN: 'do-not-leak' };
afterAll(() => {
  fx.cleanup();
  rmSync(cache, { recursive: true, force: true });
});

describe('docent build and docent test', () => {
  it('exits 1 when tests fail and prints the same answer as JSON', () => {
    const r = runCli(['--root', fx.dir, 'test', '--json'], { env, timeoutMs: 120_000 });
    expect(r.status).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ ok: false, runner: 'pytest', passed: 3, failed: 1, errors: 2 });
  });

  it('reruns the failures of the previous invocation with --failed', () => {
    const r = runCli(['--root', fx.dir, 'test', '--failed', '--json'], { env, timeoutMs: 120_000 });
    expect(r.status).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.total).toBe(2);
    expect(out.tests.map((t: any) => t.id).sort()).toEqual(['tests/test_calc.py::test_mul_wrong', 'tests/test_calc.py::test_uses_broken_fixture']);
  });

  it('exits 0 for a passing selection, with a text summary', () => {
    const r = runCli(['--root', fx.dir, 'test', 'test_add', '--file', 'tests/test_calc.py'], { env, timeoutMs: 120_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^PASS pytest in \.: 1 passed, 0 failed/);
  });

  it('builds (Python byte-compilation, which fails on a syntax error) and lists tests', () => {
    const b = runCli(['--root', fx.dir, 'build', '--json'], { env, timeoutMs: 120_000 });
    expect(b.status).toBe(1);
    expect(JSON.parse(b.stdout)).toMatchObject({ ok: false, error_count: 1 });
    const l = runCli(['--root', fx.dir, 'test', '--list'], { env, timeoutMs: 120_000 });
    expect(l.status).toBe(0);
    expect(l.stdout).toContain('tests/test_calc.py::test_add  tests/test_calc.py:9');
  });

  it('refuses with E_RUN_DENIED (exit 2) when allowRun is false', () => {
    const r = runCli(['--root', fx.dir, 'test', '--json'], { env: { ...env, DOCENT_ALLOW_RUN: 'false' }, timeoutMs: 60_000 });
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout).error.code).toBe('E_RUN_DENIED');
  });
});
