import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DocentError } from '../../../src/core/errors.js';
import { confinePath, isWithin } from '../../../src/core/workspace/confine.js';
import { Workspace } from '../../../src/core/workspace/workspace.js';

let base: string;
let root: string;
let outside: string;

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return (e as DocentError).code;
  }
  return undefined;
}

beforeAll(() => {
  base = realpathSync(mkdtempSync(path.join(tmpdir(), 'docent-confine-')));
  root = path.join(base, 'root');
  outside = path.join(base, 'outside');
  mkdirSync(path.join(root, 'src', 'deep'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
  writeFileSync(path.join(outside, 'secret.txt'), 'secret\n');
  symlinkSync(outside, path.join(root, 'escape'));
  symlinkSync(path.join(root, 'src'), path.join(root, 'inside-link'));
});

describe('confinePath', () => {
  it('resolves a relative path against the root', () => {
    const r = confinePath('src/a.ts', [root]);
    expect(r.absolute).toBe(path.join(root, 'src', 'a.ts'));
    expect(r.relative).toBe('src/a.ts');
    expect(r.root).toBe(root);
  });

  it('accepts an absolute path inside the root and the root itself', () => {
    expect(confinePath(path.join(root, 'src/a.ts'), [root]).relative).toBe('src/a.ts');
    expect(confinePath(root, [root]).relative).toBe('');
    expect(confinePath('.', [root]).relative).toBe('');
  });

  it('folds .. that stays inside', () => {
    expect(confinePath('src/deep/../a.ts', [root]).relative).toBe('src/a.ts');
  });

  it('rejects .. that escapes', () => {
    expect(codeOf(() => confinePath('../outside/secret.txt', [root]))).toBe('E_OUTSIDE_WORKSPACE');
    expect(codeOf(() => confinePath('src/../../outside', [root]))).toBe('E_OUTSIDE_WORKSPACE');
  });

  it('rejects absolute paths outside the roots', () => {
    expect(codeOf(() => confinePath('/etc/passwd', [root]))).toBe('E_OUTSIDE_WORKSPACE');
    expect(codeOf(() => confinePath(path.join(outside, 'secret.txt'), [root]))).toBe('E_OUTSIDE_WORKSPACE');
  });

  it('rejects a symlink that points outside, and files through it', () => {
    expect(codeOf(() => confinePath('escape', [root]))).toBe('E_OUTSIDE_WORKSPACE');
    expect(codeOf(() => confinePath('escape/secret.txt', [root]))).toBe('E_OUTSIDE_WORKSPACE');
    expect(codeOf(() => confinePath('escape/not-yet-created.txt', [root]))).toBe('E_OUTSIDE_WORKSPACE');
  });

  it('accepts a symlink that stays inside, reporting the real path', () => {
    expect(confinePath('inside-link/a.ts', [root]).relative).toBe('src/a.ts');
  });

  it('treats Windows-style separators as separators, so ..\\ cannot escape', () => {
    expect(confinePath('src\\a.ts', [root]).relative).toBe('src/a.ts');
    expect(codeOf(() => confinePath('..\\outside\\secret.txt', [root]))).toBe('E_OUTSIDE_WORKSPACE');
    expect(codeOf(() => confinePath('C:\\Windows\\system32', [root]))).toBe('E_OUTSIDE_WORKSPACE');
  });

  it('accepts file:// URIs inside and rejects them outside', () => {
    expect(confinePath(`file://${root}/src/a.ts`, [root]).relative).toBe('src/a.ts');
    expect(codeOf(() => confinePath(`file://${outside}/secret.txt`, [root]))).toBe('E_OUTSIDE_WORKSPACE');
  });

  it('rejects empty paths, NUL bytes, and having no roots', () => {
    expect(codeOf(() => confinePath('', [root]))).toBe('E_BAD_INPUT');
    expect(codeOf(() => confinePath('a\0b', [root]))).toBe('E_BAD_INPUT');
    expect(codeOf(() => confinePath('a.ts', []))).toBe('E_OUTSIDE_WORKSPACE');
  });

  it('does not treat a sibling with a common prefix as inside', () => {
    mkdirSync(`${root}-sibling`, { recursive: true });
    expect(isWithin(root, `${root}-sibling`)).toBe(false);
    expect(codeOf(() => confinePath(`${root}-sibling`, [root]))).toBe('E_OUTSIDE_WORKSPACE');
  });

  it('picks the root under which a relative path exists', () => {
    const second = path.join(base, 'second');
    mkdirSync(second, { recursive: true });
    writeFileSync(path.join(second, 'only-here.txt'), 'x');
    const r = confinePath('only-here.txt', [root, second]);
    expect(r.root).toBe(second);
  });
});

describe('Workspace', () => {
  it('checks existence and kind on request', () => {
    const ws = new Workspace([root]);
    expect(codeOf(() => ws.resolve('missing.ts', { mustExist: true }))).toBe('E_NOT_FOUND');
    expect(codeOf(() => ws.resolve('src', { kind: 'file' }))).toBe('E_BAD_INPUT');
    expect(ws.resolve('src/a.ts', { kind: 'file' }).relative).toBe('src/a.ts');
  });

  it('refuses a root that does not exist', () => {
    expect(codeOf(() => new Workspace([path.join(base, 'nope')]))).toBe('E_NOT_FOUND');
  });
});
