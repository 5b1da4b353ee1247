import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocentSession } from '../../helpers/docent.js';
import { ok, serve } from './helpers.js';

// diagnostic_explain reads the compilers' own catalogues: TypeScript's diagnostic table,
// pyright's rules and messages, the installed compilers' warning-flag lists.
let root: string;
let s: DocentSession;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-explain-'));
  s = await serve(root);
});
afterAll(async () => {
  await s?.close();
  rmSync(root, { recursive: true, force: true });
});

const explain = async (code: string) => ok(await s.call('diagnostic_explain', { code }));

describe('diagnostic_explain', () => {
  it('a TypeScript code, with the quick fixes tsserver has for it', async () => {
    const r = await explain('ts2552');
    expect(r).toMatchObject({ found: true, code: 'ts2552', source: 'typescript', title: "Cannot find name '{0}'. Did you mean '{1}'?", from: 'catalog' });
    expect(r.fix_hint).toContain('fixSpelling');
    expect((await explain('2322')).title).toBe("Type '{0}' is not assignable to type '{1}'.");
  });

  it('a pyright rule, with its messages and documentation link', async () => {
    const r = await explain('pyright:reportAttributeAccessIssue');
    expect(r).toMatchObject({ found: true, source: 'pyright', docs_url: 'https://github.com/microsoft/pyright/blob/main/docs/configuration.md#reportAttributeAccessIssue' });
    expect(r.explanation).toMatch(/is not a known attribute of module/);
  });

  it('a clang warning flag', async () => {
    const r = await explain('clang:-Wunused-variable');
    expect(r).toMatchObject({ found: true, source: 'clang', docs_url: 'https://clang.llvm.org/docs/DiagnosticsReference.html#wunused-variable' });
    expect(r.explanation).toMatch(/unused/i);
  });

  it('an unknown code: found false with near codes', async () => {
    const r = await explain('pyright:reportAttributeAccesIssue');
    expect(r.found).toBe(false);
    expect(r.near[0]).toBe('pyright:reportAttributeAccessIssue');
    expect((await explain('clang:-Wunused-variabel')).near).toContain('clang:-Wunused-variable');
  });
});
