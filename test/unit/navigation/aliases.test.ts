import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { aliasAt } from '../../../src/features/navigation/aliases.js';
import { hasDocComment } from '../../../src/features/navigation/workspace-search.js';

// Which source lines only name another symbol, in each language that has such lines.
const dir = mkdtempSync(path.join(tmpdir(), 'docent-aliases-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function at(file: string, text: string, line: number, name: string) {
  const f = path.join(dir, file);
  mkdirSync(path.dirname(f), { recursive: true });
  writeFileSync(f, text);
  const character = text.split('\n')[line]!.indexOf(name);
  return aliasAt({ file: f, position: { line, character } }, name);
}

describe('aliasAt', () => {
  it('C++: using-declarations and same-named aliases, not the entity or a using-directive', () => {
    expect(at('a.cc', 'using text::padLeft;\n', 0, 'padLeft')).toEqual({ text: 'using text::padLeft;', target: 'text::padLeft' });
    expect(at('b.cc', 'namespace app {\n  using ::a::b::Column;\n}\n', 1, 'Column')?.target).toBe('a::b::Column');
    expect(at('c.h', 'using Column = text::Column;\n', 0, 'Column')?.target).toBe('text::Column');
    expect(at('d.cc', 'std::string padLeft(const std::string& s, int w);\n', 0, 'padLeft')).toBeUndefined();
    expect(at('e.cc', 'using Vec = std::vector<int>;\n', 0, 'Vec')).toBeUndefined();
  });

  it('TypeScript/JavaScript: imports and re-exports, also inside a multi-line list; not declarations', () => {
    expect(at('i.ts', "export { padLeft, Column } from './pad.js';\n", 0, 'Column')).toBeDefined();
    expect(at('j.ts', "import {\n  padLeft,\n  Column,\n} from './pad.js';\n", 2, 'Column')).toBeDefined();
    expect(at('k.ts', 'export function padLeft(s: string): string {\n  return s;\n}\n', 0, 'padLeft')).toBeUndefined();
    expect(at('l.js', 'export const padLeft = (s) => s;\n', 0, 'padLeft')).toBeUndefined();
  });

  it('Python: from-imports (with their target), also in parentheses; not a def', () => {
    expect(at('pkg/__init__.py', 'from textkit.pad import Column, pad_left\n', 0, 'pad_left')).toEqual({ text: 'from textkit.pad import Column, pad_left', target: 'textkit.pad.pad_left' });
    expect(at('pkg2/__init__.py', 'from .pad import (\n    Column,\n    pad_left,\n)\n', 2, 'pad_left')).toBeDefined();
    expect(at('m.py', 'def pad_left(s):\n    return s\n', 0, 'pad_left')).toBeUndefined();
  });

  it('Rust: use and pub use; Go: type aliases, not type definitions', () => {
    expect(at('lib.rs', 'pub use crate::pad::pad_left;\n', 0, 'pad_left')?.target).toBe('crate::pad::pad_left');
    expect(at('lib2.rs', 'pub fn pad_left(s: &str) -> String {\n    s.into()\n}\n', 0, 'pad_left')).toBeUndefined();
    expect(at('a.go', 'package text\n\ntype Column = pad.Column\n', 2, 'Column')?.target).toBe('pad.Column');
    expect(at('b.go', 'package text\n\ntype Column struct{}\n', 2, 'Column')).toBeUndefined();
  });
});

describe('hasDocComment', () => {
  it('sees a doc comment above (past decorators) or a docstring below', () => {
    const f = path.join(dir, 'doc.ts');
    writeFileSync(f, '/** Pads. */\n@dec()\nexport function a() {}\n\nexport function b() {}\n');
    expect(hasDocComment({ file: f, position: { line: 2, character: 16 } })).toBe(true);
    expect(hasDocComment({ file: f, position: { line: 4, character: 16 } })).toBe(false);
    const p = path.join(dir, 'doc.py');
    writeFileSync(p, 'def a():\n    """Doc."""\n\ndef b():\n    return 1\n');
    expect(hasDocComment({ file: p, position: { line: 0, character: 4 } })).toBe(true);
    expect(hasDocComment({ file: p, position: { line: 3, character: 4 } })).toBe(false);
  });
});
