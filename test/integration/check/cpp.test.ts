import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DocentSession } from '../../helpers/docent.js';
import { diskState, ok, serveCheckFixture, type Diag, type materialize } from './helpers.js';

// clangd on a CMake project built with -Wall -Wextra: main.cpp has a known warning (an unused
// variable).
let fx: ReturnType<typeof materialize>;
let s: DocentSession;

serveCheckFixture('cpp', (f, d) => {
  fx = f;
  s = d;
});

const diags = async (args: Record<string, unknown>) => ok(await s.call('diagnostics', args));

describe('diagnostics on clangd', () => {
  it('the known warning, with a namespaced code', async () => {
    const r = await diags({ files: ['src/main.cpp'] });
    expect(r.complete).toBe(true);
    expect((r.diagnostics as Diag[]).map((d) => `${d.code}:${d.severity}:${d.span.line}`)).toEqual(['clang:-Wunused-variable:warning:4']);
    expect(r.computed_on[0]).toMatchObject({ file: 'src/main.cpp', via: 'push', server: 'clangd' });
  });

  it('a missing semicolon in an overlay: the error, its fix-it applied into the overlay, then clean', async () => {
    const file = path.join(fx.root, 'src/shapes.cpp');
    const before = diskState(file);
    ok(await s.call('overlay_apply', { file: 'src/shapes.cpp', edits: [{ anchor: 'return leaf() + 1;', new_text: 'return leaf() + 1' }] }));
    const r = await diags({ files: ['src/shapes.cpp'] });
    const d = (r.diagnostics as Diag[]).find((x) => x.severity === 'error')!;
    expect(d).toMatchObject({ code: 'clang:expected_semi_after_stmt', span: { line: 9 } });
    const fix = d.fixes[0]!;
    expect(fix.edits).toEqual([{ file: 'src/shapes.cpp', range: expect.anything(), new_text: ';' }]);
    expect(fix.diff).toContain('+int middle() { return leaf() + 1; }');
    ok(await s.call('overlay_apply', { file: 'src/shapes.cpp', edits: fix.edits.map((e) => ({ range: e.range, new_text: e.new_text })) }));
    expect((await diags({ files: ['src/shapes.cpp'] })).diagnostics).toEqual([]);
    expect(diskState(file)).toEqual(before);
    ok(await s.call('overlay_remove', {}));
  });

  it('a file changed on disk behind docent\'s back is re-read', async () => {
    const file = path.join(fx.root, 'src/shapes.cpp');
    expect((await diags({ files: ['src/shapes.cpp'] })).diagnostics).toEqual([]);
    writeFileSync(file, readFileSync(file, 'utf8').replace('int leaf() { return 1; }', 'int leaf() { int spare = 2; return 1; }'));
    const r = await diags({ files: ['src/shapes.cpp'] });
    expect((r.diagnostics as Diag[]).map((d) => `${d.code}:${d.span.line}`)).toEqual(['clang:-Wunused-variable:8']);
  });

  it('a fix-it applied into an overlay through the edit applier (edit_files, target overlay) clears its diagnostic', async () => {
    const file = path.join(fx.root, 'src/shapes.cpp');
    const before = diskState(file);
    ok(await s.call('overlay_apply', { file: 'src/shapes.cpp', edits: [{ anchor: 'return middle() * 2;', new_text: 'return middle() * 2' }] }));
    const d = ((await diags({ files: ['src/shapes.cpp'] })).diagnostics as Diag[]).find((x) => x.code === 'clang:expected_semi_after_stmt')!;
    const applied = ok(await s.call('edit_files', { edits: d.fixes[0]!.edits, apply: true, target: 'overlay' }));
    expect(applied).toMatchObject({ status: 'applied_to_overlay' });
    const r = await diags({ files: ['src/shapes.cpp'] });
    expect(r.diagnostics.filter((x: Diag) => x.severity === 'error')).toEqual([]);
    expect(r.computed_on[0].origin).toBe('overlay');
    expect(diskState(file)).toEqual(before);
    ok(await s.call('overlay_remove', {}));
  });
});
