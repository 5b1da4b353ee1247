import { writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { indexDbPath } from '../../../src/core/index/paths.js';
import { DocsIndex } from '../../../src/core/index/service.js';
import { tempDirs } from '../../helpers/temp-dirs.js';

/**
 * A first build writes its full-text rows with FTS5's own merging off and merges once at its
 * end (IndexStore.bulkFullText); afterwards, and after a build that was stopped midway, FTS5
 * merges as it always does, so the small writes of later edits do not pile up segments.
 */

const tmp = tempDirs();

const root = tmp('docent-bulk-fts-root-');
for (let i = 0; i < 30; i++) writeFileSync(path.join(root, `m${i}.py`), `"""Module ${i}."""\n\n\ndef parse_${i}(text):\n    """Parse text into tokens."""\n`);

const merging = (indexDir: string) => {
  const db = new Database(indexDbPath(root, indexDir), { readonly: true });
  try {
    return Object.fromEntries((db.prepare(`SELECT k, v FROM items_fts_config WHERE k IN ('automerge', 'crisismerge')`).all() as { k: string; v: number }[]).map((r) => [r.k, r.v]));
  } finally {
    db.close();
  }
};

async function build(indexDir: string): Promise<void> {
  const idx = new DocsIndex({ roots: [root], indexDir, includePrivate: false, maxFileBytes: 1_000_000, exclude: [], workers: 1 });
  try {
    await idx.catchUp();
    expect(idx.status().items).toBe(60);
  } finally {
    await idx.dispose();
  }
}

describe('full-text merging during a first build', () => {
  it("is FTS5's default again once the build is over", async () => {
    const indexDir = tmp('docent-bulk-fts-idx-');
    await build(indexDir);
    expect(merging(indexDir)).toEqual({ automerge: 4, crisismerge: 16 });
  });

  it('loses no row in the merge at its end: every document word is found', async () => {
    const indexDir = tmp('docent-bulk-fts-idx-');
    await build(indexDir);
    const db = new Database(indexDbPath(root, indexDir), { readonly: true });
    try {
      const matching = (expr: string) => db.prepare(`SELECT COUNT(*) FROM items_fts WHERE items_fts MATCH ?`).pluck().get(expr);
      expect(matching('tokens')).toBe(30);
      expect(matching('module')).toBe(30);
      expect(matching('name : parse_7')).toBe(1);
    } finally {
      db.close();
    }
  });

  it('is restored when a database is opened after a build stopped midway', async () => {
    const indexDir = tmp('docent-bulk-fts-idx-');
    await build(indexDir);
    // What a build killed before its end leaves behind.
    const db = new Database(indexDbPath(root, indexDir));
    db.exec(`INSERT INTO items_fts(items_fts, rank) VALUES ('automerge', 0); INSERT INTO items_fts(items_fts, rank) VALUES ('crisismerge', 256)`);
    db.close();
    expect(merging(indexDir)).toEqual({ automerge: 0, crisismerge: 256 });
    await build(indexDir);
    expect(merging(indexDir)).toEqual({ automerge: 4, crisismerge: 16 });
  });
});
