import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectTrees } from './project-trees.js';
import { parseModulesTxt, vendoredFiles, vendoredModules, vendorVariant } from '../../../src/core/index/deps/go-vendor.js';
import { crateInDirectorySource, directorySourceVariant, sourceReplacements } from '../../../src/core/index/deps/cargo-sources.js';
import { isDependencyManifest, vendoredFolders } from '../../../src/core/index/deps/discover.js';
import { cargoDependencies } from '../../../src/core/index/deps/cargo.js';
import { gitCheckout, packagesInTree, parseGitSource } from '../../../src/core/index/deps/cargo-git.js';
import { goDependencies } from '../../../src/core/index/deps/go.js';

/** Dependencies kept as copies (go mod vendor, cargo vendor, Debian's crates): which copies, at which versions, from which settings. */

const { dir, project } = projectTrees('docent-vendored-');
const noGo = { GOROOT: path.join(dir, 'no-goroot'), PATH: '' };

const MODULES_TXT = `# github.com/pkg/errors v0.9.1
## explicit
github.com/pkg/errors
# golang.org/x/text v0.3.0 => golang.org/x/text v0.3.8
## explicit; go 1.17
golang.org/x/text/unicode/norm
golang.org/x/text/transform
# example.com/fork v1.0.0 => ../fork
## explicit
example.com/fork
# example.com/unused v1.1.0
## explicit
# example.com/old => example.com/new v2.0.0
`;

describe('vendor/modules.txt', () => {
  it('lists vendored modules at the version built (a replacement’s, a local folder’s marked +local), with their packages; package-less modules are left out', () => {
    expect(parseModulesTxt(MODULES_TXT)).toEqual([
      { module: 'github.com/pkg/errors', version: 'v0.9.1', packages: ['github.com/pkg/errors'] },
      { module: 'golang.org/x/text', version: 'v0.3.8', packages: ['golang.org/x/text/unicode/norm', 'golang.org/x/text/transform'] },
      { module: 'example.com/fork', version: 'v1.0.0+local', packages: ['example.com/fork'] },
    ]);
  });

  it('is read only in vendor mode: go ≥ 1.14 in go.mod (not without a go line), the last -mod in GOFLAGS, a workspace’s own vendor/ (go work vendor, go ≥ 1.22)', () => {
    const files = { 'vendor/modules.txt': MODULES_TXT };
    const modern = project('go-modern', { ...files, 'go.mod': 'module example.com/app\n\ngo 1.21\n' });
    expect(vendoredModules(modern, {})!.modules.map((m) => m.module)).toEqual(['github.com/pkg/errors', 'golang.org/x/text', 'example.com/fork']);
    expect(vendoredModules(modern, {})!.dir).toBe(path.join(modern, 'vendor'));
    expect(vendoredModules(modern, { GOFLAGS: '-mod=mod' })).toBeNull();
    expect(vendoredModules(modern, { GOFLAGS: '-trimpath -mod=readonly' })).toBeNull();
    expect(vendoredModules(modern, { GOFLAGS: '-mod=mod -mod=vendor' })).not.toBeNull();
    // `go env -w GOFLAGS=-mod=mod` writes the go env file, read when the environment has no GOFLAGS.
    const goenv = project('go-env-file', { 'env': 'GOPROXY=off\nGOFLAGS=-mod=mod\n' });
    expect(vendoredModules(modern, { GOENV: path.join(goenv, 'env') })).toBeNull();
    expect(vendoredModules(modern, { GOENV: path.join(goenv, 'env'), GOFLAGS: '' })).not.toBeNull();
    expect(vendoredModules(modern, { XDG_CONFIG_HOME: project('go-xdg', { 'go/env': 'GOFLAGS=-mod=readonly\n' }) })).toBeNull();
    const old = project('go-old', { ...files, 'go.mod': 'module example.com/app\n\ngo 1.13\n' });
    expect(vendoredModules(old, {})).toBeNull();
    expect(vendoredModules(old, { GOFLAGS: '-mod=vendor' })).not.toBeNull();
    expect(vendoredModules(project('go-no-line', { ...files, 'go.mod': 'module example.com/app\n' }), {})).toBeNull();
    expect(vendoredModules(project('go-none', { 'go.mod': 'module example.com/app\n\ngo 1.21\n' }), {})).toBeNull();
    // A go.work here or above puts the module in workspace mode: its vendor/ is not used, the workspace's is.
    const work = project('go-work', { ...files, 'go.mod': 'module example.com/app\n\ngo 1.22\n', 'go.work': 'go 1.22\n\nuse .\n' });
    expect(vendoredModules(work, {})).toBeNull();
    expect(vendoredModules(work, { GOWORK: 'off' })).not.toBeNull();
    const member = project('go-ws/app', { ...files, 'go.mod': 'module example.com/app\n\ngo 1.22\n' });
    project('go-ws', { 'go.work': 'go 1.22\n\nuse ./app\n' });
    expect(vendoredModules(member, {})).toBeNull();
    const wsVendor = project('go-ws-vendor', { 'vendor/modules.txt': `${MODULES_TXT}## workspace\n`, 'go.work': 'go 1.22\n\nuse ./app\n', 'app/go.mod': 'module example.com/app\n\ngo 1.22\n' });
    expect(vendoredModules(wsVendor, {})!.dir).toBe(path.join(wsVendor, 'vendor'));
    expect(vendoredModules(path.join(wsVendor, 'app'), {})!.dir).toBe(path.join(wsVendor, 'vendor'));
    expect(vendoredFolders(wsVendor, {})).toEqual(['/vendor/']);
    expect(vendoredModules(project('go-ws-old', { 'vendor/modules.txt': `${MODULES_TXT}## workspace\n`, 'go.work': 'go 1.21\n\nuse ./app\n', 'app/go.mod': 'module example.com/app\n\ngo 1.21\n' }), {})).toBeNull();
    const elsewhere = project('go-gowork-env', { 'go.work': 'go 1.22\n\nuse .\n' });
    expect(vendoredModules(modern, { GOWORK: path.join(elsewhere, 'go.work') })).toBeNull();
  });

  it("lists a module's vendored files package by package (not a nested module's, not tests), and tells copies of different packages apart", async () => {
    const root = project('go-files', {
      'go.mod': 'module example.com/app\n\ngo 1.21\n',
      'vendor/modules.txt': '# example.com/tools v0.1.0\nexample.com/tools\nexample.com/tools/sub\n# example.com/tools/nested v0.2.0\nexample.com/tools/nested\n',
      'vendor/example.com/tools/tools.go': 'package tools\n',
      'vendor/example.com/tools/sub/sub.go': 'package sub\n',
      'vendor/example.com/tools/sub/sub_test.go': 'package sub\n',
      'vendor/example.com/tools/nested/n.go': 'package nested\n',
    });
    const { dir: vendor, modules: [tools, nested] } = vendoredModules(root, {})!;
    expect(vendoredFiles(vendor, tools!)).toEqual(['tools.go', 'sub/sub.go']);
    expect(vendoredFiles(vendor, nested!)).toEqual(['n.go']);
    expect(vendorVariant(tools!)).toBe(vendorVariant({ ...tools!, packages: [...tools!.packages].reverse() }));
    expect(vendorVariant(tools!)).not.toBe(vendorVariant({ ...tools!, packages: ['example.com/tools'] }));
    const { installed, missing } = goDependencies(root, { ...noGo, GOMODCACHE: path.join(dir, 'empty-cache') });
    expect(missing).toEqual([]);
    const dep = installed.find((d) => d.name === 'example.com/tools')!;
    expect(dep).toMatchObject({ ecosystem: 'go', version: 'v0.1.0', base: path.join(root, 'vendor/example.com/tools'), naming: { goModule: 'example.com/tools' } });
    const listed: string[] = [];
    for await (const f of dep.list()) listed.push(f);
    expect(listed).toEqual(['tools.go', 'sub/sub.go']);
    expect(vendoredFolders(root, {})).toEqual(['/vendor/']);
  });
});

/** The folder a project's cargo config puts in place of crates.io. */
const cratesIoReplacement = (root: string, env: NodeJS.ProcessEnv) => sourceReplacements(root, env)('crates-io');

describe("a cargo config's source replacement", () => {
  const VENDOR_CONFIG = '[source.crates-io]\nreplace-with = "vendored-sources"\n\n[source.vendored-sources]\ndirectory = "vendor"\n';

  it('is read from the nearest .cargo/config.toml, its relative folder from the folder holding .cargo', () => {
    const root = project('cargo-ws/member', { 'Cargo.toml': '[package]\nname = "member"\nversion = "0.1.0"\n' });
    project('cargo-ws', { '.cargo/config.toml': VENDOR_CONFIG });
    const home = project('cargo-home-empty', {});
    expect(cratesIoReplacement(root, { CARGO_HOME: home })).toMatchObject({ name: 'vendored-sources', dir: path.join(dir, 'cargo-ws', 'vendor'), config: path.join(dir, 'cargo-ws', '.cargo', 'config.toml') });
    // Nothing replaced: crates come from the registry.
    expect(cratesIoReplacement(project('cargo-plain', { 'Cargo.toml': '' }), { CARGO_HOME: home })).toBeNull();
  });

  it('follows a chain of replacements, takes a nearer setting over CARGO_HOME’s, and reads dotted keys; another registry or a local registry is no folder', () => {
    const home = project('cargo-home', { 'config.toml': 'source.crates-io.replace-with = "mirror"\n[source.mirror]\nreplace-with = "debian"\n[source.debian]\ndirectory = "/usr/share/cargo/registry"\n' });
    const root = project('cargo-chain', { 'Cargo.toml': '' });
    expect(cratesIoReplacement(root, { CARGO_HOME: home })).toMatchObject({ name: 'debian', dir: '/usr/share/cargo/registry', config: path.join(home, 'config.toml') });
    const near = project('cargo-near', { 'Cargo.toml': '', '.cargo/config': '[source.crates-io]\nreplace-with = "vendored"\n[source.vendored]\ndirectory = "third_party/crates"\n' });
    expect(cratesIoReplacement(near, { CARGO_HOME: home })).toMatchObject({ name: 'vendored', dir: path.join(near, 'third_party', 'crates') });
    expect(vendoredFolders(near, { CARGO_HOME: home })).toEqual(['/third_party/crates/']);
    const local = project('cargo-local', { 'Cargo.toml': '', '.cargo/config.toml': '[source.crates-io]\nreplace-with = "loc"\n[source.loc]\nlocal-registry = "/srv/crates"\n' });
    expect(cratesIoReplacement(local, { CARGO_HOME: project('cargo-home-2', {}) })).toBeNull();
    const broken = project('cargo-broken', { 'Cargo.toml': '', '.cargo/config.toml': '[source.crates-io\nreplace-with = ' });
    expect(cratesIoReplacement(broken, { CARGO_HOME: project('cargo-home-3', {}) })).toBeNull();
  });

  it('finds a crate as <name> or <name>-<version>, only at the locked version, and names a copy by its checksum', () => {
    const src = project('crate-dir', {
      'serde/Cargo.toml': '[package]\nname = "serde"\nversion = "1.0.200"\n',
      'serde/.cargo-checksum.json': JSON.stringify({ files: { 'src/lib.rs': 'b'.repeat(64), 'Cargo.toml': 'c'.repeat(64) }, package: 'a'.repeat(64) }),
      'serde-copy/.cargo-checksum.json': JSON.stringify({ files: { 'Cargo.toml': 'c'.repeat(64), 'src/lib.rs': 'b'.repeat(64) }, package: 'a'.repeat(64) }),
      'serde-patched/.cargo-checksum.json': JSON.stringify({ files: { 'Cargo.toml': 'c'.repeat(64), 'src/lib.rs': 'd'.repeat(64) }, package: 'a'.repeat(64) }),
      'itoa-1.0.1/.cargo-checksum.json': JSON.stringify({ files: {}, package: 'e'.repeat(64) }),
      'serde-1.0.100/Cargo.toml': '[package]\nname = "serde"\nversion = "1.0.100"\n',
      'itoa-1.0.1/Cargo.toml': '[package]\nname = "itoa"\nversion = "1.0.1"\n',
    });
    expect(crateInDirectorySource(src, 'serde', '1.0.200')).toBe(path.join(src, 'serde'));
    expect(crateInDirectorySource(src, 'serde', '1.0.100')).toBe(path.join(src, 'serde-1.0.100'));
    expect(crateInDirectorySource(src, 'serde', '1.0.150')).toBeNull();
    expect(crateInDirectorySource(src, 'itoa', '1.0.1')).toBe(path.join(src, 'itoa-1.0.1'));
    // Copies with the same file checksums share a database; a patched copy or Debian's (no file checksums) does not.
    expect(directorySourceVariant(path.join(src, 'serde'))).toMatch(/^files:[0-9a-f]{16}$/);
    expect(directorySourceVariant(path.join(src, 'serde-copy'))).toBe(directorySourceVariant(path.join(src, 'serde')));
    expect(directorySourceVariant(path.join(src, 'serde-patched'))).not.toBe(directorySourceVariant(path.join(src, 'serde')));
    expect(directorySourceVariant(path.join(src, 'itoa-1.0.1'))).toMatch(/^dir:[0-9a-f]{10}$/);
  });

  it('takes crates.io’s crates from the folder, leaves other registries to CARGO_HOME, and says where a missing crate was looked for', () => {
    const lock = (name: string, version: string, source: string) => `[[package]]\nname = "${name}"\nversion = "${version}"\nsource = "${source}"\n`;
    const root = project('cargo-vendored', {
      'Cargo.toml': '[package]\nname = "app"\nversion = "0.1.0"\n',
      '.cargo/config.toml': VENDOR_CONFIG,
      'Cargo.lock': [lock('tiny', '0.2.0', 'registry+https://github.com/rust-lang/crates.io-index'), lock('gone', '1.0.0', 'sparse+https://index.crates.io/'), lock('corp', '3.0.0', 'registry+https://corp.example/index')].join('\n'),
      'vendor/tiny/Cargo.toml': '[package]\nname = "tiny"\nversion = "0.2.0"\n',
      'vendor/tiny/src/lib.rs': '//! tiny\n',
    });
    const home = project('cargo-home-4', { 'registry/src/corp.example-1234/corp-3.0.0/Cargo.toml': '[package]\nname = "corp"\nversion = "3.0.0"\n' });
    const { installed, missing } = cargoDependencies(root, { CARGO_HOME: home, RUSTUP_HOME: path.join(dir, 'no-rustup'), PATH: '' });
    expect(installed.filter((d) => d.name !== 'std').map((d) => [d.name, d.base, d.variant])).toEqual([
      ['tiny', path.join(root, 'vendor', 'tiny'), expect.stringMatching(/^dir:/)],
      ['corp', path.join(home, 'registry/src/corp.example-1234/corp-3.0.0'), undefined],
    ]);
    expect(missing).toEqual([{ ecosystem: 'cargo', name: 'gone', reason: expect.stringContaining(`not in ${path.join(root, 'vendor')}, which ${path.join(root, '.cargo', 'config.toml')} puts in place of crates.io`) }]);
    expect(vendoredFolders(root, { CARGO_HOME: home })).toEqual(['/vendor/']);
  });

  it('a git source replaced by a vendored folder (cargo vendor names it git+<url>), and that folder left out of the walk', () => {
    const root = project('cargo-git-vendored', {
      'Cargo.toml': '[package]\nname = "app"\nversion = "0.1.0"\n',
      '.cargo/config.toml': '[source."git+https://example.com/o/repo?branch=main"]\ngit = "https://example.com/o/repo"\nbranch = "main"\nreplace-with = "vendored"\n\n[source.vendored]\ndirectory = "third_party"\n',
      'Cargo.lock': '[[package]]\nname = "gitcrate"\nversion = "0.5.0"\nsource = "git+https://example.com/o/repo?branch=main#5ca1025bf43c4bdef678f66814fb7b2689e07491"\n',
      'third_party/gitcrate/Cargo.toml': '[package]\nname = "gitcrate"\nversion = "0.5.0"\n',
    });
    const { installed, missing } = cargoDependencies(root, { CARGO_HOME: project('cargo-home-5', {}), RUSTUP_HOME: path.join(dir, 'no-rustup'), PATH: '' });
    expect(missing).toEqual([]);
    expect(installed.filter((d) => d.name !== 'std').map((d) => [d.name, d.version, d.base])).toEqual([['gitcrate', '0.5.0', path.join(root, 'third_party', 'gitcrate')]]);
    expect(vendoredFolders(root, { CARGO_HOME: project('cargo-home-6', {}) })).toEqual(['/third_party/']);
  });

  it('a git source replaced under a name of its own, matched by its git url and branch as cargo matches it', () => {
    const rev = '5ca1025bf43c4bdef678f66814fb7b2689e07491';
    const config = (branch: string) => `[source.upstream-repo]\ngit = "https://example.com/o/repo.git"\nbranch = "${branch}"\nreplace-with = "vendored"\n\n[source.vendored]\ndirectory = "third_party"\n`;
    const files = (branch: string) => ({
      'Cargo.toml': '[package]\nname = "app"\nversion = "0.1.0"\n',
      '.cargo/config.toml': config(branch),
      'Cargo.lock': `[[package]]\nname = "gitcrate"\nversion = "0.5.0"\nsource = "git+https://example.com/o/repo?branch=main#${rev}"\n`,
      'third_party/gitcrate/Cargo.toml': '[package]\nname = "gitcrate"\nversion = "0.5.0"\n',
    });
    const env = { CARGO_HOME: project('cargo-home-7', {}), RUSTUP_HOME: path.join(dir, 'no-rustup'), PATH: '' };
    const matched = project('cargo-git-named', files('main'));
    expect(cargoDependencies(matched, env).installed.filter((d) => d.name !== 'std').map((d) => d.base)).toEqual([path.join(matched, 'third_party', 'gitcrate')]);
    // Another branch is another source: not replaced, and not checked out either.
    const other = project('cargo-git-other-branch', files('dev'));
    expect(cargoDependencies(other, env).missing.map((m) => m.reason)).toEqual([expect.stringContaining('is not checked out under')]);
  });

  it('a cargo config, vendor/modules.txt and the Python tools’ files are manifests the watcher reports', () => {
    expect(isDependencyManifest('.cargo/config.toml')).toBe(true);
    expect(isDependencyManifest('crates/a/.cargo/config')).toBe(true);
    expect(isDependencyManifest('cargo/config.toml')).toBe(false);
    for (const f of ['vendor/modules.txt', '.python-version', 'poetry.lock', 'poetry.toml', 'Pipfile.lock']) expect(isDependencyManifest(f)).toBe(true);
  });
});

describe('crates from git repositories', () => {
  const REV = '5ca1025bf43c4bdef678f66814fb7b2689e07491';

  it('reads a lock source as the url, the name a cargo config replaces it by, and the commit', () => {
    expect(parseGitSource(`git+https://github.com/o/repo.git?branch=main#${REV}`)).toEqual({ key: 'git+https://github.com/o/repo.git?branch=main', url: 'https://github.com/o/repo.git', rev: REV });
    expect(parseGitSource('registry+https://github.com/rust-lang/crates.io-index')).toBeNull();
  });

  it("finds the crate in cargo's checkout of that commit, wherever it sits in the repository", () => {
    const home = project('git-home', {
      [`git/checkouts/repo-64680ce74762fccc/${REV.slice(0, 7)}/Cargo.toml`]: '[workspace]\nmembers = ["crates/*"]\n',
      [`git/checkouts/repo-64680ce74762fccc/${REV.slice(0, 7)}/crates/gitcrate/Cargo.toml`]: '[package]\nname = "gitcrate"\nversion.workspace = true\n',
      [`git/checkouts/repo-64680ce74762fccc/${REV.slice(0, 7)}/crates/other/Cargo.toml`]: '[package]\nname = "other"\n',
      // Another commit, and another repository of the same name, hold other copies.
      'git/checkouts/repo-64680ce74762fccc/0000000/crates/gitcrate/Cargo.toml': '[package]\nname = "gitcrate"\n',
      [`git/checkouts/repoextra-1111111111111111/${REV.slice(0, 7)}/Cargo.toml`]: '[package]\nname = "gitcrate"\n',
    });
    const source = parseGitSource(`git+https://github.com/o/repo.git#${REV}`)!;
    const checkout = path.join(home, 'git/checkouts/repo-64680ce74762fccc', REV.slice(0, 7));
    expect(gitCheckout(home, source, 'gitcrate')).toBe(path.join(checkout, 'crates', 'gitcrate'));
    expect(gitCheckout(home, source, 'missing')).toBeNull();
    expect(gitCheckout(home, parseGitSource(`git+https://github.com/o/repo#${'1'.repeat(40)}`)!, 'gitcrate')).toBeNull();
    expect(packagesInTree(checkout).get('other')).toBe(path.join(checkout, 'crates', 'other'));
    const root = project('git-app', { 'Cargo.toml': '[package]\nname = "app"\n', 'Cargo.lock': `[[package]]\nname = "gitcrate"\nversion = "0.5.0"\nsource = "git+https://github.com/o/repo.git#${REV}"\n\n[[package]]\nname = "gone"\nversion = "1.0.0"\nsource = "git+https://github.com/o/gone#${REV}"\n` });
    const { installed, missing } = cargoDependencies(root, { CARGO_HOME: home, RUSTUP_HOME: path.join(dir, 'no-rustup'), PATH: '' });
    expect(installed.filter((d) => d.name !== 'std').map((d) => [d.name, d.version, d.base, d.variant])).toEqual([['gitcrate', '0.5.0', path.join(checkout, 'crates', 'gitcrate'), `git:${REV.slice(0, 12)}`]]);
    expect(missing).toEqual([{ ecosystem: 'cargo', name: 'gone', reason: expect.stringContaining(`from https://github.com/o/gone at ${REV.slice(0, 7)} is not checked out under ${path.join(home, 'git', 'checkouts')}`) }]);
  });
});
