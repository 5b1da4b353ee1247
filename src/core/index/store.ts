import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';
import { prepareFileWrites, writeFiles, type FileTouch, type FileUpdate } from './file-writes.js';
import { lowerFtsTotals, recountFtsTotals, type FtsRemoved } from './fts-totals.js';
export type { FileTouch, FileUpdate } from './file-writes.js';
export { packItem, unpackItem } from './rows.js';
import { createLogger } from '../log.js';
import { migrate } from './schema.js';

/**
 * One root's index database. better-sqlite3 in WAL mode: readers never wait for the indexer,
 * and every batch of file updates is one transaction, so a crash (even kill -9) loses at most
 * the batch in flight and never leaves a file half-indexed. A database that cannot be opened
 * or fails its integrity check after an unclean shutdown is deleted and rebuilt.
 */

const log = createLogger('docent:index');

/** How long a write waits for another connection's transaction before giving up. */
export const WRITE_WAIT_MS = 60_000;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Block this thread for a few milliseconds (waiting for SQLite's write lock, which has no wake-up). */
function sleepSync(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

/** Segments of one level that FTS5 merges at once even while a bulk write has its merging off (bulkFullText). */
const CRISIS_SEGMENTS = 256;
// FTS5 takes these values only as literals, not bound parameters.
const FTS_BULK = `INSERT INTO items_fts(items_fts, rank) VALUES ('automerge', 0); INSERT INTO items_fts(items_fts, rank) VALUES ('crisismerge', ${CRISIS_SEGMENTS})`;
/** FTS5's own defaults. */
const FTS_DEFAULTS = `INSERT INTO items_fts(items_fts, rank) VALUES ('automerge', 4); INSERT INTO items_fts(items_fts, rank) VALUES ('crisismerge', 16)`;

export interface StoredFile {
  id: number;
  path: string;
  hash: string;
  size: number;
  mtime_ms: number;
  language: string;
  skipped: string | null;
}

export interface ItemRow {
  rowid: number;
  id: string;
  name: string;
  kind: string;
  module: string;
  parent: string | null;
  visibility: string;
  language: string;
  signature: string;
  summary: string;
  has_doc: number;
  line: number;
  path: string;
  data: string;
}

/** Upper bound of the read mapping (SQLite caps it at its compile-time maximum, 2 GB by default). */
const MMAP_BYTES = 2 ** 31 - 1;

export class IndexStore {
  readonly db: Database.Database;
  /** True when this open found an unclean shutdown or had to rebuild. */
  readonly recovered: boolean;
  /** Names this opening of the database (for worker connections writing on its behalf). */
  readonly ownerId: string;
  private readonly stmts: ReturnType<IndexStore['prepare']>;

  private constructor(
    db: Database.Database,
    recovered: boolean,
    readonly file: string,
    /** This connection opened the database and marks its clean shutdown (a writer connection does not). */
    private readonly owner: boolean,
  ) {
    this.ownerId = owner ? randomUUID() : '';
    this.db = db;
    this.recovered = recovered;
    this.stmts = this.prepare();
  }

  /**
   * Open (creating, migrating, or rebuilding when corrupt) the database at `file`. Only a
   * database that is unreadable, fails its check or was written by a newer docent is rebuilt:
   * one that is merely locked (another process is writing it) is in use, and deleting it would
   * pull it from under that process, so that error is passed on.
   */
  static open(file: string): IndexStore {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      return IndexStore.openOnce(file);
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (/^SQLITE_(BUSY|LOCKED)/.test(code)) throw new Error(`the index database ${file} is locked by another process (${(err as Error).message}); try again when it has finished`);
      log.warn(`index database ${file} is unusable (${(err as Error).message}); rebuilding it`);
      for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
      const store = IndexStore.openOnce(file);
      return Object.assign(store, { recovered: true });
    }
  }

  private static openOnce(file: string): IndexStore {
    const existed = existsSync(file);
    const db = new Database(file, { timeout: 5000 });
    try {
      // Larger pages suit rows of a kilobyte or more (fewer overflow pages, faster bulk writes); only applies to a new file.
      if (!existed) db.pragma('page_size = 16384');
      db.pragma('journal_mode = WAL');
      IndexStore.tune(db);
      IndexStore.mapForReading(db);
      let recovered = false;
      if (existed) {
        const state = db.prepare(`SELECT value FROM meta WHERE key = 'state'`).pluck().get() as string | undefined;
        if (state === 'open') {
          // The last process did not close cleanly: make sure the file is sound before trusting it.
          const check = db.pragma('quick_check', { simple: true });
          if (check !== 'ok') throw new Error(`integrity check failed: ${String(check)}`);
          recovered = true;
        }
      }
      if (!migrate(db)) throw new Error('the index was written by a newer docent');
      // A first build stopped before its end left FTS5's merging off (bulkFullText).
      if (existed && db.prepare(`SELECT v FROM items_fts_config WHERE k = 'automerge'`).pluck().get() === 0) db.exec(FTS_DEFAULTS);
      db.prepare(`INSERT OR REPLACE INTO meta(key, value) VALUES ('state', 'open')`).run();
      return new IndexStore(db, recovered, file, true);
    } catch (err) {
      db.close();
      throw err;
    }
  }

  /**
   * A second connection to a database another IndexStore owns (opened, checked and migrated
   * by it), for a worker thread that writes its own results. It never waits inside SQLite for
   * the write lock (`apply` decides whether to wait), and closing it leaves the owner's state alone.
   */
  static openWriter(file: string): IndexStore {
    const db = new Database(file, { timeout: 0, fileMustExist: true });
    IndexStore.tune(db);
    return new IndexStore(db, false, file, false);
  }

  /**
   * A finished database opened for reading only (an installed package's, see deps/): never
   * migrated, checked or marked, since other docent processes may have it open too.
   */
  static openReadonly(file: string): IndexStore {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    IndexStore.tune(db);
    IndexStore.mapForReading(db);
    return new IndexStore(db, false, file, false);
  }

  private static tune(db: Database.Database): void {
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('cache_size = -32000');
    db.pragma('temp_store = MEMORY');
  }

  /**
   * Searches read the database through a memory map: a search touches a few hundred scattered
   * item rows and FTS pages, and reading them from the mapped file instead of copying each page
   * in through the page cache took the candidate-row lookup from ~2.2 to ~1.3 ms (250 rows,
   * Python installation). Only the connections that serve queries: the workers' writer
   * connections keep plain I/O (mapping measured slower for bulk writes).
   */
  private static mapForReading(db: Database.Database): void {
    db.pragma(`mmap_size = ${MMAP_BYTES}`);
  }

  private prepare() {
    const db = this.db;
    return {
      files: db.prepare(`SELECT id, path, hash, size, mtime_ms, language, skipped FROM files`),
      writes: prepareFileWrites(db),
    };
  }

  /** Every known file, by path. */
  files(): Map<string, StoredFile> {
    const out = new Map<string, StoredFile>();
    for (const r of this.stmts.files.all() as StoredFile[]) out.set(r.path, r);
    return out;
  }

  /** Bumped on every write, so derived figures (counts) can be cached between writes. */
  private version = 0;
  private countsCache: { version: string; value: ReturnType<IndexStore['computeCounts']> } | null = null;

  /** The stored rows of some paths, plus every stored path under any of them taken as a directory. */
  filesFor(paths: readonly string[]): { byPath: Map<string, StoredFile>; under: string[] } {
    const byPath = new Map<string, StoredFile>();
    const under: string[] = [];
    const one = this.db.prepare(`SELECT id, path, hash, size, mtime_ms, language, skipped FROM files WHERE path = ?`);
    const below = this.db.prepare(`SELECT path FROM files WHERE path > ? AND path < ?`).pluck();
    for (const p of paths) {
      const r = one.get(p) as StoredFile | undefined;
      if (r) byPath.set(p, r);
      // '/' + 1 is '0': the range holds exactly the paths that start with `p/`.
      under.push(...(below.all(`${p}/`, `${p}0`) as string[]));
    }
    return { byPath, under };
  }

  /**
   * Apply file updates, deletions and new mtimes in one transaction. Another connection may be
   * writing (worker threads write their own results): with `wait` this waits for it, otherwise
   * it returns false at once and nothing is written.
   */
  apply(
    updates: readonly FileUpdate[],
    deletions: readonly string[] = [],
    touches: readonly FileTouch[] = [],
    wait = true,
  ): boolean {
    if (!updates.length && !deletions.length && !touches.length) return true;
    const write = this.db.transaction(() => writeFiles(this.stmts.writes, updates, deletions, touches));
    // IMMEDIATE: take the write lock up front, so a busy database fails here, before any work.
    const removed: FtsRemoved | null = this.whenFree(() => write.immediate(), wait);
    if (removed === null) return false;
    this.version++;
    // FTS5 does not lower its totals for the rows deleted (fts-totals.ts): done here, after the
    // commit. Should the database stay busy past the wait, the next sync's recount mends it.
    try {
      this.whenFree(() => lowerFtsTotals(this.db, removed), true);
    } catch (err) {
      log.warn(`could not correct the full-text totals: ${(err as Error).message}`);
    }
    return true;
  }

  /** Run a write, waiting (up to WRITE_WAIT_MS) while another connection holds the lock; null when busy and told not to wait. */
  private whenFree<T>(run: () => T, wait: boolean): T | null {
    const deadline = Date.now() + WRITE_WAIT_MS;
    for (;;) {
      try {
        return run();
      } catch (err) {
        const busy = (err as { code?: string }).code === 'SQLITE_BUSY';
        if (busy && !wait) return null;
        if (!busy || Date.now() > deadline) throw err;
        sleepSync(2);
      }
    }
  }

  /**
   * Set FTS5's totals from the rows the index holds when they count more (a database written
   * before deletes were taken off them, or a correction lost to a crash or a busy database):
   * a count of the docsize rows when nothing drifted, 0.36 s for 240k rows when something did.
   */
  recountFullTextTotals(): void {
    try {
      const r = this.whenFree(() => recountFtsTotals(this.db), false);
      if (r && r.before !== r.after) log.info(`full-text totals recounted: ${r.before} → ${r.after} rows`);
    } catch (err) {
      log.warn(`could not recount the full-text totals: ${(err as Error).message}`);
    }
  }

  private dataVersion: Statement | undefined;

  /** File and item counts (cached until the next write, through this connection or another). */
  counts(): ReturnType<IndexStore['computeCounts']> {
    // data_version moves when another connection (a worker writing its results) commits.
    // A prepared statement: `db.pragma()` prepares one on every call, which every search paid for its index_status.
    this.dataVersion ??= this.db.prepare('PRAGMA data_version').pluck();
    const version = `${this.version}:${this.dataVersion.get() as number}`;
    if (this.countsCache?.version !== version) this.countsCache = { version, value: this.computeCounts() };
    return this.countsCache.value;
  }

  private computeCounts(): {
    files: number;
    items: number;
    skipped: Record<string, number>;
    languages: Record<string, number>;
    lastUpdate: number | null;
    packages: { name: string; version: string; files: number; items: number }[];
  } {
    const files = this.db.prepare(`SELECT COUNT(*) FROM files WHERE skipped IS NULL`).pluck().get() as number;
    const items = this.db.prepare(`SELECT COUNT(*) FROM items`).pluck().get() as number;
    const skipped: Record<string, number> = {};
    for (const r of this.db.prepare(`SELECT skipped, COUNT(*) n FROM files WHERE skipped IS NOT NULL GROUP BY skipped`).all() as { skipped: string; n: number }[]) skipped[r.skipped] = r.n;
    const languages: Record<string, number> = {};
    for (const r of this.db.prepare(`SELECT language, COUNT(*) n FROM files WHERE skipped IS NULL GROUP BY language`).all() as { language: string; n: number }[]) languages[r.language] = r.n;
    const last = this.db.prepare(`SELECT value FROM meta WHERE key = 'last_update'`).pluck().get() as string | undefined;
    const packages = this.db
      .prepare(`SELECT package AS name, COALESCE(version, '') AS version, COUNT(*) AS files, SUM(items) AS items FROM files WHERE package IS NOT NULL AND skipped IS NULL GROUP BY package, version ORDER BY package, version`)
      .all() as { name: string; version: string; files: number; items: number }[];
    return { files, items, skipped, languages, lastUpdate: last ? Number(last) : null, packages };
  }

  /**
   * Record how the root's files are named (project-hints.ts projectHints, as JSON). When it differs
   * from what the index was written with (a go.work, a Cargo workspace or a nested pyproject.toml
   * came, went or changed), every file's hash is forgotten so the next sync extracts it again
   * under the new names, as an extractor change does (schema.ts migrate). Returns whether it did.
   */
  noteNaming(naming: string): boolean {
    const had = this.db.prepare(`SELECT value FROM meta WHERE key = 'naming'`).pluck().get() as string | undefined;
    if (had === naming) return false;
    return this.db.transaction(() => {
      const reset = this.db.prepare(`UPDATE files SET hash = '', mtime_ms = -1`).run().changes > 0;
      this.db.prepare(`INSERT OR REPLACE INTO meta(key, value) VALUES ('naming', ?)`).run(naming);
      return reset;
    })();
  }

  /** When the last full sync had every item written (searchable by name), and how long it had taken; null before any. */
  searchableByName(): { at: number; afterMs: number | null } | null {
    const v = this.db.prepare(`SELECT value FROM meta WHERE key = 'searchable_by_name'`).pluck().get() as string | undefined;
    if (!v) return null;
    const [at, after] = v.split(':').map(Number);
    return at ? { at, afterMs: Number.isFinite(after) ? after! : null } : null;
  }

  noteSearchableByName(at: number, afterMs: number): void {
    try {
      this.db.prepare(`INSERT OR REPLACE INTO meta(key, value) VALUES ('searchable_by_name', ?)`).run(`${at}:${Math.round(afterMs)}`);
    } catch (err) {
      log.warn(`could not record when the index became searchable: ${(err as Error).message}`);
    }
  }

  /**
   * FTS5's own merging off while a first build writes, back to its defaults after. Each write
   * transaction leaves a segment, and FTS5 merges segments as they accumulate (automerge: four
   * of a level; crisismerge: sixteen), so a build of a hundred transactions rewrote most of its
   * terms two or three times before the 'optimize' at its end (optimizeFullText) rewrote them
   * all once more. Off, only that last merge writes them: SQLite write time 6.9-7.0 -> 6.2-6.3 s
   * on the Python installation. A crisis merge still runs at CRISIS_SEGMENTS segments, below
   * FTS5's limit of 2,000. Only a tuning knob: failing to set it is logged and ignored.
   */
  bulkFullText(bulk: boolean): void {
    try {
      this.db.exec(bulk ? FTS_BULK : FTS_DEFAULTS);
    } catch (err) {
      log.debug(`could not set the full-text index's merging: ${(err as Error).message}`);
    }
  }

  /**
   * Merge the full-text index into one segment (FTS5 'optimize'). A build writes it in a
   * hundred or more transactions, each leaving a segment that automerge folds only partly:
   * every search term is then looked up in several segments. Merged, the same searches give
   * the same answers with less work (measured on the Python installation's 229k items: ~7%
   * less CPU over 1,000 docs_search queries, for ~0.2 s once per large sync). False when
   * another connection was writing (it is then left as it is).
   */
  optimizeFullText(): boolean {
    try {
      this.db.transaction(() => {
        this.db.prepare(`INSERT INTO items_fts(items_fts) VALUES ('optimize')`).run();
        this.db.prepare(`DELETE FROM meta WHERE key = 'fts_unmerged'`).run();
      }).immediate();
      this.version++;
      return true;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY') log.warn(`could not merge the full-text index: ${(err as Error).message}`);
      return false;
    }
  }

  /**
   * Count `files` more files parsed or removed since the full-text index was last merged, and
   * return the total. Kept in the database, so that many short runs (one-shot `docent index`
   * after a few edits each) add up too: deleted rows stay in the merged segment until a merge.
   */
  noteUnmerged(files: number): number {
    return Number(
      this.db
        .prepare(`INSERT INTO meta(key, value) VALUES ('fts_unmerged', ?) ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + excluded.value RETURNING value`)
        .pluck()
        .get(files),
    );
  }

  /**
   * Fold the write-ahead log back into the database and truncate it (after a full sync: worker
   * connections leave a WAL of tens of megabytes behind that only a last close would remove).
   */
  checkpoint(): void {
    try {
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // Busy with another writer: the WAL is folded in later (automatically, or on close).
    }
  }

  /** Mark a clean shutdown (when this connection owns the database) and close. */
  close(): void {
    if (!this.db.open) return;
    if (!this.owner) {
      this.db.close();
      return;
    }
    try {
      this.db.prepare(`INSERT OR REPLACE INTO meta(key, value) VALUES ('state', 'closed')`).run();
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // closing anyway
    }
    this.db.close();
  }
}

