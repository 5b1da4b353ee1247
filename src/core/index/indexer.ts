import { existsSync, statSync, type Stats } from 'node:fs';
import ignore, { type Ignore } from 'ignore';
import path from 'node:path';
import type { ProjectHints } from '../extract/context.js';
import { isExtensionless, languageOf, languageOfFile } from '../extract/languages.js';
import type { LanguageId } from '../extract/types.js';
import { throwIfAborted } from '../errors.js';
import { walkFiles } from '../workspace/files.js';
import { writeOf, type FileJob, type FileJobResult } from './job.js';
import type { ExtractionPool } from './pool.js';
import type { IndexStore, StoredFile } from './store.js';
import { isGenerated, planGenerated, type GeneratedSource } from './generated.js';
import { WriteBatch } from './write-batch.js';
import type { NameSketch } from './name-sketch.js';
import { BundledStubs } from './bundled-stubs.js';
import { walkAhead } from './walk-ahead.js';
import { projectHints } from './project-hints.js';
import { emptyStats, type IndexRunStats, type ProgressFn } from './run-stats.js';

/**
 * Keeping one root's index in step with its files. A full `sync` walks the root (gitignore
 * honoured), skips files whose size and mtime are unchanged without reading them, re-reads the
 * rest and extracts only those whose content hash changed, and removes files that are gone.
 * `update` does the same for a handful of paths reported by the watcher. Results are written
 * in batches, each batch one transaction, by the worker thread that extracted them (or here,
 * when extraction runs inline); a job settles once its result is committed.
 */

/** Directories never worth indexing, whatever .gitignore says. */
export const DEFAULT_EXCLUDES = ['node_modules/', '__pycache__/', '.venv/', 'venv/', '.tox/', '.mypy_cache/', '.pytest_cache/', '.git/', '.hg/', '.svn/', 'target/debug/', 'target/release/'];

export interface RootIndexerOptions {
  root: string;
  store: IndexStore;
  pool: ExtractionPool;
  includePrivate: boolean;
  maxFileBytes: number;
  /** Patterns (gitignore-style, at the root) left out of the walk and of updates; see setExclude. */
  exclude: readonly string[];
  /** The files to index instead of walking the root (an installed package's files, see deps/). */
  listFiles?: (signal?: AbortSignal) => AsyncIterable<string>;
  /** A file's language when its extension does not say (C++ standard headers: `<optional>`). */
  languageOf?: (rel: string) => LanguageId | undefined;
  /** Documentation of the root that no file holds (a Python installation's built-in modules, see generated.ts). */
  generated?: GeneratedSource | null;
  /** Naming its folder does not say (an installed package's: InstalledDependency.naming), over what projectHints reads. */
  naming?: ProjectHints;
  /** A project's own root: its files go before the packages' in the pool (ExtractionPool.run's `urgent`). */
  urgent?: boolean;
}

/**
 * Once this many files were parsed or removed since the last merge (by syncs, watcher updates,
 * earlier processes), the full-text index is merged into one segment, which also purges deleted
 * rows (schema v8 turned off FTS5's own rewrite of segments with many deletions).
 */
const OPTIMIZE_AFTER_FILES = 500;

/** Files being read, extracted and written at once (each worker holds a batch or more of them). */
const WINDOW = 2048;

export class RootIndexer {
  /** How the root's files are named (projectHints); recomputed when a manifest changed (refreshHints). */
  hints: ProjectHints;
  /** Files queued or being processed right now (for index_status). */
  pending = 0;

  constructor(private opts: RootIndexerOptions) {
    this.excluded = ignore().add([...DEFAULT_EXCLUDES, ...opts.exclude]);
    // A package database's files are one installed package, not a monorepo's members.
    this.hints = { ...projectHints(opts.root, { members: !opts.listFiles }), ...opts.naming };
    opts.store.noteNaming(JSON.stringify(this.hints));
  }

  /**
   * Read the naming hints again (a go.mod, go.work, Cargo.toml or pyproject.toml changed): true
   * when they differ, in which case every file was marked for extraction by the next sync.
   */
  refreshHints(): boolean {
    const hints = { ...projectHints(this.opts.root, { members: !this.opts.listFiles }), ...this.opts.naming };
    if (JSON.stringify(hints) === JSON.stringify(this.hints)) return false;
    this.hints = hints;
    this.opts.store.noteNaming(JSON.stringify(hints));
    return true;
  }

  get root(): string {
    return this.opts.root;
  }

  /** The configured patterns and the dependency folders inside the root, as a matcher (rebuilt by setExclude). */
  private excluded: Ignore;
  /** A tool's bundled stubs of distributions not installed (bundled-stubs.ts). */
  private readonly stubs = new BundledStubs();

  /** The patterns the walk leaves out besides DEFAULT_EXCLUDES (a watcher of the root leaves out the same). */
  get exclude(): readonly string[] {
    return this.opts.exclude;
  }

  /**
   * Leave other paths out from now on (a dependency folder appeared inside the root, or went):
   * true when they differ. The next full sync drops what is now left out, as files it did not find.
   */
  setExclude(exclude: readonly string[]): boolean {
    if (exclude.length === this.opts.exclude.length && exclude.every((e, i) => e === this.opts.exclude[i])) return false;
    this.opts = { ...this.opts, exclude };
    this.excluded = ignore().add([...DEFAULT_EXCLUDES, ...exclude]);
    return true;
  }

  /** Extensionless files whose first bytes named their language (C++ headers as `<optional>`). */
  private readonly sniffed = new Map<string, LanguageId>();

  private readonly lang = (rel: string): LanguageId | undefined => this.opts.languageOf?.(rel) ?? languageOf(rel) ?? this.sniffed.get(rel);

  /**
   * A walked or reported file's language: by its name, or for an extensionless file of a walked
   * root by its mode line (read once, then remembered), or as stored (a file gone from disk
   * cannot be read but must still be removed).
   */
  private languageOfPath(rel: string, stored?: StoredFile): LanguageId | undefined {
    const known = this.lang(rel);
    if (known || this.opts.listFiles || !isExtensionless(rel)) return known;
    const abs = path.join(this.opts.root, rel);
    // The stored language only for a file gone from disk (checked only when one is stored).
    const found = languageOfFile(abs) ?? (stored?.language && !existsSync(abs) ? (stored.language as LanguageId) : undefined);
    if (found) this.sniffed.set(rel, found);
    return found;
  }

  /**
   * Walk the whole root and bring the index up to date. Files are handed to the workers as the
   * walk finds them (the walk of a large tree takes most of a second, which extraction would
   * otherwise wait for); what the walk did not find is removed once it is over.
   */
  /**
   * `written` is told once every file is written, before the full-text index is merged (the
   * service starts learning the word vectors then, on a thread of its own: vectors-aside.ts).
   */
  async sync(signal?: AbortSignal, onProgress?: ProgressFn, sketch?: NameSketch, written?: (stats: IndexRunStats) => void): Promise<IndexRunStats> {
    const t0 = Date.now();
    this.stubs.reset();
    const stats = emptyStats();
    const stored = this.opts.store.files();
    const { root, store, exclude, listFiles } = this.opts;
    const lang = this.lang;
    const languageOfPath = (rel: string) => this.languageOfPath(rel, stored.get(rel));
    async function* walk(): AsyncGenerator<string> {
      const seen = new Set<string>();
      // Installed packages (node_modules, site-packages, …) are indexed into databases of their own (deps/).
      const files = listFiles ? listFiles(signal) : walkFiles(root, { signal, exclude: [...DEFAULT_EXCLUDES, ...exclude] });
      for await (const rel of files) {
        if (seen.has(rel) || !languageOfPath(rel)) continue;
        seen.add(rel);
        yield rel;
      }
      // A renamed file's old items go as soon as the walk is over, mostly before its new ones arrive.
      const gone = [...stored.values()].filter((f) => !seen.has(f.path) && !isGenerated(f)).map((f) => f.path);
      if (gone.length) {
        store.apply([], gone);
        stats.deleted = gone.length;
      }
    }
    const vanished = new Set<string>();
    // With a sketch (a first build), the walk runs ahead of the extraction, whose window would
    // otherwise hold it back, and hands every file to the sketch as it finds it.
    let walkOver!: () => void;
    const walked = new Promise<void>((resolve) => (walkOver = resolve));
    const paths = sketch
      ? walkAhead(walk(), (rel) => {
          const abs = path.join(root, rel);
          if (!this.stubs.notInstalled(abs)) sketch.add({ abs, rel, language: lang(rel)! });
        }, () => {
          sketch.walkDone();
          walkOver();
        })
      : walk();
    // Generated files (an interpreter describing its built-in modules) are produced while the
    // workers run, and written once the walk has removed what it did not see. With a sketch,
    // only once every name is found: the interpreter and the extraction of its ~130 modules
    // took a second of CPU beside the walk, the sketch and a worker on two cores.
    // (Or once the files are written, should the sketch never settle.)
    let processed!: () => void;
    const filesWritten = new Promise<void>((resolve) => (processed = resolve));
    const plan = () => planGenerated(this.opts.generated!, stored, { includePrivate: this.opts.includePrivate, project: this.hints, signal });
    const generated = this.opts.generated !== undefined
      ? sketch ? walked.then(() => (sketch.active ? Promise.race([sketch.settled, filesWritten]) : undefined)).then(plan) : plan()
      : null;
    // A first build writes with FTS5's own merging off: its end merges everything once.
    const bulk = stored.size === 0;
    if (bulk) store.bulkFullText(true);
    try {
      try {
        await this.process(paths, stored, stats, signal, onProgress, vanished, sketch).finally(processed);
      } catch (err) {
        await generated?.catch(() => {});
        throw err;
      }
      if (vanished.size) {
        this.opts.store.apply([], [...vanished]);
        stats.deleted += vanished.size;
      }
      if (generated) {
        const plan = await generated;
        store.apply(plan.updates, plan.deletions);
        const g = plan.result;
        stats.parsed += g.written;
        stats.deleted += g.deleted;
        stats.unchanged += g.unchanged;
        if (g.error && stats.errors.length < 20) stats.errors.push(`generated documentation: ${g.error}`);
      }
      written?.(stats);
      // A large sync leaves the full-text index in many segments: merged once, searches do less work.
      this.mergeWhenDue(stats);
    } finally {
      if (bulk) store.bulkFullText(false);
    }
    if (stats.parsed + stats.deleted > 0) this.opts.store.checkpoint();
    stats.ms = Date.now() - t0;
    return stats;
  }

  /** Re-check specific paths (relative to the root): changed files are re-extracted, missing ones removed. */
  async update(relPaths: readonly string[], signal?: AbortSignal): Promise<IndexRunStats> {
    const t0 = Date.now();
    const stats = emptyStats();
    // What the walk leaves out is not indexed when reported alone either (a watcher started
    // before a pattern changed, or a file docent's edit applier wrote); a stored one is dropped.
    const wanted: string[] = [];
    const dropped: string[] = [];
    for (const p of new Set(relPaths)) (!this.opts.listFiles && this.excluded.ignores(p) ? dropped : wanted).push(p);
    const { byPath: stored, under } = this.opts.store.filesFor(wanted);
    // A path may be a removed directory: everything stored under it is re-checked (and dropped when missing).
    const gone = new Set<string>();
    const candidates = [...new Set([...wanted, ...under])].filter((p) => this.languageOfPath(p, stored.get(p)));
    for (const p of under) if (!stored.has(p)) stored.set(p, { id: 0, path: p, hash: 'unknown', size: -1, mtime_ms: -1, language: '', skipped: null });
    await this.process(candidates, stored, stats, signal, undefined, gone);
    if (dropped.length) for (const p of this.opts.store.filesFor(dropped).byPath.keys()) gone.add(p);
    if (gone.size) {
      this.opts.store.apply([], [...gone]);
      stats.deleted += gone.size;
    }
    this.mergeWhenDue(stats);
    stats.ms = Date.now() - t0;
    return stats;
  }

  /**
   * Merge the full-text index once enough files changed since the last merge, in this run or
   * earlier ones (a merge that found the database busy is tried next time).
   */
  private mergeWhenDue(stats: IndexRunStats): void {
    const changed = stats.parsed + stats.deleted;
    if (!changed) return;
    this.opts.store.recountFullTextTotals();
    let unmerged: number;
    try {
      unmerged = this.opts.store.noteUnmerged(changed);
    } catch {
      return; // the database stayed busy: these files go uncounted, and the merge waits for later changes
    }
    if (unmerged >= OPTIMIZE_AFTER_FILES) this.opts.store.optimizeFullText();
  }

  /** Bring `paths` (a list, or a walk still in progress: the total then grows as it goes) up to date. */
  private async process(
    paths: readonly string[] | AsyncIterable<string>,
    stored: Map<string, StoredFile>,
    stats: IndexRunStats,
    signal: AbortSignal | undefined,
    onProgress: ProgressFn | undefined,
    gone: Set<string> = new Set(),
    sketch?: NameSketch,
  ): Promise<void> {
    let total = 0;
    let done = 0;
    // Results extracted on this thread (no worker threads) are written here; worker threads write their own.
    const batch = new WriteBatch();
    const flush = () => {
      const t = performance.now();
      batch.commit(this.opts.store);
      stats.writeMs += performance.now() - t;
    };
    const jobs = new Set<Promise<void>>();
    // Woken when a job settles (Promise.race over a large window attaches a handler to every job, every time).
    let wake: (() => void) | null = null;
    try {
      let n = 0;
      for await (const rel of paths) {
        total++;
        this.pending++;
        throwIfAborted(signal);
        // Let requests in (serve mode shares this thread) every so often.
        if (n++ % 256 === 255) await new Promise((r) => setImmediate(r));
        const abs = path.join(this.opts.root, rel);
        // Synchronous stat: a few microseconds each, where awaiting thousands of them starved the workers.
        let st: Stats | undefined;
        try {
          st = statSync(abs, { throwIfNoEntry: false });
        } catch {
          st = undefined;
        }
        if (!st || !st.isFile()) {
          if (stored.has(rel)) gone.add(rel);
          this.pending--;
          done++;
          continue;
        }
        stats.seen++;
        const prev = stored.get(rel);
        const skip = this.stubs.notInstalled(abs) ? 'not-installed' : undefined;
        // Skipped or not by what is installed beside it, now, unlike when it was stored: read again.
        const reconsider = prev !== undefined && (prev.skipped === 'not-installed') !== (skip !== undefined);
        if (prev && !reconsider && prev.size === st.size && prev.mtime_ms === st.mtimeMs && prev.hash) {
          stats.unchanged++;
          this.pending--;
          done++;
          continue;
        }
        const job: FileJob = {
          abs, rel, language: this.lang(rel)!, knownHash: (!reconsider && prev?.hash) || null, maxBytes: this.opts.maxFileBytes,
          includePrivate: this.opts.includePrivate, project: this.hints, mtimeMs: st.mtimeMs, skip,
          db: { file: this.opts.store.file, owner: this.opts.store.ownerId },
        };
        const p: Promise<void> = this.opts.pool.run(job, this.opts.urgent).then(
          (r) => {
            this.record(r, stats, gone, stored);
            sketch?.fileWritten(r.rel);
            stats.writeMs += r.writeMs ?? 0;
            if (!r.written) {
              batch.add(writeOf(job, r));
              if (batch.due) flush();
            }
            done++;
            this.pending--;
            onProgress?.(done, total, rel);
          },
          (err: unknown) => {
            stats.failed++;
            if (stats.errors.length < 20) stats.errors.push(`${rel}: ${(err as Error).message}`);
            done++;
            this.pending--;
          },
        );
        jobs.add(p);
        void p.finally(() => {
          jobs.delete(p);
          wake?.();
        });
        // A sliding window keeps the workers fed and memory bounded on huge trees.
        while (jobs.size >= WINDOW) await new Promise<void>((r) => (wake = r));
        wake = null;
      }
      await Promise.all(jobs);
      flush();
      onProgress?.(total, total, 'done');
    } catch (err) {
      await Promise.allSettled(jobs);
      flush(); // keep what was extracted before the cancellation
      throw err;
    } finally {
      this.pending = Math.max(0, this.pending - (total - done));
    }
  }

  /** Count a result (and note a file that vanished before it could be read). */
  private record(r: FileJobResult, stats: IndexRunStats, gone: Set<string>, stored: Map<string, StoredFile>): void {
    switch (r.status) {
      case 'missing':
        if (stored.has(r.rel)) gone.add(r.rel);
        return;
      case 'unchanged':
        stats.rehashed++;
        return;
      case 'skipped':
        stats.skipped[r.reason] = (stats.skipped[r.reason] ?? 0) + 1;
        return;
      case 'failed':
        stats.failed++;
        if (stats.errors.length < 20) stats.errors.push(`${r.rel}: ${r.error}`);
        return;
      case 'extracted':
        stats.parsed++;
        stats.parsedFiles.push(r.rel);
        return;
    }
  }
}
