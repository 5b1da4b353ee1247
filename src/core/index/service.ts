import path from 'node:path';
import { DependencyIndexes } from './deps/dependency-set.js';
import { isDependencyManifest, vendoredFolders } from './deps/discover.js';
import { searchSources } from './deps/fanout.js';
import { watchInstallFolders } from './deps/install-watch.js';
import { createLogger, type Logger } from '../log.js';
import { RootIndexer } from './indexer.js';
import type { IndexRunStats, ProgressFn } from './run-stats.js';
import { indexBaseDir, indexDbPath } from './paths.js';
import { ExtractionPool, defaultWorkerCount } from './pool.js';
import { IndexQueries } from './query.js';
import type { IndexSource } from './source.js';
import { IndexStore } from './store.js';
import { recountUsage, refreshUsage, storeAside, vectorsDue } from './derived.js';
import { VectorsAside } from './vectors-aside.js';
import { briefStatus, fullStatus, type BriefStatus, type IndexStatus, type StatusView } from './status.js';
import { looksLikeStdlib, pythonBuiltinsSource } from './python-builtins.js';
import { watchRoot, type RootWatcher } from './watcher.js';
import { IndexEmbeddings } from './embedding-runner.js';
import type { DocsIndexOptions, ProgressListener, RootIndex } from './root-index.js';
import { NameSketch } from './name-sketch.js';
import { SearchLane, type SourceSearch } from './search-lane.js';
import { readInTurns } from './read-in-turns.js';
import type { SearchHit } from './search.js';

/**
 * The docs index of a whole workspace: one database, indexer and (in serve mode) watcher per
 * root, one shared extraction pool. Opening is instant (queries answer from what is already
 * stored); `catchUp` brings every root up to date in the background, and `status` tells the
 * truth about where that stands.
 */


export type { IndexPhase, IndexState, IndexStatus } from './status.js';
export type { DocsIndexOptions, ProgressListener, RootIndex } from './root-index.js';

/**
 * Usage counts (index/usage.ts) follow edits once they settle: a recount reads every file's
 * uses (~0.5 s for a Python installation), too much for each save, and the prior it feeds only
 * needs to be about right.
 */
const USAGE_RECOUNT_MS = 10_000;

export class DocsIndex {
  readonly roots: RootIndex[] = [];
  private pool: ExtractionPool | undefined;
  private running: Promise<void> | null = null;
  private readonly listeners = new Set<ProgressListener>();
  private readonly log: Logger;
  /** Aborts background work on dispose. */
  private readonly lifetime = new AbortController();
  error: string | null = null;
  lastRun: IndexRunStats[] = [];
  /** Time the last catch-up spent learning word vectors (after every item was already searchable). */
  lastVectorsMs = 0;
  /** The roots' installed dependencies, one shared database per package version (absent when off). */
  readonly deps: DependencyIndexes | null;
  /** The configured sentence-embedding model (null when none is). */
  readonly embeddings: IndexEmbeddings | null;
  /** Searches some of a question's databases beside the calling thread (created on the first search through a package). */
  private lane: SearchLane | null = null;

  constructor(private readonly opts: DocsIndexOptions) {
    this.log = opts.log ?? createLogger('docent:index');
    this.embeddings = opts.embeddings?.model ? new IndexEmbeddings(opts.embeddings, this.log) : null;
    this.deps =
      opts.dependencies === false
        ? null
        : new DependencyIndexes({ indexBase: indexBaseDir(opts.indexDir), includePrivate: opts.includePrivate, maxFileBytes: opts.maxFileBytes, pool: () => this.lazyPool(), compileCommandsDir: opts.compileCommandsDir, log: this.log, roots: () => this.roots.map((r) => r.root), closed: (dbPath) => this.lane?.forget(dbPath) });
    this.setRoots(opts.roots);
  }

  private getPool(): ExtractionPool {
    this.pool ??= new ExtractionPool(this.opts.workers ?? defaultWorkerCount());
    return this.pool;
  }

  /** Follow the workspace's roots: open indexes for new roots, close those no longer wanted. */
  setRoots(roots: readonly string[]): boolean {
    const wanted = new Set(roots);
    let changed = false;
    for (const r of [...this.roots]) {
      if (!wanted.has(r.root)) {
        this.closeRoot(r);
        this.roots.splice(this.roots.indexOf(r), 1);
        this.deps?.forget(r.root);
        changed = true;
      }
    }
    for (const root of roots) {
      if (this.roots.some((r) => r.root === root)) continue;
      const dbPath = indexDbPath(root, this.opts.indexDir);
      try {
        const store = IndexStore.open(dbPath);
        if (store.recovered) this.log.info(`index for ${root} was not closed cleanly; checked it and carrying on`);
        const generated = pythonBuiltinsSource(root);
        // Vendored dependencies inside the root are indexed as the packages they are (when dependencies are), not as the project's own code.
        const exclude = this.excludeFor(root);
        const indexer = new RootIndexer({ root, store, pool: this.lazyPool(), includePrivate: this.opts.includePrivate, maxFileBytes: this.opts.maxFileBytes, exclude, generated, urgent: true });
        const searchable = store.searchableByName();
        this.roots.push({ root, dbPath, store, queries: new IndexQueries(store, { standardLibrary: looksLikeStdlib(root) }), indexer, synced: false, abort: new AbortController(), phase: this.opts.syncEnabled === false ? 'off' : 'files', searchableAt: searchable?.at ?? null, searchableAfterMs: searchable?.afterMs ?? null, generated });
        changed = true;
      } catch (err) {
        this.error = `cannot open the index for ${root} at ${dbPath}: ${(err as Error).message}`;
        this.log.error(this.error);
      }
    }
    return changed;
  }

  /** A pool proxy that starts worker threads only when a file actually needs extracting. */
  private lazyPool(): ExtractionPool {
    const self = this;
    return { run: (job, urgent) => self.getPool().run(job, urgent), release: (owner: string) => self.pool?.release(owner) } as ExtractionPool;
  }

  get indexing(): boolean {
    return this.running !== null;
  }

  onProgress(l: ProgressListener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  /** Sync every root not yet synced (or all with `force`); concurrent callers share one run. */
  catchUp(opts: { signal?: AbortSignal; force?: boolean } = {}): Promise<void> {
    if (this.running) return this.running;
    if (this.opts.syncEnabled === false) return Promise.resolve();
    const signal = opts.signal ? AbortSignal.any([opts.signal, this.lifetime.signal]) : this.lifetime.signal;
    const run = (async () => {
      const runs: IndexRunStats[] = [];
      for (const r of this.roots) {
        if (r.synced && !opts.force) continue;
        const progress: ProgressFn = (done, total, message) => {
          for (const l of this.listeners) l({ done, total, message, root: r.root });
        };
        if (r.abort.signal.aborted) continue;
        try {
          r.phase = 'files';
          // A first build sketches every name first, so names are found long before the build ends.
          // Its thread gets a core of its own while it scans: shared with two busy workers, it took as long as they did.
          // Only where a search may arrive meanwhile (nameSketch: a server; a served index).
          const sketch = r.searchableAt === null && (this.opts.nameSketch !== false || this.serving) ? new NameSketch({ includePrivate: this.opts.includePrivate, maxFileBytes: this.opts.maxFileBytes, project: r.indexer.hints }, { started: (settled) => this.getPool().yieldCore(settled) }) : null;
          r.sketch = sketch;
          let stats: IndexRunStats;
          // The word vectors are learned beside the rest of the sync's end (vectors-aside.ts).
          let aside: VectorsAside | null = null;
          const written = (st: IndexRunStats) => {
            if (vectorsDue(r.store.db, st.parsed + st.deleted > 0)) aside = new VectorsAside(r.store.file, r.store.db);
          };
          try {
            stats = await r.indexer.sync(AbortSignal.any([signal, r.abort.signal]), progress, sketch ?? undefined, written);
          } finally {
            sketch?.stop();
            r.sketch = null;
          }
          if (sketch?.active) {
            r.namesAt = sketch.doneAt ?? Date.now();
            r.namesAfterMs = sketch.doneAfterMs ?? stats.ms;
          }
          runs.push(stats);
          r.searchableAt = Date.now();
          r.searchableAfterMs = stats.ms;
          r.store.noteSearchableByName(r.searchableAt, stats.ms);
          r.synced = true;
          r.phase = 'vectors';
          refreshUsage(r.root, r.store.db, stats.parsed + stats.deleted > 0, this.log);
          // Its dependencies again: its imports and lock files may have changed with it.
          this.discoverDependencies(r);
          const learned = await storeAside(r.root, r.store.db, aside, this.log);
          if (learned !== null) this.lastVectorsMs = learned;
          r.phase = 'ready';
          if (this.serving) this.prepareSearchSoon(r);
          for (const e of stats.errors) this.log.warn(`could not extract ${e}`);
          this.log.info(`indexed ${r.root}: ${stats.parsed} parsed, ${stats.unchanged + stats.rehashed} unchanged, ${stats.deleted} removed in ${stats.ms} ms`);
        } catch (err) {
          r.phase = r.synced ? 'ready' : 'files';
          if (signal.aborted) throw err;
          if (r.abort.signal.aborted) continue; // the root was closed meanwhile
          this.error = `indexing ${r.root} failed: ${(err as Error).message}`;
          this.log.error(this.error);
        }
      }
      this.lastRun = runs;
      for (const r of this.roots) if (!this.deps?.discovered(r.root)) this.discoverDependencies(r);
      // Then the package databases this machine does not have yet, each built once and shared.
      await this.deps?.indexQueued(signal, (label) => (done, total, message) => {
        for (const l of this.listeners) l({ done, total, message, root: label });
      });
      if (this.serving) this.prepareDependenciesSoon();
      // Then, in the background, the model's vectors: every item is searchable without them, and a model takes longest.
      if (this.opts.embedAfterSync !== false || this.serving) void this.embed();
    })();
    this.running = run.finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * Embed what lacks a current vector in the roots' databases with the configured model (queued
   * behind any fill already running; resolves when done, never rejects). Installed packages'
   * databases are shared read-only between processes and projects, so they are not embedded
   * (their items are found lexically and by the learned vectors, as without a model).
   */
  embed(roots: readonly RootIndex[] = this.roots): Promise<void> {
    if (!this.embeddings) return Promise.resolve();
    return this.embeddings.embedRoots(
      roots,
      this.lifetime.signal,
      (p) => {
        for (const l of this.listeners) l(p);
      },
      // A server rebuilds the search side's copy now, not when the next question notices.
      (r) => {
        if (this.serving) void r.queries.prepareEmbeddings();
      },
    );
  }

  /** Resolves when no embedding fill is queued or running. */
  embedded(): Promise<void> {
    return this.embeddings?.idle() ?? Promise.resolve();
  }

  /** A question's vector from the configured model (null without one, or when it cannot be loaded). */
  embedQuery(query: string): Promise<Float32Array | null> {
    return this.embeddings ? this.embeddings.embedQuery(query) : Promise.resolve(null);
  }

  /** Set by watch(): a served index builds its search structures once ready, not on the first question. */
  private serving = false;

  private prepareSearchSoon(r: RootIndex): void {
    const run = () => {
      r.queries.prepareSearch();
      if (this.embeddings) void r.queries.prepareEmbeddings();
    };
    readInTurns([{ label: r.root, signal: r.abort.signal, run }], this.lifetime.signal, this.log);
  }

  /**
   * A served index also reads in, once its packages are indexed, what the first question through
   * them would otherwise wait for: each package's term counts (the fan-out's probe reads them
   * for every question: ~50 ms for 30 packages) and search structures (~170 ms for Python's
   * standard library, searched by every question), on this thread and on the search lane's.
   * One database a turn, so a request arriving meanwhile waits for one at most.
   */
  private prepareDependenciesSoon(): void {
    const packages = this.deps ? this.sources('all').filter((s) => s.dependency) : [];
    // The search lane's thread reads them in on its side meanwhile (a question through them
    // otherwise waited for the thread to start and read each one in: the first few took
    // 130–270 ms through this repository's 41 packages, against ~25 ms later).
    if (packages.length && this.opts.searchLane !== false) this.searchLane().warm(packages);
    const readIn = (s: IndexSource) => {
      s.dependency!.probe?.prepare?.();
      s.queries.prepareSearch();
    };
    // And the packages' counts every docs answer's index state carries (~10 ms for 41 packages).
    const turns = [...packages.map((s) => ({ label: s.dependency!.name, run: () => readIn(s) })), { label: 'index state', run: () => void this.brief() }];
    readInTurns(turns, this.lifetime.signal, this.log);
  }

  /** Start watchers on every root (serve mode); changes are indexed as they happen. */
  async watch(): Promise<void> {
    if (!this.serving) {
      this.serving = true;
      for (const r of this.roots) if (r.phase === 'ready') this.prepareSearchSoon(r);
      if (!this.running) this.prepareDependenciesSoon();
      // A served index keeps its model's vectors current, however it was opened (the daemon
      // may open it for a one-shot command first).
      if (this.roots.every((r) => r.synced)) void this.embed();
    }
    await Promise.all(
      this.roots.map(async (r) => {
        // A package installed, upgraded or removed beside the project (node_modules, its virtualenv) is not in the root's walk.
        if (this.deps && this.opts.syncEnabled !== false) r.installWatch ??= watchInstallFolders(this.deps.installFolders(r.root), () => this.refreshDependencies(r));
        if (r.watcher) return;
        r.watcher = this.watcherFor(r);
        await r.watcher.ready;
        if (r.watcher.unwatched) this.log.warn(`${r.watcher.unwatched} director${r.watcher.unwatched === 1 ? 'y' : 'ies'} of ${r.root} could not be watched (see fs.inotify.max_user_watches): edits there are indexed on the next sync`);
      }),
    );
  }

  private updateChain: Promise<unknown> = Promise.resolve();

  /** Re-index specific paths of a root (serialised, so watcher bursts never interleave). */
  updatePaths(r: RootIndex, relPaths: string[]): Promise<IndexRunStats | null> {
    const next = this.updateChain.then(async () => {
      try {
        if (r.abort.signal.aborted) return null;
        const stats = await r.indexer.update(relPaths, AbortSignal.any([this.lifetime.signal, r.abort.signal]));
        if (stats.parsed || stats.deleted) {
          this.recountUsageLater(r);
          this.embedChangedLater(r);
        }
        if (relPaths.some(isDependencyManifest)) {
          this.refreshDependencies(r);
          // A manifest that names the root's modules (go.work, a member's Cargo.toml or pyproject.toml)
          // changed them: every file is extracted again under the new names. One that moves a
          // dependency folder into or out of the root (a cargo config's vendor/) changes what the
          // walk leaves out: the watcher follows, and the sync drops or adds those files.
          const renamed = r.indexer.refreshHints();
          const moved = this.refreshExclude(r);
          if (renamed || moved) {
            r.synced = false;
            void this.catchUp().catch((err: Error) => this.log.warn(`re-indexing ${r.root} after ${renamed ? 'new names' : 'new dependency folders'} failed: ${err.message}`));
          }
        }
        // A Python file may import a package it did not before.
        else if (stats.parsed && relPaths.some((p) => /\.pyi?$/.test(p))) this.refreshDependencies(r, true);
        return stats;
      } catch (err) {
        this.log.warn(`updating ${relPaths.length} path(s) in ${r.root} failed: ${(err as Error).message}`);
        return null;
      }
    });
    this.updateChain = next;
    return next;
  }

  /** The configured patterns and, with dependencies on, the dependency folders inside the root (deps/discover.ts vendoredFolders). */
  private excludeFor(root: string): string[] {
    return [...this.opts.exclude, ...(this.deps ? vendoredFolders(root) : [])];
  }

  /** Read a root's dependency folders again; when they changed, its indexer and watcher leave out the new set. True when they changed. */
  private refreshExclude(r: RootIndex): boolean {
    if (!r.indexer.setExclude(this.excludeFor(r.root))) return false;
    if (r.watcher) {
      void r.watcher.close();
      r.watcher = this.watcherFor(r);
    }
    return true;
  }

  /** A watcher of the root that leaves out what its indexer does, and re-indexes what changes. */
  private watcherFor(r: RootIndex): RootWatcher {
    return watchRoot(r.root, r.indexer.exclude, (paths) => {
      void this.updatePaths(r, paths);
    });
  }

  private depsChain: Promise<void> = Promise.resolve();

  /** Find a root's dependencies (again), and watch where they are installed now. */
  private discoverDependencies(r: RootIndex): void {
    if (!this.deps) return;
    this.deps.discover(r.root, r.store.db);
    r.installWatch?.update(this.deps.installFolders(r.root));
  }

  /**
   * A root's package.json, Cargo.lock, go.sum, … changed (or, with `onlyIfImportsChanged`, a
   * Python file that may import a new top-level module): find its dependencies again and index
   * the new ones.
   */
  private refreshDependencies(r: RootIndex, onlyIfImportsChanged = false): void {
    if (!this.deps || this.opts.syncEnabled === false) return;
    const deps = this.deps;
    this.depsChain = this.depsChain.then(async () => {
      if (r.abort.signal.aborted || this.lifetime.signal.aborted) return;
      try {
        if (onlyIfImportsChanged && !deps.importsChanged(r.root, r.store.db)) return;
        this.discoverDependencies(r);
        await deps.indexQueued(this.lifetime.signal, (label) => (done, total, message) => {
          for (const l of this.listeners) l({ done, total, message, root: label });
        });
      } catch (err) {
        this.log.warn(`updating the dependencies of ${r.root} failed: ${(err as Error).message}`);
      }
    });
  }

  /**
   * docent wrote `absPath` (the edit applier) or saw it change: re-index it now rather than
   * when a file watcher reports it. Only for roots past their first sync (until then the sync
   * itself picks the file up).
   */
  noteChanged(absPath: string): void {
    if (this.opts.syncEnabled === false) return;
    for (const r of this.roots) {
      const rel = path.relative(r.root, absPath);
      if (!r.synced || !rel || rel.startsWith('..') || path.isAbsolute(rel)) continue;
      void this.updatePaths(r, [rel.split(path.sep).join('/')]);
      return;
    }
  }

  /** Resolves when the re-indexing of changed paths queued so far is done (never rejects). */
  settled(): Promise<void> {
    return this.updateChain.then(
      () => undefined,
      () => undefined,
    );
  }

  /**
   * The databases a query reads, for a scope: the roots' own, and (unless `project`) the built
   * databases of their installed dependencies. Features fan out over these and merge.
   */
  sources(scope?: 'project' | 'deps' | 'all'): IndexSource[] {
    if (scope === 'project' || !this.deps) return this.roots;
    for (const r of this.roots) if (!this.deps.discovered(r.root)) this.discoverDependencies(r);
    return [...this.roots, ...this.deps.sources(this.roots.map((r) => r.root))];
  }

  /** The sources a docs_search for `query` reads: the roots, and the package databases that may answer it (deps/fanout.ts). */
  searchSources(query: string, scope?: 'project' | 'deps' | 'all'): IndexSource[] {
    return searchSources(this.sources(scope), query);
  }

  /**
   * Ranked search of each source with its options, the hits in the same order. A question
   * through installed packages has some of its databases searched on the search lane's thread
   * while this one searches the rest (search-lane.ts); a root alone has nothing to split.
   */
  searchEach(query: string, jobs: readonly SourceSearch[]): SearchHit[][] {
    if (this.opts.searchLane === false || !jobs.some((j) => j.source.dependency)) return jobs.map((j) => j.source.queries.search(query, j.opts));
    const lane = this.searchLane();
    // Every package database is read in on the lane's thread while it is idle, not only these.
    lane.warm(this.sources());
    return lane.searchAll(query, jobs);
  }

  private searchLane(): SearchLane {
    this.lane ??= new SearchLane(this.log);
    return this.lane;
  }

  /** How many searches the search lane's thread has answered (0 while it is off or not started). */
  get searchedBeside(): number {
    return this.lane?.servedThere ?? 0;
  }

  /** Where indexing stands, in full (index_status). */
  status(): IndexStatus {
    return fullStatus(this.statusView());
  }

  /** The state and counts alone: what every docs answer carries (see briefStatus). */
  brief(): BriefStatus {
    return briefStatus(this.statusView());
  }

  private statusView(): StatusView {
    return { roots: this.roots, deps: this.deps, indexing: this.indexing || (this.embeddings?.busy ?? false), syncEnabled: this.opts.syncEnabled !== false, error: this.error, embeddings: this.embeddings };
  }

  private recountUsageLater(r: RootIndex): void {
    clearTimeout(r.usageRecount);
    r.usageRecount = setTimeout(() => {
      if (!r.abort.signal.aborted && !this.lifetime.signal.aborted) recountUsage(r.root, r.store.db, this.log, 'debug');
    }, this.opts.usageRecountMs ?? USAGE_RECOUNT_MS);
    r.usageRecount.unref();
  }

  /** Changed items get their vectors once edits settle (a model call per save would compete with the edits' own indexing). */
  private embedChangedLater(r: RootIndex): void {
    if (!this.embeddings) return;
    clearTimeout(r.embedLater);
    r.embedLater = setTimeout(() => {
      if (!r.abort.signal.aborted && !this.lifetime.signal.aborted) void this.embed([r]);
    }, this.opts.usageRecountMs ?? USAGE_RECOUNT_MS);
    r.embedLater.unref();
  }

  private closeRoot(r: RootIndex): void {
    this.lane?.forget(r.dbPath);
    clearTimeout(r.usageRecount);
    clearTimeout(r.embedLater);
    this.embeddings?.forget(r.root);
    r.abort.abort();
    void r.watcher?.close();
    r.installWatch?.close();
    this.pool?.release(r.store.ownerId);
    r.store.close();
  }

  async dispose(): Promise<void> {
    this.lifetime.abort();
    for (const r of this.roots) {
      await r.watcher?.close();
      r.installWatch?.close();
    }
    await this.running?.catch(() => {});
    await this.updateChain.catch(() => {});
    await this.depsChain.catch(() => {});
    await this.pool?.close();
    await this.embeddings?.idle();
    await this.embeddings?.dispose();
    for (const r of this.roots) {
      clearTimeout(r.embedLater);
      r.store.close();
    }
    this.lane?.dispose();
    this.deps?.dispose();
    this.roots.length = 0;
  }
}
