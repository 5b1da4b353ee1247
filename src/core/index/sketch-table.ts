import { readFileSync } from 'node:fs';
import type { ProjectHints } from '../extract/context.js';
import { scanNames, type ScannedName } from '../extract/name-scan.js';
import type { LanguageId } from '../extract/types.js';
import { lineAt } from '../lsp/positions.js';
import { nameQuery, nameScore } from '../rank/name-score.js';
import { pathPrior } from '../rank/path-prior.js';
import { classify, isTestFile } from './classify.js';
import type { SearchHit } from './search.js';

/**
 * The quick name pass's data (name-sketch.ts): every name the scanned files declare, by a key
 * that ignores case and underscores, and the lookup docs_search asks of it. It lives where the
 * files are scanned (the sketch's own thread), so the names never cross to the main thread in
 * bulk: a query does, and its few hits come back.
 */

export interface SketchFile {
  abs: string;
  rel: string;
  language: LanguageId;
}

export interface SketchScanOptions {
  includePrivate: boolean;
  maxFileBytes: number;
  project?: ProjectHints;
}

/** One file's names; none for what the full index leaves out too (too large, minified or generated, tests). */
export function scanFile(f: SketchFile, opts: SketchScanOptions): ScannedName[] {
  // A test is known by its path: not read at all (a quarter of a Python installation's bytes).
  if (!opts.includePrivate && isTestFile(f.rel)) return [];
  let buf: Buffer;
  try {
    buf = readFileSync(f.abs);
  } catch {
    return [];
  }
  if (classify(buf, opts.maxFileBytes, f.rel)) return [];
  try {
    return scanNames(f.language, buf.toString('utf8'), { file: f.rel, includePrivate: opts.includePrivate, project: opts.project });
  } catch {
    return [];
  }
}

type Entry = ScannedName & { file: string; abs: string; language: LanguageId };

export class SketchTable {
  private readonly byKey = new Map<string, Entry[]>();
  /** Names entered so far. */
  size = 0;

  enter(f: SketchFile, found: readonly ScannedName[]): void {
    for (const n of found) {
      const key = keyOf(n.name);
      // Added to the scanner's own object (300,000 of them on a Python installation: a copy each was most of the sketch's garbage).
      const entry = Object.assign(n, { file: f.rel, abs: f.abs, language: f.language }) as Entry;
      const list = this.byKey.get(key);
      if (list) list.push(entry);
      else this.byKey.set(key, [entry]);
    }
    this.size += found.length;
  }

  /**
   * Entries named as the query names them (`loads`, `json.loads`, `json loads`, `parse_config`
   * for `parseConfig`), as search hits on docs_search's scale, best first; none for a question
   * in words. `skip` leaves out files (those the full index has written).
   */
  search(query: string, limit: number, language?: string, skip?: (file: string) => boolean): SearchHit[] {
    const q = query.trim();
    if (!q || (/\s/.test(q) && !/^[\w$]+(?:\s+[\w$]+){1,2}$/.test(q))) return [];
    const last = q.split(/::|[.#\s]+/).pop() ?? q;
    const nq = nameQuery(q.replace(/\s+/g, '.'));
    const hits: SearchHit[] = [];
    const entryFile = new Map<SearchHit, string>();
    for (const e of this.byKey.get(keyOf(last)) ?? []) {
      if ((language && e.language !== language) || skip?.(e.file)) continue;
      const nm = nameScore(nq, e.name, e.id);
      if (nm <= 0) continue;
      // Identifier queries blend 0.6 × the name score with text matches the sketch does not have.
      const score = 0.6 * nm + 0.25 + pathPrior({ id: e.id, name: e.name, file: e.file });
      hits.push({ id: e.id, name: e.name, kind: e.kind, module: e.module, score: Math.round(score * 1000) / 1000, summary: '', signature: '', file: e.file, line: e.line, visibility: 'public', also_in: [], pending: true, package: null, version: null });
      entryFile.set(hits[hits.length - 1]!, e.abs);
    }
    const best = hits.sort((a, b) => b.score - a.score).slice(0, limit);
    for (const h of best) h.signature = declaringLine(entryFile.get(h)!, h.line);
    return best;
  }
}

/**
 * The scan itself, wherever it runs (the sketch's thread, or the calling thread without one):
 * queued files are scanned into a table in slices of `sliceMs`, each followed by a turn of the
 * event loop, so a lookup waits for one slice, not for every file queued. A file the full index
 * has written is skipped (its names are the index's to answer); once the walk is over and the
 * queue is empty, `onDone` gets the count of names.
 */
export class SlicedScan {
  private readonly table = new SketchTable();
  /**
   * Files to scan, taken from the end: the last found first. The extraction workers take the
   * files in the order the walk found them, so the pass and the workers work towards each
   * other, and the first files found, which the pass reaches last, are mostly written by then
   * and skipped (their names are the index's to answer). In the walk's order, the pass ran
   * ahead of the workers and scanned every file the workers would write anyway.
   */
  private queue: SketchFile[] = [];
  private readonly written = new Set<string>();
  private walked = false;
  private scheduled = false;
  private ended = false;

  constructor(
    private readonly opts: SketchScanOptions,
    private readonly sliceMs: number,
    private readonly onDone: (names: number) => void,
  ) {}

  add(files: readonly SketchFile[]): void {
    for (const f of files) this.queue.push(f);
    this.schedule();
  }

  /** The full index has written these files. */
  markWritten(files: Iterable<string>): void {
    for (const f of files) this.written.add(f);
  }

  /** Every file is queued: done once they are scanned. */
  walkDone(): void {
    this.walked = true;
    this.schedule();
  }

  /** No more scanning (the build is over or cancelled). */
  stop(): void {
    this.ended = true;
    this.queue = [];
  }

  search(query: string, limit: number, language?: string): SearchHit[] {
    return this.table.search(query, limit, language, (f) => this.written.has(f));
  }

  private schedule(): void {
    if (this.scheduled || this.ended) return;
    this.scheduled = true;
    setImmediate(() => this.slice());
  }

  private slice(): void {
    this.scheduled = false;
    const until = performance.now() + this.sliceMs;
    // At least one file a slice, however short the slice.
    for (let first = true; this.queue.length && (first || performance.now() < until) && !this.ended; first = false) {
      const f = this.queue.pop()!;
      if (!this.written.has(f.rel)) this.table.enter(f, scanFile(f, this.opts));
    }
    if (this.queue.length) this.schedule();
    else if (this.walked && !this.ended) {
      this.ended = true;
      this.onDone(this.table.size);
    }
  }
}

/** A hit's signature: its declaring line, read again (only the few hits' files are). */
function declaringLine(abs: string, line: number): string {
  try {
    return lineAt(readFileSync(abs, 'utf8'), line - 1).trim().slice(0, 200);
  } catch {
    return '';
  }
}

/** Names match whatever their case and underscores (`parse_config`, `parseConfig`). */
function keyOf(name: string): string {
  return name.toLowerCase().replace(/_/g, '');
}
