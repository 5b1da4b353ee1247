import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/docent.js';
import { useChangeFixture, type changeContext, type materialize } from './helpers.js';

// The change tools on Python: pyright renames, docent extracts (pyright offers no extraction)
// and black formats (pyright does not format), on a copy of test/fixtures/change/py: a function
// re-exported by a package's __init__.py, a class with decorated methods.
let fx: ReturnType<typeof materialize>;
let env: ReturnType<typeof changeContext>;
const python = (...args: string[]) => execFileSync('python3', args, { cwd: fx.root, encoding: 'utf8' });

useChangeFixture('py', (f, e) => {
  fx = f;
  env = e;
});

describe('change tools on Python', () => {
  it('rename across the module, the package re-export and a user; agrees with find_references', async () => {
    const r = await env.rename({ symbol: 'price_of', file: 'shop/models.py', new_name: 'cost_of', apply: true });
    expect(r.files.map((f) => f.file).sort()).toEqual(['app.py', 'shop/__init__.py', 'shop/models.py']);
    expect(r.reference_check.consistent).toBe(true);
    expect(fx.read('shop/__init__.py')).toContain('from .models import Cart, cost_of');
    expect(python('app.py').trim()).toBe('4.0 5.0');
    await env.undo({ edit_id: r.edit_id });
    expect(fx.read('app.py')).toContain('price_of');
  });

  it('a rename onto a name already in scope is refused', async () => {
    await expect(env.rename({ symbol: 'price_of', file: 'shop/models.py', new_name: 'discount' })).rejects.toMatchObject({ code: 'E_BAD_INPUT', message: expect.stringMatching(/collides with an existing name: function discount/) });
  });

  it('extract function: parameters and return values found, the result compiles and still computes the same', async () => {
    const r = await env.extract({ file: 'calc.py', range: { start: { line: 2 }, end: { line: 3 } }, name: 'doubled_sum', apply: true });
    expect(r).toMatchObject({ via: 'docent', params: ['a', 'b'], returns: ['doubled'] });
    python('-m', 'py_compile', path.join(fx.root, 'calc.py'));
    expect(python('-c', 'from calc import compute; print(compute(2, 3))').trim()).toBe('11');
    await expect(env.extract({ file: 'shop/models.py', anchor: '        """Sum of the prices."""\n        return sum(price_of(i) for i in self.items)\n', name: 'x' })).resolves.toMatchObject({ returns: [] });
  });

  it('formatting with black is idempotent', async () => {
    const first = await env.format({ file: 'messy.py', apply: true });
    expect(first.formatter).toBe('black');
    expect(fx.read('messy.py')).toBe('def messy(a, b):\n    return a + b\n\n\nx = [1, 2, 3]\n');
    const again = await env.format({ file: 'messy.py' });
    expect(again.counts.files).toBe(0);
  });

  it('symbol edits on a decorated method: decorators and docstring stay with it', async () => {
    const before = await env.insertBefore({ symbol: 'Cart.total', file: 'shop/models.py', text: 'def count(self) -> int:\n    return len(self.items)\n' });
    // Above @property, not between the decorator and the def; indented like the method.
    expect(before.diff).toMatch(/\+ {4}def count\(self\) -> int:\n\+ {8}return len\(self.items\)\n {5}@property\n/);
    expect(before.symbol.kind).toBe('decorated_definition');
    const replaced = await env.replaceBody({ symbol: 'Cart.total', file: 'shop/models.py', new_body: 'def total(self) -> float:\n    return 0.0', apply: true });
    expect(replaced.status).toBe('applied');
    expect(fx.read('shop/models.py')).toContain('    @property\n    def total(self) -> float:\n        return 0.0\n\n    @staticmethod');
    await expect(env.deleteSymbol({ symbol: 'Cart.total', file: 'shop/models.py' })).rejects.toMatchObject({ message: expect.stringMatching(/still has 1 reference\(s\): app\.py:5/) });
    const del = await env.deleteSymbol({ symbol: 'Cart.total', file: 'shop/models.py', force: true, apply: true });
    expect(del.references).toHaveLength(1);
    const text = fx.read('shop/models.py');
    expect(text).not.toContain('@property');
    expect(text).toContain("        self.items: list[str] = []\n\n    @staticmethod\n");
    python('-m', 'py_compile', path.join(fx.root, 'shop/models.py'));
  });

  it('CLI: without --apply the diff is printed and nothing written; --apply writes', () => {
    // docent's own extraction: no language server to start in a second process.
    const before = fx.read('app.py');
    const preview = runCli(['extract', 'app.py:3-4', 'make_cart', '--root', fx.root], { cwd: fx.root });
    expect(preview.status).toBe(0);
    expect(preview.stdout).toContain('+def make_cart():');
    expect(fx.read('app.py')).toBe(before);
    const applied = runCli(['extract', 'app.py:3-4', 'make_cart', '--apply', '--root', fx.root], { cwd: fx.root });
    expect(applied.status).toBe(0);
    expect(fx.read('app.py')).toContain('def make_cart():\n    cart = Cart.empty()\n    cart.items.append("apple")\n    return cart\n');
    python('-m', 'py_compile', path.join(fx.root, 'app.py'));
    const refused = runCli(['extract', 'calc.py:99-99', 'nothing', '--root', fx.root], { cwd: fx.root });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('outside the file');
  });
});

