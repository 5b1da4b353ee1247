import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/docent.js';
import { copyFixture } from './fixture.js';

// node --test: the quickest real runner to start, so the CLI's own behaviour is what is timed.
const fx = copyFixture('node-test');
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
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, runner: 'node', passed: 2, failed: 1, skipped: 1, errors: 1 });
  });

  it('reruns the failures of the previous invocation with --failed', () => {
    const r = runCli(['--root', fx.dir, 'test', '--failed', '--json'], { env, timeoutMs: 120_000 });
    expect(r.status).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.tests.map((t: any) => t.id)).toEqual(['test/math.test.js > math > multiplies wrongly']);
    expect(out.passed).toBe(0);
  });

  it('exits 0 for a passing selection, with a text summary', () => {
    const r = runCli(['--root', fx.dir, 'test', 'adds', '--file', 'test/math.test.js'], { env, timeoutMs: 120_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^PASS node in \.: 1 passed, 0 failed/);
  });

  it('lists tests, and builds: stderr noise does not fail a build, artefacts are named', () => {
    const l = runCli(['--root', fx.dir, 'test', '--list'], { env, timeoutMs: 120_000 });
    expect(l.status).toBe(0);
    expect(l.stdout).toContain('test/math.test.js > math > adds  test/math.test.js:5');
    const b = runCli(['--root', fx.dir, 'build', '--json'], { env, timeoutMs: 120_000 });
    expect(b.status).toBe(0);
    const out = JSON.parse(b.stdout);
    expect(out).toMatchObject({ ok: true, exit_code: 0, error_count: 0, command: 'npm run --silent build' });
    expect(out.artifacts).toEqual([{ path: 'dist/out.js', bytes: 27 }]);
  });

  it('refuses with E_RUN_DENIED (exit 2) when allowRun is false', () => {
    const r = runCli(['--root', fx.dir, 'test', '--json'], { env: { ...env, DOCENT_ALLOW_RUN: 'false' }, timeoutMs: 60_000 });
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout).error.code).toBe('E_RUN_DENIED');
  });

  it('doctor shows the builds and tests detected in the root', () => {
    const r = runCli(['--root', fx.dir, 'doctor', '--json'], { env, timeoutMs: 120_000 });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).projects).toEqual([{ root: fx.dir, dir: '.', kind: 'node', runner: 'node', build: 'npm run build', evidence: ['package.json'] }]);
  });
});
