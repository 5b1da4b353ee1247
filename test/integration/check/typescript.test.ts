import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocentSession } from '../../helpers/docent.js';
import { diskState, materialize, ok, serve, type Diag } from './helpers.js';

// typescript-language-server on a small strict project: main.ts has a known error (ts2322) and
// a known hint (an unused local, ts6133). Two MCP sessions share nothing but the disk.
let fx: ReturnType<typeof materialize>;
let a: DocentSession;
let b: DocentSession;

beforeAll(async () => {
  fx = materialize('ts');
  [a, b] = await Promise.all([serve(fx.root), serve(fx.root)]);
}, 90_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  fx?.cleanup();
});

const diags = async (s: DocentSession, args: Record<string, unknown>) => ok(await s.call('diagnostics', args));

describe('diagnostics on typescript-language-server', () => {
  it('the known error and hint, with stable codes, spans and computed_on', async () => {
    const r = await diags(a, { files: ['src/main.ts'] });
    expect(r.complete).toBe(true);
    const codes = (r.diagnostics as Diag[]).map((d) => `${d.code}:${d.severity}:${d.span.line}`);
    expect(codes).toContain('ts2322:error:4');
    expect(codes).toContain('ts6133:hint:7');
    const text = readFileSync(path.join(fx.root, 'src/main.ts'), 'utf8');
    expect(r.computed_on).toEqual([expect.objectContaining({ file: 'src/main.ts', origin: 'disk', via: 'tsserver', server: 'typescript' })]);
    expect(r.computed_on[0].hash).toMatch(/^[0-9a-f]{64}$/);
    expect(text).toContain('label: string = add(1, 2)');
  });

  it('an error only in an overlay is reported, the disk is untouched, removing the overlay clears it', async () => {
    const file = path.join(fx.root, 'src/util.ts');
    const before = diskState(file);
    const clean = await diags(a, { files: ['src/util.ts'] });
    expect(clean.diagnostics).toEqual([]);
    const o = ok(await a.call('overlay_apply', { file: 'src/util.ts', edits: [{ anchor: 'return a + b;', new_text: 'return a + c;' }] }));
    expect(o.diff_stat).toEqual({ lines_added: 1, lines_removed: 1 });
    const r = await diags(a, { files: ['src/util.ts'], min_severity: 'error' });
    expect((r.diagnostics as Diag[]).map((d) => d.code)).toEqual(['ts2304']);
    // The now unused parameter b is a hint, left out by min_severity but still counted in the baseline.
    expect(r.counts).toEqual({ error: 1, warning: 0, info: 0, hint: 0 });
    expect(r.computed_on[0]).toMatchObject({ origin: 'overlay', version: o.version, hash: o.hash });
    expect(diskState(file)).toEqual(before);
    // The other session sees the disk, on the same shared daemon-less setup (its own server).
    expect((await diags(b, { files: ['src/util.ts'] })).diagnostics).toEqual([]);
    ok(await a.call('overlay_remove', { file: 'src/util.ts' }));
    expect((await diags(a, { files: ['src/util.ts'] })).diagnostics).toEqual([]);
    expect(diskState(file)).toEqual(before);
  });

  it('since a baseline: exactly the new and the fixed diagnostics', async () => {
    const base = await diags(a, { files: ['src/main.ts'] });
    // Fix the ts2322 error and introduce another error, on two lines shifted by an inserted line.
    const text = readFileSync(path.join(fx.root, 'src/main.ts'), 'utf8')
      .replace('export const label: string = add(1, 2);', '// shifted\nexport const label: string = String(add(1, 2));')
      .replace('return top();', 'return top() + missing;');
    ok(await a.call('overlay_apply', { file: 'src/main.ts', content: text }));
    const d = await diags(a, { files: ['src/main.ts'], since: base.baseline });
    expect((d.diagnostics as Diag[]).map((x) => x.code)).toEqual(['ts2304']);
    expect(d.fixed.map((x: { code: string }) => x.code)).toEqual(['ts2322']);
    // The unused local moved one line down and is neither new nor fixed.
    expect(d.unchanged).toBe(1);
    ok(await a.call('overlay_remove', {}));
  });

  it('a fix-it applied into an overlay makes its diagnostic disappear', async () => {
    const text = readFileSync(path.join(fx.root, 'src/util.ts'), 'utf8').replace('return leaf() * 2;', 'return lef() * 2;');
    ok(await a.call('overlay_apply', { file: 'src/util.ts', content: text }));
    const r = await diags(a, { files: ['src/util.ts'] });
    const d = (r.diagnostics as Diag[]).find((x) => x.code === 'ts2552')!;
    expect(d).toBeDefined();
    const fix = d.fixes.find((f) => /leaf/.test(f.title))!;
    expect(fix.edits).toEqual([{ file: 'src/util.ts', range: { start: { line: 13, column: 10 }, end: { line: 13, column: 13 } }, new_text: 'leaf' }]);
    // tsserver's own preferred fix, one change: rustc would call it machine-applicable.
    expect(fix).toMatchObject({ title: "Change spelling to 'leaf'", confidence: 'machine_applicable', is_preferred: true });
    expect(fix.diff).toContain('-  return lef() * 2;');
    expect(fix.diff).toContain('+  return leaf() * 2;');
    ok(await a.call('overlay_apply', { file: 'src/util.ts', edits: fix.edits.map((e) => ({ range: e.range, new_text: e.new_text })) }));
    expect((await diags(a, { files: ['src/util.ts'] })).diagnostics).toEqual([]);
    ok(await a.call('overlay_remove', {}));
  });

  it('a file changed on disk behind docent\'s back is re-read', async () => {
    const file = path.join(fx.root, 'src/shapes.ts');
    expect((await diags(a, { files: ['src/shapes.ts'] })).diagnostics).toEqual([]);
    writeFileSync(file, readFileSync(file, 'utf8') + '\nexport const broken: number = "no";\n');
    const r = await diags(a, { files: ['src/shapes.ts'] });
    expect((r.diagnostics as Diag[]).map((d) => d.code)).toEqual(['ts2322']);
  });

  it('analyze: tree-sitter syntax errors of an overlay, diagnostics by severity, outline size, project membership', async () => {
    ok(await a.call('overlay_apply', { file: 'src/scratch.ts', content: 'export function f( {\n  return 1;\n}\n' }));
    const r = ok(await a.call('analyze', { file: 'src/scratch.ts' }));
    expect(r).toMatchObject({ file: 'src/scratch.ts', origin: 'overlay', syntax: { parser: 'typescript' } });
    expect(r.syntax.error_count).toBeGreaterThan(0);
    expect(r.diagnostics.counts.error).toBeGreaterThan(0);
    ok(await a.call('overlay_remove', {}));
    const m = ok(await a.call('analyze', { file: 'src/util.ts' }));
    expect(m).toMatchObject({ origin: 'disk', syntax: { error_count: 0 }, outline: { symbols: 4, top_level: 4 }, project: { server: 'typescript', in_project: true } });
    expect(m.diagnostics.counts.error).toBe(0);
  });

  it('navigation answers on the overlay too: positions, names and line previews of the overlaid text', async () => {
    const text = readFileSync(path.join(fx.root, 'src/util.ts'), 'utf8');
    ok(await a.call('overlay_apply', { file: 'src/util.ts', content: `/** Only in the overlay. */\nexport function brandNew(): number {\n  return leaf();\n}\n\n${text}` }));
    const doc = ok(await a.call('get_symbol_documentation', { symbol_name: 'brandNew', file_path: 'src/util.ts' }));
    expect(doc).toMatchObject({ found: true, location: { file: 'src/util.ts', line: 2, line_preview: 'export function brandNew(): number {' } });
    const refs = ok(await a.call('find_references', { symbol_name: 'leaf', file_path: 'src/util.ts' }));
    const util = refs.files.find((f: { file: string }) => f.file === 'src/util.ts');
    expect(util.references.map((r: { line: number; line_preview: string }) => `${r.line}:${r.line_preview}`)).toEqual(expect.arrayContaining(['3:return leaf();', '12:export function leaf(): number {']));
    // The other session still sees the disk.
    expect(ok(await b.call('get_symbol_documentation', { symbol_name: 'brandNew', file_path: 'src/util.ts' })).found).toBe(false);
    ok(await a.call('overlay_remove', {}));
  });
});
