import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndexStore } from '../../../src/core/index/store.js';
import { DocsIndex } from '../../../src/core/index/service.js';
import { pythonBuiltinsSource, stdlibInterpreter } from '../../../src/core/index/python-builtins.js';
import { docsIndexFor } from '../../../src/features/docs/service.js';
import { docsGet } from '../../../src/features/docs/get.js';
import { docsSearch } from '../../../src/features/docs/search.js';
import type { FeatureContext } from '../../../src/features/context.js';
import { docsContext } from './fixtures.js';

/**
 * A standard library's C half, described by its own interpreter: Debian's python3 (installed
 * by scripts/ensure-deps.sh) and its real /usr/lib/python3.X. The walk is cut down to a few
 * Python files with exclude patterns so the test stays quick; the built-in and lib-dynload
 * modules are all described, since they come from the interpreter, not the walk.
 */

const STDLIB = realpathSync(execFileSync('/usr/bin/python3', ['-I', '-c', "import sysconfig; print(sysconfig.get_paths()['stdlib'])"], { encoding: 'utf8' }).trim());
const KEEP = ['csv.py', 'os.py', 'heapq.py', 'getpass.py', 'posixpath.py', 'genericpath.py', 'threading.py', 'json/__init__.py'];
let ctx: FeatureContext;

beforeAll(async () => {
  const exclude = ['/*', ...KEEP.map((f) => `!/${f.split('/')[0]}`), '/json/*', '!/json/__init__.py'];
  ctx = docsContext(STDLIB, { exclude, dependencies: false });
  await docsSearch({ query: 'warm up', limit: 1 }, ctx);
}, 120_000);

afterAll(async () => {
  await ctx.services.disposeAll();
});

describe('Python built-in and extension modules', () => {
  it('finds the interpreter of a standard library directory, and nothing for other directories', () => {
    expect(stdlibInterpreter(STDLIB)).toMatch(/\/bin\/python3(\.\d+)?$/);
    expect(stdlibInterpreter(path.join(STDLIB, 'json'))).toBeNull();
    expect(pythonBuiltinsSource(tmpdir())).toBeNull();
  });

  it('never runs an interpreter found beside the indexed files, only one the PATH names', async () => {
    // A tree that looks like an installation, with its own "interpreter" that would leave a mark.
    const prefix = mkdtempSync(path.join(tmpdir(), 'docent-fake-python-'));
    const fake = path.join(prefix, 'lib', 'python3.11');
    mkdirSync(fake, { recursive: true });
    writeFileSync(path.join(fake, 'os.py'), '"""Not the real os."""\n');
    mkdirSync(path.join(prefix, 'bin'));
    const marker = path.join(prefix, 'ran');
    writeFileSync(path.join(prefix, 'bin', 'python3.11'), `#!/bin/sh\ntouch ${marker}\necho ${fake}\n`, { mode: 0o755 });
    const source = pythonBuiltinsSource(fake);
    expect(source).not.toBeNull();
    expect(stdlibInterpreter(fake)).toBeNull();
    expect(existsSync(marker)).toBe(false);
    // index_status says why such a root has no built-in modules.
    expect(source!.missing!()).toMatch(/is a Python standard library, but no python3\.11 or python3 on the PATH uses it/);
    const idx = new DocsIndex({ roots: [fake], indexDir: mkdtempSync(path.join(tmpdir(), 'docent-fake-idx-')), includePrivate: false, maxFileBytes: 1_000_000, exclude: [], workers: 0, dependencies: false, syncEnabled: false });
    try {
      expect(idx.status().roots[0]!.note).toMatch(/built-in and lib-dynload modules \(sys, time, math, _csv, …\) are not indexed/);
    } finally {
      await idx.dispose();
    }
    expect(existsSync(marker)).toBe(false);
  });

  it("index_status carries no note for a standard library whose interpreter is on the PATH", async () => {
    const s = (await docsIndexFor(ctx)).status();
    expect(s.roots[0]!.root).toBe(STDLIB);
    expect(s.roots[0]!.note).toBeUndefined();
  });

  it('a function compiled into the interpreter is an item with its docstring and signature', async () => {
    const d = await docsGet({ id: 'time.sleep', max_chars: 24_000 }, ctx);
    expect(d.kind).toBe('function');
    expect(d.summary).toMatch(/^Delay execution for a given number of seconds/);
    expect(d.signature).toMatch(/^def sleep\(\w+/);
    expect(d.location.file).toBe('<built-in>/time');
  });

  it('a sentence after an old-style signature line\'s arrow is the summary (builtins.zip), a result\'s name is not (builtins.filter)', async () => {
    // "zip(*iterables, strict=False) --> Yield tuples until an input is exhausted."
    const zip = await docsGet({ id: 'builtins.zip', max_chars: 24_000 }, ctx);
    expect(zip.summary).toMatch(/^(Yield|A zip object yielding) tuples until an input is exhausted\.$/);
    // "filter(function or None, iterable) --> filter object", then the description.
    const filter = await docsGet({ id: 'builtins.filter', max_chars: 24_000 }, ctx);
    expect(filter.summary).toMatch(/^Return an iterator yielding those items of iterable/);
  });

  it("a built-in module's data are items with their type, and a short literal's value (sys.argv, math.pi)", async () => {
    const argv = await docsGet({ id: 'sys.argv' }, ctx);
    expect(argv).toMatchObject({ kind: 'variable', signature: 'argv: list' });
    const pi = await docsGet({ id: 'math.pi' }, ctx);
    expect(pi.signature).toBe('pi: float = 3.141592653589793');
    // A container's value is never shown: it is the describing interpreter's own.
    const path_ = await docsGet({ id: 'sys.path' }, ctx);
    expect(path_.signature).toBe('path: list');
  });

  it('an extension module is described from lib-dynload and found under the path users write', async () => {
    const r = await docsSearch({ query: 'csv.reader', limit: 3 }, ctx);
    expect(r.results[0]?.id).toBe('csv.reader');
    expect(r.results[0]?.also_in?.map((a) => a.id)).toContain('_csv.reader');
    // Debian builds _csv into the interpreter; other builds ship it in lib-dynload.
    expect(r.results[0]?.file).toMatch(/^(<built-in>\/_csv|lib-dynload\/_csv\..*\.so)$/);
    const d = await docsGet({ id: 'csv.reader', max_chars: 24_000 }, ctx);
    expect(d.summary.length).toBeGreaterThan(10);
    // mmap is an extension module in Debian's build.
    const m = await docsGet({ id: 'mmap.mmap', max_chars: 24_000 }, ctx);
    expect(m.kind).toBe('class');
    expect(m.location.file).toMatch(/^lib-dynload\/mmap\..*\.so$/);
  });

  it('os re-exports posix (`from posix import *`) and os.path is posixpath (`import posixpath as path`)', async () => {
    const r = await docsSearch({ query: 'os.listdir', limit: 3 }, ctx);
    expect(r.results[0]?.id).toBe('os.listdir');
    expect(r.results[0]?.also_in?.map((a) => a.id)).toContain('posix.listdir');
    const p = await docsSearch({ query: 'os.path.expanduser', limit: 3 }, ctx);
    expect(p.results[0]?.id).toBe('os.path.expanduser');
    expect(p.results[0]?.also_in?.map((a) => a.id)).toContain('posixpath.expanduser');
  });

  it('a public module name beats a shorter private one (`get_ident = _thread.get_ident` in threading)', async () => {
    const r = await docsSearch({ query: 'threading.get_ident', limit: 3 }, ctx);
    expect(r.results[0]?.id).toBe('threading.get_ident');
    expect(r.results[0]?.also_in?.map((a) => a.id)).toContain('_thread.get_ident');
  });

  it('a C accelerator and the Python definition it replaces are one answer', async () => {
    const r = await docsSearch({ query: 'heapq.heappush', limit: 5 }, ctx);
    expect(r.results[0]?.id).toBe('heapq.heappush');
    expect(r.results.filter((h) => h.id === 'heapq.heappush')).toHaveLength(1);
    expect(r.results[0]?.also_in?.map((a) => a.id)).toContain('_heapq.heappush');
  });

  it('a name bound inside try/except/else (getpass) is found with its target docs', async () => {
    const d = await docsGet({ id: 'getpass.getpass', max_chars: 24_000 }, ctx);
    expect(d.summary).toMatch(/password/i);
  });

  it('a question in words reaches a built-in', async () => {
    const r = await docsSearch({ query: 'delay execution for a number of seconds', limit: 5 }, ctx);
    expect(r.results.map((h) => h.id)).toContain('time.sleep');
  });

  it('a second sync does not run the interpreter again, and the stored files carry its fingerprint', async () => {
    const index = await docsIndexFor(ctx);
    const root = index.roots[0]!;
    const before = root.store.files();
    const generated = [...before.values()].filter((f) => f.hash.startsWith('gen:'));
    expect(generated.length).toBeGreaterThan(20);
    expect(new Set(generated.map((f) => f.hash)).size).toBe(1);
    const stats = await root.indexer.sync();
    expect(stats.parsed).toBe(0);
    expect(stats.errors).toEqual([]);
    const store = IndexStore.openReadonly(root.dbPath);
    try {
      expect(store.db.prepare(`SELECT COUNT(*) FROM files WHERE hash LIKE 'gen:%'`).pluck().get()).toBe(generated.length);
    } finally {
      store.close();
    }
  });

  it('a sync after extraction rules changed (every hash forgotten) extracts everything again and keeps the built-in modules', async () => {
    const index = await docsIndexFor(ctx);
    const root = index.roots[0]!;
    const before = [...root.store.files().values()].filter((f) => f.hash.startsWith('gen:')).length;
    // What schema.ts does when EXTRACTOR_VERSION changes; the walk then removes what it did not see.
    root.store.db.prepare(`UPDATE files SET hash = '', mtime_ms = -1`).run();
    const stats = await root.indexer.sync();
    expect(stats.parsed).toBeGreaterThanOrEqual(before);
    expect([...root.store.files().values()].filter((f) => f.hash.startsWith('gen:'))).toHaveLength(before);
    const d = await docsGet({ id: 'time.sleep', max_chars: 24_000 }, ctx);
    expect(d.location.file).toBe('<built-in>/time');
  });
});
