import { chmodSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectTrees } from './project-trees.js';
import { shellSplit } from '../../../src/core/index/deps/c-headers.js';
import { isDependencyManifest } from '../../../src/core/index/deps/discover.js';
import { cargoDependencies, crateName, lockedRegistryCrates, workspaceCrates } from '../../../src/core/index/deps/cargo.js';
import { compareVersions, escapeModulePath, goDependencies, requiredModules, workspaceModules } from '../../../src/core/index/deps/go.js';
import { layoutName, packageDbPath, pruneOldLayouts } from '../../../src/core/index/deps/package-db.js';
import { EXTRACTOR_VERSION, SCHEMA_VERSION } from '../../../src/core/index/schema.js';
import { declaredPythonNames } from '../../../src/core/index/deps/python-env.js';
import { npmDependencies } from '../../../src/core/index/deps/npm.js';
import { TYPESCRIPT_LIB_PACKAGE, typescriptLibDependency } from '../../../src/core/index/deps/typescript-lib.js';
import { foldersMatching } from '../../../src/core/index/workspace-folders.js';
import { symlinkSync } from 'node:fs';

/** What each ecosystem's project files declare, read without the installed packages. */

const { dir, project } = projectTrees('docent-depfiles-');

describe("JavaScript's standard library (TypeScript's lib.*.d.ts)", () => {
  const listed = async (files: AsyncIterable<string>) => {
    const out: string[] = [];
    for await (const f of files) out.push(f);
    return out.sort();
  };

  it("is a dependency of an npm or TypeScript project, read from the project's TypeScript, whose package keeps the rest (its compiler API, the platforms' declarations)", async () => {
    const root = project('ts-lib', {
      'package.json': JSON.stringify({ devDependencies: { typescript: '^5' } }),
      'node_modules/typescript/package.json': JSON.stringify({ name: 'typescript', version: '5.4.2', types: 'lib/typescript.d.ts' }),
      'node_modules/typescript/lib/lib.es5.d.ts': '/** Removes the leading and trailing white space. */\ninterface String { trim(): string; }\n',
      'node_modules/typescript/lib/lib.es2019.string.d.ts': 'interface String { trimEnd(): string; }\n',
      'node_modules/typescript/lib/typescript.d.ts': '/** Creates a program. */\nexport declare function createProgram(): void;\n',
      'node_modules/typescript/lib/lib.webworker.d.ts': '/** A worker. */\ninterface WorkerGlobalScope { close(): void; }\n',
    });
    const { installed } = npmDependencies(root);
    const lib = installed.find((d) => d.name === TYPESCRIPT_LIB_PACKAGE)!;
    expect(lib).toMatchObject({ ecosystem: 'npm', version: '5.4.2', base: realpathSync(path.join(root, 'node_modules/typescript/lib')), standardLibrary: true });
    expect(await listed(lib.list())).toEqual(['lib.es2019.string.d.ts', 'lib.es5.d.ts']);
    // The typescript package itself: its compiler API and the platforms' declarations, not the language's again.
    const ts = installed.find((d) => d.name === 'typescript')!;
    expect(await listed(ts.list())).toEqual(['node_modules/typescript/lib/lib.webworker.d.ts', 'node_modules/typescript/lib/typescript.d.ts']);
  });

  it("is read from docent's own TypeScript when the project has none, and is no dependency of a root that is not a JavaScript project or is a published package", () => {
    const own = JSON.parse(readFileSync(path.join(process.cwd(), 'node_modules/typescript/package.json'), 'utf8')).version as string;
    expect(typescriptLibDependency(project('tsconfig-only', { 'tsconfig.json': '{}', 'src/a.ts': 'export const a = 1;\n' }))).toMatchObject({ name: TYPESCRIPT_LIB_PACKAGE, version: own });
    expect(typescriptLibDependency(project('python-only', { 'pyproject.toml': '[project]\nname = "x"\n', 'a.py': 'x = 1\n' }))).toBeNull();
    // A package as published (a package.json and its code, no lock file, configuration or
    // node_modules): a library's own docs, not a project; nor anything inside a node_modules.
    expect(typescriptLibDependency(project('published', { 'package.json': JSON.stringify({ name: 'lib', version: '1.0.0', devDependencies: { mocha: '*' } }), 'index.js': '/** Add. */\nexports.add = (a, b) => a + b;\n' }))).toBeNull();
    expect(typescriptLibDependency(project('with-lock', { 'package.json': '{}', 'package-lock.json': '{}' }))).toMatchObject({ name: TYPESCRIPT_LIB_PACKAGE });
    expect(typescriptLibDependency(project('app/node_modules/dep', { 'package.json': '{}', 'tsconfig.json': '{}' }))).toBeNull();
  });
});

describe('npm packages of a monorepo', () => {
  const pkg = (name: string, version: string) => JSON.stringify({ name, version });
  // The packages declared (JavaScript's standard library, which every such root gets, is tested below).
  const found = (root: string) => npmDependencies(root).installed.filter((d) => !d.standardLibrary).map((d) => `${d.name}@${d.version} ${path.relative(root, d.base) || '.'}`).sort();

  it("reads every workspace's package.json, resolves each from its own folder up to the root, and leaves the workspaces themselves out", () => {
    const root = project('mono', {
      'package.json': JSON.stringify({ private: true, workspaces: ['packages/*', '!packages/ignored'], devDependencies: { typescript: '^6' } }),
      'packages/a/package.json': JSON.stringify({ name: '@me/a', dependencies: { 'left-pad': '^1', '@me/b': '*' } }),
      'packages/b/package.json': JSON.stringify({ name: '@me/b', dependencies: { nested: '^2', 'not-installed': '^1' } }),
      'packages/ignored/package.json': JSON.stringify({ name: 'ignored', dependencies: { secret: '^1' } }),
      'node_modules/typescript/package.json': pkg('typescript', '6.0.3'),
      'node_modules/left-pad/package.json': pkg('left-pad', '1.3.0'),
      'node_modules/secret/package.json': pkg('secret', '1.0.0'),
      'packages/b/node_modules/nested/package.json': pkg('nested', '2.1.0'),
    });
    mkdirSync(path.join(root, 'node_modules', '@me'), { recursive: true });
    symlinkSync(path.join(root, 'packages', 'b'), path.join(root, 'node_modules', '@me', 'b'));
    expect(found(root)).toEqual(['left-pad@1.3.0 .', 'nested@2.1.0 packages/b', 'typescript@6.0.3 .']);
    expect(npmDependencies(root).missing.map((m) => m.name)).toEqual(['not-installed']);
    // Where an install changes them: the root's and each workspace's node_modules, made or not.
    expect(npmDependencies(root).installFolders!.map((f) => path.relative(root, f)).sort()).toEqual(['node_modules', 'packages/a/node_modules', 'packages/b/node_modules']);
    // A workspace the patterns leave out but a symlink resolves into the project, and a local spec: the project's own code.
    writeFileSync(path.join(root, 'package.json'), JSON.stringify({ private: true, workspaces: ['packages/a'], devDependencies: { typescript: '^6', '@me/c': 'workspace:*', secret: 'file:../secret' } }));
    expect(found(root)).toEqual(['left-pad@1.3.0 .', 'typescript@6.0.3 .']);
    // A tarball is unpacked into node_modules like a registry package: it is a dependency.
    writeFileSync(path.join(root, 'package.json'), JSON.stringify({ private: true, devDependencies: { secret: 'file:vendor/secret-1.0.0.tgz' } }));
    expect(found(root)).toEqual(['secret@1.0.0 .']);
  });

  it("says that a Yarn Plug'n'Play project's packages are zips docent does not read, not that they are missing", () => {
    const root = project('pnp', { 'package.json': JSON.stringify({ dependencies: { lodash: '^4' } }), '.pnp.cjs': '#!/usr/bin/env node\n', '.yarn/cache/lodash-npm-4.17.21-6382451519-eb835a2e51.zip': '' });
    expect(npmDependencies(root).missing).toEqual([{ ecosystem: 'npm', name: 'lodash', reason: expect.stringContaining("Yarn Plug'n'Play") }]);
    const plain = project('no-pnp', { 'package.json': JSON.stringify({ dependencies: { lodash: '^4' } }) });
    expect(npmDependencies(plain).missing).toEqual([{ ecosystem: 'npm', name: 'lodash', reason: 'not installed under node_modules' }]);
  });

  it('finds members from their patterns\' folders, however large the tree beside them', () => {
    const root = project('mono-large', {
      'packages/x/package.json': '{}',
      'packages/x/deep/a/package.json': '{}',
      'libs/y/Cargo.toml': '',
      'src/z/package.json': '{}',
    });
    for (let i = 0; i < 5200; i++) mkdirSync(path.join(root, 'docs', `d${i}`), { recursive: true });
    expect(foldersMatching(root, ['packages/*'], 'package.json')).toEqual(['packages/x']);
    expect(foldersMatching(root, ['packages/**', 'libs/*'], ['package.json', 'Cargo.toml'])).toEqual(['libs/y', 'packages/x', 'packages/x/deep/a']);
    expect(foldersMatching(root, ['./src/z/'], 'package.json')).toEqual(['src/z']);
    // A `**` pattern walks from the root, shallow folders first: members beside the large tree are found before its cap.
    expect(foldersMatching(root, ['**'], 'Cargo.toml')).toEqual(['libs/y']);
  });

  it("takes pnpm-workspace.yaml's packages list, and the object form of workspaces", () => {
    const pnpm = project('mono-pnpm', {
      'package.json': JSON.stringify({ name: 'root' }),
      'pnpm-workspace.yaml': "packages:\n  - 'apps/*'\n  - \"libs/**\"   # all of them\ncatalog:\n  - 'not/a/workspace'\n",
      'apps/web/package.json': JSON.stringify({ name: 'web', dependencies: { zod: '^4' } }),
      'libs/deep/util/package.json': JSON.stringify({ name: 'util', dependencies: { ms: '^2' } }),
      'node_modules/zod/package.json': pkg('zod', '4.1.0'),
      'node_modules/ms/package.json': pkg('ms', '2.1.3'),
    });
    expect(found(pnpm)).toEqual(['ms@2.1.3 .', 'zod@4.1.0 .']);
    const yarn = project('mono-yarn', {
      'package.json': JSON.stringify({ workspaces: { packages: ['tools/*'] } }),
      'tools/cli/package.json': JSON.stringify({ name: 'cli', dependencies: { chalk: '^5' } }),
      'node_modules/chalk/package.json': pkg('chalk', '5.3.0'),
    });
    expect(found(yarn)).toEqual(['chalk@5.3.0 .']);
    expect(isDependencyManifest('pnpm-workspace.yaml')).toBe(true);
    // The list at column 0, with comments and blank lines inside; the flow form.
    writeFileSync(path.join(pnpm, 'pnpm-workspace.yaml'), "packages:\n# the apps\n- apps/*\n\n- 'libs/**'\n");
    expect(found(pnpm)).toEqual(['ms@2.1.3 .', 'zod@4.1.0 .']);
    writeFileSync(path.join(pnpm, 'pnpm-workspace.yaml'), "packages: ['apps/*', \"libs/**\"]  # all\n");
    expect(found(pnpm)).toEqual(['ms@2.1.3 .', 'zod@4.1.0 .']);
  });
});

describe('declared Python distributions', () => {
  it('reads pyproject.toml (PEP 621 with extras and markers, optional groups, Poetry), requirements files and setup.cfg', () => {
    const root = project('py', {
      'pyproject.toml': [
        '[project]',
        'name = "app"',
        'dependencies = [',
        '  "requests[socks]>=2.0; python_version >= \'3.8\'",  # a comment with "quotes"',
        "  'Flask_Login==0.6',",
        ']',
        '[project.optional-dependencies]',
        'dev = ["pytest>=7", "ruff"]',
        '[tool.poetry.dependencies]',
        'python = "^3.10"',
        'numpy = "^1.26"',
        '[tool.poetry.group.docs.dependencies]',
        '"mkdocs-material" = "*"',
      ].join('\n'),
      'requirements.txt': '# pinned\nattrs==23.1.0\n-r requirements-dev.txt\n-e .\nhttps://example.invalid/x.whl\n./local\n',
      'requirements/test.txt': 'hypothesis  # property tests\n',
      'setup.cfg': '[metadata]\nname = app\n[options]\ninstall_requires =\n    click>=8\n    rich; sys_platform != "win32"\n[options.extras_require]\nx = notme\n',
    });
    expect(declaredPythonNames(root)).toEqual(['Flask_Login', 'attrs', 'click', 'hypothesis', 'mkdocs-material', 'numpy', 'pytest', 'requests', 'rich', 'ruff']);
  });

  it('is empty for a project without Python metadata', () => {
    expect(declaredPythonNames(project('none', { 'README.md': 'x' }))).toEqual([]);
  });
});

describe('Cargo', () => {
  it('keeps registry crates and leaves path and git ones out', () => {
    const lock = [
      'version = 3',
      '[[package]]\nname = "app"\nversion = "0.1.0"\ndependencies = [\n "serde",\n]',
      '[[package]]\nname = "serde"\nversion = "1.0.193"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "ab"',
      '[[package]]\nname = "sparse-one"\nversion = "0.2.0-beta.1"\nsource = "sparse+https://index.crates.io/"',
      '[[package]]\nname = "from-git"\nversion = "0.1.0"\nsource = "git+https://example.invalid/x#abc"',
    ].join('\n\n');
    expect(lockedRegistryCrates(lock).map((c) => `${c.name}@${c.version}`)).toEqual(['serde@1.0.193', 'sparse-one@0.2.0-beta.1']);
  });

  it("lists a Cargo workspace's member crates by folder, with the names their Cargo.toml give", () => {
    const root = project('cargo-ws', {
      'Cargo.toml': '[workspace]\nmembers = [\n  "crates/*",  # the libraries\n  "tools/gen",\n]\nexclude = ["crates/old"]\n\n[workspace.package]\nname = "not-a-crate"\n',
      'crates/alpha/Cargo.toml': "[package]\nname = 'alpha-core'\nversion = '0.1.0'\n\n[[bin]]\nname = 'alpha-cli'\n",
      'crates/beta/Cargo.toml': '[package] # the beta crate\nname = "beta"\n\n[lib]\nname = "beta_lib"\n',
      'crates/old/Cargo.toml': '[package]\nname = "old"\n',
      'crates/notes/README.md': 'no crate here\n',
      'tools/gen/Cargo.toml': '[package]\nname = "gen"\n',
    });
    expect(workspaceCrates(root)).toEqual([
      { dir: 'crates/alpha', crate: 'alpha_core' },
      { dir: 'crates/beta', crate: 'beta_lib' },
      { dir: 'tools/gen', crate: 'gen' },
    ]);
    expect(crateName(path.join(root, 'Cargo.toml'))).toBe('');
    expect(workspaceCrates(path.join(root, 'crates', 'beta'))).toEqual([]);
  });
});

describe('Go modules', () => {
  it('takes go.sum source entries at the version go.mod requires', () => {
    const root = project('go', {
      'go.mod': 'module example.com/app\n\ngo 1.21\n\nrequire (\n\tgithub.com/BurntSushi/toml v1.3.2\n\tgolang.org/x/text v0.14.0 // indirect\n)\n',
      'go.sum': [
        'github.com/BurntSushi/toml v1.2.0 h1:x=',
        'github.com/BurntSushi/toml v1.2.0/go.mod h1:x=',
        'github.com/BurntSushi/toml v1.3.2 h1:x=',
        'github.com/BurntSushi/toml v1.3.2/go.mod h1:x=',
        'golang.org/x/text v0.14.0 h1:x=',
        'golang.org/x/mod v0.8.0/go.mod h1:x=',
      ].join('\n'),
    });
    expect([...requiredModules(root)]).toEqual([
      ['github.com/BurntSushi/toml', 'v1.3.2'],
      ['golang.org/x/text', 'v0.14.0'],
    ]);
    expect(escapeModulePath('github.com/BurntSushi/toml')).toBe('github.com/!burnt!sushi/toml');
  });

  it("reads a go.work's modules: each one's requirements at the highest version any requires, the workspace's own modules left out", () => {
    const root = project('gowork', {
      'go.work': 'go 1.21\n\nuse (\n\t./api // the service\n\t./lib\n\t./gone\n\t../gowork-shared\n)\nuse ./tools\n',
      'api/go.mod': 'module example.com/api\n\nrequire (\n\texample.com/x v1.2.0\n\texample.com/lib v0.0.0\n\texample.com/shared v0.0.0-20240101000000-abcdef\n)\n',
      'lib/go.mod': 'module example.com/lib\n\nrequire example.com/x v1.10.0\nrequire example.com/y v0.1.0-rc.1\n',
      'tools/go.mod': 'module example.com/tools\n\nrequire example.com/y v0.1.0\n',
      'gomodcache/example.com/x@v1.10.0/x.go': 'package x\n',
      'gomodcache/example.com/y@v0.1.0/y.go': 'package y\n',
    });
    project('gowork-shared', { 'go.mod': 'module example.com/shared\n' });
    expect(workspaceModules(root)).toEqual(['api', 'lib', 'tools']);
    const got = goDependencies(root, { GOMODCACHE: path.join(root, 'gomodcache'), GOROOT: path.join(root, 'no-goroot'), PATH: '' });
    expect(got.installed.filter((d) => d.name !== 'std').map((d) => `${d.name}@${d.version}`).sort()).toEqual(['example.com/x@v1.10.0', 'example.com/y@v0.1.0']);
    expect(got.missing).toEqual([]);
    expect(compareVersions('v1.10.0', 'v1.9.9')).toBeGreaterThan(0);
    expect(compareVersions('v0.1.0', 'v0.1.0-rc.1')).toBeGreaterThan(0);
    expect(compareVersions('v0.0.0-20240101000000-abc', 'v0.0.0-20230101000000-def')).toBeGreaterThan(0);
    expect(compareVersions('v1.0.0-rc.10', 'v1.0.0-rc.9')).toBeGreaterThan(0);
    expect(compareVersions('v1.0.0-rc.1', 'v1.0.0-beta')).toBeGreaterThan(0);
    expect(isDependencyManifest('go.work')).toBe(true);
  });

  it('falls back to go.mod requires without a go.sum', () => {
    const root = project('gomod', { 'go.mod': 'module m\n\nrequire example.com/one v0.1.0\n' });
    expect([...requiredModules(root)]).toEqual([['example.com/one', 'v0.1.0']]);
  });
});

describe('compile commands', () => {
  it('splits a command line as a shell would', () => {
    expect(shellSplit(`cc -I"include dir" -DNAME='a b' -I\\ spaced -c main.c`)).toEqual(['cc', '-Iinclude dir', '-DNAME=a b', '-I spaced', '-c', 'main.c']);
    expect(shellSplit(`cc -DX="" file.c`)).toEqual(['cc', '-DX=', 'file.c']);
  });
});

describe('package database paths', () => {
  it('one per ecosystem, name, version (and header set), whatever the project', () => {
    const dep = (over: object) => ({ ecosystem: 'npm' as const, name: '@scope/pkg', version: '1.0.0', base: '/a', list: async function* () {}, ...over });
    const a = packageDbPath('/cache', dep({}), false);
    expect(a).toMatch(/^\/cache\/packages\/s\d+-x\d+-r\d+\/npm\/scope_pkg@1\.0\.0-[0-9a-f]{8}\/index\.db$/);
    expect(packageDbPath('/cache', dep({ base: '/elsewhere' }), false)).toBe(a);
    expect(packageDbPath('/cache', dep({ version: '1.0.1' }), false)).not.toBe(a);
    expect(packageDbPath('/cache', dep({ name: 'scope/pkg' }), false)).not.toBe(a);
    expect(packageDbPath('/cache', dep({}), true)).not.toBe(a);
    expect(packageDbPath('/cache', dep({ variant: 'x' }), false)).not.toBe(a);
  });
});

describe('replace directives in go.mod', () => {
  it('drops modules replaced by a local folder and follows those replaced by another module', () => {
    const root = project('gorepl', {
      'go.mod': 'module m\n\nrequire (\n\texample.com/a v1.0.0\n\texample.com/b v1.0.0\n)\n\nreplace example.com/a => ../a-local\n\nreplace (\n\texample.com/b v1.0.0 => example.com/b-fork v1.0.5 // patched\n)\n',
      'go.sum': 'example.com/a v1.0.0 h1:x=\nexample.com/b v1.0.0 h1:x=\nexample.com/b-fork v1.0.5 h1:x=\n',
    });
    expect([...requiredModules(root)]).toEqual([['example.com/b-fork', 'v1.0.5']]);
  });
});

describe("the Rust toolchain's standard library", () => {
  /** A `rustc` that answers for a sysroot holding rust-src's library (core, alloc, std, and core's tests). */
  function toolchain(name: string, version: string): { bin: string; library: string } {
    const sysroot = path.join(dir, name);
    const library = path.join(sysroot, 'lib', 'rustlib', 'src', 'rust', 'library');
    for (const rel of ['core/src/lib.rs', 'core/tests/num.rs', 'core/benches/num.rs', 'alloc/src/lib.rs', 'std/src/lib.rs', 'std/src/fs.rs', 'std/Cargo.toml']) {
      mkdirSync(path.dirname(path.join(library, rel)), { recursive: true });
      writeFileSync(path.join(library, rel), '//! A crate.\n');
    }
    const bin = path.join(sysroot, 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(path.join(bin, 'rustc'), `#!/bin/sh\ncase "$1" in --print) echo '${sysroot}' ;; --version) echo 'rustc ${version} (0123abcd 2026-01-01)' ;; esac\n`);
    chmodSync(path.join(bin, 'rustc'), 0o755);
    return { bin, library };
  }

  it("is a dependency of a Cargo project, read from the toolchain's rust-src at its version", async () => {
    const { bin, library } = toolchain('rust-sysroot', '1.80.1');
    const crate = project('uses-std', { 'Cargo.toml': '[package]\nname = "demo"\nversion = "0.1.0"\n', 'src/lib.rs': 'pub fn f() {}\n' });
    const env = { PATH: `${bin}:/usr/bin:/bin`, CARGO_HOME: path.join(dir, 'no-cargo-home') };
    const std = cargoDependencies(crate, env).installed.filter((d) => d.name === 'std');
    expect(std).toHaveLength(1);
    expect(std[0]).toMatchObject({ ecosystem: 'cargo', version: '1.80.1', base: realpathSync(library) });
    const files: string[] = [];
    for await (const f of std[0]!.list()) files.push(f);
    // Its tests are listed (read for the names they use, not extracted); benchmarks are not.
    expect(files.sort()).toEqual(['alloc/src/lib.rs', 'core/src/lib.rs', 'core/tests/num.rs', 'std/src/fs.rs', 'std/src/lib.rs']);
    // Not for a folder that is no Cargo project, nor for the library's own tree.
    expect(cargoDependencies(project('not-rust', { 'main.rs': 'fn main() {}\n' }), env).installed).toEqual([]);
    writeFileSync(path.join(library, 'Cargo.toml'), '[workspace]\n');
    expect(cargoDependencies(library, env).installed.map((d) => d.name)).toEqual([]);
  });
});

describe('files whose change can change the dependencies', () => {
  it('are the manifests and lock files of each ecosystem, including the ones that make a folder a Python or Cargo project', () => {
    for (const f of ['package.json', 'pyproject.toml', 'setup.py', 'setup.cfg', 'Pipfile', 'requirements-dev.txt', 'sub/requirements.in', 'Cargo.toml', 'Cargo.lock', 'go.mod', 'go.sum', 'build/compile_commands.json', 'package-lock.json', 'yarn.lock', 'pnpm-lock.yaml', 'uv.lock']) expect(isDependencyManifest(f), f).toBe(true);
    for (const f of ['app.py', 'src/setup_utils.py', 'node_modules/zod/package.json', 'Cargo.toml.orig']) expect(isDependencyManifest(f), f).toBe(false);
  });
});

describe("an earlier docent's package databases", () => {
  it('are removed, except the current layouts and a folder where a build holds its lock', () => {
    const base = path.join(dir, 'cache-base');
    const current = layoutName(false);
    const files = [
      `packages/${current}/python/requests@2.0-abc/index.db`,
      `packages/${current}-private/python/requests@2.0-abc/index.db`,
      'packages/s9-x40/python/requests@2.0-abc/index.db',
      `packages/s${SCHEMA_VERSION}-x${EXTRACTOR_VERSION}/python/requests@2.0-abc/index.db`,
      'packages/s9-x40-private/npm/zod@4.0-abc/index.db',
      'packages/s9-x41/cargo/serde@1.0-abc/index.db.lock',
      'packages/notes.txt',
    ];
    for (const f of files) {
      mkdirSync(path.dirname(path.join(base, f)), { recursive: true });
      writeFileSync(path.join(base, f), '');
    }
    expect(pruneOldLayouts(base).map((d) => path.basename(d)).sort()).toEqual([`s${SCHEMA_VERSION}-x${EXTRACTOR_VERSION}`, 's9-x40', 's9-x40-private'].sort());
    expect(readdirSync(path.join(base, 'packages')).sort()).toEqual([current, `${current}-private`, 'notes.txt', 's9-x41'].sort());
    expect(pruneOldLayouts(path.join(dir, 'no-cache-here'))).toEqual([]);
  });
});
