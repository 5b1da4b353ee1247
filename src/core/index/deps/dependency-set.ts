import path from 'node:path';
import type Database from 'better-sqlite3';
import type { Logger } from '../../log.js';
import type { ProgressFn } from '../run-stats.js';
import type { ExtractionPool } from '../pool.js';
import type { IndexSource } from '../source.js';
import { discoverDependencies } from './discover.js';
import { insideRoot } from './python.js';
import { PackageDb, packageDbPath, pruneOldLayouts, type PackageState } from './package-db.js';
import type { InstalledDependency, MissingDependency } from './types.js';
import { memoized } from '../../memo.js';

/**
 * The dependencies of a workspace's roots and their package databases. Each root's
 * dependencies are discovered (again after each sync of the root, since its imports and lock
 * files change); a package version already indexed on this machine is opened at once, the rest
 * are queued and built one at a time. Databases are shared: two roots (or two processes) using
 * the same version read the same one.
 */

export interface PackageStatus {
  name: string;
  version: string;
  ecosystem: string;
  files: number;
  items: number;
  state: PackageState | 'not_installed' | 'no_docs';
  /** Why it failed or is missing. */
  error?: string;
  /** The package database (shared by every project using this version). */
  db?: string;
}

export interface DependencyIndexesOptions {
  indexBase: string;
  includePrivate: boolean;
  maxFileBytes: number;
  pool: () => ExtractionPool;
  compileCommandsDir?: string;
  log: Logger;
  /** Every root of the workspace, as they are now: a dependency one of them indexes itself is not read again. */
  roots?: () => readonly string[];
  /** A package database no root uses any more was closed (an upgrade replaced its version): whoever else holds it open lets go. */
  closed?: (dbPath: string) => void;
}

interface RootDeps {
  installed: { dep: InstalledDependency; db: PackageDb }[];
  missing: MissingDependency[];
  /** The top-level Python modules the root imported when its dependencies were found. */
  importsKey: string;
  /** Where its packages are installed (install-watch.ts). */
  installFolders: string[];
}

/** The modules the root's own Python files import (from its index). */
function pythonImports(rootDb: Database.Database | null): string[] {
  try {
    if (!rootDb) return [];
    const rows = rootDb.prepare(`SELECT imports FROM files WHERE language = 'python' AND package IS NULL AND imports != '[]'`).pluck().all() as string[];
    return [...new Set(rows.flatMap((r) => JSON.parse(r) as string[]))];
  } catch {
    return []; // an index from before imports were stored
  }
}

/** Which share of the root's own source files are Python (0 without an index). */
function pythonShare(rootDb: Database.Database | null): number {
  try {
    if (!rootDb) return 0;
    const r = rootDb.prepare(`SELECT count(*) AS total, sum(language = 'python') AS python FROM files WHERE package IS NULL`).get() as { total: number; python: number | null };
    return r.total ? (r.python ?? 0) / r.total : 0;
  } catch {
    return 0;
  }
}

function importsKey(imports: readonly string[]): string {
  return [...new Set(imports.filter((i) => !i.startsWith('.')).map((i) => i.split('.')[0]!))].sort().join(' ');
}

export class DependencyIndexes {
  private readonly dbs = new Map<string, PackageDb>();
  private readonly byRoot = new Map<string, RootDeps>();
  private views: { roots: string; list: IndexSource[] } | null = null;
  /** status() answers while nothing is being built (every docs answer carries the index state). */
  private statusCache: { roots: string; list: PackageStatus[] } | null = null;

  /** Whether the package databases of earlier docents were looked for yet (once per process). */
  private pruned = false;

  constructor(private readonly opts: DependencyIndexesOptions) {}

  discovered(root: string): boolean {
    return this.byRoot.has(root);
  }

  /** Where the root's packages are installed, as its dependencies were last found: watched while serving (install-watch.ts). */
  installFolders(root: string): readonly string[] {
    return this.byRoot.get(root)?.installFolders ?? [];
  }

  /** Whether the root's Python files now import a top-level module they did not when its dependencies were found. */
  importsChanged(root: string, rootDb: Database.Database): boolean {
    const r = this.byRoot.get(root);
    return !r || r.importsKey !== importsKey(pythonImports(rootDb));
  }

  /**
   * Find a root's dependencies (its Python imports read from its own index) and open those
   * already built. A dependency another of the workspace's roots indexes itself is not one:
   * Debian's dist-packages as a root, beside `/usr/lib/python3.11` as another, would read that
   * library twice.
   */
  discover(root: string, rootDb: Database.Database | null): void {
    const roots = this.opts.roots?.() ?? [];
    const imports = pythonImports(rootDb);
    const found = discoverDependencies(root, { pythonImports: imports, pythonShare: pythonShare(rootDb), compileCommandsDir: this.opts.compileCommandsDir });
    const installed: RootDeps['installed'] = [];
    for (const dep of found.installed) {
      if (roots.some((other) => other !== root && insideRoot(other, dep.base))) continue;
      const file = packageDbPath(this.opts.indexBase, dep, this.opts.includePrivate);
      let db = this.dbs.get(file);
      if (!db) this.dbs.set(file, (db = new PackageDb(file, dep)));
      db.tryOpen();
      installed.push({ dep, db });
    }
    this.byRoot.set(root, { installed, missing: found.missing, importsKey: importsKey(imports), installFolders: found.installFolders ?? [] });
    this.views = this.statusCache = null;
    this.closeUnused();
  }

  /** Build every queued package database of the discovered roots, one at a time. */
  async indexQueued(signal: AbortSignal, progress: (label: string) => ProgressFn): Promise<void> {
    if (!this.pruned) {
      this.pruned = true;
      for (const d of pruneOldLayouts(this.opts.indexBase)) this.opts.log.info(`removed the package databases of an earlier docent: ${d}`);
    }
    const queued = [...new Set([...this.byRoot.values()].flatMap((r) => r.installed.map((i) => i.db)))].filter((db) => db.state === 'queued');
    for (const db of queued) {
      if (signal.aborted) return;
      const label = `${db.dep.ecosystem}:${db.dep.name}@${db.dep.version}`;
      await db.ensure({ pool: this.opts.pool(), includePrivate: this.opts.includePrivate, maxFileBytes: this.opts.maxFileBytes, signal, onProgress: progress(label), log: this.opts.log });
      if (db.state === 'failed') this.opts.log.warn(`could not index ${label}: ${db.error}`);
      else if (db.built) this.opts.log.info(`indexed ${label}: ${db.built.parsed} file(s) parsed in ${db.built.ms} ms`);
      this.views = this.statusCache = null;
    }
  }

  /** A root was closed: its dependencies no longer count (their databases stay on disk for the next project). */
  forget(root: string): void {
    this.byRoot.delete(root);
    this.views = this.statusCache = null;
    this.closeUnused();
  }

  private closeUnused(): void {
    const used = new Set([...this.byRoot.values()].flatMap((r) => r.installed.map((i) => i.db)));
    for (const [file, db] of this.dbs) {
      if (used.has(db) || db.state === 'indexing') continue;
      db.close();
      this.dbs.delete(file);
      this.opts.closed?.(db.dbPath);
    }
  }

  /** Every built package database of the given roots, once each, with file names shown relative to the root using it. */
  sources(roots: readonly string[]): IndexSource[] {
    const key = roots.join('\0');
    if (this.views?.roots === key) return this.views.list;
    const list: IndexSource[] = [];
    const seen = new Set<PackageDb>();
    for (const root of roots) {
      for (const { dep, db } of this.byRoot.get(root)?.installed ?? []) {
        if (seen.has(db) || !db.queries) continue;
        seen.add(db);
        const base = dep.base;
        // Asked for every hit of every search (before the best are chosen), mostly of the same files: remembered.
        const display = memoized(2048, (rel: string) => {
          const abs = path.join(base, rel);
          for (const r of roots) {
            const inRoot = path.relative(r, abs);
            if (inRoot && !inRoot.startsWith('..') && !path.isAbsolute(inRoot)) return (roots.length > 1 ? `${path.basename(r)}/` : '') + inRoot.split(path.sep).join('/');
          }
          return abs;
        });
        list.push({ root: base, queries: db.queries, dbPath: db.dbPath, dependency: { ecosystem: dep.ecosystem, name: dep.name, version: dep.version, display, probe: db.probe ?? undefined, standardLibrary: dep.standardLibrary } });
      }
    }
    // Only complete lists are kept: a database still being built joins when it is done.
    if ([...this.byRoot.values()].every((r) => r.installed.every((i) => i.db.state !== 'queued' && i.db.state !== 'indexing'))) this.views = { roots: key, list };
    return list;
  }

  /** The packages of the given roots with their versions and states. */
  status(roots: readonly string[]): PackageStatus[] {
    const key = roots.join('\0');
    if (this.statusCache?.roots === key) return this.statusCache.list;
    const out: PackageStatus[] = [];
    const seen = new Set<string>();
    for (const root of roots) {
      const r = this.byRoot.get(root);
      if (!r) continue;
      for (const { dep, db } of r.installed) {
        if (seen.has(db.dbPath)) continue;
        seen.add(db.dbPath);
        const c = db.store?.counts();
        const files = c?.files ?? 0;
        const state = db.state === 'indexed' && files === 0 ? 'no_docs' : db.state;
        out.push({ name: dep.name, version: dep.version, ecosystem: dep.ecosystem, files, items: c?.items ?? 0, state, ...(db.error ? { error: db.error } : {}), db: db.dbPath });
      }
      for (const m of r.missing) {
        const k = `${m.ecosystem}:${m.name}`;
        if (seen.has(k)) continue;
        seen.add(k);
        out.push({ name: m.name, version: '', ecosystem: m.ecosystem, files: 0, items: 0, state: 'not_installed', error: m.reason });
      }
    }
    // Package databases do not change once built: the list holds until the next discovery or build.
    if (!this.busy()) this.statusCache = { roots: key, list: out };
    return out;
  }

  /** True while a package database of these roots is queued or being built. */
  busy(): boolean {
    return [...this.byRoot.values()].some((r) => r.installed.some((i) => i.db.state === 'queued' || i.db.state === 'indexing'));
  }

  dispose(): void {
    for (const db of this.dbs.values()) db.close();
    this.dbs.clear();
    this.byRoot.clear();
    this.views = this.statusCache = null;
  }
}
