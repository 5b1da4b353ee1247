import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { which } from '../../../src/core/process/which.js';
import { startDocent, type DocentSession } from '../../helpers/docent.js';
import { copyFixture } from './fixture.js';

// cargo comes from rustup (~/.cargo/bin), not Debian: without it on PATH these tests are skipped.
const hasCargo = Boolean(which('cargo'));
const fx = copyFixture('cargo');
let docent: DocentSession;

beforeAll(async () => {
  if (hasCargo) docent = await startDocent(['--root', fx.dir, '--no-index'], { DOCENT_TOKEN: 'do-not-leak' });
});
afterAll(async () => {
  await docent?.close();
  fx.cleanup();
});

describe.skipIf(!hasCargo)('cargo', () => {
  it('builds: rustc warnings as diagnostics from its JSON, artefacts', async () => {
    const out = (await docent.call('build', {})).structuredContent as any;
    expect(out).toMatchObject({ ok: true, exit_code: 0, error_count: 0 });
    expect(out.warnings[0]).toMatchObject({ code: 'unused_variables', severity: 'warning', source: 'rustc', span: { file: 'src/lib.rs', line: 2, column: 9 } });
    expect(out.artifacts.some((a: any) => a.path.startsWith('target/debug/') && a.path.endsWith('.rlib'))).toBe(true);
  });

  it('lists unit and integration tests with their files', async () => {
    const out = (await docent.call('test_list', {})).structuredContent as any;
    expect(out.runner).toBe('cargo');
    expect(out.tests).toContainEqual({ id: 'tests::multiplies_wrongly', name: 'multiplies_wrongly', suite: 'tests', file: 'src/lib.rs', line: 20 });
    expect(out.tests).toContainEqual({ id: 'integration_adds', name: 'integration_adds', suite: null, file: 'tests/integration.rs', line: 2 });
    expect(out.total).toBe(5);
  });

  it('runs: the panic message and location, ignored as skipped, only_failed', async () => {
    const out = (await docent.call('test_run', { include: 'all' })).structuredContent as any;
    expect(out).toMatchObject({ ok: false, passed: 3, failed: 1, skipped: 1, errors: 0, total: 5 });
    const fail = out.tests.find((t: any) => t.id === 'tests::multiplies_wrongly');
    expect(fail).toMatchObject({ status: 'failed', file: 'src/lib.rs', line: 20, stack: 'src/lib.rs:22:9' });
    expect(fail.message).toContain('two twos');
    expect(fail.stdout_tail).toBe('computing 2 * 2');
    expect(out.tests.find((t: any) => t.id === 'tests::no_docent_secret').status).toBe('passed');
    const rerun = (await docent.call('test_run', { only_failed: true })).structuredContent as any;
    expect(rerun).toMatchObject({ failed: 1, passed: 0, total: 1 });
  });

  it('reports a compile error with rustc\'s code and span', async () => {
    const file = path.join(fx.dir, 'src/lib.rs');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.replace('a * b', 'a * missing'));
    try {
      const out = (await docent.call('build', { target: 'check' })).structuredContent as any;
      expect(out.ok).toBe(false);
      expect(out.errors[0]).toMatchObject({ code: 'E0425', severity: 'error', span: { file: 'src/lib.rs', line: 7, column: 9 } });
      const run = (await docent.call('test_run', {})).structuredContent as any;
      expect(run.total).toBe(0);
      expect(run.collection_errors[0].message).toContain('E0425');
    } finally {
      writeFileSync(file, good);
    }
  });
});
