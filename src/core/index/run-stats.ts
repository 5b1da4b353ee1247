/** What one sync or update of a root did (RootIndexer), as index_status and the CLI report it. */
export interface IndexRunStats {
  /** Source files seen in the walk (or paths given to update). */
  seen: number;
  /** Files whose content changed and were parsed. */
  parsed: number;
  /** Files read but unchanged by hash (only their mtime moved). */
  rehashed: number;
  /** Files skipped without reading (size and mtime unchanged). */
  unchanged: number;
  skipped: Record<string, number>;
  failed: number;
  deleted: number;
  ms: number;
  /** Relative paths parsed in this run (for diagnostics and tests). */
  parsedFiles: string[];
  /** The first few extraction failures, `path: message`. */
  errors: string[];
  /** Time spent writing to the database (on the indexing thread). */
  writeMs: number;
}

export interface ProgressFn {
  (done: number, total: number, message: string): void;
}

export function emptyStats(): IndexRunStats {
  return { seen: 0, parsed: 0, rehashed: 0, unchanged: 0, skipped: {}, failed: 0, deleted: 0, ms: 0, parsedFiles: [], errors: [], writeMs: 0 };
}
