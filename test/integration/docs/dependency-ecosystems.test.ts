import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startDocent, type DocentSession } from '../../helpers/docent.js';
import { buildWheel, pipInstall } from '../../helpers/python-wheel.js';

/**
 * Dependencies outside the root, one per ecosystem, each found where its tool installs it: a
 * Python package built into a wheel here and installed with pip into a real virtualenv, a
 * crate from Cargo.lock unpacked in a CARGO_HOME registry, a Go module from go.sum in a
 * GOMODCACHE, and headers a compile_commands.json reaches through -I. Each package version
 * gets a database of its own under the index directory, which a second project (and a second
 * docent process) reuses without indexing anything again.
 */

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/docs-deps-eco');

let work: string;
let root: string;
let indexDir: string;
let env: Record<string, string>;
let session: DocentSession;

const sc = (r: { structuredContent?: unknown }) => r.structuredContent as Record<string, any>;
type Pkg = { name: string; version: string; ecosystem: string; files: number; items: number; state: string; error?: string; db?: string };
type Hit = { id: string; name: string; file: string; score: number; package: string | null; version: string | null };

function writeCompileCommands(project: string): void {
  const entries = [
    { directory: project, file: 'csrc/main.c', arguments: ['cc', '-I', '../third/include', '-c', 'csrc/main.c', '-o', 'main.o'] },
    { directory: project, file: 'csrc/extra.cpp', command: 'c++ -std=c++17 -I../third/include -c csrc/extra.cpp -o extra.o' },
  ];
  writeFileSync(path.join(project, 'compile_commands.json'), JSON.stringify(entries, null, 2));
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'docent-deps-eco-'));
  cpSync(FIXTURE, work, { recursive: true });
  root = path.join(work, 'project');
  writeCompileCommands(root);
  // A real virtualenv with the package installed by pip from the wheel built here (no network).
  const wheels = [buildWheel(path.join(work, 'wheel'), work, 'tinywheel', '0.3.1'), buildWheel(path.join(work, 'wheel'), work, 'otherwheel', '1.0.0')];
  execFileSync('python3', ['-m', 'venv', path.join(root, '.venv')]);
  pipInstall(path.join(root, '.venv'), wheels);
  indexDir = path.join(work, 'index');
  env = { DOCENT_INDEX_DIR: indexDir, CARGO_HOME: path.join(work, 'cargo-home'), GOMODCACHE: path.join(work, 'gomodcache'), VIRTUAL_ENV: '' };
  session = await startDocent(['--root', root], env);
  expect(sc(await session.call('index_status', { wait: true })).state).toBe('ready');
}, 120_000);

afterAll(async () => {
  await session?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function packages(s: DocentSession): Promise<Pkg[]> {
  return sc(await s.call('index_status', {})).packages as Pkg[];
}

async function search(query: string, extra: Record<string, unknown> = {}): Promise<Hit[]> {
  return sc(await session.call('docs_search', { query, limit: 20, ...extra })).results as Hit[];
}

describe('dependencies of each ecosystem, at the installed version', () => {
  it('index_status lists every dependency with its version and state', async () => {
    const pkgs = await packages(session);
    const find = (eco: string, name: string) => pkgs.find((p) => p.ecosystem === eco && p.name === name);
    expect(find('python', 'tinywheel')).toMatchObject({ version: '0.3.1', state: 'indexed', files: 2 });
    expect(find('python', 'missing-dist')).toMatchObject({ version: '', state: 'not_installed' });
    expect(find('python', 'missing-dist')!.error).toContain('.venv');
    // Installed, but neither declared nor imported: not a dependency (yet).
    expect(find('python', 'otherwheel')).toBeUndefined();
    expect(find('cargo', 'tinycrate')).toMatchObject({ version: '0.4.2', state: 'indexed', files: 1 });
    expect(find('go', 'example.com/TinyMod')).toMatchObject({ version: 'v1.5.0', state: 'indexed', files: 1 });
    const headers = pkgs.filter((p) => p.ecosystem === 'c');
    expect(headers).toHaveLength(1);
    expect(headers[0]).toMatchObject({ name: path.join(work, 'third', 'include'), state: 'indexed', files: 3 });
    expect(headers[0]!.version).toMatch(/^local-[0-9a-f]{10}$/);
    // The project's own crate is not a dependency.
    expect(pkgs.map((p) => p.name)).not.toContain('demo');
    for (const p of pkgs.filter((x) => x.state === 'indexed')) expect(p.items).toBeGreaterThan(0);
  });

  it("the interpreter's standard library is a dependency of the Python project, with its built-in modules", async () => {
    const version = execFileSync('python3', ['-c', 'import platform; print(platform.python_version())'], { encoding: 'utf8' }).trim();
    const std = (await packages(session)).find((p) => p.ecosystem === 'python' && p.name === 'python');
    expect(std).toMatchObject({ version, state: 'indexed' });
    expect(std!.files).toBeGreaterThan(100);
    const loads = (await search('deserialize a json document from a string')).find((h) => h.id === 'json.loads');
    expect(loads).toMatchObject({ package: 'python', version });
    // A module written in C, described by the interpreter (the venv's base python3 is on the PATH).
    expect((await search('time.sleep')).find((h) => h.id === 'time.sleep')).toMatchObject({ package: 'python', version });
  });

  it("Go's standard library is a dependency of the Go module, its packages named as imported", async () => {
    const goroot = execFileSync('go', ['env', 'GOROOT'], { encoding: 'utf8' }).trim();
    const version = readFileSync(path.join(goroot, 'VERSION'), 'utf8').split('\n')[0]!.trim();
    const std = (await packages(session)).find((p) => p.ecosystem === 'go' && p.name === 'std');
    expect(std).toMatchObject({ version, state: 'indexed' });
    expect((await search('read a whole file into memory')).find((h) => h.id === 'os.ReadFile')).toMatchObject({ package: 'std', version });
    expect((await search('encoding/json.Marshal'))[0]).toMatchObject({ id: 'encoding/json.Marshal', package: 'std' });
    // The predeclared identifiers, documented in package builtin, are lower-case and public.
    expect((await search('builtin.append'))[0]).toMatchObject({ id: 'builtin.append', package: 'std' });
  });

  it("a project too small to learn word vectors measures its items with a larger database's", async () => {
    // The project's function and the standard library's math.dist say the same words. Without
    // vectors of its own the project's scored 0.55 below (the vectors' share of a question's score).
    const hits = await search('euclidean distance between two points');
    const own = hits.find((h) => h.id === 'app.point_distance');
    const std = hits.find((h) => h.id === 'math.dist');
    expect(own).toBeDefined();
    expect(std).toMatchObject({ package: 'python' });
    expect(Math.abs(own!.score - std!.score)).toBeLessThan(0.15);
  });

  it('every dependency item records its package and version', async () => {
    const py = (await search('scale rectangle dimensions by a zoom factor')).find((h) => h.name === 'scale_dimensions');
    expect(py).toMatchObject({ package: 'tinywheel', version: '0.3.1' });
    // A virtualenv inside the root: its files are shown relative to the root.
    expect(py!.file).toMatch(/^\.venv\/lib\/python3\.\d+\/site-packages\/tinywheel\/geometry\.py$/);
    const rs = (await search('additive checksum over bytes')).find((h) => h.name === 'checksum_bytes');
    expect(rs).toMatchObject({ package: 'tinycrate', version: '0.4.2' });
    expect(rs!.file).toBe(path.join(work, 'cargo-home/registry/src/index.crates.io-6f17d22bba15001f/tinycrate-0.4.2/src/lib.rs'));
    const go = (await search('words of a sentence in reverse order')).find((h) => h.name === 'ReverseWords');
    expect(go).toMatchObject({ package: 'example.com/TinyMod', version: 'v1.5.0' });
    const c = (await search('blend two packed colours')).find((h) => h.name === 'tinyhdr_blend_colors');
    expect(c).toMatchObject({ package: path.join(work, 'third', 'include') });
    // A C++ header without an extension (as the standard library's are) is indexed as C++.
    expect((await search('singly linked list of integers')).find((h) => h.name === 'IntList')).toMatchObject({ package: path.join(work, 'third', 'include'), file: path.join(work, 'third', 'include', 'tinylist') });
    // A header reached only through another header is included too; one never included is not.
    expect((await search('clamp a colour channel')).map((h) => h.name)).toContain('tinyhdr_clamp_channel');
    expect((await search('tinyhdr_never_included')).map((h) => h.name)).not.toContain('tinyhdr_never_included');
    // A module's test files stay out.
    expect((await search('TestReverseWordsSecret')).map((h) => h.name)).not.toContain('TestReverseWordsSecret');
    const got = sc(await session.call('docs_get', { id: py!.id }));
    expect(got).toMatchObject({ package: 'tinywheel', version: '0.3.1' });
  });

  it('scope keeps the project apart from its dependencies', async () => {
    const all = await search('scale dimensions zoom factor');
    expect(all.map((h) => h.name)).toEqual(expect.arrayContaining(['local_scale', 'scale_dimensions']));
    const project = await search('scale dimensions zoom factor', { scope: 'project' });
    expect(project.map((h) => h.name)).toContain('local_scale');
    expect(project.every((h) => h.package === null)).toBe(true);
    const deps = await search('scale dimensions zoom factor', { scope: 'deps' });
    expect(deps.map((h) => h.name)).toContain('scale_dimensions');
    expect(deps.every((h) => h.package !== null)).toBe(true);
    expect(errorOf(await session.call('docs_resolve', { symbol: 'checksum_bytes', scope: 'project' })).code).toBe('E_NOT_FOUND');
    expect(sc(await session.call('docs_resolve', { symbol: 'checksum_bytes', scope: 'deps' }))).toMatchObject({ package: 'tinycrate', version: '0.4.2' });
    const listed = sc(await session.call('docs_list', { module: 'tinywheel.geometry', scope: 'deps' }));
    expect(listed.items.map((i: { name: string }) => i.name)).toEqual(expect.arrayContaining(['scale_dimensions', 'rotate_point']));
    expect(sc(await session.call('docs_list', { module: 'tinywheel.geometry', scope: 'project' })).total).toBe(0);
  });

  it('docs_resolve follows a Python or Go import to the installed package', async () => {
    const r = sc(await session.call('docs_resolve', { symbol: 'scale_dimensions', context: 'app.py' }));
    expect(r).toMatchObject({ package: 'tinywheel', version: '0.3.1' });
    expect(r.id).toMatch(/^tinywheel\./);
    const go = sc(await session.call('docs_resolve', { symbol: 'ReverseWords', context: 'main.go' }));
    expect(go).toMatchObject({ package: 'example.com/TinyMod', version: 'v1.5.0' });
  });

  it("docs_resolve reads a Go file's names for its imports (the package name, an alias) and a Rust file's use declarations", async () => {
    writeFileSync(path.join(root, 'extra.go'), 'package main\n\nimport (\n\ttm "example.com/TinyMod"\n\t"encoding/json"\n)\n\nfunc use() { _, _ = json.Marshal(tm.ReverseWords("a b")) }\n');
    writeFileSync(path.join(root, 'src', 'util.rs'), 'use tinycrate::checksum_bytes as cks;\nuse tinycrate::note;\n\npub fn sum(b: &[u8]) -> u32 { note!("sum"); cks(b) }\n');
    try {
      const want = { id: 'example.com/TinyMod.ReverseWords', package: 'example.com/TinyMod', version: 'v1.5.0' };
      // main.go imports the module without an alias: code names it by its package name.
      expect(sc(await session.call('docs_resolve', { symbol: 'tinymod.ReverseWords', context: 'main.go' }))).toMatchObject(want);
      expect(sc(await session.call('docs_resolve', { symbol: 'tm.ReverseWords', context: 'extra.go' }))).toMatchObject(want);
      expect(sc(await session.call('docs_resolve', { symbol: 'json.Marshal', context: 'extra.go' }))).toMatchObject({ id: 'encoding/json.Marshal', package: 'std' });
      expect(sc(await session.call('docs_resolve', { symbol: 'cks', context: 'src/util.rs' }))).toMatchObject({ id: 'tinycrate::checksum_bytes', package: 'tinycrate', version: '0.4.2' });
      // A `use` of a macro names it without its `!`.
      expect(sc(await session.call('docs_resolve', { symbol: 'note', context: 'src/util.rs' }))).toMatchObject({ id: 'tinycrate::note!', kind: 'macro', package: 'tinycrate' });
      // Without the file, neither local name means anything.
      expect(errorOf(await session.call('docs_resolve', { symbol: 'cks' })).code).toBe('E_NOT_FOUND');
    } finally {
      rmSync(path.join(root, 'extra.go'));
      rmSync(path.join(root, 'src', 'util.rs'));
    }
  });

  it('docs_resolve of a name imported from a package that is not installed says so, rather than answering a namesake', async () => {
    // tinywheel has a scale_dimensions; this file takes its own from missing-dist, declared and not installed.
    writeFileSync(path.join(root, 'uses_missing.py'), 'from missing_dist.shapes import scale_dimensions\n');
    try {
      const err = errorOf(await session.call('docs_resolve', { symbol: 'scale_dimensions', context: 'uses_missing.py' }));
      expect(err.code).toBe('E_NOT_FOUND');
      expect(err.message).toContain('missing_dist.shapes');
      expect(err.hint).toMatch(/^missing-dist is declared but not installed: not installed in .*\.venv/);
      // Without the file, the name is tinywheel's, as before.
      expect(sc(await session.call('docs_resolve', { symbol: 'scale_dimensions' }))).toMatchObject({ package: 'tinywheel' });
    } finally {
      rmSync(path.join(root, 'uses_missing.py'));
    }
  });
});

describe('a package version is indexed once per machine', () => {
  it('a second project with the same dependencies indexes nothing new', async () => {
    const first = await packages(session);
    // The crate, the module and the headers (the standard libraries, when there, are shared alike).
    const dbs = first.filter((p) => p.db && ['cargo', 'go', 'c'].includes(p.ecosystem) && p.name !== 'std').map((p) => p.db!);
    expect(dbs).toHaveLength(3);
    const before = dbs.map((f) => ({ ino: statSync(f).ino, mtime: statSync(f).mtimeMs }));
    const packagesDir = path.join(indexDir, 'packages');
    const count = () => readdirSync(packagesDir, { recursive: true }).filter((f) => String(f).endsWith('index.db')).length;
    const nBefore = count();
    // Another project pinning the same crate, module and headers (no virtualenv of its own).
    const other = path.join(work, 'other');
    cpSync(root, other, { recursive: true, filter: (src) => !src.includes(`${path.sep}.venv`) });
    writeCompileCommands(other);
    const second = await startDocent(['--root', other], env);
    try {
      expect(sc(await second.call('index_status', { wait: true })).state).toBe('ready');
      const pkgs = await packages(second);
      for (const f of dbs) expect(pkgs.find((p) => p.db === f)).toMatchObject({ state: 'indexed' });
      expect(count()).toBe(nBefore);
      expect(dbs.map((f) => ({ ino: statSync(f).ino, mtime: statSync(f).mtimeMs }))).toEqual(before);
      const hit = (sc(await second.call('docs_search', { query: 'additive checksum over bytes' })).results as Hit[]).find((h) => h.name === 'checksum_bytes');
      expect(hit).toMatchObject({ package: 'tinycrate', version: '0.4.2' });
    } finally {
      await second.close();
    }
  }, 60_000);

  it('two docent processes indexing the same package version at once build one sound database', async () => {
    const freshIndex = path.join(work, 'index-race');
    const projects = ['race-a', 'race-b'].map((n) => {
      const p = path.join(work, n);
      cpSync(root, p, { recursive: true, filter: (src) => !src.includes(`${path.sep}.venv`) });
      writeCompileCommands(p);
      return p;
    });
    const raceEnv = { ...env, DOCENT_INDEX_DIR: freshIndex, DOCENT_LOG: 'info' };
    const sessions = await Promise.all(projects.map((p) => startDocent(['--root', p], raceEnv)));
    try {
      const states = await Promise.all(sessions.map(async (s) => sc(await s.call('index_status', { wait: true })).state));
      expect(states).toEqual(['ready', 'ready']);
      const [a, b] = await Promise.all(sessions.map((s) => packages(s)));
      const crateA = a!.find((p) => p.name === 'tinycrate')!;
      const crateB = b!.find((p) => p.name === 'tinycrate')!;
      expect(crateA).toMatchObject({ state: 'indexed', files: 1 });
      expect(crateB).toMatchObject({ state: 'indexed', files: 1 });
      expect(crateB.db).toBe(crateA.db);
      const db = new Database(crateA.db!, { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(db.prepare(`SELECT COUNT(*) FROM items WHERE name = 'checksum_bytes'`).pluck().get()).toBe(1);
      } finally {
        db.close();
      }
      // One of them built it; the other waited for it (or found it done) and opened the same file.
      const builders = sessions.filter((s) => /indexed cargo:tinycrate@0\.4\.2: \d+ file\(s\) parsed/.test(s.stderr()));
      expect(builders).toHaveLength(1);
      // Nothing left behind: no lock, no half-built file.
      const dir = path.dirname(crateA.db!);
      expect(readdirSync(dir)).toEqual(['index.db']);
      expect(existsSync(`${crateA.db}.lock`)).toBe(false);
    } finally {
      await Promise.all(sessions.map((s) => s.close()));
    }
  }, 60_000);
});

describe('dependencies followed while serving', () => {
  it('a Python file that starts importing an installed package brings it in', async () => {
    writeFileSync(path.join(root, 'vowels.py'), '"""Vowel statistics."""\nimport otherwheel\n');
    let found: Pkg | undefined;
    for (let i = 0; i < 200 && found?.state !== 'indexed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      found = (await packages(session)).find((p) => p.name === 'otherwheel');
    }
    expect(found).toMatchObject({ ecosystem: 'python', version: '1.0.0', state: 'indexed', files: 1 });
  }, 60_000);

  it('a crate added to Cargo.lock gets indexed and searchable', async () => {
    const crate = path.join(work, 'cargo-home/registry/src/index.crates.io-6f17d22bba15001f/tinycrate2-0.1.0');
    mkdirSync(path.join(crate, 'src'), { recursive: true });
    writeFileSync(path.join(crate, 'Cargo.toml'), '[package]\nname = "tinycrate2"\nversion = "0.1.0"\n');
    writeFileSync(path.join(crate, 'src', 'lib.rs'), '/// Interleave the bits of two coordinates into a Morton code.\npub fn morton_interleave(x: u32, y: u32) -> u64 { ((x as u64) << 32) | y as u64 }\n');
    const lock = path.join(root, 'Cargo.lock');
    writeFileSync(lock, `${readFileSync(lock, 'utf8')}\n[[package]]\nname = "tinycrate2"\nversion = "0.1.0"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n`);
    let found: Pkg | undefined;
    for (let i = 0; i < 200 && found?.state !== 'indexed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      found = (await packages(session)).find((p) => p.name === 'tinycrate2');
    }
    expect(found).toMatchObject({ ecosystem: 'cargo', version: '0.1.0', state: 'indexed', files: 1 });
    expect((await search('interleave bits Morton code')).find((h) => h.name === 'morton_interleave')).toMatchObject({ package: 'tinycrate2', version: '0.1.0' });
  }, 60_000);

  async function waitFor(name: string, want: (p: Pkg | undefined) => boolean): Promise<Pkg | undefined> {
    let found: Pkg | undefined;
    for (let i = 0; i < 300; i++) {
      found = (await packages(session)).find((p) => p.name === name && want(p));
      if (found) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
    return (await packages(session)).find((p) => p.name === name);
  }

  it('pip upgrading a package in the virtualenv, with no manifest touched, is followed to the new version', async () => {
    // The project's pyproject.toml says tinywheel>=0.3 before and after: only the virtualenv changes.
    const src = path.join(work, 'wheel');
    writeFileSync(path.join(src, 'tinywheel', 'geometry.py'), `${readFileSync(path.join(src, 'tinywheel', 'geometry.py'), 'utf8')}\n\ndef mirror_polygon(points):\n    """Reflect every vertex of a polygon across the vertical axis."""\n    return [(-x, y) for x, y in points]\n`);
    const upgrade = path.join(work, 'wheel-upgrade');
    mkdirSync(upgrade);
    pipInstall(path.join(root, '.venv'), [buildWheel(src, upgrade, 'tinywheel', '0.3.2')]);
    const found = await waitFor('tinywheel', (p) => p?.version === '0.3.2' && p.state === 'indexed');
    expect(found).toMatchObject({ ecosystem: 'python', version: '0.3.2', state: 'indexed' });
    expect((await packages(session)).filter((p) => p.name === 'tinywheel').map((p) => p.version)).toEqual(['0.3.2']);
    expect((await search('reflect polygon vertices across the vertical axis')).find((h) => h.name === 'mirror_polygon')).toMatchObject({ package: 'tinywheel', version: '0.3.2' });
  }, 60_000);

  it('a Go module go.sum names, unpacked into the module cache later, gets indexed', async () => {
    // go.mod and go.sum name it before it is downloaded (a pull), then `go mod download` unpacks it.
    writeFileSync(path.join(root, 'go.mod'), `${readFileSync(path.join(root, 'go.mod'), 'utf8')}require example.com/later v0.2.0\n`);
    writeFileSync(path.join(root, 'go.sum'), `${readFileSync(path.join(root, 'go.sum'), 'utf8')}example.com/later v0.2.0 h1:DDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDD=\nexample.com/later v0.2.0/go.mod h1:EEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEE=\n`);
    expect((await waitFor('example.com/later', (p) => p?.state === 'not_installed'))?.state).toBe('not_installed');
    // As the go command does: unpacked beside, then renamed into place.
    const cache = path.join(work, 'gomodcache', 'example.com');
    const tmp = path.join(cache, 'later@v0.2.0.tmp-123');
    mkdirSync(tmp);
    writeFileSync(path.join(tmp, 'go.mod'), 'module example.com/later\n\ngo 1.21\n');
    writeFileSync(path.join(tmp, 'later.go'), '// Package later holds what was downloaded later.\npackage later\n\n// Debounce delays calls until the caller has been quiet for a while.\nfunc Debounce() {}\n');
    renameSync(tmp, path.join(cache, 'later@v0.2.0'));
    const found = await waitFor('example.com/later', (p) => p?.state === 'indexed');
    expect(found).toMatchObject({ ecosystem: 'go', version: 'v0.2.0', state: 'indexed', files: 1 });
    expect((await search('delay calls until quiet')).find((h) => h.name === 'Debounce')).toMatchObject({ package: 'example.com/later' });
  }, 60_000);
});
