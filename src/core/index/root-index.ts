import type { Logger } from '../log.js';
import type { EmbeddingsConfig } from './embedding-runner.js';
import type { GeneratedSource } from './generated.js';
import type { RootIndexer } from './indexer.js';
import type { IndexQueries } from './query.js';
import type { IndexSource } from './source.js';
import type { IndexPhase } from './status.js';
import type { IndexStore } from './store.js';
import type { RootWatcher } from './watcher.js';
import type { InstallWatch } from './deps/install-watch.js';

/** The shapes a DocsIndex (service.ts) is made of: its options, and each root's parts and state. */

export interface DocsIndexOptions {
  roots: readonly string[];
  indexDir?: string;
  includePrivate: boolean;
  maxFileBytes: number;
  exclude: readonly string[];
  workers?: number;
  /** Index the installed dependencies the roots declare or use, each package version into its own shared database (default true). */
  dependencies?: boolean;
  /** Where compile_commands.json is, relative to a root (config lsp.compileCommandsDir). */
  compileCommandsDir?: string;
  log?: Logger;
  /** False when indexing is off (`serve --no-index`): answer from what is stored, never sync. */
  syncEnabled?: boolean;
  /** How long after the last watched change the usage counts are recounted (default USAGE_RECOUNT_MS). */
  usageRecountMs?: number;
  /** A sentence-embedding model to embed items and questions with (config docs.embeddings). */
  embeddings?: EmbeddingsConfig | null;
  /**
   * Start embedding in the background after each catch-up (default true: a server). A one-shot
   * command leaves it to `docent index`, which calls embed() and waits.
   */
  embedAfterSync?: boolean;
  /** Search installed packages' databases on a thread beside the calling one (search-lane.ts; default true). */
  searchLane?: boolean;
  /**
   * Run a first build's quick name pass (name-sketch.ts; default true). It serves searches that
   * arrive during the build, so a one-shot command, whose process answers nothing until the
   * build is done, goes without it: its thread would only take a core from the extraction.
   */
  nameSketch?: boolean;
}

export interface RootIndex extends IndexSource {
  root: string;
  dbPath: string;
  store: IndexStore;
  queries: IndexQueries;
  indexer: RootIndexer;
  watcher?: RootWatcher;
  /** Where its packages are installed, watched while serving (deps/install-watch.ts). */
  installWatch?: InstallWatch;
  /** Set once the first full sync of this process has finished. */
  synced: boolean;
  /** What this root's indexing is doing now (see IndexPhase). */
  phase: IndexPhase;
  /**
   * When the last full sync had written every file's items (ms since the epoch; persisted in
   * meta, so an index opened later reports it): from then on every item is searchable by name
   * and full text. Null until a full sync has finished writing.
   */
  searchableAt: number | null;
  /** How long that sync took until then (ms), for the same sync. */
  searchableAfterMs: number | null;
  /**
   * When this process's first build had every file's names in its sketch (name-sketch.ts):
   * from then on docs_search finds any name, with its file and line, before its docs are
   * indexed. Null when no first build ran in this process (the index was built before).
   */
  namesAt?: number | null;
  namesAfterMs?: number | null;
  /** Stops this root's indexing when the root is closed (its database must not be written behind it). */
  abort: AbortController;
  /** Documentation no file of the root holds, produced for it (a Python standard library's built-in modules). */
  generated?: GeneratedSource | null;
  /** The pending recount of usage after watched changes. */
  usageRecount?: NodeJS.Timeout;
  /** The pending embedding of changed items after watched changes. */
  embedLater?: NodeJS.Timeout;
}

export type ProgressListener = (p: { done: number; total: number; message: string; root: string }) => void;
