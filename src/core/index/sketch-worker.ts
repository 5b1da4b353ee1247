import { parentPort, workerData } from 'node:worker_threads';
import type { SearchHit } from './search.js';
import { SlicedScan, type SketchFile, type SketchScanOptions } from './sketch-table.js';

/**
 * The quick name pass's thread (name-sketch.ts): scans the files it is sent and keeps their
 * names, and answers lookups. A thread of its own beside the extraction workers: on the main
 * thread (the server's) the scan got a sliver of a core, and moving 300,000 names across
 * cost that thread more than the walk it also runs. Files are scanned in short slices, so a
 * lookup waits for one slice, not for every file queued.
 */

/** To the thread: files to scan; `done` (the walk is over); or a lookup. */
export type SketchRequest =
  | { files: SketchFile[] }
  | { done: true }
  | { written: string[] }
  | { search: { seq: number; query: string; limit: number; language?: string } };
/** From the thread: every file sent before `done` is scanned; or a lookup's hits. */
export type SketchReply = { done: true; names: number } | { found: { seq: number; hits: SearchHit[] } };

const SLICE_MS = 10;

const opts = (workerData as { sketch?: SketchScanOptions } | null)?.sketch;
if (parentPort && opts) {
  const port = parentPort;
  const scan = new SlicedScan(opts, SLICE_MS, (names) => port.postMessage({ done: true, names } satisfies SketchReply));
  port.on('message', (msg: SketchRequest) => {
    if ('files' in msg) scan.add(msg.files);
    else if ('done' in msg) scan.walkDone();
    else if ('written' in msg) scan.markWritten(msg.written);
    else {
      const { seq, query, limit, language } = msg.search;
      port.postMessage({ found: { seq, hits: scan.search(query, limit, language) } } satisfies SketchReply);
    }
  });
}
