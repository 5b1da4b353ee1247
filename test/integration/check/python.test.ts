import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DocentSession } from '../../helpers/docent.js';
import { diskState, ok, serveCheckFixture, type Diag, type materialize } from './helpers.js';

// pyright on a small package: main.py has a known error (an unknown attribute) and a known
// warning (an unused import, raised to a warning by pyrightconfig.json).
let fx: ReturnType<typeof materialize>;
let s: DocentSession;

serveCheckFixture('py', (f, d) => {
  fx = f;
  s = d;
});

const diags = async (args: Record<string, unknown>) => ok(await s.call('diagnostics', args));

describe('diagnostics on pyright', () => {
  it('the known error and warning, namespaced by source', async () => {
    const r = await diags({ files: ['app/main.py'], min_severity: 'warning' });
    expect(r.complete).toBe(true);
    const got = (r.diagnostics as Diag[]).map((d) => `${d.code}:${d.severity}:${d.span.line}`);
    expect(got).toEqual(['pyright:reportAttributeAccessIssue:error:9', 'pyright:reportUnusedImport:warning:1']);
    expect(r.computed_on[0]).toMatchObject({ file: 'app/main.py', origin: 'disk', server: 'pyright', via: 'pull' });
  });

  it('an overlay error is reported without touching the disk; removing the overlay clears it', async () => {
    const file = path.join(fx.root, 'app/models.py');
    const before = diskState(file);
    expect((await diags({ files: ['app/models.py'], min_severity: 'warning' })).diagnostics).toEqual([]);
    ok(await s.call('overlay_apply', { file: 'app/models.py', edits: [{ range: { start: { line: 19, column: 12 }, end: { line: 19, column: 13 } }, new_text: '"one"' }] }));
    const r = await diags({ files: ['app/models.py'], min_severity: 'warning' });
    expect((r.diagnostics as Diag[]).map((d) => `${d.code}:${d.span.line}`)).toEqual(['pyright:reportReturnType:19']);
    expect(r.computed_on[0].origin).toBe('overlay');
    expect(diskState(file)).toEqual(before);
    ok(await s.call('overlay_remove', {}));
    expect((await diags({ files: ['app/models.py'], min_severity: 'warning' })).diagnostics).toEqual([]);
  });

  it('a workspace-wide run covers every file, with total and truncation', async () => {
    const r = await diags({ min_severity: 'warning', max_results: 1 });
    expect(r.files_checked).toBe(3);
    expect(r.total).toBe(2);
    expect(r.truncated).toBe(true);
    expect((r.diagnostics as Diag[])[0]!.severity).toBe('error');
  });
});
