import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSource } from '../../../src/core/extract/extract.js';
import type { FileUpdate } from '../../../src/core/index/file-writes.js';
import { IndexStore } from '../../../src/core/index/store.js';

/**
 * IndexStore.apply on a real SQLite database. A transaction writes its rows in phases (all
 * file rows first, then the old full-text rows out, then items with their full-text rows:
 * see file-writes.ts); these check that the result is what writing file by file gave.
 */

async function update(file: string, source: string, hash = 'h1'): Promise<FileUpdate> {
  const extract = await extractSource('python', source, { file, includePrivate: false });
  return { path: file, hash, size: source.length, mtimeMs: 1, language: 'python', extract };
}

function open(): IndexStore {
  return IndexStore.open(path.join(mkdtempSync(path.join(tmpdir(), 'docent-writes-')), 'index.db'));
}

const ids = (store: IndexStore) => store.db.prepare(`SELECT id FROM items ORDER BY id`).pluck().all();
const fullText = (store: IndexStore, q: string) =>
  store.db.prepare(`SELECT i.id FROM items_fts f JOIN items i ON i.rowid = f.rowid WHERE items_fts MATCH ? ORDER BY i.id`).pluck().all(q);

describe('index writes', () => {
  it('replace a file\'s items and full-text rows, across batches and within one', async () => {
    const store = open();
    try {
      store.apply([await update('pkg/a.py', 'def spin(x):\n    """Rotate the turbine."""\n'), await update('pkg/b.py', 'def halt():\n    """Stop the turbine."""\n')]);
      expect(ids(store)).toEqual(['pkg.a.spin', 'pkg.b.halt']);
      expect(fullText(store, 'turbine')).toEqual(['pkg.a.spin', 'pkg.b.halt']);

      // A changed file: its old item and full-text row go, the new ones come; the other file stays.
      store.apply([await update('pkg/a.py', 'def twirl(x):\n    """Rotate the propeller."""\n', 'h2')]);
      expect(ids(store)).toEqual(['pkg.a.twirl', 'pkg.b.halt']);
      expect(fullText(store, 'turbine')).toEqual(['pkg.b.halt']);
      expect(fullText(store, 'propeller')).toEqual(['pkg.a.twirl']);
      expect(store.files().get('pkg/a.py')?.hash).toBe('h2');

      // The same path twice in one batch (a sync and a watcher update): the later version alone.
      store.apply([
        await update('pkg/c.py', 'def first():\n    """Open the valve."""\n'),
        await update('pkg/c.py', 'def second():\n    """Close the valve."""\n', 'h3'),
      ]);
      expect(ids(store)).toEqual(['pkg.a.twirl', 'pkg.b.halt', 'pkg.c.second']);
      expect(fullText(store, 'valve')).toEqual(['pkg.c.second']);
      expect(store.db.prepare(`SELECT items FROM files WHERE path = 'pkg/c.py'`).pluck().get()).toBe(1);

      // A deletion and a skipped file (no extract) in the same batch as a new file.
      store.apply([{ path: 'pkg/b.py', hash: 'h4', size: 9, mtimeMs: 2, language: 'python', skipped: 'generated' }, await update('pkg/d.py', 'def drain():\n    """Empty the turbine."""\n')], ['pkg/a.py']);
      expect(ids(store)).toEqual(['pkg.c.second', 'pkg.d.drain']);
      expect(fullText(store, 'turbine')).toEqual(['pkg.d.drain']);
      expect(fullText(store, 'propeller')).toEqual([]);
      expect([...store.files().keys()].sort()).toEqual(['pkg/b.py', 'pkg/c.py', 'pkg/d.py']);
      expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
      // Segments are not rewritten for their deleted rows as they go (schema v8); merges purge them.
      expect(store.db.prepare(`SELECT v FROM items_fts_config WHERE k = 'deletemerge'`).pluck().get()).toBe(0);
      expect(store.optimizeFullText()).toBe(true);
      expect(fullText(store, 'turbine')).toEqual(['pkg.d.drain']);
      store.db.prepare(`INSERT INTO items_fts(items_fts, rank) VALUES ('integrity-check', 0)`).run();
    } finally {
      store.close();
    }
  });

  it('count the files changed since the last merge across connections, until a merge', () => {
    const store = open();
    const file = store.file;
    try {
      expect(store.noteUnmerged(0)).toBe(0);
      expect(store.noteUnmerged(300)).toBe(300);
    } finally {
      store.close();
    }
    // Another process (a later one-shot run) adds to the same count.
    const again = IndexStore.open(file);
    try {
      expect(again.noteUnmerged(250)).toBe(550);
      expect(again.optimizeFullText()).toBe(true);
      expect(again.noteUnmerged(0)).toBe(0);
      expect(again.noteUnmerged(7)).toBe(7);
    } finally {
      again.close();
    }
  });
});
