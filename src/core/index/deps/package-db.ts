import { randomUUID, createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { RootIndexer } from '../indexer.js';
import type { IndexRunStats, ProgressFn } from '../run-stats.js';
import type { ExtractionPool } from '../pool.js';
import { IndexQueries } from '../query.js';
import { EXTRACTOR_VERSION, SCHEMA_VERSION } from '../schema.js';
import { IndexStore } from '../store.js';
import { refreshDerived } from '../derived.js';
import { createLogger, type Logger } from '../../log.js';
import { SourceProbe } from './fanout.js';
import type { InstalledDependency } from './types.js';

/**
 * One installed package version's index: a database of its own under the cache directory,
 * `<cache>/packages/<schema>/<ecosystem>/<name>@<version>-<hash>/index.db`, built once per
 * machine and then only read, by every project (and every docent process) that uses that
 * version. A package version does not change, so a database that exists is complete.
 *
 * Building is safe against another docent process building the same version: a lock file
 * (`index.db.lock`, holding the builder's pid; a dead holder's lock is taken over) makes the
 * second process wait for the first, and the database is built under a private name and moved
 * into place with an atomic rename only once complete, so no reader ever sees half of one.
 */

export type PackageState = 'queued' | 'indexing' | 'indexed' | 'failed';

/** How often a builder touches its lock, and after how long without a touch the lock counts as abandoned. */
const HEARTBEAT_MS = 5_000;
const STALE_MS = 5 * 60_000;

function safe(s: string): string {
  return s.replace(/[^\w.+-]+/g, '_').replace(/^_+/, '').slice(0, 60) || '_';
}

/**
 * Bump when what a dependency's database holds changes while the extraction rules do not:
 * which files a dependency lists (2: the Python and Rust standard libraries' own tests, read
 * for the names they use), how they are named (3: a Go module by its path even without a
 * go.mod), 4: an npm package's small entry points without docs (ws's index.js), for the
 * names they re-export, 5: also of a package whose exports name declaration files it does not
 * ship (yargs). A root's index is not affected, so EXTRACTOR_VERSION stays.
 */
const PACKAGE_RULES = 5;

/** The folder of this docent's package databases under `<cache>/packages` (schema, extraction and listing rules; private items or not). */
export function layoutName(includePrivate: boolean): string {
  return `s${SCHEMA_VERSION}-x${EXTRACTOR_VERSION}-r${PACKAGE_RULES}${includePrivate ? '-private' : ''}`;
}

/**
 * Remove the package databases an earlier docent wrote under other rules (`packages/s10-x52` once
 * this one writes `s10-x53-r2`): nothing reads them again, and each change of the extraction rules
 * left a whole copy of every package behind (60 MB a copy for this repository's dependencies).
 * A folder with a build lock in it is left alone: another docent is building there. One whose
 * databases an older docent still has open stays readable to it until it closes them. Returns
 * the folders removed.
 */
export function pruneOldLayouts(indexBase: string): string[] {
  const dir = path.join(indexBase, 'packages');
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const current = new Set([layoutName(false), layoutName(true)]);
  const removed: string[] = [];
  for (const name of names) {
    if (current.has(name) || !/^s\d+-x[\w.]+(-r\d+)?(-private)?$/.test(name)) continue;
    const layout = path.join(dir, name);
    try {
      if ((readdirSync(layout, { recursive: true }) as string[]).some((f) => f.endsWith('.lock'))) continue;
      rmSync(layout, { recursive: true, force: true });
      removed.push(layout);
    } catch {
      /* gone meanwhile, or not ours to remove: left */
    }
  }
  return removed;
}

export function packageDbPath(indexBase: string, dep: InstalledDependency, includePrivate: boolean): string {
  const layout = layoutName(includePrivate);
  const hash = createHash('sha256').update([dep.ecosystem, dep.name, dep.version, dep.variant ?? ''].join('\0')).digest('hex').slice(0, 8);
  return path.join(indexBase, 'packages', layout, dep.ecosystem, `${safe(dep.name)}@${safe(dep.version)}-${hash}`, 'index.db');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });
}

export interface BuildOptions {
  pool: ExtractionPool;
  includePrivate: boolean;
  maxFileBytes: number;
  signal?: AbortSignal;
  onProgress?: ProgressFn;
  /** Where the derived data's outcome is said (learned vectors, a failure); docent's own logger when absent. */
  log?: Logger;
}

export class PackageDb {
  state: PackageState = 'queued';
  error: string | null = null;
  store: IndexStore | null = null;
  queries: IndexQueries | null = null;
  probe: SourceProbe | null = null;
  /** What this process's build did (null when the database was already there). */
  built: IndexRunStats | null = null;

  constructor(
    readonly dbPath: string,
    /** The first project's copy of the package (any copy of the same version has the same files). */
    readonly dep: InstalledDependency,
  ) {}

  /** Open the database when it is already built (by this or another process); true when ready. */
  tryOpen(): boolean {
    if (this.store) return true;
    if (!existsSync(this.dbPath)) return false;
    try {
      this.store = IndexStore.openReadonly(this.dbPath);
      this.queries = new IndexQueries(this.store, { standardLibraryDependency: this.dep.standardLibrary, installedPackage: !this.dep.standardLibrary });
      this.probe = new SourceProbe(this.store.db);
      this.state = 'indexed';
      this.error = null;
      return true;
    } catch (err) {
      this.state = 'failed';
      this.error = `cannot open ${this.dbPath}: ${(err as Error).message}`;
      return false;
    }
  }

  /** Make sure the database exists: open it, wait for another process building it, or build it. */
  async ensure(opts: BuildOptions): Promise<void> {
    if (this.tryOpen() || (this.state === 'failed' && this.error)) return;
    mkdirSync(path.dirname(this.dbPath), { recursive: true });
    const lock = `${this.dbPath}.lock`;
    try {
      if (!(await this.acquire(lock, opts.signal))) {
        this.tryOpen(); // another process built it meanwhile
        return;
      }
      // A heartbeat: a lock nobody touched for minutes is stale even if its pid was reused since.
      const beat = setInterval(() => {
        try {
          const now = new Date();
          utimesSync(lock, now, now);
        } catch {
          /* gone: the build ends soon anyway */
        }
      }, HEARTBEAT_MS);
      beat.unref();
      try {
        this.state = 'indexing';
        await this.build(opts);
      } finally {
        clearInterval(beat);
        rmSync(lock, { force: true });
      }
      this.tryOpen();
    } catch (err) {
      if (opts.signal?.aborted) {
        this.state = 'queued';
        return;
      }
      this.state = 'failed';
      this.error = (err as Error).message;
    }
  }

  /** Take the build lock; false when the database appeared meanwhile (another process built it). */
  private async acquire(lock: string, signal?: AbortSignal): Promise<boolean> {
    for (;;) {
      if (signal?.aborted) throw new Error('cancelled');
      if (existsSync(this.dbPath)) return false;
      try {
        const fd = openSync(lock, 'wx');
        writeSync(fd, String(process.pid));
        closeSync(fd);
        if (!existsSync(this.dbPath)) return true;
        rmSync(lock, { force: true });
        return false;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      let holder = NaN;
      let age = 0;
      try {
        holder = Number(readFileSync(lock, 'utf8').trim());
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {
        continue; // released just now
      }
      // A dead holder's lock is stale (a lock with no pid yet is being written: give it a few
      // seconds), and so is one whose holder stopped beating (its pid may belong to another process by now).
      if ((holder && !alive(holder)) || (!holder && age > 10_000) || age > STALE_MS) {
        rmSync(lock, { force: true });
        continue;
      }
      this.state = 'indexing';
      this.error = null;
      await sleep(150, signal);
    }
  }

  private async build(opts: BuildOptions): Promise<void> {
    const dir = path.dirname(this.dbPath);
    // What a builder that died left behind (its lock was taken over just now, or it died before taking one).
    for (const f of readdirSync(dir)) {
      const pid = Number(/^build-(\d+)-/.exec(f)?.[1]);
      if (pid && pid !== process.pid && !alive(pid)) rmSync(path.join(dir, f), { force: true });
    }
    const tmp = path.join(dir, `build-${process.pid}-${randomUUID().slice(0, 8)}.db`);
    const final = `${tmp}.final`;
    const store = IndexStore.open(tmp);
    try {
      const indexer = new RootIndexer({ root: this.dep.base, store, pool: opts.pool, includePrivate: opts.includePrivate, maxFileBytes: opts.maxFileBytes, exclude: [], listFiles: this.dep.list, languageOf: this.dep.language, generated: this.dep.generated, naming: this.dep.naming });
      this.built = await indexer.sync(opts.signal, opts.onProgress);
      const { ecosystem, name, version } = this.dep;
      // The package is what discovery found, whatever the file paths would suggest (C headers, a venv in an odd place).
      store.db.prepare(`UPDATE files SET package = ?, version = ?`).run(name, version);
      // Usage counts and word vectors, as a root's index has them (a failure leaves search working without them).
      refreshDerived(`${ecosystem}:${name}@${version}`, store.db, true, opts.log ?? createLogger('docent:deps'));
      const meta = store.db.prepare(`INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)`);
      meta.run('package', JSON.stringify({ ecosystem, name, version, source: this.dep.base, built: new Date().toISOString(), files: this.built.parsed }));
      meta.run('state', 'closed');
      opts.pool.release(store.ownerId);
      // A compact, self-contained copy (worker connections' WAL folded in) under a private name…
      store.db.prepare(`VACUUM INTO ?`).run(final);
    } finally {
      store.close();
      for (const s of ['', '-wal', '-shm']) rmSync(tmp + s, { force: true });
    }
    try {
      const db = new Database(final);
      db.pragma('journal_mode = DELETE');
      db.close();
      // …moved into place at once: readers see no database, or a whole one.
      renameSync(final, this.dbPath);
    } finally {
      rmSync(final, { force: true });
    }
  }

  close(): void {
    this.store?.close();
    this.store = null;
    this.queries = null;
    this.probe = null;
  }
}
