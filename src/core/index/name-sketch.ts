import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { distFile } from '../dist-root.js';
import type { SearchHit } from './search.js';
import { SlicedScan, type SketchFile, type SketchScanOptions } from './sketch-table.js';
import type { SketchReply, SketchRequest } from './sketch-worker.js';

/**
 * A first build's quick pass over every name: what each file declares and on which line, read
 * by name-scan.ts on a thread of its own (sketch-worker.ts) while the workers extract. On a
 * Python installation whose full index takes a quarter of a minute, every name is found within
 * seconds. docs_search asks it for names the full index has not written yet; a file's names
 * leave it once the index has the file, and the whole sketch ends with the build. Memory only:
 * the database is the extraction workers' to write.
 */

/** Files sent to the thread at once, and written files reported at once. */
const SEND_FILES = 128;
/**
 * A tree with fewer files than this is indexed in about a second: its names would come no
 * sooner, and a thread would only take a core from the extraction. The pass starts once the
 * walk has found this many.
 */
export const SKETCH_FROM_FILES = 1000;
/** Without the thread (the sources run by a test runner): how long one slice of scanning may hold this one. */
const SLICE_MS = 8;

export class NameSketch {
  private readonly startedAt = Date.now();
  /** Files found and not yet sent to the thread (or, without one, to the scan here). */
  private readonly queue: SketchFile[] = [];
  /** Files the full index has written and the scan has not been told of yet. */
  private unsentWritten: string[] = [];
  private thread: Worker | null = null;
  /** Without the thread, the scan runs here, in slices. */
  private inline: SlicedScan | null = null;
  /** The pass has begun (enough files were found): its files go to the thread, or are scanned here. */
  private started = false;
  private readonly lookups = new Map<number, (hits: SearchHit[]) => void>();
  private seq = 0;
  private stopped = false;
  /** When every file the walk found had been scanned (ms since the epoch), and how long after the build started. */
  doneAt: number | null = null;
  doneAfterMs: number | null = null;
  /** Names found, once done. */
  names: number | null = null;
  /** Settles when the sketch is done or stopped. */
  readonly settled: Promise<void>;
  private settle!: () => void;

  constructor(
    private readonly opts: SketchScanOptions,
    private readonly hooks: {
      /** From this many files on (default SKETCH_FROM_FILES). */
      fromFiles?: number;
      /** The pass has begun; `settled` ends it (the indexer gives it a core meanwhile). */
      started?: (settled: Promise<void>) => void;
    } = {},
  ) {
    this.settled = new Promise((resolve) => (this.settle = resolve));
  }

  /** Begin the pass: the thread (or, without the compiled one, this thread in slices) scans what was found so far and what follows. */
  private start(): void {
    this.started = true;
    this.hooks.started?.(this.settled);
    const script = fileURLToPath(distFile('core/index/sketch-worker.js'));
    if (!existsSync(script)) {
      this.inline = new SlicedScan(this.opts, SLICE_MS, (names) => this.finish(names));
      this.flushWritten();
      this.inline.add(this.queue.splice(0));
      return;
    }
    this.thread = new Worker(script, { workerData: { sketch: this.opts } });
    this.thread.unref();
    this.thread.on('message', (reply: SketchReply) => {
      if ('done' in reply) this.finish(reply.names);
      else {
        this.lookups.get(reply.found.seq)?.(reply.found.hits);
        this.lookups.delete(reply.found.seq);
      }
    });
    // A failed thread leaves the names to the full index.
    this.thread.on('error', () => this.stop());
    this.post({ files: this.queue.splice(0) });
    if (this.unsentWritten.length) this.flushWritten();
  }

  /** The pass has begun: the tree is large enough (see SKETCH_FROM_FILES). */
  get active(): boolean {
    return this.started;
  }

  /** A file the walk found: scanned soon. */
  add(file: SketchFile): void {
    if (this.stopped) return;
    this.queue.push(file);
    // Before the start nothing leaves the queue: its length is the count of files found.
    if (!this.started) {
      if (this.queue.length >= (this.hooks.fromFiles ?? SKETCH_FROM_FILES)) this.start();
    } else if (this.inline) this.inline.add(this.queue.splice(0));
    else if (this.queue.length >= SEND_FILES) this.post({ files: this.queue.splice(0) });
  }

  /** The walk is over: once every file is scanned, every name is in the sketch. */
  walkDone(): void {
    // A small tree: no pass. Its names come with the full index, about as soon.
    if (!this.started || this.stopped) return;
    if (this.inline) return this.inline.walkDone();
    if (this.queue.length) this.post({ files: this.queue.splice(0) });
    this.post({ done: true });
  }

  /** The full index has written this file: its names are the index's to answer now. */
  fileWritten(rel: string): void {
    if (this.stopped) return;
    this.unsentWritten.push(rel);
    if (this.inline || this.unsentWritten.length >= SEND_FILES) this.flushWritten();
  }

  /** Names as the query names them, from files the full index has not written yet (see sketch-table.ts SketchTable.search). */
  search(query: string, limit: number, language?: string): Promise<SearchHit[]> {
    if (this.stopped || !this.started) return Promise.resolve([]);
    if (this.inline) return Promise.resolve(this.inline.search(query, limit, language));
    this.flushWritten();
    const seq = ++this.seq;
    return new Promise((resolve) => {
      this.lookups.set(seq, resolve);
      this.post({ search: { seq, query, limit, language } });
    });
  }

  /** Stop (the build is over or cancelled): the thread ends, and lookups find nothing. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.queue.length = 0;
    this.inline?.stop();
    for (const resolve of this.lookups.values()) resolve([]);
    this.lookups.clear();
    void this.thread?.terminate();
    this.settle();
  }

  private post(msg: SketchRequest): void {
    this.thread!.postMessage(msg);
  }

  /** Tell the scan (here or on the thread) which files the full index has written; before the start they wait. */
  private flushWritten(): void {
    if (!this.unsentWritten.length || (!this.inline && !this.thread)) return;
    if (this.inline) this.inline.markWritten(this.unsentWritten);
    else this.post({ written: this.unsentWritten });
    this.unsentWritten = [];
  }

  private finish(names: number): void {
    if (this.doneAt !== null || this.stopped) return;
    this.doneAt = Date.now();
    this.doneAfterMs = this.doneAt - this.startedAt;
    this.names = names;
    this.settle();
  }
}
