import { describe, expect, it } from 'vitest';
import { extractPythonFunction } from '../../../src/features/change/python-extract.js';

const lines = (text: string, from: number, to: number) => {
  const ls = text.split('\n');
  const start = ls.slice(0, from - 1).join('\n').length + (from > 1 ? 1 : 0);
  const end = ls.slice(0, to).join('\n').length;
  return [start, end] as const;
};

describe('extractPythonFunction', () => {
  const src = 'def compute(a: int, b: int) -> int:\n    total = a + b\n    doubled = total * 2\n    return doubled + 1\n';

  it('free names read become parameters, names read after become return values', async () => {
    const [s, e] = lines(src, 2, 3);
    const r = await extractPythonFunction(src, s, e, 'helper');
    expect(r.params).toEqual(['a', 'b']);
    expect(r.returns).toEqual(['doubled']);
    expect(r.text).toBe('def helper(a, b):\n    total = a + b\n    doubled = total * 2\n    return doubled\n\n\ndef compute(a: int, b: int) -> int:\n    doubled = helper(a, b)\n    return doubled + 1\n');
  });

  it('a final return moves with the range; methods keep self as a parameter', async () => {
    const cls = 'class C:\n    @property\n    def v(self):\n        x = self.a\n        return x * 2\n';
    const [s, e] = lines(cls, 4, 5);
    const r = await extractPythonFunction(cls, s, e, 'calc');
    expect(r.params).toEqual(['self']);
    expect(r.text).toContain('def calc(self):\n    x = self.a\n    return x * 2\n\n\nclass C:');
    expect(r.text).toContain('        return calc(self)\n');
  });

  it('refuses a return in the middle, yield, nonlocal, and a break leaving the range', async () => {
    const mid = 'def f(a):\n    if a:\n        return 1\n    b = 2\n    return b\n';
    await expect(extractPythonFunction(mid, ...lines(mid, 2, 4), 'g')).rejects.toThrow(/return before its last statement/);
    const gen = 'def f(a):\n    x = 1\n    yield x\n';
    await expect(extractPythonFunction(gen, ...lines(gen, 2, 3), 'g')).rejects.toThrow(/yields/);
    const nl = 'def f():\n    x = 1\n    def g():\n        nonlocal x\n        x = 2\n    return g\n';
    await expect(extractPythonFunction(nl, ...lines(nl, 4, 5), 'h')).rejects.toThrow(/nonlocal/);
    const br = 'def f(xs):\n    for x in xs:\n        if x:\n            break\n';
    await expect(extractPythonFunction(br, ...lines(br, 3, 4), 'h')).rejects.toThrow(/break/);
  });
});
