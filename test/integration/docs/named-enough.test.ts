import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocsIndex } from '../../../src/core/index/service.js';
import { pythonFunctions, tempIndex } from './fixtures.js';

/**
 * A one-word name that ten or more items have exactly: those are the answer, and the search
 * does not rank every row that has the word (the slow part of such a search on a large index).
 * Names that contain the word still fill the page when copies fold the exact ones into one, and
 * a word in few names is still looked for in the docs too.
 */

let idx: DocsIndex;
let close: () => Promise<void>;

beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'docent-named-enough-'));
  // Twelve identical copies of `start` (they fold into one answer) and 150 names with the word.
  for (let m = 0; m < 12; m++) {
    mkdirSync(path.join(root, `pkg${m}`));
    writeFileSync(path.join(root, `pkg${m}`, '__init__.py'), `"""Package ${m}."""\n`);
    writeFileSync(path.join(root, `pkg${m}`, 'runner.py'), `"""Runner."""\n\n\ndef start(job):\n    """Begin the job."""\n    return job\n\n\ndef linspace(a, b, n):\n    """Evenly spaced numbers over an interval."""\n    return []\n`);
  }
  writeFileSync(path.join(root, 'tasks.py'), `"""Tasks."""\n\n${pythonFunctions(150, (i) => `start_task_${i}`, (i) => `Begin task ${i}.`)}`);
  // "format" in 1,200 docs and in a few names: an identifier with it is answered by the names.
  writeFileSync(path.join(root, 'display.py'), `"""Display."""\n\n${pythonFunctions(1200, (i) => `show_${i}`, (i) => `Format reading ${i} for display.`)}`);
  writeFileSync(path.join(root, 'formats.py'), `"""Formats."""\n\n${pythonFunctions(12, (i) => `format_part_${i}`, (i) => `Part ${i}.`)}`);
  writeFileSync(path.join(root, 'spacing.py'), `"""Spacing."""\n\n\ndef logspace(a, b, n):\n    """Like linspace, but the numbers are spaced evenly on a log scale."""\n    return []\n`);
  // 120 documented `run`s deep in a package, and one at the top of a module of its own,
  // written after them (`zz`): of the items named so only 50 are taken (and 100 rows with the
  // word in their names, the first the index holds), and they must include it.
  for (let m = 0; m < 120; m++) {
    mkdirSync(path.join(root, 'deep', `d${m}`, 'inner'), { recursive: true });
    writeFileSync(path.join(root, 'deep', `d${m}`, 'inner', 'mod.py'), `"""Inner ${m}."""\n\n\ndef run(job):\n    """Run job ${m} here."""\n    return job\n`);
  }
  writeFileSync(path.join(root, 'zz.py'), `"""Runs."""\n\n\ndef run(cmd):\n    """Run a command."""\n    return cmd\n`);
  ({ idx, close } = await tempIndex(root, 'docent-named-enough-db-'));
}, 60_000);

afterAll(async () => {
  await close?.();
});

describe('docs search for a name many items have', () => {
  it('puts the exact name first and fills the page with names that contain the word', () => {
    const hits = idx.roots[0]!.queries.search('start', { limit: 10 });
    expect(hits[0]!.name).toBe('start');
    expect(hits[0]!.also_in.length).toBeGreaterThanOrEqual(10);
    expect(hits).toHaveLength(10);
    for (const h of hits.slice(1)) expect(h.name).toMatch(/^start_task_\d+$/);
  });

  it('answers an identifier whose word is in many docs from the names that have it', () => {
    const hits = idx.roots[0]!.queries.search('format_all', { limit: 10 });
    expect(hits).toHaveLength(10);
    for (const h of hits) expect(h.name).toMatch(/^format(s|_part_\d+)$/);
    // A question in words still reads the docs.
    expect(idx.roots[0]!.queries.search('format a reading for display', { limit: 5 }).map((h) => h.module)).toContain('display');
  });

  it('takes the shallowest of the documented items a name has, whatever order they were written in', () => {
    const hits = idx.roots[0]!.queries.search('run', { limit: 10 });
    expect(hits[0]!.id).toBe('zz.run');
  });

  it('still finds the docs that mention a word few names have', () => {
    const hits = idx.roots[0]!.queries.search('linspace', { limit: 10 });
    expect(hits[0]!.name).toBe('linspace');
    expect(hits.map((h) => h.id)).toContain('spacing.logspace');
  });
});
