import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchRoot, type RootWatcher } from '../../../src/core/index/watcher.js';

/**
 * The index's watcher on a real directory tree (one fs.watch per directory): what it reports
 * for files and directories that appear, change, move and go, and what it never reports.
 */

let root: string;
let outside: string;
let watcher: RootWatcher;
let seen: Set<string>;

beforeEach(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-watch-'));
  outside = mkdtempSync(path.join(tmpdir(), 'docent-watch-outside-'));
  mkdirSync(path.join(root, 'pkg', 'sub'), { recursive: true });
  mkdirSync(path.join(root, 'node_modules', 'dep'), { recursive: true });
  mkdirSync(path.join(root, 'build'), { recursive: true });
  mkdirSync(path.join(outside, 'lib'), { recursive: true });
  writeFileSync(path.join(root, '.gitignore'), 'build/\n');
  writeFileSync(path.join(root, 'pkg', 'a.py'), 'x = 1\n');
  writeFileSync(path.join(root, 'pkg', 'sub', 'b.py'), 'y = 2\n');
  symlinkSync(path.join(outside, 'lib'), path.join(root, 'linked'));
  seen = new Set();
  watcher = watchRoot(root, [], (paths) => paths.forEach((p) => seen.add(p)), 20);
  await watcher.ready;
});

afterEach(async () => {
  await watcher.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

describe('the index watcher', () => {
  it('watches directories (not ignored ones, not symlinked ones), one watch each', () => {
    // root, pkg, pkg/sub: node_modules (a default exclude), build (.gitignore) and the symlink are not entered.
    expect(watcher.directories).toBe(3);
  });

  it('reports a source file that is added, changed or removed, and nothing else', async () => {
    writeFileSync(path.join(root, 'pkg', 'new.py'), 'z = 3\n');
    writeFileSync(path.join(root, 'pkg', 'sub', 'b.py'), 'y = 20\n');
    rmSync(path.join(root, 'pkg', 'a.py'));
    writeFileSync(path.join(root, 'pkg', 'notes.txt'), 'not source\n');
    // Extensionless: maybe a C++ header (`<optional>`), which the indexer tells by its mode line.
    writeFileSync(path.join(root, 'pkg', 'optional'), '// -*- C++ -*-\n');
    writeFileSync(path.join(root, 'node_modules', 'dep', 'index.js'), 'ignored\n');
    writeFileSync(path.join(root, 'build', 'out.py'), 'ignored\n');
    writeFileSync(path.join(outside, 'lib', 'far.py'), 'outside\n');
    await until(() => seen.has('pkg/new.py') && seen.has('pkg/sub/b.py') && seen.has('pkg/a.py') && seen.has('pkg/optional'));
    await new Promise((r) => setTimeout(r, 150));
    expect([...seen].sort()).toEqual(['pkg/a.py', 'pkg/new.py', 'pkg/optional', 'pkg/sub/b.py']);
  });

  it('a directory that appears is watched, and the source files already in it are reported', async () => {
    const fresh = path.join(outside, 'fresh');
    mkdirSync(path.join(fresh, 'deep'), { recursive: true });
    writeFileSync(path.join(fresh, 'deep', 'c.py'), 'c = 1\n');
    renameSync(fresh, path.join(root, 'pkg', 'fresh'));
    await until(() => seen.has('pkg/fresh/deep/c.py'));
    expect(seen.has('pkg/fresh/deep/c.py')).toBe(true);
    expect(watcher.directories).toBe(5);
    // Its files are watched from now on.
    writeFileSync(path.join(root, 'pkg', 'fresh', 'deep', 'd.py'), 'd = 1\n');
    await until(() => seen.has('pkg/fresh/deep/d.py'));
    expect(seen.has('pkg/fresh/deep/d.py')).toBe(true);
  });

  it('a directory removed and made again at once is watched again (the old watch followed the deleted one)', async () => {
    const sub = path.join(root, 'pkg', 'sub');
    rmSync(sub, { recursive: true });
    mkdirSync(sub);
    writeFileSync(path.join(sub, 'again.py'), 'a = 1\n');
    await until(() => seen.has('pkg/sub/again.py'));
    expect(seen.has('pkg/sub')).toBe(true);
    expect(seen.has('pkg/sub/again.py')).toBe(true);
    writeFileSync(path.join(sub, 'later.py'), 'l = 1\n');
    await until(() => seen.has('pkg/sub/later.py'));
    expect(seen.has('pkg/sub/later.py')).toBe(true);
    expect(watcher.directories).toBe(3);
  });

  it('a new directory named like a source file is walked, not reported as a file', async () => {
    mkdirSync(path.join(root, 'pkg', 'chart.js'));
    await until(() => watcher.directories === 4);
    writeFileSync(path.join(root, 'pkg', 'chart.js', 'index.js'), 'export {};\n');
    await until(() => seen.has('pkg/chart.js/index.js'));
    expect([...seen]).toEqual(['pkg/chart.js/index.js']);
  });

  it('reports nothing once closed, though a walk was still going', async () => {
    const big = path.join(outside, 'big');
    mkdirSync(big);
    for (let i = 0; i < 300; i++) mkdirSync(path.join(big, `d${i}`));
    for (let i = 0; i < 300; i++) writeFileSync(path.join(big, `d${i}`, 'm.py'), 'x = 1\n');
    renameSync(big, path.join(root, 'big'));
    await new Promise((r) => setTimeout(r, 5));
    await watcher.close();
    const after = seen.size;
    await new Promise((r) => setTimeout(r, 150));
    expect(seen.size).toBe(after);
  });

  it('a watched directory that is removed or renamed is reported as a directory, and its new name walked', async () => {
    renameSync(path.join(root, 'pkg', 'sub'), path.join(root, 'pkg', 'moved'));
    await until(() => seen.has('pkg/sub') && seen.has('pkg/moved/b.py'));
    expect(seen.has('pkg/sub')).toBe(true);
    expect(seen.has('pkg/moved/b.py')).toBe(true);
    rmSync(path.join(root, 'pkg'), { recursive: true });
    await until(() => seen.has('pkg'));
    expect(seen.has('pkg')).toBe(true);
    await until(() => watcher.directories === 1);
    expect(watcher.directories).toBe(1);
  });
});
