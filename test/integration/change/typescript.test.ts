import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { useChangeFixture, type changeContext, type materialize } from './helpers.js';

// The change tools on the TypeScript server (typescript-language-server + tsserver), on a copy
// of test/fixtures/change/ts: a function re-exported through index.ts, a class member with a
// multi-line initializer, an unformatted file.
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
let fx: ReturnType<typeof materialize>;
let env: ReturnType<typeof changeContext>;
const typecheck = () => execFileSync(process.execPath, [tsc, '--noEmit', '-p', fx.root], { encoding: 'utf8' });

useChangeFixture('ts', (f, e) => {
  fx = f;
  env = e;
});

describe('change tools on TypeScript', () => {
  it('rename across the module, its re-export and its users; agrees with find_references; undo restores', async () => {
    const before = ['src/model.ts', 'src/index.ts', 'src/app.ts'].map((f) => fx.read(f));
    const r = await env.rename({ symbol: 'formatUser', file: 'src/model.ts', new_name: 'formatPerson', apply: true });
    expect(r.status).toBe('applied');
    expect(r.files.map((f) => f.file).sort()).toEqual(['src/app.ts', 'src/index.ts', 'src/model.ts']);
    expect(r.reference_check).toMatchObject({ consistent: true, missing: [], extra: [] });
    expect(r.occurrences).toHaveLength(5);
    expect(fx.read('src/index.ts')).toContain('export { formatPerson, parseUser }');
    expect(fx.read('src/app.ts')).not.toContain('formatUser');
    await env.undo({ edit_id: r.edit_id });
    expect(['src/model.ts', 'src/index.ts', 'src/app.ts'].map((f) => fx.read(f))).toEqual(before);
  });

  it('a rename onto a name already in scope is refused, and so is one that changes nothing', async () => {
    await expect(env.rename({ symbol: 'formatUser', file: 'src/model.ts', new_name: 'parseUser' })).rejects.toMatchObject({ code: 'E_BAD_INPUT', message: expect.stringMatching(/collides with an existing name: function parseUser/) });
    await expect(env.rename({ symbol: 'formatUser', file: 'src/model.ts', new_name: 'formatUser' })).rejects.toMatchObject({ code: 'E_BAD_INPUT', message: expect.stringMatching(/change nothing/) });
  });

  it('extract function: the result type-checks', async () => {
    const r = await env.extract({ file: 'src/calc.ts', range: { start: { line: 2 }, end: { line: 3 } }, name: 'sumTwice', apply: true });
    expect(r.via).toMatch(/extract/i);
    const text = fx.read('src/calc.ts');
    expect(text).toMatch(/function sumTwice\(a: number, b: number\)/);
    // Indented like the file (2 spaces), not tsserver's default 4.
    expect(text).toMatch(/\n  const sum = a \+ b;\n/);
    expect(text).toContain('const doubled = sumTwice(a, b);');
    expect(text).not.toMatch(/newFunction/);
    typecheck();
  });

  it('formatting is idempotent', async () => {
    const first = await env.format({ file: 'src/messy.ts', apply: true });
    expect(first.formatter).toBe('typescript');
    expect(first.counts.files).toBe(1);
    expect(fx.read('src/messy.ts')).toContain('export function messy(a: number, b: number) {');
    const again = await env.format({ file: 'src/messy.ts' });
    expect(again.counts).toEqual({ files: 0, edits: 0, added: 0, removed: 0 });
  });

  it('symbol edits on a class member with a multi-line initializer', async () => {
    const after = await env.insertAfter({ symbol: 'Widget.options', file: 'src/widget.ts', text: 'private count = 0;' });
    // After the closing `};` of the initializer, not inside it; indented like the member.
    expect(after.diff).toMatch(/\n {5}color: 'red',\n {3}\};\n\+ {2}private count = 0;\n/);
    expect(after.symbol.range).toEqual({ start: { line: 2, column: 3 }, end: { line: 6, column: 5 } });
    const refused = env.deleteSymbol({ symbol: 'Widget.options', file: 'src/widget.ts' });
    await expect(refused).rejects.toMatchObject({ code: 'E_BAD_INPUT', message: expect.stringMatching(/still has 2 reference\(s\): src\/widget\.ts:9/) });
    const replaced = await env.replaceBody({ symbol: 'Widget.options', file: 'src/widget.ts', new_body: 'private options = {\n  size: 2,\n  color: "blue",\n};', apply: true });
    expect(replaced.status).toBe('applied');
    const text = fx.read('src/widget.ts');
    expect(text).toContain('  /** Options every widget starts with. */\n  private options = {\n    size: 2,\n    color: "blue",\n  };\n\n  render()');
  });
});
