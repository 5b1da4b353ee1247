import type Database from 'better-sqlite3';
import type { FileExtract } from '../extract/types.js';
import { prepareItem, type PreparedItem } from './rows.js';
import { FtsRemovalCounter, noneRemoved, type FtsRemoved } from './fts-totals.js';

/**
 * The statements of one write transaction (IndexStore.apply): files removed, files (re)written
 * with their items, full-text rows and re-exports, mtimes touched.
 *
 * The order matters for speed, not for the result. FTS5 keeps the terms of a transaction in
 * memory and writes them out as a segment at commit, but also whenever another statement opens
 * a savepoint: every statement that may change several rows does (an upsert, a multi-row
 * DELETE, a cascade). Writing file by file, each file's upsert wrote the previous file's terms
 * out as a segment of their own, and FTS5 then spent its time merging thousands of tiny
 * segments: 1.8 s of a 5.9 s replay of the Python installation's 19k files went to the upserts.
 * So a transaction runs in three phases: (1) everything that is not the full-text index (old
 * items and re-exports deleted, file rows inserted or updated by id: a plain INSERT opens no
 * savepoint); (2) the old full-text rows deleted; (3) items inserted with their full-text rows,
 * which open no savepoint either. FTS5's pending terms are then written once, at commit.
 */

export interface FileUpdate {
  path: string;
  hash: string;
  size: number;
  mtimeMs: number;
  language: string;
  /** Why the file was not extracted (oversize, binary, generated, error); items are cleared. */
  skipped?: string | null;
  extract?: FileExtract;
  /** The extract's items, already prepared for writing (by the worker); `extract.items` is then ignored. */
  rows?: PreparedItem[];
  /** Private items left out of `extract`. */
  hidden?: number;
  /** The installed package the file belongs to (null: the project's own file). */
  pkg?: { name: string; version: string } | null;
  /** Qualified names the file uses of other modules (extract/uses.ts). */
  uses?: string[];
}

/** A file whose content is unchanged but whose mtime moved. */
export interface FileTouch {
  path: string;
  mtimeMs: number;
  size: number;
}

const FILE_COLUMNS = `path = @path, hash = @hash, size = @size, mtime_ms = @mtime, language = @language, module = @module, module_doc = @moduleDoc,
  imports = @imports, items = @items, hidden = @hidden, errors = @errors, skipped = @skipped, indexed_at = @now, package = @package, version = @version, uses = @uses`;

export function prepareFileWrites(db: Database.Database) {
  return {
    fileByPath: db.prepare(`SELECT id FROM files WHERE path = ?`).pluck(),
    insertFile: db.prepare(
      `INSERT INTO files(path, hash, size, mtime_ms, language, module, module_doc, imports, items, hidden, errors, skipped, indexed_at, package, version, uses)
       VALUES (@path, @hash, @size, @mtime, @language, @module, @moduleDoc, @imports, @items, @hidden, @errors, @skipped, @now, @package, @version, @uses)`,
    ),
    updateFile: db.prepare(`UPDATE files SET ${FILE_COLUMNS} WHERE id = @id`),
    itemRowids: db.prepare(`SELECT rowid FROM items WHERE file_id = ?`).pluck(),
    deleteItems: db.prepare(`DELETE FROM items WHERE file_id = ?`),
    deleteReexports: db.prepare(`DELETE FROM reexports WHERE file_id = ?`),
    insertReexport: db.prepare(`INSERT INTO reexports(file_id, public, target) VALUES (?, ?, ?)`),
    deleteFts: db.prepare(`DELETE FROM items_fts WHERE rowid = ?`),
    deleteFile: db.prepare(`DELETE FROM files WHERE id = ?`),
    touch: db.prepare(`UPDATE files SET mtime_ms = ?, size = ? WHERE path = ?`),
    insertItem: db.prepare(
      `INSERT INTO items(file_id, id, name, kind, module, parent, visibility, language, signature, summary, has_doc, doc_head, deprecated, line, data)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertFts: db.prepare(`INSERT INTO items_fts(rowid, name, qualified, summary, doc, signature) VALUES (?, ?, ?, ?, ?, ?)`),
    lastUpdate: db.prepare(`INSERT OR REPLACE INTO meta(key, value) VALUES ('last_update', ?)`),
    ftsRemoved: new FtsRemovalCounter(db),
  };
}

export type FileWriteStatements = ReturnType<typeof prepareFileWrites>;

/**
 * The body of one write transaction; the caller runs it inside `BEGIN IMMEDIATE … COMMIT`, then
 * takes what it returns (the full-text rows it deleted) off FTS5's totals (fts-totals.ts).
 */
export function writeFiles(s: FileWriteStatements, updates: readonly FileUpdate[], deletions: readonly string[], touches: readonly FileTouch[]): FtsRemoved {
  const removed = noneRemoved();
  const staleFts: number[] = [];
  const clearItems = (fileId: number) => {
    for (const rowid of s.itemRowids.all(fileId) as number[]) staleFts.push(rowid);
    s.deleteItems.run(fileId);
    s.deleteReexports.run(fileId);
  };
  // Phase 1: no full-text statement yet.
  for (const p of deletions) {
    const id = s.fileByPath.get(p) as number | undefined;
    if (id === undefined) continue;
    clearItems(id);
    s.deleteFile.run(id);
  }
  // By file id: a path written twice in one batch keeps its last version only.
  const written = new Map<number, { rows: readonly PreparedItem[]; extract: FileExtract }>();
  for (const u of updates) {
    // Looked up inside the transaction: two runs (a sync and a watcher update) may write the
    // same new file, and only the second one's write may find the first's items.
    const existing = s.fileByPath.get(u.path) as number | undefined;
    if (existing !== undefined) clearItems(existing);
    const ex = u.extract;
    const rows = u.rows ?? ex?.items.map(prepareItem) ?? [];
    const values = {
      path: u.path,
      hash: u.hash,
      size: u.size,
      mtime: u.mtimeMs,
      language: u.language,
      module: ex?.module.name ?? null,
      moduleDoc: ex?.module.doc || null,
      imports: JSON.stringify(ex?.imports ?? []),
      items: rows.length,
      hidden: u.hidden ?? 0,
      errors: ex?.errors ?? 0,
      skipped: u.skipped ?? null,
      now: Date.now(),
      package: u.pkg?.name ?? null,
      version: u.pkg?.version ?? null,
      uses: u.uses?.length ? JSON.stringify(u.uses) : '[]',
    };
    let fileId: number;
    if (existing !== undefined) {
      s.updateFile.run({ ...values, id: existing });
      fileId = existing;
    } else {
      fileId = Number(s.insertFile.run(values).lastInsertRowid);
    }
    if (ex) written.set(fileId, { rows, extract: ex });
    else written.delete(fileId);
  }
  for (const t of touches) s.touch.run(t.mtimeMs, t.size, t.path);
  s.lastUpdate.run(String(Date.now()));
  // Phase 2: the old items' full-text rows.
  for (const rowid of staleFts) {
    s.ftsRemoved.note(removed, rowid);
    s.deleteFts.run(rowid);
  }
  // Phase 3: the new items, each with its full-text row.
  for (const [fileId, { rows, extract }] of written) {
    for (const row of rows) {
      const r = s.insertItem.run(
        fileId, row.id, row.name, row.kind, row.module, row.parent, row.visibility, row.language, row.signature, row.summary, row.hasDoc,
        row.docHead, row.deprecated, row.line, row.json,
      );
      // A Rust trait impl block is named after its type and would take the type's place among
      // name matches (std has a few thousand); it stays an item for docs_related and by kind.
      // So does a copy (rows.ts).
      if (row.kind !== 'impl' && row.fts) s.insertFts.run(r.lastInsertRowid, ...row.fts);
    }
    for (const r of extract.reexports ?? []) if (r.public !== r.target) s.insertReexport.run(fileId, r.public, r.target);
  }
  return removed;
}
