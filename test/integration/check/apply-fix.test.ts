import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { applyPatch } from 'diff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocentSession } from '../../helpers/docent.js';
import { diskState, materialize, ok, serve, type Diag } from './helpers.js';

// A fix-it from diagnostics applied through the edit applier by its fix_id (apply_fix), on
// typescript-language-server: src/util.ts misspells leaf() as lef() on disk; tsserver offers
// "Change spelling to 'leaf'".
let fx: ReturnType<typeof materialize>;
let s: DocentSession;
let file: string;

beforeAll(async () => {
  fx = materialize('ts');
  file = path.join(fx.root, 'src/util.ts');
  writeFileSync(file, readFileSync(file, 'utf8').replace('return leaf() * 2;', 'return lef() * 2;'));
  s = await serve(fx.root, ['--allow-writes']);
}, 90_000);
afterAll(async () => {
  await s?.close();
  fx?.cleanup();
});

const spellingFix = async () => {
  const r = ok(await s.call('diagnostics', { files: ['src/util.ts'] }));
  const d = (r.diagnostics as Diag[]).find((x) => x.code === 'ts2552');
  expect(d).toBeDefined();
  const fix = d!.fixes.find((f) => /leaf/.test(f.title)) as Diag['fixes'][number] & { fix_id: string };
  expect(fix.fix_id).toMatch(/^fix_/);
  return fix;
};

describe('apply_fix', () => {
  it('into an overlay: the diagnostic is gone, the disk untouched; then to disk: the bytes are the preview\'s diff applied', async () => {
    const before = diskState(file);
    const fix = await spellingFix();
    const inOverlay = ok(await s.call('apply_fix', { fix_id: fix.fix_id, apply: true, target: 'overlay' }));
    expect(inOverlay.status).toBe('applied_to_overlay');
    expect(ok(await s.call('diagnostics', { files: ['src/util.ts'] })).diagnostics).toEqual([]);
    expect(diskState(file)).toEqual(before);

    // The fix was computed on the disk view; the session's view is now the overlay: refused.
    const stale = await s.call('apply_fix', { fix_id: fix.fix_id });
    expect(stale.isError).toBe(true);
    expect(JSON.stringify(stale.structuredContent ?? stale.content)).toContain('E_CONFLICT');

    ok(await s.call('overlay_remove', {}));
    const again = await spellingFix();
    const preview = ok(await s.call('apply_fix', { fix_id: again.fix_id }));
    expect(preview.status).toBe('preview');
    expect(diskState(file)).toEqual(before);
    const applied = ok(await s.call('apply_edit', { edit_id: preview.edit_id }));
    expect(applied.status).toBe('applied');
    const expected = applyPatch(before.bytes, preview.diff);
    expect(expected).not.toBe(false);
    expect(readFileSync(file, 'latin1')).toBe(expected);
    expect(readFileSync(file, 'utf8')).toContain('return leaf() * 2;');
    // Servers see the written file at once: the diagnostic is gone from the disk view too.
    expect(ok(await s.call('diagnostics', { files: ['src/util.ts'] })).diagnostics).toEqual([]);
  });

  it('an unknown fix_id is E_NOT_FOUND', async () => {
    const r = await s.call('apply_fix', { fix_id: 'fix_0000' });
    expect(r.isError).toBe(true);
    expect(JSON.stringify(r.structuredContent ?? r.content)).toContain('E_NOT_FOUND');
  });
});
