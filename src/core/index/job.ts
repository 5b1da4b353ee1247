import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ProjectHints } from '../extract/context.js';
import { extractSource } from '../extract/extract.js';
import type { FileExtract, LanguageId } from '../extract/types.js';
import { classify, isTestFile, type SkipReason } from './classify.js';
import { goFileBuilds } from '../extract/lang/go-build.js';
import { prepareItem, type PreparedItem } from './rows.js';
import type { FileTouch, FileUpdate } from './store.js';
import { packageOf, type PackageRef } from './packages.js';
import { usesOf } from '../extract/uses.js';
import { npmEntryOf } from './npm-entries.js';

/**
 * One unit of indexing work: read a file, decide whether to extract it, hash it, and extract
 * it when its content changed. Runs in a worker thread (see worker.ts) or inline.
 */
export interface FileJob {
  abs: string;
  rel: string;
  language: LanguageId;
  /** The hash stored for this file, so an unchanged file (only its mtime moved) is not parsed. */
  knownHash: string | null;
  maxBytes: number;
  includePrivate: boolean;
  project?: ProjectHints;
  /** The mtime the indexer saw, stored with the file row. */
  mtimeMs: number;
  /** Skipped for a reason its path gives (a bundled stub of a distribution not installed: bundled-stubs.ts), read only to be hashed. */
  skip?: SkipReason;
  /**
   * The index database, when the thread running the job writes the result itself (worker
   * threads do); the result then comes back `written`, without its rows. `owner` names the
   * IndexStore that opened it: a database closed and opened again is a new owner.
   */
  db?: { file: string; owner: string };
}

export type FileJobResult = (
  | { rel: string; status: 'unchanged'; hash: string; size: number }
  | { rel: string; status: 'skipped'; reason: SkipReason; hash: string; size: number; uses?: string[] }
  | { rel: string; status: 'extracted'; hash: string; size: number; extract: FileExtract; rows: PreparedItem[]; hidden: number; parseMs: number; pkg?: PackageRef | null; uses?: string[] }
  | { rel: string; status: 'missing' }
  | { rel: string; status: 'failed'; hash: string; size: number; error: string }
) & {
  /** The thread that ran the job has already written it to the database… */
  written?: boolean;
  /** …spending this much of its time on it (the file's share of its batch). */
  writeMs?: number;
};

export function hashContent(buf: Buffer): string {
  return createHash('sha1').update(buf).digest('hex');
}

export async function runFileJob(job: FileJob): Promise<FileJobResult> {
  let buf: Buffer;
  try {
    // Synchronous: jobs run in worker threads, and for files of a few kilobytes the promise
    // machinery of fs/promises (open, fstat, read, close as separate round trips) cost more
    // than the read itself.
    buf = readFileSync(job.abs);
  } catch {
    return { rel: job.rel, status: 'missing' };
  }
  const hash = hashContent(buf);
  const size = buf.length;
  if (job.knownHash === hash) return { rel: job.rel, status: 'unchanged', hash, size };
  const reason = job.skip ?? classify(buf, job.maxBytes, job.rel) ?? (!job.includePrivate && isTestFile(job.rel) ? 'test' : null) ?? otherPlatform(job, buf);
  // A test is not extracted, but what it calls counts: tests use a library's API the most.
  if (reason) return { rel: job.rel, status: 'skipped', reason, hash, size, uses: reason === 'test' ? usesOf(job.language, buf.toString('utf8')) : undefined };
  const t0 = performance.now();
  try {
    const text = buf.toString('utf8');
    const root = job.abs.slice(0, job.abs.length - job.rel.length);
    const readSource = (rel: string): string | null => {
      try {
        return readFileSync(root + rel, 'utf8');
      } catch {
        return null;
      }
    };
    const extract = await extractSource(job.language, text, { file: job.rel, includePrivate: job.includePrivate, project: job.project, readSource });
    addPackageEntry(job, extract);
    // Prepared here (in the worker) so the writing thread only binds and inserts; the items travel once, as rows.
    const rows = extract.items.map(prepareItem);
    return { rel: job.rel, status: 'extracted', hash, size, extract: { ...extract, items: [] }, rows, hidden: 0, parseMs: performance.now() - t0, pkg: packageOf(job.abs), uses: usesOf(job.language, text) };
  } catch (err) {
    return { rel: job.rel, status: 'failed', hash, size, error: (err as Error).message };
  }
}

/**
 * An installed npm package's entry file (package.json `main`, `types`, `exports`…) re-exports
 * its names under the import path users write: `underscore/underscore-esm.debounce` is
 * `underscore.debounce`, `rxjs/dist/types.map` is `rxjs.map`.
 */
function addPackageEntry(job: FileJob, extract: FileExtract): void {
  if (job.language !== 'typescript' && job.language !== 'javascript' && job.language !== 'tsx') return;
  if (!job.rel.includes('node_modules/')) return;
  const pub = npmEntryOf(job.abs);
  const target = extract.module.name;
  if (!pub || !target || pub === target) return;
  (extract.reexports ??= []).push({ public: `${pub}.*`, target: `${target}.*` });
}

/** What a job's result changes in the database: a file row (with its items) or a new mtime, or nothing. */
export type FileWrite = { update: FileUpdate } | { touch: FileTouch } | null;

export function writeOf(job: FileJob, r: FileJobResult): FileWrite {
  const base = { path: r.rel, mtimeMs: job.mtimeMs, language: job.language };
  switch (r.status) {
    case 'missing':
      return null; // the indexer removes it
    case 'unchanged':
      return { touch: { path: r.rel, mtimeMs: job.mtimeMs, size: r.size } };
    case 'skipped':
      return { update: { ...base, hash: r.hash, size: r.size, skipped: r.reason, uses: r.uses } };
    case 'failed':
      // No hash is stored, so the file is tried again on the next sync.
      return { update: { ...base, hash: '', size: r.size, skipped: 'error' } };
    case 'extracted':
      return { update: { ...base, hash: r.hash, size: r.size, extract: r.extract, rows: r.rows, hidden: r.hidden, pkg: r.pkg ?? null, uses: r.uses } };
  }
}

/** The result as reported once written: the rows stay behind (the indexer only counts). */
export function writtenResult(r: FileJobResult): FileJobResult {
  if (r.status !== 'extracted') return { ...r, written: true };
  const extract = { language: r.extract.language, module: { name: r.extract.module.name, doc: '', summary: '' }, items: [], imports: [], errors: r.extract.errors };
  return { ...r, extract, rows: [], written: true };
}

/**
 * A Go file the go command does not build for this machine (`syscall_windows.go`, `//go:build
 * js && wasm`): its names are another platform's, defined again in this one's files, and
 * docs_get of `syscall.Open` answered fs_js.go's (lang/go-build.ts). Its build constraints are
 * before the package clause, in the first lines.
 */
function otherPlatform(job: FileJob, buf: Buffer): SkipReason | null {
  return job.language === 'go' && !goFileBuilds(job.rel, buf.subarray(0, 8192).toString('utf8')) ? 'other-platform' : null;
}
