import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocsIndex } from '../../../src/core/index/service.js';
import { indexedTree } from './fixtures.js';

/**
 * Answers that score the same come in the order of their ids, not of the order their rows were
 * written in (which worker wrote first, which file was edited last): the same items rank the
 * same in every build.
 */

const doc = (name: string) => [`def ${name}(path):`, '    """Remove the file at path."""', ''].join('\n');

let made: { idx: DocsIndex; close: () => Promise<void> } | undefined;
beforeAll(async () => {
  made = await indexedTree({ 'a_files.py': doc('erase_one'), 'b_files.py': doc('drop_one') }, 'docent-ties-');
}, 60_000);
afterAll(async () => {
  await made?.close();
});

const root = () => made!.idx.roots[0]!;
const order = () => root().queries.search('remove the file at a path', { limit: 5 }).map((h) => [h.id, h.score]);

describe('equal scores', () => {
  it('rank by id, before and after the first file is written again', async () => {
    const before = order();
    expect(before.map(([id]) => id)).toEqual(['a_files.erase_one', 'b_files.drop_one']);
    expect(before[0]![1]).toBe(before[1]![1]);
    // Written again (a later write, higher row ids), a_files.py's item still comes first.
    writeFileSync(path.join(root().root, 'a_files.py'), doc('erase_one') + '\n');
    await made!.idx.updatePaths(root(), ['a_files.py']);
    expect(order()).toEqual(before);
  });
});
