import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applyPatch } from 'diff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startDocent, type DocentSession } from '../../helpers/docent.js';

// The edit applier driven through docent's MCP tools (edit_files, apply_edit, undo_edit,
// list_edits) on plain files: no language server needed, so these are about the applier only.
let root: string;
let writer: DocentSession;
let reader: DocentSession;

const f = (n: string) => path.join(root, n);
const read = (n: string) => readFileSync(f(n), 'utf8');
const replaceLine1 = (file: string, text: string) => ({ file, range: { start: { line: 1, column: 1 }, end: { line: 1, column: 4 } }, new_text: text });
type Edit = { edit_id: string; status: string; diff: string; counts: { files: number }; files: Array<{ file: string }> };
const ok = (r: Awaited<ReturnType<DocentSession['call']>>) => {
  if (r.isError) throw new Error(JSON.stringify(r.structuredContent));
  return r.structuredContent as Edit;
};

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-applier-'));
  writer = await startDocent(['--root', root, '--no-index', '--allow-writes']);
  reader = await startDocent(['--root', root, '--no-index']);
});
afterAll(async () => {
  await writer?.close();
  await reader?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('edit applier', () => {
  it('preview writes nothing; apply writes byte for byte what the diff shows, CRLF and modes kept', async () => {
    writeFileSync(f('a.py'), 'old = 1\r\nprint(old)\r\n', { mode: 0o755 });
    writeFileSync(f('b.py'), 'old = 2\n');
    const before = { a: read('a.py'), b: read('b.py') };
    const pv = ok(await writer.call('edit_files', { edits: [replaceLine1('a.py', 'new'), { ...replaceLine1('a.py', 'x'), range: { start: { line: 2, column: 7 }, end: { line: 2, column: 10 } } }, replaceLine1('b.py', 'new')] }));
    expect(pv.status).toBe('preview');
    expect(read('a.py')).toBe(before.a);
    const applied = ok(await writer.call('apply_edit', { edit_id: pv.edit_id }));
    expect(applied.status).toBe('applied');
    expect(read('a.py')).toBe('new = 1\r\nprint(x)\r\n');
    expect(statSync(f('a.py')).mode & 0o777).toBe(0o755);
    for (const [name, orig] of Object.entries(before)) {
      const chunk = pv.diff.split(/(?=^--- )/m).find((c) => c.startsWith(`--- ${name}.py`))!;
      expect(applyPatch(orig, chunk)).toBe(read(`${name}.py`));
    }
    const list = (await writer.call('list_edits', {})).structuredContent as { edits: Array<{ edit_id: string; state: string }> };
    expect(list.edits.find((e) => e.edit_id === pv.edit_id)?.state).toBe('applied');
  });

  it('undo restores bytes and modes; undo of a file changed since is refused', async () => {
    writeFileSync(f('u.sh'), 'abc\n', { mode: 0o700 });
    const r = ok(await writer.call('edit_files', { edits: [replaceLine1('u.sh', 'xyz')], apply: true }));
    expect(read('u.sh')).toBe('xyz\n');
    chmodSync(f('u.sh'), 0o700);
    const undo = await writer.call('undo_edit', { edit_id: r.edit_id });
    expect(undo.isError).toBeFalsy();
    expect(read('u.sh')).toBe('abc\n');
    expect(statSync(f('u.sh')).mode & 0o777).toBe(0o700);

    const r2 = ok(await writer.call('edit_files', { edits: [replaceLine1('u.sh', 'xyz')], apply: true }));
    writeFileSync(f('u.sh'), 'someone else\n');
    const refused = await writer.call('undo_edit', { edit_id: r2.edit_id });
    expect(errorOf(refused).code).toBe('E_CONFLICT');
    expect(read('u.sh')).toBe('someone else\n');
  });

  it('a stale edit_id is refused with E_CONFLICT naming the file, and nothing is written', async () => {
    writeFileSync(f('s1.txt'), 'one\n');
    writeFileSync(f('s2.txt'), 'two\n');
    const pv = ok(await writer.call('edit_files', { edits: [replaceLine1('s1.txt', 'ONE'), replaceLine1('s2.txt', 'TWO')] }));
    writeFileSync(f('s2.txt'), 'two changed\n');
    const r = await writer.call('apply_edit', { edit_id: pv.edit_id });
    expect(errorOf(r).code).toBe('E_CONFLICT');
    expect(errorOf(r).message).toContain('s2.txt');
    expect(read('s1.txt')).toBe('one\n');
  });

  it('a failure writing the second of three files leaves all three exactly as before', async () => {
    for (const n of [1, 2, 3]) writeFileSync(f(`r${n}.txt`), `abc ${n}\n`);
    chmodSync(f('r2.txt'), 0o444);
    const r = await writer.call('edit_files', { edits: [1, 2, 3].map((n) => replaceLine1(`r${n}.txt`, 'XYZ')), apply: true });
    expect(errorOf(r).code).toBe('E_WRITE_DENIED');
    for (const n of [1, 2, 3]) expect(read(`r${n}.txt`)).toBe(`abc ${n}\n`);
    expect(statSync(f('r2.txt')).mode & 0o777).toBe(0o444);
  });

  it('a result that no longer parses is refused with the syntax error', async () => {
    writeFileSync(f('p.py'), 'def f(x):\n    return x\n');
    const pv = ok(await writer.call('edit_files', { edits: [{ file: 'p.py', range: { start: { line: 2, column: 12 }, end: { line: 2, column: 13 } }, new_text: '(x' }] }));
    expect((pv as unknown as { syntax_errors: unknown[] }).syntax_errors.length).toBeGreaterThan(0);
    const r = await writer.call('apply_edit', { edit_id: pv.edit_id });
    expect(errorOf(r).code).toBe('E_BAD_INPUT');
    expect(errorOf(r).message).toMatch(/syntax error in p\.py at 2:/);
    expect(read('p.py')).toBe('def f(x):\n    return x\n');
  });

  it('without --allow-writes nothing is written; overlays still work', async () => {
    writeFileSync(f('w.txt'), 'abc\n');
    const r = await reader.call('edit_files', { edits: [replaceLine1('w.txt', 'XYZ')], apply: true });
    expect(errorOf(r).code).toBe('E_WRITE_DENIED');
    expect(read('w.txt')).toBe('abc\n');
    const ov = ok(await reader.call('edit_files', { edits: [replaceLine1('w.txt', 'XYZ')], apply: true, target: 'overlay' }));
    expect(ov.status).toBe('applied_to_overlay');
    expect(read('w.txt')).toBe('abc\n');
  });

  it('an edit_id belongs to its session', async () => {
    writeFileSync(f('o.txt'), 'abc\n');
    const pv = ok(await writer.call('edit_files', { edits: [replaceLine1('o.txt', 'XYZ')] }));
    expect(errorOf(await reader.call('apply_edit', { edit_id: pv.edit_id })).code).toBe('E_NOT_FOUND');
  });

  it('an edit tried in the overlays is then written to disk, and the overlay dropped', async () => {
    writeFileSync(f('t.txt'), 'abc\n');
    const ov = ok(await writer.call('edit_files', { edits: [replaceLine1('t.txt', 'XYZ')], apply: true, target: 'overlay' }));
    expect(read('t.txt')).toBe('abc\n');
    const disk = ok(await writer.call('apply_edit', { edit_id: ov.edit_id }));
    expect(disk.status).toBe('applied');
    expect(read('t.txt')).toBe('XYZ\n');
    const undone = await writer.call('undo_edit', { edit_id: ov.edit_id });
    expect(undone.isError).toBeFalsy();
    expect(read('t.txt')).toBe('abc\n');
  });

  it('edits outside the workspace are refused', async () => {
    const r = await writer.call('edit_files', { edits: [replaceLine1(path.join(tmpdir(), 'elsewhere.txt'), 'XYZ')] });
    expect(errorOf(r).code).toBe('E_OUTSIDE_WORKSPACE');
  });
});

