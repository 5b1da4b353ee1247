import { extractSource } from '../extract/extract.js';
import { TimeSlice } from '../time-slice.js';
import type { ProjectHints } from '../extract/context.js';
import type { LanguageId } from '../extract/types.js';
import { prepareItem } from './rows.js';
import type { FileUpdate, StoredFile } from './store.js';

/**
 * Documentation that has no source file in the root but belongs to it: a Python installation's
 * built-in and extension modules (`time`, `itertools`, `_csv`), written in C and described by
 * the interpreter itself (python-builtins.ts). A source produces stub texts that are extracted
 * like any file of their language and stored under their own paths, so search, ranking and
 * public paths treat them as everything else.
 *
 * Producing them can be costly (an interpreter run), so a source has a cheap `fingerprint`
 * that changes whenever its files would; the stored files carry it as their hash
 * (`gen:<fingerprint>`), which is also how the walk tells them from files it should have seen.
 */

export interface GeneratedFile {
  /** Where the documentation comes from, relative to the root (`lib-dynload/_csv….so`, `<built-in>/time`). */
  rel: string;
  language: LanguageId;
  text: string;
  /** The module's name, when the path does not say it. */
  module?: string;
}

export interface GeneratedSource {
  /** What the files are made from (interpreter, its modules); null when the source is gone. */
  fingerprint(): string | null | Promise<string | null>;
  files(signal?: AbortSignal): Promise<GeneratedFile[]>;
  /** Why the source produces nothing when it should (shown in index_status), or null. */
  missing?(): string | null;
}

export const GENERATED_HASH_PREFIX = 'gen:';

export function isGenerated(f: Pick<StoredFile, 'hash'>): boolean {
  return f.hash.startsWith(GENERATED_HASH_PREFIX);
}

export interface GeneratedSyncResult {
  written: number;
  deleted: number;
  unchanged: number;
  error?: string;
}

/** What bringing the generated files in step takes: rows to write and paths to remove. */
export interface GeneratedPlan {
  updates: FileUpdate[];
  deletions: string[];
  result: GeneratedSyncResult;
}

/**
 * Bring a root's generated files in step with their source: nothing to do while the stored
 * ones carry the current fingerprint; otherwise produce and extract them all, and remove those
 * the source no longer yields. When producing fails, what is stored stays (better an older
 * description than none). Without a source (the root is no longer one that has such files),
 * the stored ones go. Planning writes nothing, so it can run while the walk does; the indexer
 * applies the plan after the walk (whose removals would otherwise race with these writes).
 */
export async function planGenerated(
  source: GeneratedSource | null,
  stored: ReadonlyMap<string, StoredFile>,
  opts: { includePrivate: boolean; project: ProjectHints; signal?: AbortSignal },
): Promise<GeneratedPlan> {
  const mine = [...stored.values()].filter(isGenerated);
  const none = (result: GeneratedSyncResult, deletions: string[] = []): GeneratedPlan => ({ updates: [], deletions, result });
  let fp: string | null = null;
  try {
    if (source) fp = await source.fingerprint();
  } catch (err) {
    return none({ written: 0, deleted: 0, unchanged: mine.length, error: (err as Error).message });
  }
  if (!source || fp === null) return none({ written: 0, deleted: mine.length, unchanged: 0 }, mine.map((f) => f.path));
  const hash = `${GENERATED_HASH_PREFIX}${fp}`;
  if (mine.length && mine.every((f) => f.hash === hash)) return none({ written: 0, deleted: 0, unchanged: mine.length });
  let files: GeneratedFile[];
  try {
    files = await source.files(opts.signal);
  } catch (err) {
    return none({ written: 0, deleted: 0, unchanged: mine.length, error: (err as Error).message });
  }
  const updates: FileUpdate[] = [];
  // Extracted here, on the indexer's thread, beside the walk and the workers' messages: a turn
  // of the event loop every few milliseconds (a Python installation's ~130 built-in modules
  // took 1 s in one piece, during which the first build's walk stood still).
  const slice = new TimeSlice(8, opts.signal);
  for (const f of files) {
    await slice.pause();
    const extract = await extractSource(f.language, f.text, { file: f.rel, module: f.module, includePrivate: opts.includePrivate, project: opts.project });
    updates.push({
      path: f.rel, hash, size: Buffer.byteLength(f.text), mtimeMs: 0, language: f.language,
      extract: { ...extract, items: [] }, rows: extract.items.map(prepareItem), pkg: null, uses: [],
    });
  }
  const produced = new Set(files.map((f) => f.rel));
  const deletions = mine.filter((f) => !produced.has(f.path)).map((f) => f.path);
  return { updates, deletions, result: { written: updates.length, deleted: deletions.length, unchanged: 0 } };
}
