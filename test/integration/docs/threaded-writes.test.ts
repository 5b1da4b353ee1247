import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocsIndex as SourceDocsIndex } from '../../../src/core/index/service.js';
import { builtDocsIndex, REPO } from '../../helpers/docent.js';

/**
 * Worker threads write their own results, each on its own SQLite connection, taking turns on
 * the write lock. The built index (dist/, where the worker script exists) with two workers must
 * store exactly what the inline indexer stores, through a first build, edits and deletions.
 */

type DocsIndexLike = InstanceType<typeof SourceDocsIndex>;
let DistDocsIndex: typeof SourceDocsIndex;
let root: string;
const cleanup: string[] = [];

function pyModule(i: number, variant = ''): string {
  const methods = Array.from({ length: 8 }, (_, k) => `    def step_${k}(self, n: int) -> int:\n        """Step ${k} of thing ${i}${variant}."""\n        return n + ${k}\n`).join('\n');
  return `"""Module ${i}${variant}."""\n\n\ndef func_${i}(x: int) -> int:\n    """Return x plus ${i}."""\n    return x + ${i}\n\n\nclass Thing${i}:\n    """Thing ${i}."""\n\n${methods}`;
}

function snapshot(idx: DocsIndexLike): { files: number; items: string[]; summaries: string[] } {
  const db = idx.roots[0]!.store.db;
  return {
    files: db.prepare(`SELECT COUNT(*) FROM files`).pluck().get() as number,
    items: (db.prepare(`SELECT id FROM items ORDER BY id`).pluck().all() as string[]),
    summaries: (db.prepare(`SELECT summary FROM items ORDER BY id`).pluck().all() as string[]),
  };
}

async function build(Ctor: typeof SourceDocsIndex, workers: number): Promise<{ idx: DocsIndexLike; close: () => Promise<void> }> {
  const indexDir = mkdtempSync(path.join(tmpdir(), 'docent-threaded-db-'));
  cleanup.push(indexDir);
  const idx = new Ctor({ roots: [root], indexDir, includePrivate: false, maxFileBytes: 1_000_000, exclude: [], workers });
  await idx.catchUp();
  return { idx, close: () => idx.dispose() };
}

beforeAll(async () => {
  DistDocsIndex = await builtDocsIndex();
  root = mkdtempSync(path.join(tmpdir(), 'docent-threaded-'));
  cleanup.push(root);
  for (let d = 0; d < 6; d++) {
    mkdirSync(path.join(root, `pkg${d}`));
    for (let i = 0; i < 120; i++) writeFileSync(path.join(root, `pkg${d}`, `m${i}.py`), pyModule(d * 1000 + i));
  }
});

afterAll(() => {
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

describe('worker threads writing their own results', () => {
  it('store the same files and items as the inline indexer, through edits and deletions', async () => {
    const threaded = await build(DistDocsIndex, 2);
    const inline = await build(SourceDocsIndex, 0);
    try {
      const first = snapshot(threaded.idx);
      expect(first.files).toBe(720);
      expect(first.items.length).toBe(720 * 11); // module, function, class, 8 methods
      expect(new Set(first.items).size).toBe(first.items.length);
      expect(first).toEqual(snapshot(inline.idx));
      expect(threaded.idx.lastRun[0]!.parsed).toBe(720);
      expect(threaded.idx.status()).toMatchObject({ state: 'ready', files: 720, items: 720 * 11 });

      // Edit 100 files across the packages and delete 30; both indexes catch up.
      for (let d = 0; d < 5; d++) for (let i = 0; i < 20; i++) writeFileSync(path.join(root, `pkg${d}`, `m${i}.py`), pyModule(d * 1000 + i, ' (edited)'));
      for (let i = 90; i < 120; i++) rmSync(path.join(root, 'pkg5', `m${i}.py`));
      await threaded.idx.catchUp({ force: true });
      await inline.idx.catchUp({ force: true });
      const run = threaded.idx.lastRun[0]!;
      expect(run.parsed).toBe(100);
      expect(run.deleted).toBe(30);
      const second = snapshot(threaded.idx);
      expect(second.files).toBe(690);
      expect(second.items.length).toBe(690 * 11);
      expect(second.summaries.filter((s) => s.includes('(edited)')).length).toBe(100 * 9); // the module's and the 8 methods' summaries
      expect(second).toEqual(snapshot(inline.idx));
      // Counts read by the main thread follow the workers' commits.
      expect(threaded.idx.status()).toMatchObject({ files: 690, items: 690 * 11 });

      // A full sync and a watcher update of the same new files at once: each file's items once.
      mkdirSync(path.join(root, 'fresh'));
      const fresh = Array.from({ length: 150 }, (_, i) => `fresh/n${i}.py`);
      for (const [i, rel] of fresh.entries()) writeFileSync(path.join(root, rel), pyModule(9000 + i));
      await Promise.all([threaded.idx.catchUp({ force: true }), threaded.idx.updatePaths(threaded.idx.roots[0]!, fresh)]);
      const third = snapshot(threaded.idx);
      expect(new Set(third.items).size).toBe(third.items.length);
      expect(third.items.length).toBe(840 * 11);
    } finally {
      await threaded.close();
      await inline.close();
    }
  }, 120_000);

  it('closing a root mid-sync stops its indexing: workers drop its queued jobs', async () => {
    const big = mkdtempSync(path.join(tmpdir(), 'docent-threaded-close-'));
    cleanup.push(big);
    for (let d = 0; d < 10; d++) {
      mkdirSync(path.join(big, `p${d}`));
      for (let i = 0; i < 300; i++) writeFileSync(path.join(big, `p${d}`, `m${i}.py`), pyModule(d * 1000 + i));
    }
    const indexDir = mkdtempSync(path.join(tmpdir(), 'docent-threaded-close-db-'));
    cleanup.push(indexDir);
    const idx = new DistDocsIndex({ roots: [big], indexDir, includePrivate: false, maxFileBytes: 1_000_000, exclude: [], workers: 2 });
    const file = idx.roots[0]!.dbPath;
    const sync = idx.catchUp();
    const count = () => {
      const db = new Database(file, { readonly: true });
      try {
        return db.prepare('SELECT COUNT(*) FROM files').pluck().get() as number;
      } finally {
        db.close();
      }
    };
    while (count() < 300) await new Promise((r) => setTimeout(r, 20));
    idx.setRoots([]);
    const atClose = count();
    await sync;
    await new Promise((r) => setTimeout(r, 300));
    const after = count();
    expect(idx.error).toBeNull();
    // What the workers had extracted may still land (a batch or two each), the rest must not.
    expect(after - atClose).toBeLessThan(500);
    expect(after).toBeLessThan(3000);
    await idx.dispose();
  }, 60_000);

  /** The compiled pool (worker threads need dist/) and a job extracting one of the tree's files. */
  async function compiledPool(size: number) {
    const { ExtractionPool } = (await import(pathToFileURL(path.join(REPO, 'dist/core/index/pool.js')).href)) as typeof import('../../../src/core/index/pool.js');
    const job = { abs: path.join(root, 'pkg0', 'm0.py'), rel: 'pkg0/m0.py', language: 'python' as const, knownHash: null, maxBytes: 1_000_000, includePrivate: false, mtimeMs: 0 };
    return { pool: new ExtractionPool(size), job };
  }

  it("an urgent job (a project's own file) runs before the jobs already sent to the worker", async () => {
    const { pool, job } = await compiledPool(1);
    try {
      const order: string[] = [];
      // A package's files: hundreds sent to the one worker at once.
      const queued = Array.from({ length: 400 }, (_, i) => pool.run(job).then(() => order.push(`q${i}`)));
      const urgent = pool.run(job, true).then((r) => {
        order.push('urgent');
        return r;
      });
      expect((await urgent).status).toBe('extracted');
      await Promise.all(queued);
      // Without the control channel it came 401st, after every queued job.
      expect(order.indexOf('urgent')).toBeLessThan(100);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('a worker that dies fails only its own jobs; the rest still run', async () => {
    const { pool, job } = await compiledPool(2);
    try {
      const first = Array.from({ length: 40 }, () => pool.run(job));
      // Kill one worker while it holds jobs.
      await (pool as unknown as { workers: { worker: { terminate(): Promise<number> } }[] }).workers[0]!.worker.terminate();
      const settled = await Promise.allSettled(first);
      expect(settled.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(0);
      expect(pool.size).toBe(1);
      // Later jobs go to the worker that is left, and succeed.
      const later = await Promise.all(Array.from({ length: 10 }, () => pool.run(job)));
      expect(later.every((r) => r.status === 'extracted')).toBe(true);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
