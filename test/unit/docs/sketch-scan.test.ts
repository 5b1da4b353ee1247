import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SlicedScan, type SketchFile } from '../../../src/core/index/sketch-table.js';

/**
 * The quick name pass's scan takes the last queued file first (the extraction workers take the
 * first ones), skips the files the full index has written by the time it reaches them, and
 * scans every other file once, however the files arrive.
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

/** A scan with slices of `sliceMs`, and the count of names it reports once done. */
function scanning(sliceMs: number): { scan: SlicedScan; names: Promise<number> } {
  let finished!: (names: number) => void;
  const names = new Promise<number>((resolve) => (finished = resolve));
  return { scan: new SlicedScan({ includePrivate: false, maxFileBytes: 1_000_000 }, sliceMs, finished), names };
}

describe('SlicedScan', () => {
  it('scans every queued file once, across slices and compactions of its queue', async () => {
    const { scan, names } = scanning(2);
    // In batches, as the walk sends them, some while earlier ones are being scanned.
    for (let i = 0; i < FILES; i += 700) {
      scan.add(files.slice(i, i + 700));
      await new Promise((r) => setImmediate(r));
    }
    scan.walkDone();
    // One function a file.
    expect(await names).toBe(FILES);
    for (const i of [0, 1023, 1024, 2047, 2999]) expect(scan.search(`func_${i}`, 5).map((h) => h.id)).toEqual([`m${i}.func_${i}`]);
  });

  it('takes the files found last first, and skips those the full index wrote before it reached them', async () => {
    const { scan, names } = scanning(1000);
    scan.add(files.slice(0, 10));
    // The workers wrote the first three before the scan's first slice ran.
    scan.markWritten(['m0.py', 'm1.py', 'm2.py']);
    scan.walkDone();
    expect(await names).toBe(7);
    expect(scan.search('func_1', 5)).toEqual([]);
    expect(scan.search('func_9', 5).map((h) => h.id)).toEqual(['m9.func_9']);
  });

  it('scans the newest files before older ones still queued', async () => {
    const order: string[] = [];
    // One file a slice (a slice of 0 ms scans one file), so the order is visible in what was entered when.
    const { scan, names } = scanning(0);
    scan.add(files.slice(0, 4));
    scan.walkDone();
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setImmediate(r));
      order.push(...['m0', 'm1', 'm2', 'm3'].filter((m) => !order.includes(m) && scan.search(`func_${m.slice(1)}`, 1).length));
    }
    expect(await names).toBe(4);
    expect(order).toEqual(['m3', 'm2', 'm1', 'm0']);
  });
});
