import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SlicedScan, type SketchFile } from '../../../src/core/index/sketch-table.js';

/**
 * The quick name pass's scan takes queued files from the front of its queue without moving the
 * rest (a walk queues thousands at once), and drops the scanned part as it goes: every file is
 * still scanned once, in order, however the files arrive.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'docent-sketch-scan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FILES = 3000;
const files: SketchFile[] = [];
for (let i = 0; i < FILES; i++) {
  const rel = `m${i}.py`;
  writeFileSync(path.join(dir, rel), `def func_${i}(x):\n    return x\n`);
  files.push({ abs: path.join(dir, rel), rel, language: 'python' });
}

describe('SlicedScan', () => {
  it('scans every queued file once, across slices and compactions of its queue', async () => {
    let names = -1;
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    const scan = new SlicedScan({ includePrivate: false, maxFileBytes: 1_000_000 }, 2, (n) => {
      names = n;
      finished();
    });
    // In batches, as the walk sends them, some while earlier ones are being scanned.
    for (let i = 0; i < FILES; i += 700) {
      scan.add(files.slice(i, i + 700));
      await new Promise((r) => setImmediate(r));
    }
    scan.walkDone();
    await done;
    // One function a file.
    expect(names).toBe(FILES);
    for (const i of [0, 1023, 1024, 2047, 2999]) expect(scan.search(`func_${i}`, 5).map((h) => h.id)).toEqual([`m${i}.func_${i}`]);
  });
});
