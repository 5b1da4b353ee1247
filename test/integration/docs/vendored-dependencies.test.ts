import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { which } from '../../../src/core/process/which.js';
import { startDocent, type DocentSession } from '../../helpers/docent.js';

/**
 * Dependencies kept as copies where the build tool reads them instead of its download cache: a
 * Go module's `vendor/` made by the real `go mod vendor` (from a file module proxy, no network),
 * a `cargo vendor` layout that cargo itself accepts, and Debian's `librust-*-dev` crates under
 * `/usr/share/cargo/registry`. Each copy is indexed as the package it is, at the version the
 * build uses, under the path code imports, and the project's own walk leaves it out.
 */

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/docs-deps-vendored');
const DEBIAN_REGISTRY = '/usr/share/cargo/registry';

let work: string;
let goEnv: Record<string, string>;

const sc = (r: { structuredContent?: unknown }) => r.structuredContent as Record<string, any>;
type Pkg = { name: string; version: string; ecosystem: string; files: number; items: number; state: string; error?: string; db?: string };
type Hit = { id: string; name: string; file: string; package: string | null; version: string | null };

/** The fixture's modules as a module proxy serves them: `<path>/@v/list`, `.info`, `.mod` (go.mod, or one line for a module without), `.zip`. */
const WRITE_PROXY = `
import json, os, sys, zipfile
src, proxy = sys.argv[1:3]
for host in sorted(os.listdir(src)):
    for mv in sorted(os.listdir(os.path.join(src, host))):
        mod, ver = mv.split('@')
        mpath = f'{host}/{mod}'
        d = os.path.join(proxy, mpath, '@v')
        os.makedirs(d, exist_ok=True)
        base = os.path.join(src, host, mv)
        gomod = os.path.join(base, 'go.mod')
        with open(os.path.join(d, f'{ver}.mod'), 'w') as f:
            f.write(open(gomod).read() if os.path.exists(gomod) else f'module {mpath}\\n')
        with open(os.path.join(d, f'{ver}.info'), 'w') as f:
            json.dump({'Version': ver, 'Time': '2024-01-01T00:00:00Z'}, f)
        with open(os.path.join(d, 'list'), 'a') as f:
            f.write(ver + '\\n')
        with zipfile.ZipFile(os.path.join(d, f'{ver}.zip'), 'w') as z:
            for dp, _, names in os.walk(base):
                for n in names:
                    p = os.path.join(dp, n)
                    z.write(p, f'{mpath}@{ver}/' + os.path.relpath(p, base).replace(os.sep, '/'))
`;

/** A crate copied as `cargo vendor` lays it out: every file's checksum and the crate's, which Cargo.lock repeats. */
function vendorCrate(from: string, to: string): string {
  cpSync(from, to, { recursive: true });
  const script = `
import hashlib, json, os, sys
d = sys.argv[1]
files = {}
for dp, _, names in os.walk(d):
    for n in names:
        p = os.path.join(dp, n)
        files[os.path.relpath(p, d).replace(os.sep, '/')] = hashlib.sha256(open(p, 'rb').read()).hexdigest()
package = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()
json.dump({'files': files, 'package': package}, open(os.path.join(d, '.cargo-checksum.json'), 'w'))
print(package)
`;
  return execFileSync('python3', ['-c', script, to], { encoding: 'utf8' }).trim();
}

function lockFor(app: string, crate: { name: string; version: string; checksum: string }): string {
  return `version = 3\n\n[[package]]\nname = "${app}"\nversion = "0.1.0"\ndependencies = [\n "${crate.name}",\n]\n\n[[package]]\nname = "${crate.name}"\nversion = "${crate.version}"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "${crate.checksum}"\n`;
}

async function packages(s: DocentSession): Promise<Pkg[]> {
  return sc(await s.call('index_status', {})).packages as Pkg[];
}

async function search(s: DocentSession, query: string, extra: Record<string, unknown> = {}): Promise<Hit[]> {
  return sc(await s.call('docs_search', { query, limit: 20, ...extra })).results as Hit[];
}

async function served(root: string, env: Record<string, string>): Promise<DocentSession> {
  const s = await startDocent(['--root', root], { DOCENT_INDEX_DIR: path.join(work, 'index'), ...env });
  expect(sc(await s.call('index_status', { wait: true })).state).toBe('ready');
  return s;
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'docent-vendored-'));
  cpSync(FIXTURE, work, { recursive: true });
  execFileSync('python3', ['-c', WRITE_PROXY, path.join(work, 'gomods'), path.join(work, 'proxy')]);
  goEnv = {
    GOPROXY: `file://${path.join(work, 'proxy')}`,
    GOSUMDB: 'off',
    GOFLAGS: '-mod=mod',
    GOMODCACHE: path.join(work, 'modcache'),
    GOPATH: path.join(work, 'gopath'),
    GOCACHE: path.join(work, 'gocache'),
    GOTOOLCHAIN: 'local',
  };
  const go = (args: string[], env: Record<string, string> = {}) => execFileSync('go', args, { cwd: path.join(work, 'goapp'), env: { ...process.env, ...goEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  go(['mod', 'tidy']);
  // The same app, not vendored, reads the module cache that tidy filled.
  cpSync(path.join(work, 'goapp'), path.join(work, 'goapp-cached'), { recursive: true });
  go(['mod', 'vendor']);
  // What vendor/ holds is all the build needs: no proxy, an empty module cache.
  go(['build', '-o', path.join(work, 'app.bin'), '.'], { GOFLAGS: '-mod=vendor', GOPROXY: 'off', GOMODCACHE: path.join(work, 'empty-modcache') });
  // A folder named vendor deeper down is not the module's vendor/ (GOROOT's cmd/vendor belongs to the cmd module).
  mkdirSync(path.join(work, 'goapp', 'tools', 'vendor'), { recursive: true });
  writeFileSync(path.join(work, 'goapp', 'tools', 'vendor', 'keep.go'), '// Package vendor is the app\'s own code.\npackage vendor\n\n// KeepNestedVendor stays the project\'s own.\nfunc KeepNestedVendor() {}\n');
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("a Go module's vendor/ (go mod vendor)", () => {
  let session: DocentSession;
  beforeAll(async () => {
    // Nothing in the module cache: the copies in vendor/ are the only ones on the machine.
    session = await served(path.join(work, 'goapp'), { GOMODCACHE: path.join(work, 'empty-modcache'), GOFLAGS: '' });
  }, 120_000);
  afterAll(async () => {
    await session?.close();
  });

  it('lists each vendored module at the version modules.txt gives, with only the packages vendored', async () => {
    const modules = readFileSync(path.join(work, 'goapp', 'vendor', 'modules.txt'), 'utf8');
    expect(modules).toContain('# example.com/vend v1.2.0');
    const pkgs = await packages(session);
    const find = (name: string) => pkgs.find((p) => p.ecosystem === 'go' && p.name === name);
    // strutil only: the module's root package is not imported, so not vendored.
    expect(find('example.com/vend')).toMatchObject({ version: 'v1.2.0', state: 'indexed', files: 1 });
    expect(find('example.com/legacy')).toMatchObject({ version: 'v0.9.0', state: 'indexed', files: 1 });
    expect(pkgs.filter((p) => p.state === 'not_installed')).toEqual([]);
  });

  it('names vendored items by the import path, even for a module without a go.mod', async () => {
    const rev = (await search(session, 'characters in reverse order rune by rune')).find((h) => h.name === 'ReverseRunes');
    expect(rev).toMatchObject({ id: 'example.com/vend/strutil.ReverseRunes', package: 'example.com/vend', version: 'v1.2.0' });
    // Inside the root: shown relative to it, as the project's files are.
    expect(rev!.file).toBe('vendor/example.com/vend/strutil/strutil.go');
    const answer = (await search(session, 'answer to life the universe and everything')).find((h) => h.name === 'UltimateAnswer');
    expect(answer).toMatchObject({ id: 'example.com/legacy.UltimateAnswer', package: 'example.com/legacy', version: 'v0.9.0' });
    expect((await search(session, 'RootOnlyHelper')).map((h) => h.name)).not.toContain('RootOnlyHelper');
  });

  it("keeps vendor/ out of the project's own items, and resolves an import to the vendored package", async () => {
    const own = await search(session, 'reverse order rune', { scope: 'project' });
    expect(own.map((h) => h.name)).not.toContain('ReverseRunes');
    expect((await search(session, 'Greeting', { scope: 'project' }))[0]).toMatchObject({ id: 'example.com/app.Greeting', package: null });
    expect((await search(session, 'KeepNestedVendor', { scope: 'project' }))[0]).toMatchObject({ name: 'KeepNestedVendor', file: 'tools/vendor/keep.go', package: null });
    const r = sc(await session.call('docs_resolve', { symbol: 'ReverseRunes', context: 'main.go' }));
    expect(r).toMatchObject({ id: 'example.com/vend/strutil.ReverseRunes', package: 'example.com/vend', version: 'v1.2.0' });
  });
});

describe('a Go module without vendor/ reads the module cache', () => {
  it("names a module that has no go.mod by its path (the cache holds only its files)", async () => {
    expect(existsSync(path.join(work, 'modcache', 'example.com', 'legacy@v0.9.0', 'go.mod'))).toBe(false);
    const session = await served(path.join(work, 'goapp-cached'), { GOMODCACHE: goEnv.GOMODCACHE!, GOFLAGS: '' });
    try {
      const pkgs = await packages(session);
      expect(pkgs.find((p) => p.name === 'example.com/vend')).toMatchObject({ version: 'v1.2.0', state: 'indexed', files: 2 });
      const answer = (await search(session, 'UltimateAnswer')).find((h) => h.name === 'UltimateAnswer');
      expect(answer).toMatchObject({ id: 'example.com/legacy.UltimateAnswer', package: 'example.com/legacy' });
      expect(answer!.file.startsWith(goEnv.GOMODCACHE!)).toBe(true);
    } finally {
      await session.close();
    }
  }, 120_000);
});

/** A copy of the fixture's Rust app as `cargo vendor` leaves it: the crate in vendor/ and the lock naming it (each test its own). */
function vendoredRustApp(name: string): string {
  const app = path.join(work, name);
  cpSync(path.join(work, 'rustapp'), app, { recursive: true });
  const checksum = vendorCrate(path.join(work, 'crates', 'tinyvend-0.2.0'), path.join(app, 'vendor', 'tinyvend'));
  writeFileSync(path.join(app, 'Cargo.lock'), lockFor('rustapp', { name: 'tinyvend', version: '0.2.0', checksum }));
  mkdirSync(path.join(work, 'cargo-home'), { recursive: true });
  return app;
}

describe('crates cargo keeps elsewhere than its registry download: vendored, packaged by Debian, checked out from git', () => {
  it('cargo vendor: the crate in vendor/, its items not the project’s own', async () => {
    const app = vendoredRustApp('rustapp-vendored');
    const cargoHome = path.join(work, 'cargo-home');
    // Where cargo is installed, it reads the same layout offline (the lock and every checksum agree).
    if (which('cargo')) execFileSync('cargo', ['metadata', '--offline', '--locked', '--format-version', '1'], { cwd: app, env: { ...process.env, CARGO_HOME: cargoHome }, stdio: ['ignore', 'pipe', 'pipe'] });
    const session = await served(app, { CARGO_HOME: cargoHome });
    try {
      const crate = (await packages(session)).find((p) => p.ecosystem === 'cargo' && p.name === 'tinyvend');
      expect(crate).toMatchObject({ version: '0.2.0', state: 'indexed', files: 1 });
      const hit = (await search(session, 'count the set bits of a byte slice')).find((h) => h.name === 'popcount_bytes');
      expect(hit).toMatchObject({ id: 'tinyvend::popcount_bytes', package: 'tinyvend', version: '0.2.0' });
      expect(hit!.file).toBe('vendor/tinyvend/src/lib.rs');
      expect((await search(session, 'popcount_bytes', { scope: 'project' })).map((h) => h.name)).not.toContain('popcount_bytes');
    } finally {
      await session.close();
    }
  }, 120_000);

  it('a cargo config written while docent serves moves vendor/ from the project’s own code to its dependencies', async () => {
    const app = vendoredRustApp('rustapp-late');
    const config = readFileSync(path.join(app, '.cargo', 'config.toml'), 'utf8');
    rmSync(path.join(app, '.cargo'), { recursive: true });
    const session = await served(app, { CARGO_HOME: path.join(work, 'cargo-home') });
    try {
      // No config yet: cargo would download the crate, and vendor/ is just a folder of the project.
      expect((await packages(session)).find((p) => p.name === 'tinyvend')).toMatchObject({ state: 'not_installed' });
      expect((await search(session, 'popcount_bytes', { scope: 'project' }))[0]).toMatchObject({ name: 'popcount_bytes', package: null });
      mkdirSync(path.join(app, '.cargo'));
      writeFileSync(path.join(app, '.cargo', 'config.toml'), config);
      let crate: Pkg | undefined;
      let own: Hit[] = [];
      for (let i = 0; i < 200; i++) {
        await new Promise((r) => setTimeout(r, 100));
        crate = (await packages(session)).find((p) => p.name === 'tinyvend');
        own = await search(session, 'popcount_bytes', { scope: 'project' });
        if (crate?.state === 'indexed' && !own.some((h) => h.name === 'popcount_bytes')) break;
      }
      expect(crate).toMatchObject({ version: '0.2.0', state: 'indexed' });
      expect(own.map((h) => h.name)).not.toContain('popcount_bytes');
      expect((await search(session, 'popcount_bytes', { scope: 'deps' }))[0]).toMatchObject({ name: 'popcount_bytes', package: 'tinyvend' });
    } finally {
      await session.close();
    }
  }, 120_000);

  it("a crate missing from that folder is reported with the config that points there", async () => {
    const app = vendoredRustApp('rustapp-missing');
    rmSync(path.join(app, 'vendor', 'tinyvend'), { recursive: true });
    const session = await served(app, { CARGO_HOME: path.join(work, 'cargo-home') });
    try {
      const crate = (await packages(session)).find((p) => p.ecosystem === 'cargo' && p.name === 'tinyvend');
      expect(crate).toMatchObject({ state: 'not_installed' });
      expect(crate!.error).toContain(path.join(app, 'vendor'));
      expect(crate!.error).toContain(path.join(app, '.cargo', 'config.toml'));
    } finally {
      await session.close();
    }
  }, 120_000);

  it("a crate from a git repository, in cargo's checkout of the locked commit", async () => {
    // A repository whose workspace holds the crate below its top, committed with the real git.
    const repo = path.join(work, 'gitrepo');
    mkdirSync(path.join(repo, 'crates', 'gitcrate', 'src'), { recursive: true });
    writeFileSync(path.join(repo, 'Cargo.toml'), '[workspace]\nmembers = ["crates/gitcrate"]\n');
    writeFileSync(path.join(repo, 'crates', 'gitcrate', 'Cargo.toml'), '[package]\nname = "gitcrate"\nversion = "0.5.0"\nedition = "2021"\n');
    writeFileSync(path.join(repo, 'crates', 'gitcrate', 'src', 'lib.rs'), '/// Mirror a byte slice end to end.\npub fn mirror_bytes(b: &[u8]) -> Vec<u8> { b.iter().rev().copied().collect() }\n');
    const git = (args: string[], cwd = repo) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
    git(['init', '-q']);
    git(['add', '-A']);
    git(['commit', '-qm', 'gitcrate']);
    const rev = git(['rev-parse', 'HEAD']);
    const app = path.join(work, 'gitapp');
    mkdirSync(path.join(app, 'src'), { recursive: true });
    writeFileSync(path.join(app, 'Cargo.toml'), `[package]\nname = "gitapp"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\ngitcrate = { git = "file://${repo}" }\n`);
    writeFileSync(path.join(app, 'src', 'main.rs'), 'fn main() {\n    println!("{:?}", gitcrate::mirror_bytes(&[1, 2]));\n}\n');
    const cargoHome = path.join(work, 'cargo-git-home');
    if (which('cargo')) {
      // The real cargo locks the commit and checks the repository out.
      execFileSync('cargo', ['fetch'], { cwd: app, env: { ...process.env, CARGO_HOME: cargoHome }, stdio: ['ignore', 'pipe', 'pipe'] });
    } else {
      // As cargo would: the lock's source, and a clone at checkouts/<name>-<hash of the URL>/<short commit>.
      writeFileSync(path.join(app, 'Cargo.lock'), `version = 3\n\n[[package]]\nname = "gitapp"\nversion = "0.1.0"\ndependencies = [\n "gitcrate",\n]\n\n[[package]]\nname = "gitcrate"\nversion = "0.5.0"\nsource = "git+file://${repo}#${rev}"\n`);
      const checkout = path.join(cargoHome, 'git', 'checkouts', 'gitrepo-0123456789abcdef', rev.slice(0, 7));
      mkdirSync(path.dirname(checkout), { recursive: true });
      git(['clone', '-q', repo, checkout], work);
    }
    expect(readFileSync(path.join(app, 'Cargo.lock'), 'utf8')).toContain(`source = "git+file://${repo}#${rev}"`);
    const session = await served(app, { CARGO_HOME: cargoHome });
    try {
      const crate = (await packages(session)).find((p) => p.ecosystem === 'cargo' && p.name === 'gitcrate');
      expect(crate).toMatchObject({ version: '0.5.0', state: 'indexed', files: 1 });
      const hit = (await search(session, 'mirror a byte slice end to end')).find((h) => h.name === 'mirror_bytes');
      expect(hit).toMatchObject({ id: 'gitcrate::mirror_bytes', package: 'gitcrate', version: '0.5.0' });
      expect(hit!.file).toMatch(new RegExp(`/git/checkouts/gitrepo-[0-9a-f]{16}/${rev.slice(0, 7)}/crates/gitcrate/src/lib\\.rs$`));
    } finally {
      await session.close();
    }
  }, 120_000);

  // Debian's packaged crates (scripts/ensure-deps.sh installs librust-itoa-dev).
  it("Debian's /usr/share/cargo/registry", async () => {
    const itoa = readdirSync(DEBIAN_REGISTRY).find((d) => /^itoa-\d/.test(d));
    expect(itoa).toBeDefined();
    const version = /^version\s*=\s*"([^"]+)"/m.exec(readFileSync(path.join(DEBIAN_REGISTRY, itoa!, 'Cargo.toml'), 'utf8'))![1]!;
    const app = path.join(work, 'debapp');
    mkdirSync(path.join(app, 'src'), { recursive: true });
    mkdirSync(path.join(app, '.cargo'));
    writeFileSync(path.join(app, 'Cargo.toml'), '[package]\nname = "debapp"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nitoa = "1"\n');
    writeFileSync(path.join(app, 'src', 'main.rs'), 'fn main() {\n    let mut b = itoa::Buffer::new();\n    println!("{}", b.format(7));\n}\n');
    // As Debian's cargo README tells a user to write it.
    writeFileSync(path.join(app, '.cargo', 'config.toml'), `[source]\n[source.debian-packages]\ndirectory = "${DEBIAN_REGISTRY}"\n[source.crates-io]\nreplace-with = "debian-packages"\n`);
    const sum = JSON.parse(readFileSync(path.join(DEBIAN_REGISTRY, itoa!, '.cargo-checksum.json'), 'utf8')).package as string;
    writeFileSync(path.join(app, 'Cargo.lock'), lockFor('debapp', { name: 'itoa', version, checksum: sum }));
    const session = await served(app, { CARGO_HOME: path.join(work, 'cargo-home') });
    try {
      const crate = (await packages(session)).find((p) => p.ecosystem === 'cargo' && p.name === 'itoa');
      expect(crate).toMatchObject({ version, state: 'indexed' });
      expect(crate!.items).toBeGreaterThan(0);
      const hit = (await search(session, 'itoa::Buffer')).find((h) => h.id === 'itoa::Buffer');
      expect(hit).toMatchObject({ package: 'itoa', version });
      expect(hit!.file.startsWith(path.join(DEBIAN_REGISTRY, itoa!))).toBe(true);
    } finally {
      await session.close();
    }
  }, 120_000);
});
