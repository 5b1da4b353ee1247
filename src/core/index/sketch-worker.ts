import { parentPort, workerData } from 'node:worker_threads';
import type { SearchHit } from './search.js';
import { scanFile, SketchTable, type SketchFile, type SketchScanOptions } from './sketch-table.js';

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
  const table = new SketchTable();
  const queue: SketchFile[] = [];
  // Files the full index has written: their names are its to answer.
  const written = new Set<string>();
  let walked = false;
  let scheduled = false;
  const slice = () => {
    scheduled = false;
    const until = performance.now() + SLICE_MS;
    while (queue.length && performance.now() < until) {
      const f = queue.shift()!;
      if (!written.has(f.rel)) table.enter(f, scanFile(f, opts));
    }
    if (queue.length) schedule();
    else if (walked) port.postMessage({ done: true, names: table.size } satisfies SketchReply);
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(slice);
  };
  port.on('message', (msg: SketchRequest) => {
    if ('files' in msg) {
      queue.push(...msg.files);
      schedule();
    } else if ('done' in msg) {
      walked = true;
      schedule();
    } else if ('written' in msg) {
      for (const f of msg.written) written.add(f);
    } else {
      const { seq, query, limit, language } = msg.search;
      port.postMessage({ found: { seq, hits: table.search(query, limit, language, (f) => written.has(f)) } } satisfies SketchReply);
    }
  });
}
