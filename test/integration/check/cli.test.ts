import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/docent.js';
import { materialize } from './helpers.js';

// The one-shot CLI: `docent check` exits 1 when there are errors (scripts rely on it), and
// `--since` carries the baseline an earlier run printed.
let fx: ReturnType<typeof materialize>;
beforeAll(() => {
  fx = materialize('ts');
});
afterAll(() => fx?.cleanup());

const cli = (args: string[]) => runCli(args, { cwd: fx.root, env: { DOCENT_INDEX_DIR: path.join(fx.root, '.idx') }, timeoutMs: 90_000 });

describe('docent check / explain', () => {
  it('exit 1 with errors, then --since shows only what an edit changed', () => {
    const first = cli(['check', 'src/main.ts', '--json']);
    expect(first.status).toBe(1);
    const r = JSON.parse(first.stdout);
    expect(r.diagnostics.map((d: { code: string }) => d.code)).toContain('ts2322');
    const file = path.join(fx.root, 'src/main.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace('export const label: string = add(1, 2);', 'export const label: string = String(add(1, 2));'));
    const second = cli(['check', 'src/main.ts', '--since', r.baseline]);
    expect(second.status).toBe(0);
    expect(second.stdout).toMatch(/^fixed src\/main\.ts:4: error ts2322/m);
    expect(second.stdout).toMatch(/1 unchanged since the baseline/);
  });

  it('explain: found exits 0, unknown exits 1 with near codes', () => {
    const ok = cli(['explain', 'ts2322']);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain("Type '{0}' is not assignable to type '{1}'.");
    const unknown = cli(['explain', 'clang:-Wunused-variabel']);
    expect(unknown.status).toBe(1);
    expect(unknown.stdout).toContain('clang:-Wunused-variable');
  });
});
