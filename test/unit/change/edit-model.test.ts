import { applyPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { applyTextEdits, editsBetween, lineEnding, type TextEdit } from '../../../src/core/edit/model.js';
import { buildPreview } from '../../../src/core/edit/preview.js';
import { newSyntaxErrors } from '../../../src/core/edit/syntax-check.js';
import { hashText } from '../../../src/core/vfs/snapshot.js';

const e = (sl: number, sc: number, el: number, ec: number, new_text: string, file = 'f.txt'): TextEdit => ({ file, range: { start: { line: sl, column: sc }, end: { line: el, column: ec } }, new_text });

describe('applyTextEdits', () => {
  it('applies several edits on one line and across lines, in any order', () => {
    const text = 'let a = 1;\nlet b = a + a;\n';
    expect(applyTextEdits(text, [e(2, 13, 2, 14, 'x'), e(1, 5, 1, 6, 'x'), e(2, 9, 2, 10, 'x')], 'f')).toBe('let x = 1;\nlet b = x + x;\n');
  });

  it('keeps CRLF line endings for inserted lines, and the final newline', () => {
    const text = 'a\r\nb\r\n';
    expect(applyTextEdits(text, [e(1, 2, 1, 2, '\nz')], 'f')).toBe('a\r\nz\r\nb\r\n');
    expect(applyTextEdits('x\ny\n', [e(1, 1, 3, 1, 'q')], 'f')).toBe('q\n');
    expect(lineEnding('a\r\nb\r\nc\n')).toBe('\r\n');
  });

  it('refuses a range outside the file and overlapping edits', () => {
    expect(() => applyTextEdits('ab\ncd\n', [e(5, 1, 5, 2, 'x')], 'f')).toThrow(/outside f/);
    expect(() => applyTextEdits('ab\ncd\n', [e(1, 4, 1, 4, 'x')], 'f')).toThrow(/line 1 has 2 columns/);
    expect(() => applyTextEdits('abcdef\n', [e(1, 1, 1, 4, 'x'), e(1, 3, 1, 5, 'y')], 'f')).toThrow(/overlap/);
  });

  it('the end of a file is addressable, on the line after a final newline', () => {
    expect(applyTextEdits('a\n', [e(2, 1, 2, 1, 'b\n')], 'f')).toBe('a\nb\n');
  });

  it('editsBetween turns a whole-text rewrite into one minimal edit', () => {
    const before = 'int  x=1;\nint y;\n';
    const after = 'int x = 1;\nint y;\n';
    const edits = editsBetween('f', before, after);
    expect(edits).toHaveLength(1);
    expect(applyTextEdits(before, edits, 'f')).toBe(after);
    expect(editsBetween('f', after, after)).toEqual([]);
  });
});

describe('buildPreview', () => {
  const files: Record<string, string> = { '/w/a.ts': 'export const a = 1;\n', '/w/b.ts': "import { a } from './a';\nconsole.log(a);\n" };
  const read = (p: string) => ({ text: files[p] ?? '', hash: hashText(files[p] ?? ''), exists: p in files });
  const show = (p: string) => p.replace('/w/', '');

  it('diff, counts and hashes; the diff applied to the original gives exactly the result', () => {
    const pv = buildPreview({ edits: [e(1, 14, 1, 15, 'z', '/w/a.ts'), e(1, 10, 1, 11, 'z', '/w/b.ts'), e(2, 13, 2, 14, 'z', '/w/b.ts')] }, read, show);
    expect(pv.counts).toEqual({ files: 2, edits: 3, added: 3, removed: 3 });
    expect(pv.files.map((f) => f.hash)).toEqual([hashText(files['/w/a.ts']!), hashText(files['/w/b.ts']!)]);
    expect(pv.diff).toContain('--- a.ts\n+++ a.ts\n');
    expect(pv.diff).toContain('+console.log(z);');
    for (const f of pv.files) {
      const own = pv.diff.split(/(?=^--- )/m).find((chunk) => chunk.startsWith(`--- ${show(f.path)}`))!;
      expect(applyPatch(f.before, own)).toBe(f.after);
    }
  });

  it('a renamed file is a resource operation; creating over an existing file is a conflict', () => {
    const pv = buildPreview({ edits: [], resources: [{ kind: 'rename', file: '/w/a.ts', new_file: '/w/c.ts' }] }, read, show);
    expect(pv.files[0]).toMatchObject({ path: '/w/a.ts', target: '/w/c.ts' });
    expect(pv.diff).toContain('+++ c.ts');
    expect(() => buildPreview({ edits: [], resources: [{ kind: 'create', file: '/w/b.ts' }] }, read, show)).toThrow(/already exists/);
  });

  it('an edit that changes nothing leaves no file in the preview', () => {
    expect(buildPreview({ edits: [e(1, 14, 1, 15, 'a', '/w/a.ts')] }, read, show).files).toEqual([]);
  });
});

describe('newSyntaxErrors', () => {
  it('reports an error the edit introduces, and not one the file already had', async () => {
    const ok = 'def f(x):\n    return x\n';
    const bad = 'def f(x):\n    return (x\n';
    const fresh = await newSyntaxErrors('m.py', ok, bad);
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh[0]!.line).toBeGreaterThanOrEqual(2);
    expect(await newSyntaxErrors('m.py', bad, bad)).toEqual([]);
    expect(await newSyntaxErrors('notes.txt', ok, bad)).toEqual([]);
  });
});

describe('lineEdits', () => {
  it('one edit per changed block, applying to exactly the new text', async () => {
    const { lineEdits } = await import('../../../src/core/edit/text-diff.js');
    const before = 'a\nb\nc\nd\ne\n';
    const after = 'a\nB\nc\nd\nE\nf\n';
    const edits = lineEdits('f', before, after);
    expect(edits).toHaveLength(2);
    expect(applyTextEdits(before, edits, 'f')).toBe(after);
    const noFinal = 'x = 1';
    expect(applyTextEdits(noFinal, lineEdits('f', noFinal, 'x = 1\n'), 'f')).toBe('x = 1\n');
  });
});

describe('fromWorkspaceEdit', () => {
  it('text edits and a file renamed with its symbol (edits addressed to the new name go to the file)', async () => {
    const { fromWorkspaceEdit } = await import('../../../src/core/lsp/workspace-edit.js');
    const range = { start: { line: 0, character: 13 }, end: { line: 0, character: 16 } };
    const c = fromWorkspaceEdit({
      documentChanges: [
        { kind: 'rename', oldUri: 'file:///w/Foo.java', newUri: 'file:///w/Bar.java' },
        { textDocument: { uri: 'file:///w/Bar.java', version: 1 }, edits: [{ range, newText: 'Bar' }] },
        { textDocument: { uri: 'untitled:x', version: 1 }, edits: [{ range, newText: 'Bar' }] },
      ],
    });
    expect(c.resources).toEqual([{ kind: 'rename', file: '/w/Foo.java', new_file: '/w/Bar.java' }]);
    expect(c.edits).toEqual([{ file: '/w/Foo.java', range: { start: { line: 1, column: 14 }, end: { line: 1, column: 17 } }, new_text: 'Bar' }]);
    const files: Record<string, string> = { '/w/Foo.java': 'public class Foo {}\n' };
    const pv = buildPreview(c, (p) => ({ text: files[p] ?? '', hash: hashText(files[p] ?? ''), exists: p in files }), (p) => p);
    expect(pv.files[0]).toMatchObject({ path: '/w/Foo.java', target: '/w/Bar.java', after: 'public class Bar {}\n', resource: { kind: 'rename' } });
  });
});
