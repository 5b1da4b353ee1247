import { describe, expect, it } from 'vitest';
import { declarationRange, reindent } from '../../../src/core/edit/symbol-range.js';

const rangeOf = async (file: string, text: string, name: string) => {
  const r = await declarationRange(file, text, text.indexOf(name));
  if (!r) throw new Error('no range');
  return { whole: text.slice(r.start, r.end), core: text.slice(r.coreStart, r.end), attrs: text.slice(r.attrStart, r.end), indent: r.indent, type: r.type };
};

describe('declarationRange', () => {
  it('Python: decorators and comments above a method, not the blank line or the previous method', async () => {
    const src = 'class A:\n    def a(self):\n        pass\n\n    # Total.\n    @property\n    @cached\n    def total(self):\n        return 1\n';
    const r = await rangeOf('m.py', src, 'total');
    expect(r.whole).toBe('# Total.\n    @property\n    @cached\n    def total(self):\n        return 1');
    expect(r.core.startsWith('def total')).toBe(true);
    expect(r.attrs.startsWith('@property')).toBe(true);
    expect(r.indent).toBe('    ');
  });

  it('Python: a module-level assignment', async () => {
    const r = await rangeOf('m.py', 'import os\n\nLIMIT = 10  # max\nx = 1\n', 'LIMIT');
    expect(r.whole).toBe('LIMIT = 10');
  });

  it('TypeScript: a member with a decorator and a multi-line initializer, with its semicolon', async () => {
    const src = 'class A {\n  /** Doc. */\n  @dec() private x = {\n    a: 1,\n  };\n  y = 2;\n}\n';
    const r = await rangeOf('a.ts', src, 'x =');
    expect(r.whole).toBe('/** Doc. */\n  @dec() private x = {\n    a: 1,\n  };');
    expect(r.core.startsWith('private x')).toBe(true);
  });

  it('TypeScript: an exported function and a method with decorators as siblings', async () => {
    expect((await rangeOf('a.ts', '// one\nexport function f() {}\n', 'f(')).whole).toBe('// one\nexport function f() {}');
    const m = await rangeOf('a.ts', 'class A {\n  @log\n  @trace()\n  m(): void {}\n}\n', 'm()');
    expect(m.whole).toBe('@log\n  @trace()\n  m(): void {}');
  });

  it('C++: a method with a doc comment and an attribute; a template', async () => {
    const src = 'struct S {\n  /// Area.\n  [[nodiscard]] double area() const;\n};\ntemplate <class T>\nT id(T v) { return v; }\n';
    const a = await rangeOf('s.h', src, 'area');
    expect(a.whole).toBe('/// Area.\n  [[nodiscard]] double area() const;');
    expect(a.core).toBe('double area() const;');
    expect((await rangeOf('s.h', src, 'id(')).whole).toBe('template <class T>\nT id(T v) { return v; }');
  });

  it('Rust: attributes and doc comments above an item', async () => {
    const src = '/// A point.\n#[derive(Debug)]\npub struct P { x: i32 }\n';
    expect((await rangeOf('p.rs', src, 'P {')).whole).toBe(src.trimEnd());
  });

  it('an enum member is not its enum: no range rather than the wrong one', async () => {
    const src = 'enum Color {\n  Red,\n  Green = 2,\n}\n';
    expect(await declarationRange('c.ts', src, src.indexOf('Red'), 'Red')).toBeNull();
    const g = await declarationRange('c.ts', src, src.indexOf('Green'), 'Green');
    expect(g && src.slice(g.start, g.end)).toBe('Green = 2,');
    const e = await declarationRange('c.ts', src, src.indexOf('Color'), 'Color');
    expect(e && src.slice(e.start, e.end)).toBe(src.trimEnd());
  });

  it('reindent shifts a block to the target indentation', () => {
    expect(reindent('def f():\n    return 1', '    ')).toBe('def f():\n        return 1');
    expect(reindent('  a\n    b', '\t', true)).toBe('\ta\n\t  b');
  });
});
