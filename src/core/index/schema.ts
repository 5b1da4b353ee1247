import type Database from 'better-sqlite3';

/**
 * The index schema and its migrations. `PRAGMA user_version` holds the schema version; each
 * migration moves it up by one inside a transaction. A database from a newer docent (higher
 * version than we know) or one whose extraction rules changed (EXTRACTOR_VERSION in meta) is
 * rebuilt rather than guessed at: the index is a cache, the source files are the truth.
 */

/** Bump when extraction output changes so existing indexes re-extract every file. */
export const EXTRACTOR_VERSION = '80';

const MIGRATIONS: string[] = [
  // v1
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE files (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,          -- relative to the root, forward slashes
    hash TEXT NOT NULL,                 -- sha1 of the content
    size INTEGER NOT NULL,
    mtime_ms REAL NOT NULL,
    language TEXT NOT NULL,
    module TEXT,
    module_doc TEXT,
    imports TEXT NOT NULL DEFAULT '[]', -- JSON array
    items INTEGER NOT NULL DEFAULT 0,
    hidden INTEGER NOT NULL DEFAULT 0,  -- private items left out
    errors INTEGER NOT NULL DEFAULT 0,  -- 1 when the parse tree had errors
    skipped TEXT,                       -- oversize | binary | generated | test | not-installed | error, else NULL
    indexed_at INTEGER NOT NULL
  );
  CREATE TABLE items (
    rowid INTEGER PRIMARY KEY,
    file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    module TEXT NOT NULL,
    parent TEXT,
    visibility TEXT NOT NULL,
    language TEXT NOT NULL,
    signature TEXT NOT NULL,
    summary TEXT NOT NULL,
    has_doc INTEGER NOT NULL,
    doc_head TEXT NOT NULL,
    deprecated INTEGER NOT NULL,             -- the start of the doc, for re-ranking without parsing data
    line INTEGER NOT NULL,
    data TEXT NOT NULL                  -- the full DocItem as JSON
  );
  CREATE INDEX items_file ON items(file_id);
  CREATE INDEX items_id ON items(id);
  CREATE INDEX items_name ON items(name COLLATE NOCASE);
  CREATE INDEX items_module ON items(module);
  CREATE INDEX items_parent ON items(parent);
  CREATE VIRTUAL TABLE items_fts USING fts5(
    name, qualified, summary, doc, signature,
    content = '', contentless_delete = 1,
    tokenize = 'porter unicode61 remove_diacritics 2'
  );
  `,
  // v2: the full-text index keeps which columns a word occurs in, not its positions
  // (detail=column). Searches only ever match single words, name-column filters and name
  // prefixes, never phrases or NEAR, so positions were never read; dropping them makes the
  // FTS index ~40% smaller and cheaper to write. BM25 then counts a word once per column.
  // A contentless table cannot be rebuilt from itself, so its items go and every file is
  // extracted again.
  `
  DELETE FROM items;
  DROP TABLE items_fts;
  CREATE VIRTUAL TABLE items_fts USING fts5(
    name, qualified, summary, doc, signature,
    content = '', contentless_delete = 1, detail = column,
    tokenize = 'porter unicode61 remove_diacritics 2'
  );
  UPDATE files SET hash = '', mtime_ms = -1, items = 0;
  `,
  // v3: positions again (detail=full). A contentless table with detail=column gives bm25() no
  // term counts to work with (FTS5 reads column instances back from the content, which a
  // contentless table does not keep), so every match scored 0 and "ORDER BY rank LIMIT n"
  // kept arbitrary rows: on a large index the right item could miss the candidate list.
  `
  DELETE FROM items;
  DROP TABLE items_fts;
  CREATE VIRTUAL TABLE items_fts USING fts5(
    name, qualified, summary, doc, signature,
    content = '', contentless_delete = 1,
    tokenize = 'porter unicode61 remove_diacritics 2'
  );
  UPDATE files SET hash = '', mtime_ms = -1, items = 0;
  `,
  // v4: re-exports (a package's `__init__.py` making its submodules' names public under the
  // package's path; `*` for all of a module's names), so `asyncio.sleep` finds
  // `asyncio.tasks.sleep`. Resolved at query time: the target may be in any file.
  `
  CREATE TABLE reexports (
    file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
    public TEXT NOT NULL,
    target TEXT NOT NULL
  );
  CREATE INDEX reexports_target ON reexports(target);
  CREATE INDEX reexports_public ON reexports(public);
  CREATE INDEX reexports_file ON reexports(file_id);
  CREATE TABLE word_vectors (word TEXT PRIMARY KEY, vec BLOB NOT NULL) WITHOUT ROWID;
  UPDATE files SET hash = '', mtime_ms = -1;
  `,
  // v5: the installed package (name and version) a file belongs to, NULL for the project's own
  // files; `scope` filters on it. Files are read again so existing rows get it.
  `
  ALTER TABLE files ADD COLUMN package TEXT;
  ALTER TABLE files ADD COLUMN version TEXT;
  CREATE INDEX files_package ON files(package);
  UPDATE files SET hash = '', mtime_ms = -1;
  `,
  // v6: what each file uses of other modules (extract/uses.ts), and the count of files using
  // each qualified name (index/usage.ts, recounted after a sync): the usage prior of a search.
  // Files are read again so existing rows get their uses.
  `
  ALTER TABLE files ADD COLUMN uses TEXT NOT NULL DEFAULT '[]';
  CREATE TABLE usage (key TEXT PRIMARY KEY, files INTEGER NOT NULL) WITHOUT ROWID;
  UPDATE files SET hash = '', mtime_ms = -1;
  `,
  // v7: items' vectors from a sentence-embedding model the user configured (docs.embeddings.model,
  // index/embeddings.ts): which item and text each was computed from, so edits can be caught up.
  `
  CREATE TABLE item_embeddings (rowid INTEGER PRIMARY KEY, item_id TEXT NOT NULL, text_hash INTEGER NOT NULL, vec BLOB NOT NULL);
  `,
  // v8: a segment of the full-text index is no longer rewritten whenever a tenth of its rows were
  // deleted (FTS5's deletemerge, default 10%). Re-extracting a whole installation (a new docent,
  // a branch switch) deletes every row: the segment merged after the first build (hundreds of MB)
  // was rewritten about ten times, and writing took 16 s instead of 7 (a replay of the Python
  // installation's writes). Deleted rows are purged when segments merge, and the indexer merges
  // everything once enough files changed (RootIndexer, OPTIMIZE_AFTER_FILES).
  `
  INSERT INTO items_fts(items_fts, rank) VALUES ('deletemerge', 0);
  `,
  // v9: the module items alone, by id (a partial index over ~2% of the rows). The modules that
  // take their doc from another (module-docs.ts) and Rust's public modules (rust-modules.ts)
  // were found by reading every item: ~70 ms on a Python installation, paid by the first
  // question in words after every write; ~10 ms through this index.
  `
  CREATE INDEX IF NOT EXISTS items_modules ON items(id) WHERE kind = 'module';
  `,
  // v10: the name index also orders each name's items documented first. A search looks up the
  // items named exactly as asked, documented ones first, 50 of them: for a name thousands of
  // items have (`__init__`: 14,500 on a Python installation) that read and sorted every one of
  // them, ~13 ms a search; the index now yields the 50 in order.
  `
  DROP INDEX items_name;
  CREATE INDEX items_name ON items(name COLLATE NOCASE, has_doc);
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Bring the schema up to date; returns false when the database must be rebuilt instead. */
export function migrate(db: Database.Database): boolean {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > SCHEMA_VERSION) return false;
  for (let v = version; v < SCHEMA_VERSION; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
  const row = db.prepare(`SELECT value FROM meta WHERE key = 'extractor'`).get() as { value: string } | undefined;
  if (row && row.value !== EXTRACTOR_VERSION) {
    // Extraction changed: forget file hashes so every file is extracted again (items are replaced per file).
    db.prepare(`UPDATE files SET hash = '', mtime_ms = -1`).run();
  }
  db.prepare(`INSERT OR REPLACE INTO meta(key, value) VALUES ('extractor', ?)`).run(EXTRACTOR_VERSION);
  return true;
}
