import { cpSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectTrees } from './project-trees.js';
import { DependencyIndexes } from '../../../src/core/index/deps/dependency-set.js';
import { pythonEnvironment } from '../../../src/core/index/deps/python-env.js';
import { pythonDependencies } from '../../../src/core/index/deps/python.js';
import { createLogger } from '../../../src/core/log.js';

/** Which Python environment a root uses, and which of its packages and standard library are the root's dependencies. */

const { dir, project } = projectTrees('docent-pydeps-');

describe('which Python environment', () => {
  function venv(at: string, systemToo = false): string {
    mkdirSync(path.join(at, 'lib', 'python3.11', 'site-packages'), { recursive: true });
    writeFileSync(path.join(at, 'pyvenv.cfg'), `home = /usr/bin\ninclude-system-site-packages = ${systemToo}\n`);
    return path.join(at, 'lib', 'python3.11', 'site-packages');
  }

  it('a virtualenv in the root first, then VIRTUAL_ENV, then python3', () => {
    const root = project('envs', { 'app.py': 'import x\n' });
    const active = venv(path.join(dir, 'active-venv'));
    expect(pythonEnvironment(root, { VIRTUAL_ENV: path.join(dir, 'active-venv') })).toEqual({ origin: path.join(dir, 'active-venv'), sitePackages: [active] });
    const own = venv(path.join(root, '.venv'));
    expect(pythonEnvironment(root, { VIRTUAL_ENV: path.join(dir, 'active-venv') })).toEqual({ origin: path.join(root, '.venv'), sitePackages: [own] });
    const bare = project('bare', {});
    expect(pythonEnvironment(bare, {})?.origin).toBe('python3');
  });

  it('adds the interpreter\'s own packages when the virtualenv includes them', () => {
    const root = project('syspkgs', {});
    const own = venv(path.join(root, 'venv'), true);
    const got = pythonEnvironment(root, {})!;
    expect(got.sitePackages[0]).toBe(own);
    expect(got.sitePackages.length).toBeGreaterThan(1);
  });

  it("adds its base interpreter's packages, found from pyvenv.cfg, not those of the python3 on the PATH", () => {
    const prefix = path.join(dir, 'base-prefix');
    mkdirSync(path.join(prefix, 'bin'), { recursive: true });
    const baseSite = path.join(prefix, 'lib', 'python3.12', 'site-packages');
    const debianSite = path.join(prefix, 'lib', 'python3', 'dist-packages');
    mkdirSync(baseSite, { recursive: true });
    mkdirSync(debianSite, { recursive: true });
    const root = project('base-syspkgs', {});
    const own = venv(path.join(root, '.venv'), true);
    writeFileSync(path.join(root, '.venv', 'pyvenv.cfg'), `home = ${path.join(prefix, 'bin')}\ninclude-system-site-packages = true\nversion = 3.12.1\n`);
    const got = pythonEnvironment(root, {})!;
    expect(got.sitePackages.filter((d) => !d.startsWith(path.join(process.env.HOME ?? '/nonexistent', '.local')))).toEqual([own, baseSite, debianSite]);
  });
});

describe('Python packages the root indexes itself', () => {
  function dist(sitePackages: string, name: string): void {
    mkdirSync(path.join(sitePackages, `${name}-1.0.dist-info`), { recursive: true });
    writeFileSync(path.join(sitePackages, `${name}-1.0.dist-info`, 'METADATA'), `Metadata-Version: 2.1\nName: ${name}\nVersion: 1.0\n`);
    writeFileSync(path.join(sitePackages, `${name}-1.0.dist-info`, 'top_level.txt'), `${name}\n`);
    mkdirSync(path.join(sitePackages, name), { recursive: true });
    writeFileSync(path.join(sitePackages, name, '__init__.py'), '"""A package."""\n');
  }

  it('a site-packages the walk covers is not a dependency; one in .venv (never walked) is', () => {
    // A Python installation as the root: its site-packages is walked with it (here through VIRTUAL_ENV).
    const root = project('pyinstall', { 'app.py': 'import walked\n' });
    const inside = path.join(root, 'env', 'lib', 'python3.11', 'site-packages');
    mkdirSync(inside, { recursive: true });
    writeFileSync(path.join(root, 'env', 'pyvenv.cfg'), 'home = /usr/bin\n');
    dist(inside, 'walked');
    expect(pythonDependencies(root, ['walked'], { VIRTUAL_ENV: path.join(root, 'env') }).installed).toEqual([]);
    // A project's own virtualenv is excluded from the walk, so its packages are dependencies.
    const proj = project('pyvenv', { 'app.py': 'import unwalked\n' });
    const venvSp = path.join(proj, '.venv', 'lib', 'python3.11', 'site-packages');
    mkdirSync(venvSp, { recursive: true });
    writeFileSync(path.join(proj, '.venv', 'pyvenv.cfg'), 'home = /usr/bin\n');
    dist(venvSp, 'unwalked');
    expect(pythonDependencies(proj, ['unwalked'], {}).installed.map((d) => d.name)).toEqual(['unwalked']);
  });
});

describe("the interpreter's standard library", () => {
  it("is a dependency of its own, found from a virtualenv's pyvenv.cfg without running anything, IDLE and installed packages left out (its tests listed: what they call is the library's usage)", async () => {
    const base = path.join(dir, 'base-python');
    const stdlib = path.join(base, 'lib', 'python3.11');
    for (const rel of ['os.py', 'json/__init__.py', 'json/decoder.py', 'test/test_os.py', 'idlelib/editor.py', 'site-packages/extra/__init__.py', '__pycache__/os.cpython-311.pyc']) {
      mkdirSync(path.dirname(path.join(stdlib, rel)), { recursive: true });
      writeFileSync(path.join(stdlib, rel), '"""A module."""\n');
    }
    mkdirSync(path.join(base, 'bin'), { recursive: true });
    const root = project('uses-stdlib', { 'app.py': 'import json\n' });
    mkdirSync(path.join(root, '.venv', 'lib', 'python3.11', 'site-packages'), { recursive: true });
    writeFileSync(path.join(root, '.venv', 'pyvenv.cfg'), `home = ${path.join(base, 'bin')}\ninclude-system-site-packages = false\nversion = 3.11.4\n`);
    expect(pythonEnvironment(root, {})?.stdlib).toEqual({ dir: stdlib, version: '3.11.4' });
    const found = pythonDependencies(root, ['json'], {}).installed.filter((d) => d.name === 'python');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ ecosystem: 'python', version: '3.11.4', base: realpathSync(stdlib) });
    const files: string[] = [];
    for await (const f of found[0]!.list()) files.push(f);
    expect(files.sort()).toEqual(['json/__init__.py', 'json/decoder.py', 'os.py', 'test/test_os.py']);
    // A pyvenv.cfg that does not say the version names no library.
    writeFileSync(path.join(root, '.venv', 'pyvenv.cfg'), `home = ${path.join(base, 'bin')}\n`);
    expect(pythonDependencies(root, ['json'], {}).installed.map((d) => d.name)).toEqual([]);
    // A tree that is not a Python project (no manifest, no virtualenv of its own, few Python
    // files: the scripts in Rust's standard library) does not get the library.
    const active = path.join(dir, 'active-env');
    mkdirSync(active, { recursive: true });
    writeFileSync(path.join(active, 'pyvenv.cfg'), `home = ${path.join(base, 'bin')}\nversion = 3.11.4\n`);
    const scripts = project('mostly-rust', { 'gen.py': 'import json\n' });
    const names = (share: number) => pythonDependencies(scripts, ['json'], { VIRTUAL_ENV: active }, share).installed.map((d) => d.name);
    expect(names(0.1)).toEqual([]);
    expect(names(0.6)).toEqual(['python']);
    writeFileSync(path.join(scripts, 'pyproject.toml'), '[project]\nname = "gen"\n');
    expect(names(0.1)).toEqual(['python']);
  });

  it('is no dependency of a root that is that library', () => {
    const stdlib = path.join(dir, 'base-python2', 'lib', 'python3.12');
    mkdirSync(stdlib, { recursive: true });
    writeFileSync(path.join(stdlib, 'os.py'), '');
    mkdirSync(path.join(dir, 'base-python2', 'bin'), { recursive: true });
    const venv = path.join(dir, 'venv-for-stdlib');
    mkdirSync(venv, { recursive: true });
    writeFileSync(path.join(venv, 'pyvenv.cfg'), `home = ${path.join(dir, 'base-python2', 'bin')}\nversion = 3.12.1\n`);
    expect(pythonEnvironment(stdlib, { VIRTUAL_ENV: venv })?.stdlib?.dir).toBe(stdlib);
    expect(pythonDependencies(stdlib, ['os'], { VIRTUAL_ENV: venv }).installed).toEqual([]);
  });

  it("is no dependency of a root that is another interpreter's library (Debian's indexed with pyenv's python3 on the PATH)", () => {
    const other = path.join(dir, 'distro', 'lib', 'python3.12');
    mkdirSync(other, { recursive: true });
    writeFileSync(path.join(other, 'os.py'), '');
    writeFileSync(path.join(other, 'json.py'), 'import os\n');
    const venv = path.join(dir, 'venv-for-stdlib');
    // The environment's library is base-python2's, not this root.
    expect(pythonEnvironment(other, { VIRTUAL_ENV: venv })?.stdlib?.dir).not.toBe(other);
    expect(pythonDependencies(other, ['os'], { VIRTUAL_ENV: venv }, 1).installed.map((d) => d.name)).toEqual([]);
  });

  it("is no dependency of a root that is an interpreter's package folder, nor is what its packages import (Debian's dist-packages beside its library)", () => {
    const venv = path.join(dir, 'venv-for-stdlib');
    const installed = path.join(dir, 'venv-for-stdlib', 'lib', 'python3.12', 'site-packages');
    mkdirSync(path.join(installed, 'helper'), { recursive: true });
    writeFileSync(path.join(installed, 'helper', '__init__.py'), '');
    mkdirSync(path.join(installed, 'helper-1.0.dist-info'), { recursive: true });
    writeFileSync(path.join(installed, 'helper-1.0.dist-info', 'METADATA'), 'Metadata-Version: 2.1\nName: helper\nVersion: 1.0\n');
    writeFileSync(path.join(installed, 'helper-1.0.dist-info', 'top_level.txt'), 'helper\n');
    const packages = path.join(dir, 'distro', 'lib', 'python3', 'dist-packages');
    mkdirSync(path.join(packages, 'tool'), { recursive: true });
    writeFileSync(path.join(packages, 'tool', '__init__.py'), 'import json\nimport helper\n');
    // The same tree under another name is a Python project: the library and what it imports.
    const project = path.join(dir, 'distro', 'lib', 'python3', 'tools');
    cpSync(packages, project, { recursive: true });
    expect(pythonDependencies(project, ['json', 'helper'], { VIRTUAL_ENV: venv }, 1).installed.map((d) => d.name).sort()).toEqual(['helper', 'python']);
    expect(pythonDependencies(packages, ['json', 'helper'], { VIRTUAL_ENV: venv }, 1).installed).toEqual([]);
    // The package folder of the environment found: its interpreter's library, and still not what its packages import.
    expect(pythonDependencies(installed, ['json', 'helper'], { VIRTUAL_ENV: venv }, 1).installed.map((d) => d.name)).toEqual(['python']);
  });

  it("takes none of another interpreter's packages for a root that is an installation of its own (a copied or distribution's Python, pyenv's python3 on the PATH)", () => {
    const venv = path.join(dir, 'venv-for-stdlib');
    const installed = path.join(venv, 'lib', 'python3.12', 'site-packages');
    mkdirSync(path.join(installed, 'clicker'), { recursive: true });
    writeFileSync(path.join(installed, 'clicker', '__init__.py'), '');
    mkdirSync(path.join(installed, 'clicker-8.0.dist-info'), { recursive: true });
    writeFileSync(path.join(installed, 'clicker-8.0.dist-info', 'METADATA'), 'Metadata-Version: 2.1\nName: clicker\nVersion: 8.0\n');
    writeFileSync(path.join(installed, 'clicker-8.0.dist-info', 'top_level.txt'), 'clicker\n');
    // An installation elsewhere whose own site-packages has its own copy, which it imports.
    const copied = path.join(dir, 'copied', 'lib', 'python3.12');
    mkdirSync(path.join(copied, 'site-packages', 'clicker'), { recursive: true });
    writeFileSync(path.join(copied, 'os.py'), '');
    writeFileSync(path.join(copied, 'site-packages', 'clicker', '__init__.py'), '');
    writeFileSync(path.join(copied, 'site-packages', 'tool.py'), 'import clicker\n');
    expect(pythonDependencies(copied, ['clicker', 'os'], { VIRTUAL_ENV: venv }, 1).installed).toEqual([]);
    // The same imports from a project resolve in the environment found.
    const proj = path.join(dir, 'clicker-user');
    mkdirSync(proj, { recursive: true });
    writeFileSync(path.join(proj, 'main.py'), 'import clicker\n');
    expect(pythonDependencies(proj, ['clicker'], { VIRTUAL_ENV: venv }, 1).installed.map((d) => d.name).sort()).toEqual(['clicker', 'python']);
  });

  it('is no dependency where another root of the workspace is that library', () => {
    const installed = path.join(dir, 'venv-for-stdlib', 'lib', 'python3.12', 'site-packages');
    const stdlib = path.join(dir, 'base-python2', 'lib', 'python3.12');
    let roots = [installed];
    const deps = new DependencyIndexes({ indexBase: path.join(dir, 'pkg-index'), includePrivate: false, maxFileBytes: 1_000_000, pool: () => { throw new Error('nothing is built here'); }, log: createLogger('test', 'error'), roots: () => roots });
    const saved = process.env.VIRTUAL_ENV;
    process.env.VIRTUAL_ENV = path.join(dir, 'venv-for-stdlib');
    try {
      deps.discover(installed, null);
      expect(deps.status([installed]).map((p) => p.name)).toEqual(['python']);
      roots = [installed, stdlib];
      deps.discover(installed, null);
      expect(deps.status([installed])).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.VIRTUAL_ENV;
      else process.env.VIRTUAL_ENV = saved;
      deps.dispose();
    }
  });
});
