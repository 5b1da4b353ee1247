import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ProjectHints } from '../extract/context.js';
import { extractSource } from '../extract/extract.js';
import type { FileExtract, LanguageId } from '../extract/types.js';
import { classify, isTestFile, type SkipReason } from './classify.js';
import { prepareItem, type PreparedItem } from './rows.js';

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
}

export type FileJobResult =
  | { rel: string; status: 'unchanged'; hash: string; size: number }
  | { rel: string; status: 'skipped'; reason: SkipReason; hash: string; size: number }
  | { rel: string; status: 'extracted'; hash: string; size: number; extract: FileExtract; rows: PreparedItem[]; hidden: number; parseMs: number }
  | { rel: string; status: 'missing' }
  | { rel: string; status: 'failed'; hash: string; size: number; error: string };

export function hashContent(buf: Buffer): string {
  return createHash('sha1').update(buf).digest('hex');
}

export async function runFileJob(job: FileJob): Promise<FileJobResult> {
  let buf: Buffer;
  try {
    buf = await readFile(job.abs);
  } catch {
    return { rel: job.rel, status: 'missing' };
  }
  const hash = hashContent(buf);
  const size = buf.length;
  if (job.knownHash === hash) return { rel: job.rel, status: 'unchanged', hash, size };
  const reason = classify(buf, job.maxBytes, job.rel) ?? (!job.includePrivate && isTestFile(job.rel) ? 'test' : null);
  if (reason) return { rel: job.rel, status: 'skipped', reason, hash, size };
  const t0 = performance.now();
  try {
    const extract = await extractSource(job.language, buf.toString('utf8'), { file: job.rel, includePrivate: job.includePrivate, project: job.project });
    // Prepared here (in the worker) so the writing thread only binds and inserts; the items travel once, as rows.
    const rows = extract.items.map(prepareItem);
    return { rel: job.rel, status: 'extracted', hash, size, extract: { ...extract, items: [] }, rows, hidden: 0, parseMs: performance.now() - t0 };
  } catch (err) {
    return { rel: job.rel, status: 'failed', hash, size, error: (err as Error).message };
  }
}
