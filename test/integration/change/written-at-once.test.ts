import { describe, expect, it } from 'vitest';
import { EditFilesInput, EditResultSchema, editFiles } from '../../../src/features/change/edits.js';
import { DiagnosticsInput, DiagnosticsOutput, diagnostics } from '../../../src/features/check/index.js';
import { HoverInput, HoverOutput } from '../../../src/features/navigation/schema.js';
import { hover } from '../../../src/features/navigation/tools.js';
import { useChangeFixture, type changeContext, type materialize } from './helpers.js';

// After the edit applier writes a file, the language servers answer on the new content at once
// (no file watcher in between), also for questions about *other* files that depend on it:
// pyright holds shop/models.py open, apply_edit changes its signature, and hover and
// diagnostics on app.py (which calls it) reflect the change on the very next call.
let fx: ReturnType<typeof materialize>;
let env: ReturnType<typeof changeContext>;

useChangeFixture('py', (f, e) => {
  fx = f;
  env = e;
});

const hoverAt = async (file: string, line: number, character: number) => HoverOutput.parse(await hover(HoverInput.parse({ file, line, character }), env.ctx)).signature ?? '';
const errorsIn = async (file: string) =>
  DiagnosticsOutput.parse(await diagnostics(DiagnosticsInput.parse({ files: [file], min_severity: 'error' }), env.ctx)).diagnostics.map((d) => `${d.code}:${d.span.line}`);

describe('an applied edit is seen at once', () => {
  it('hover and diagnostics on a user of the changed file reflect the written content', async () => {
    // Both files open in pyright, on the disk content.
    expect(await hoverAt('shop/models.py', 1, 6)).toContain('item: str');
    expect(await hoverAt('app.py', 5, 8)).toContain('item: str');
    expect(await errorsIn('app.py')).toEqual([]);

    const preview = EditResultSchema.parse(
      await editFiles(EditFilesInput.parse({ edits: [{ file: 'shop/models.py', range: { start: { line: 1, column: 20 }, end: { line: 1, column: 23 } }, new_text: 'int' }] }), env.ctx),
    );
    const applied = await env.apply({ edit_id: preview.edit_id });
    expect(applied.status).toBe('applied');
    expect(fx.read('shop/models.py')).toMatch(/^def price_of\(item: int\) -> float:/);

    // app.py itself did not change; its answers depend on the written models.py.
    expect(await errorsIn('app.py')).toEqual(['pyright:reportArgumentType:5']);
    expect(await hoverAt('app.py', 5, 8)).toContain('item: int');
  });
});
