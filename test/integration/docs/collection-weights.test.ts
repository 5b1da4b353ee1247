import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeatureContext } from '../../../src/features/context.js';
import { docsSearch } from '../../../src/features/docs/search.js';
import { docsContext, writeTree } from './fixtures.js';

/**
 * One search over several databases (two roots here; a project and its packages' databases
 * alike) weighs each word by its counts over all of them. Alone, the small database made a word
 * that is common in the large one ("values") rare, so an item matching that word only outscored
 * the large database's answer.
 */

const dirs: string[] = [];
let ctx: FeatureContext;

function tree(files: Record<string, string>): string {
  const dir = writeTree(files, 'docent-collection-');
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  const totals = Array.from({ length: 40 }, (_, i) => `def total_${i}(xs):\n    """Add up the values of list number ${i}."""\n    return sum(xs)\n`).join('\n');
  const large = tree({
    'stats.py': totals,
    'compare.py': 'def deep_equal(a, b):\n    """Tell whether two nested structures are deeply equal."""\n    return a == b\n',
  });
  const small = tree({ 'colors.py': 'def hsv(h, s, v):\n    """Use HSV values to set text color."""\n\n\ndef line():\n    """Print a line of output."""\n' });
  ctx = docsContext([large, small]);
  await docsSearch({ query: 'warm up', limit: 1 }, ctx);
}, 60_000);

afterAll(async () => {
  await ctx?.services.disposeAll();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('word weights over every database a search reads', () => {
  it('ranks the answer over an item of a small database that shares one common word', async () => {
    const r = await docsSearch({ query: 'check that two values are deeply equal', limit: 3 }, ctx);
    expect(r.results[0]?.id).toBe('compare.deep_equal');
    expect(r.results.findIndex((h) => h.id === 'colors.hsv')).not.toBe(0);
  });

  it('leaves a name query to its exact match, wherever it is', async () => {
    expect((await docsSearch({ query: 'hsv', limit: 1 }, ctx)).results[0]?.id).toBe('colors.hsv');
  });
});
