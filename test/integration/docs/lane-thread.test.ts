import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaneThread as SourceLaneThread } from '../../../src/core/index/lane-thread.js';
import { builtDocsIndex, REPO } from '../../helpers/docent.js';
import { tempDirs } from '../../helpers/temp-dirs.js';

/**
 * The search lane's thread (index/lane-thread.ts, search-lane-worker.ts) searching a root's
 * database while the calling thread writes it: each search there sees what was committed
 * before it, as a search on the calling thread does. Run from the built modules (the thread is
 * a compiled file).
 */

const tmp = tempDirs();
let root: string;
let idx: InstanceType<Awaited<ReturnType<typeof builtDocsIndex>>>;
let thread: SourceLaneThread;

async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(ok()).toBe(true);
}

function searchThere(query: string): string[] {
  const seq = thread.send([{ db: { file: idx.roots[0]!.dbPath, ...idx.roots[0]!.queries.opts }, query, opts: { limit: 10 } }]);
  const found = thread.answer(seq);
  expect(found).not.toBeNull();
  return found![0]!.hits.map((h) => h.id);
}

beforeAll(async () => {
  root = tmp('docent-lane-thread-');
  writeFileSync(path.join(root, 'geometry.py'), '"""Shapes."""\n\n\ndef circle_area(radius):\n    """Area of a circle of the given radius."""\n    return 3.14159 * radius * radius\n');
  const DocsIndex = await builtDocsIndex();
  idx = new DocsIndex({ roots: [root], indexDir: tmp('docent-lane-thread-idx-'), includePrivate: false, maxFileBytes: 1_000_000, exclude: [], dependencies: false });
  await idx.catchUp();
  const { LaneThread } = (await import(pathToFileURL(path.join(REPO, 'dist/core/index/lane-thread.js')).href)) as typeof import('../../../src/core/index/lane-thread.js');
  thread = new LaneThread(
    () => {},
    (why) => {
      throw new Error(`the lane's thread stopped: ${why}`);
    },
  );
  await until(() => thread.ready());
}, 60_000);

afterAll(async () => {
  thread?.dispose();
  await idx?.dispose();
});

describe("the lane's thread over a root being written", () => {
  it('finds what the calling thread wrote since its last search there', async () => {
    expect(searchThere('area of a circle')).toContain('geometry.circle_area');
    expect(searchThere('perimeter of a square')).not.toContain('geometry.square_perimeter');
    writeFileSync(path.join(root, 'geometry.py'), '"""Shapes."""\n\n\ndef square_perimeter(side):\n    """Perimeter of a square of the given side."""\n    return 4 * side\n');
    await idx.updatePaths(idx.roots[0]!, ['geometry.py']);
    // The same answers as the calling thread's own search, on the new content.
    const here = idx.roots[0]!.queries.search('perimeter of a square', { limit: 10 }).map((h) => h.id);
    expect(here).toContain('geometry.square_perimeter');
    expect(searchThere('perimeter of a square')).toEqual(here);
    expect(searchThere('area of a circle')).not.toContain('geometry.circle_area');
  });
});
