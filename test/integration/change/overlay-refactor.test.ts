import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EditFilesInput, EditResultSchema, editFiles } from '../../../src/features/change/edits.js';
import { useChangeFixture, type changeContext, type materialize } from './helpers.js';

// Refactorings are computed on the asking session's view: a rename asked by a session that has
// an overlay is computed on the overlay (pyright, on a copy of test/fixtures/change/py), so an
// occurrence that exists only in the overlay is renamed too, and the disk stays untouched.
let fx: ReturnType<typeof materialize>;
let env: ReturnType<typeof changeContext>;

useChangeFixture('py', (f, e) => {
  fx = f;
  env = e;
});

describe('refactoring on the session view', () => {
  it('overlay a change, then rename on top of it: the preview covers the overlay-only occurrence; the disk is untouched', async () => {
    const app = path.join(fx.root, 'app.py');
    const before = readFileSync(app, 'utf8');
    const mtime = statSync(app).mtimeMs;
    // A new use of price_of on line 6, only in this session's overlay (applied through the applier).
    const overlaid = EditResultSchema.parse(
      await editFiles(EditFilesInput.parse({ edits: [{ file: 'app.py', range: { start: { line: 6, column: 1 }, end: { line: 6, column: 1 } }, new_text: 'again = price_of("plum")\n' }], apply: true, target: 'overlay' }), env.ctx),
    );
    expect(overlaid.status).toBe('applied_to_overlay');
    expect(readFileSync(app, 'utf8')).toBe(before);

    const r = await env.rename({ symbol: 'price_of', file: 'shop/models.py', new_name: 'cost_of' });
    expect(r.status).toBe('preview');
    const appChange = r.files.find((f) => f.file === 'app.py');
    expect(appChange?.edits.map((e) => e.range.start.line).sort()).toEqual([1, 5, 6]);
    expect(r.diff).toContain('+again = cost_of("plum")');
    expect(readFileSync(app, 'utf8')).toBe(before);
    expect(statSync(app).mtimeMs).toBe(mtime);

    // Chained: the rename applied into the overlay lands on top of the overlaid change.
    const applied = await env.apply({ edit_id: r.edit_id, target: 'overlay' });
    expect(applied.status).toBe('applied_to_overlay');
    expect(readFileSync(app, 'utf8')).toBe(before);
  });
});
