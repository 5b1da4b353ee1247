import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PackageDb, packageDbPath } from '../../../src/core/index/deps/package-db.js';
import type { InstalledDependency } from '../../../src/core/index/deps/types.js';
import { ExtractionPool } from '../../../src/core/index/pool.js';
import { pythonStdlibDependency } from '../../../src/core/index/deps/python-stdlib.js';
import { IndexQueries } from '../../../src/core/index/query.js';
import { OWN_WEIGHT, STANDARD_LIBRARY_DEPENDENCY } from '../../../src/core/rank/score.js';

/**
 * One package version's database, in process with inline extraction: a build that fails says
 * why and leaves nothing behind; a lock left by a dead process is taken over; a lock held by a
 * live one makes this process wait (state indexing) and then use what the other built.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'docent-pkgdb-'));
const pool = new ExtractionPool(0);
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

function crate(name: string): InstalledDependency {
  const base = path.join(dir, 'src', name);
  mkdirSync(path.join(base, 'src'), { recursive: true });
  writeFileSync(path.join(base, 'Cargo.toml'), `[package]\nname = "${name}"\nversion = "1.0.0"\n`);
  writeFileSync(path.join(base, 'src', 'lib.rs'), '/// Add two numbers without overflow checks.\npub fn add_wrapping(a: u32, b: u32) -> u32 { a.wrapping_add(b) }\n');
  return { ecosystem: 'cargo', name, version: '1.0.0', base, list: async function* () { yield 'src/lib.rs'; } };
}

const opts = { pool, includePrivate: false, maxFileBytes: 1_000_000 };

describe('PackageDb', () => {
  it('builds, records the package on every file, and opens read-only', async () => {
    const dep = crate('alpha');
    const db = new PackageDb(packageDbPath(path.join(dir, 'cache'), dep, false), dep);
    await db.ensure(opts);
    expect(db.state).toBe('indexed');
    expect(db.built?.parsed).toBe(1);
    expect(db.store!.db.prepare(`SELECT DISTINCT package || '@' || version FROM files`).pluck().all()).toEqual(['alpha@1.0.0']);
    expect(db.queries!.byName('add_wrapping').map((i) => i.id)).toEqual(['alpha::add_wrapping']);
    expect(() => db.store!.db.prepare(`DELETE FROM items`).run()).toThrow(/readonly/);
    expect(readdirSync(path.dirname(db.dbPath))).toEqual(['index.db']);
    db.close();
    // Another opening finds it built: nothing is indexed again.
    const again = new PackageDb(db.dbPath, dep);
    await again.ensure(opts);
    expect(again.state).toBe('indexed');
    expect(again.built).toBeNull();
    again.close();
  });

  it("of a Python standard library, counts what its test suite calls as usage, without indexing the tests", async () => {
    // Nothing else in the library's own folder uses it: its modules' uses of themselves do not
    // count, and installed packages are dependencies of their own.
    const stdlib = path.join(dir, 'base-python', 'lib', 'python3.11');
    const files: Record<string, string> = {
      'os.py': '"""OS routines."""\n',
      'json/__init__.py': 'def dumps(obj):\n    """Serialize obj to a JSON formatted str."""\n    return str(obj)\n\n\ndef loads(s):\n    """Deserialize a str holding a JSON document."""\n    return s\n\n\ndef _helper():\n    return dumps(1)\n',
      'test/test_json.py': 'import json\n\n\ndef test_round_trip():\n    """A test, not API."""\n    assert json.loads(json.dumps(1))\n',
      'test/test_tool.py': 'import json\n\n\ndef test_tool():\n    assert json.dumps([1])\n',
      'site-packages/other/__init__.py': 'import json\n\n\ndef f():\n    return json.loads("1")\n',
    };
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(stdlib, rel)), { recursive: true });
      writeFileSync(path.join(stdlib, rel), text);
    }
    const dep = pythonStdlibDependency({ origin: 'test', sitePackages: [], stdlib: { dir: stdlib, version: '3.11.4' } })!;
    const db = new PackageDb(packageDbPath(path.join(dir, 'cache'), dep, false), dep);
    await db.ensure(opts);
    expect(db.state).toBe('indexed');
    const sql = (q: string) => db.store!.db.prepare(q);
    expect(sql(`SELECT id FROM items WHERE kind = 'function' ORDER BY id`).pluck().all()).toEqual(['json.dumps', 'json.loads']);
    expect(sql(`SELECT path, skipped FROM files ORDER BY path`).all()).toEqual([
      { path: 'json/__init__.py', skipped: null },
      { path: 'os.py', skipped: null },
      { path: 'test/test_json.py', skipped: 'test' },
      { path: 'test/test_tool.py', skipped: 'test' },
    ]);
    // Two test files call json.dumps; one calls json.loads (a name one file uses is not kept).
    expect(sql(`SELECT key, files FROM usage ORDER BY key`).all()).toEqual([{ key: 'json.dumps', files: 2 }]);
    // Searched as a standard library read as a dependency: its items a little below declared packages' (score.ts).
    const score = (qs: IndexQueries, q: string) => qs.search(q, { limit: 3 }).find((h) => h.id === 'json.dumps')!.score;
    const unnamed = 'serialize an object to a formatted string';
    expect(score(db.queries!, unnamed) - score(new IndexQueries(db.store!), unnamed)).toBeCloseTo(STANDARD_LIBRARY_DEPENDENCY, 3);
    // Also when the question names its module (a standard library's modules are named by everyday
    // words: `copy`, `random`), where the same database read as a root weighs a named package as its own.
    const named = 'serialize an object to a json formatted string';
    expect(score(db.queries!, named) - score(new IndexQueries(db.store!), named)).toBeCloseTo(STANDARD_LIBRARY_DEPENDENCY - OWN_WEIGHT.project, 3);
    db.close();
  });

  it('a build that fails says why and leaves neither a database nor a lock', async () => {
    const dep: InstalledDependency = { ...crate('broken'), list: async function* () { throw new Error('the registry folder vanished'); } };
    const db = new PackageDb(packageDbPath(path.join(dir, 'cache'), dep, false), dep);
    await db.ensure(opts);
    expect(db.state).toBe('failed');
    expect(db.error).toContain('the registry folder vanished');
    expect(readdirSync(path.dirname(db.dbPath))).toEqual([]);
  });

  it('takes over the lock of a builder that died', async () => {
    const dep = crate('beta');
    const file = packageDbPath(path.join(dir, 'cache'), dep, false);
    mkdirSync(path.dirname(file), { recursive: true });
    // A pid that is not running: spawn a process and wait until it has exited.
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.on('exit', r));
    writeFileSync(`${file}.lock`, String(dead.pid));
    writeFileSync(path.join(path.dirname(file), `build-${dead.pid}-0badf00d.db`), 'half a database');
    const db = new PackageDb(file, dep);
    await db.ensure(opts);
    expect(db.state).toBe('indexed');
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect(readdirSync(path.dirname(file))).toEqual(['index.db']); // its half-built file went too
    db.close();
  });

  it('takes over a lock untouched for minutes even when its pid is alive (reused by another process)', async () => {
    const dep = crate('delta');
    const file = packageDbPath(path.join(dir, 'cache'), dep, false);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(`${file}.lock`, String(process.ppid));
    const old = new Date(Date.now() - 10 * 60_000);
    utimesSync(`${file}.lock`, old, old);
    const db = new PackageDb(file, dep);
    await db.ensure(opts);
    expect(db.state).toBe('indexed');
    expect(db.built?.parsed).toBe(1);
    db.close();
  });

  it('waits for a live builder and then uses its database', async () => {
    const dep = crate('gamma');
    const file = packageDbPath(path.join(dir, 'cache'), dep, false);
    mkdirSync(path.dirname(file), { recursive: true });
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    children.push(holder);
    writeFileSync(`${file}.lock`, String(holder.pid));
    const waiting = new PackageDb(file, dep);
    const done = waiting.ensure(opts);
    await new Promise((r) => setTimeout(r, 300));
    expect(waiting.state).toBe('indexing');
    expect(existsSync(file)).toBe(false);
    // The "other process" finishes: its database appears whole (built here under another lock path) and its lock goes.
    const other = new PackageDb(path.join(dir, 'elsewhere', 'index.db'), dep);
    await other.ensure(opts);
    other.close();
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(`${file}.other`, readFileSync(path.join(dir, 'elsewhere', 'index.db')));
    renameSync(`${file}.other`, file); // as a builder publishes: whole, at once
    rmSync(`${file}.lock`);
    holder.kill('SIGKILL');
    await done;
    expect(waiting.state).toBe('indexed');
    expect(waiting.built).toBeNull();
    expect(waiting.queries!.byName('add_wrapping')).toHaveLength(1);
    waiting.close();
  });
});
