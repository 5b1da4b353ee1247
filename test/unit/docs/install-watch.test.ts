import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchInstallFolders, type InstallWatch } from '../../../src/core/index/deps/install-watch.js';

/** Where packages are installed, watched on the real file system: what an installer does reports once, once quiet. */

const QUIET = 150;
const settle = (ms = QUIET * 3) => new Promise((r) => setTimeout(r, ms));

let watch: InstallWatch | undefined;
afterEach(() => watch?.close());

function folderTree(): string {
  return mkdtempSync(path.join(tmpdir(), 'docent-install-watch-'));
}

describe('watching where packages are installed', () => {
  it("reports a package moved into node_modules or npm's .package-lock.json written, once for a burst, and not a tool's scratch folder", async () => {
    const dir = folderTree();
    const nm = path.join(dir, 'node_modules');
    mkdirSync(path.join(nm, 'lodash'), { recursive: true });
    let calls = 0;
    watch = watchInstallFolders([nm], () => calls++, { quietMs: QUIET });
    expect(watch.watching).toBe(1);
    // npm moves the old copy aside, the new one in, then writes its hidden lock: one report.
    mkdirSync(path.join(nm, '.lodash-Xy12'));
    renameSync(path.join(nm, 'lodash'), path.join(nm, '.lodash-Ab34'));
    renameSync(path.join(nm, '.lodash-Xy12'), path.join(nm, 'lodash'));
    writeFileSync(path.join(nm, '.package-lock.json'), '{}');
    await settle();
    expect(calls).toBe(1);
    // A build tool's cache beside the packages, and a file written inside a package: nothing installed.
    mkdirSync(path.join(nm, '.cache'));
    writeFileSync(path.join(nm, 'lodash', 'index.js'), '');
    await settle();
    expect(calls).toBe(1);
    rmSync(dir, { recursive: true, force: true });
  });

  it('in a node_modules with an installer\'s marker, waits for the marker before reporting a package folder changed', async () => {
    const dir = folderTree();
    const nm = path.join(dir, 'node_modules');
    mkdirSync(path.join(nm, 'typescript'), { recursive: true });
    writeFileSync(path.join(nm, '.package-lock.json'), '{}');
    let calls = 0;
    watch = watchInstallFolders([nm], () => calls++, { quietMs: QUIET, markerWaitMs: QUIET * 8 });
    // The new copy is in place, its files still being unpacked below it: not yet.
    renameSync(path.join(nm, 'typescript'), path.join(nm, '.typescript-Ab34'));
    mkdirSync(path.join(nm, 'typescript'));
    await settle();
    expect(calls).toBe(0);
    writeFileSync(path.join(nm, '.package-lock.json'), '{"v":2}');
    await settle();
    expect(calls).toBe(1);
    // A package removed by hand writes no marker: reported once the longer wait is over.
    rmSync(path.join(nm, 'typescript'), { recursive: true });
    await settle();
    expect(calls).toBe(1);
    await settle(QUIET * 8);
    expect(calls).toBe(2);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a node_modules being made (`rm -rf node_modules && npm ci`) is reported once its marker is written, not while packages unpack', async () => {
    const dir = folderTree();
    const nm = path.join(dir, 'node_modules');
    let calls = 0;
    watch = watchInstallFolders([nm], () => calls++, { quietMs: QUIET, markerWaitMs: QUIET * 8 });
    mkdirSync(path.join(nm, 'zod', 'lib'), { recursive: true });
    await settle();
    writeFileSync(path.join(nm, 'zod', 'package.json'), '{}');
    mkdirSync(path.join(nm, 'chalk'));
    await settle();
    expect(calls).toBe(0);
    writeFileSync(path.join(nm, '.package-lock.json'), '{}');
    await settle();
    expect(calls).toBe(1);
    rmSync(dir, { recursive: true, force: true });
  });

  it('waits for a folder not made yet from its nearest parent, then watches the folder itself', async () => {
    const dir = folderTree();
    const site = path.join(dir, '.venv', 'lib', 'python3.11', 'site-packages');
    let calls = 0;
    watch = watchInstallFolders([site], () => calls++, { quietMs: QUIET });
    // Another entry of the parent is not the way to the folder.
    writeFileSync(path.join(dir, 'notes.txt'), '');
    await settle();
    expect(calls).toBe(0);
    mkdirSync(site, { recursive: true });
    await settle();
    expect(calls).toBe(1);
    // Now the folder itself is watched: pip adds a distribution; bytecode written on import is not one.
    mkdirSync(path.join(site, 'requests-2.32.0.dist-info'));
    await settle();
    expect(calls).toBe(2);
    mkdirSync(path.join(site, '__pycache__'));
    await settle();
    expect(calls).toBe(2);
    rmSync(dir, { recursive: true, force: true });
  });

  it('follows a new list of folders, and reports nothing once closed', async () => {
    const dir = folderTree();
    const a = path.join(dir, 'a');
    const b = path.join(dir, 'b');
    mkdirSync(a);
    mkdirSync(b);
    let calls = 0;
    watch = watchInstallFolders([a], () => calls++, { quietMs: QUIET });
    watch.update([b]);
    writeFileSync(path.join(a, 'x'), '');
    await settle();
    expect(calls).toBe(0);
    writeFileSync(path.join(b, 'y'), '');
    await settle();
    expect(calls).toBe(1);
    watch.close();
    expect(watch.watching).toBe(0);
    writeFileSync(path.join(b, 'z'), '');
    await settle();
    expect(calls).toBe(1);
    rmSync(dir, { recursive: true, force: true });
  });
});
