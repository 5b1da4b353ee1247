import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO } from '../../helpers/docent.js';

// Without the Emacs manuals (no network, not Debian), a test run still passes: the tests that
// read them are skipped and the run says so in exactly one line. Forced here by pointing the
// fetch script at a mirror that refuses connections and at an empty manuals directory.
const empty = mkdtempSync(path.join(tmpdir(), 'docent-no-manuals-'));
const env = { ...process.env, DOCENT_EMACS_MANUALS_DIR: empty, DOCENT_DEBIAN_MIRROR: 'http://127.0.0.1:9/debian' };

afterAll(() => rmSync(empty, { recursive: true, force: true }));

describe('fetch-emacs-manuals.sh without a reachable archive', () => {
  it('fails with one line that says why', () => {
    const r = spawnSync('bash', [path.join(REPO, 'scripts/fetch-emacs-manuals.sh')], { env, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^fetch-emacs-manuals: cannot reach http:\/\/127\.0\.0\.1:9\/debian/);
  });

  it('a test run skips the manual tests with one line and passes', () => {
    const vitest = path.join(REPO, 'node_modules/vitest/vitest.mjs');
    const r = spawnSync(process.execPath, [vitest, 'run', 'test/integration/info/e2e.test.ts'], {
      cwd: REPO,
      env: { ...env, CI: '1', NO_COLOR: '1' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    const out = `${r.stdout}\n${r.stderr}`;
    const lines = out.split('\n').filter((l) => l.includes('SKIPPING'));
    expect(lines).toEqual([expect.stringMatching(/^docent tests: SKIPPING the Emacs-manual tests \(cannot reach .*\); get the manuals with `bash scripts\/fetch-emacs-manuals\.sh`/)]);
    expect(r.status).toBe(0);
    expect(out).toMatch(/Tests\s+\d+ skipped/);
    expect(out).not.toMatch(/\d+ failed|FAIL /);
  });
});
