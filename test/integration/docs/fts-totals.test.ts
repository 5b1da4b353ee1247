import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { indexDbPath } from '../../../src/core/index/paths.js';
import { DocsIndex } from '../../../src/core/index/service.js';
import { readVarints, recountFtsTotals } from '../../../src/core/index/fts-totals.js';
import { tempDirs } from '../../helpers/temp-dirs.js';

/**
 * FTS5's row count and token totals (what bm25() weighs every word by) stay those of the rows
 * the index holds when files are indexed again: a contentless_delete table does not lower them
 * itself, and a database that had re-indexed each file twice scored every word as if it held
 * three times its rows.
 */

const tmp = tempDirs();

function module(i: number, variant: number): string {
  return `"""Module ${i}."""\n\n\ndef parse_${i}(text):\n    """Parse text into tokens, version ${variant}."""\n\n\ndef render_${i}(tree):\n    """Render a tree back into text${variant % 2 ? ' with colours' : ''}."""\n`;
}

async function build(root: string, indexDir: string): Promise<DocsIndex> {
  const idx = new DocsIndex({ roots: [root], indexDir, includePrivate: false, maxFileBytes: 1_000_000, exclude: [], workers: 0 });
  await idx.catchUp();
  return idx;
}

function totals(indexDir: string, root: string): { averages: number[]; rows: number; scores: number[] } {
  const db = new Database(indexDbPath(root, indexDir), { readonly: true });
  try {
    const averages = readVarints(db.prepare(`SELECT block FROM items_fts_data WHERE id = 1`).pluck().get() as Buffer);
    const rows = db.prepare(`SELECT COUNT(*) FROM items_fts_docsize`).pluck().get() as number;
    const scores = (db.prepare(`SELECT bm25(items_fts) FROM items_fts WHERE items_fts MATCH 'colours' ORDER BY rowid`).pluck().all() as number[]).map((s) => Math.round(s * 1e6) / 1e6);
    return { averages, rows, scores };
  } finally {
    db.close();
  }
}

describe('full-text totals', () => {
  it('stay those of the rows held when files are indexed again, and score as a fresh index does', async () => {
    const root = tmp('docent-fts-root-');
    for (let i = 0; i < 12; i++) writeFileSync(path.join(root, `m${i}.py`), module(i, 0));
    const indexDir = tmp('docent-fts-idx-');
    const idx = await build(root, indexDir);
    // Every file changed twice, one removed: each version's rows were added and the old ones deleted.
    for (const variant of [1, 2]) {
      for (let i = 0; i < 12; i++) writeFileSync(path.join(root, `m${i}.py`), module(i, variant + i));
      await idx.catchUp({ force: true });
    }
    rmSync(path.join(root, 'm11.py'));
    await idx.catchUp({ force: true });
    await idx.dispose();
    const kept = totals(indexDir, root);
    expect(kept.rows).toBe(22 + 11); // two functions and the module of each file left
    expect(kept.averages[0]).toBe(kept.rows);
    // The same tree indexed from nothing: the same totals, the same bm25 scores.
    const fresh = tmp('docent-fts-fresh-');
    await (await build(root, fresh)).dispose();
    const clean = totals(fresh, root);
    expect(kept.averages).toEqual(clean.averages);
    expect(kept.scores.length).toBeGreaterThan(0);
    expect(kept.scores).toEqual(clean.scores);
  }, 60_000);

  it('a drifted database is recounted from the rows it holds', () => {
    const db = new Database(':memory:');
    db.exec(`CREATE VIRTUAL TABLE items_fts USING fts5(a, b, content = '', contentless_delete = 1)`);
    const insert = db.prepare(`INSERT INTO items_fts(rowid, a, b) VALUES (?, ?, ?)`);
    for (let i = 1; i <= 4; i++) insert.run(i, 'alpha beta', 'gamma');
    for (let i = 1; i <= 4; i++) db.prepare(`DELETE FROM items_fts WHERE rowid = ?`).run(i);
    for (let i = 5; i <= 8; i++) insert.run(i, 'alpha', 'gamma delta');
    const averages = () => readVarints(db.prepare(`SELECT block FROM items_fts_data WHERE id = 1`).pluck().get() as Buffer);
    // SQLite's own totals after the deletes: all eight rows.
    expect(averages()).toEqual([8, 12, 12]);
    expect(recountFtsTotals(db)).toEqual({ before: 8, after: 4 });
    expect(averages()).toEqual([4, 4, 8]);
    db.close();
  });
});
