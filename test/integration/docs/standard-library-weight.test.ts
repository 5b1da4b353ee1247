import path from 'node:path';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocsIndex } from '../../../src/core/index/service.js';
import { OWN_WEIGHT, STANDARD_LIBRARY_DEPENDENCY } from '../../../src/core/rank/score.js';
import { IndexQueries } from '../../../src/core/index/query.js';
import { tempIndex, writeTree } from './fixtures.js';

/**
 * A root that is a language's standard library (CPython's `python3.X` with `os.py`) ranks its own
 * items well above the packages installed inside it, for a question in words (score.ts
 * OWN_WEIGHT); any other root only a little above its dependencies'. The same tree is indexed
 * as both.
 */

const files = (top: string): Record<string, string> => ({
  [`${top}/os.py`]: '"""OS routines."""\n',
  [`${top}/shutil.py`]: ['def copytree(src, dst):', '    """Recursively copy a directory tree to a destination directory."""', ''].join('\n'),
  [`${top}/site-packages/fancyfs/__init__.py`]: ['def copy_tree(src, dst):', '    """Recursively copy a directory tree to another directory."""', ''].join('\n'),
  [`${top}/site-packages/fancyfs-1.0.dist-info/METADATA`]: 'Metadata-Version: 2.1\nName: fancyfs\nVersion: 1.0\n',
});

let parent = '';
const made: { idx: DocsIndex; close: () => Promise<void> }[] = [];
beforeAll(async () => {
  parent = writeTree({ ...files('python3.11'), ...files('project') }, 'docent-standard-library-');
  made.push(await tempIndex(path.join(parent, 'python3.11'), 'docent-standard-library-db-'));
  made.push(await tempIndex(path.join(parent, 'project'), 'docent-standard-library-db-'));
}, 60_000);
afterAll(async () => {
  for (const m of made) await m.close();
  rmSync(parent, { recursive: true, force: true });
});

const scores = (idx: DocsIndex) => new Map(idx.roots[0]!.queries.search('recursively copy a directory tree to another directory', { limit: 5 }).map((h) => [h.id, h.score]));

describe("a standard library's own items", () => {
  it('weigh more in a standard library than a project\'s own items do in a project', () => {
    const [std, project] = [scores(made[0]!.idx), scores(made[1]!.idx)];
    expect(OWN_WEIGHT.standardLibrary - OWN_WEIGHT.project).toBeGreaterThan(0.1);
    expect(std.get('shutil.copytree')! - project.get('shutil.copytree')!).toBeCloseTo(OWN_WEIGHT.standardLibrary - OWN_WEIGHT.project, 3);
    // The installed package's item is scored alike in both.
    expect(std.get('fancyfs.copy_tree')).toBe(project.get('fancyfs.copy_tree'));
  });

  it("take in an installed package that the question names, written apart (`fancy fs`) or as it is", () => {
    for (const q of ['recursively copy a directory tree with fancy fs', 'copy a directory tree with fancyfs']) {
      const at = (idx: DocsIndex) => new Map(idx.roots[0]!.queries.search(q, { limit: 5 }).map((h) => [h.id, h.score]));
      const [std, project] = [at(made[0]!.idx), at(made[1]!.idx)];
      // Named, the package is weighed as each root's own code: level with the standard library in a standard library.
      expect(std.get('fancyfs.copy_tree')! - project.get('fancyfs.copy_tree')!).toBeCloseTo(OWN_WEIGHT.standardLibrary - OWN_WEIGHT.project, 3);
      expect(std.get('fancyfs.copy_tree')! - std.get('shutil.copytree')!).toBeCloseTo(project.get('fancyfs.copy_tree')! - project.get('shutil.copytree')!, 3);
    }
  });
});

describe("a standard library's database read as a project's dependency", () => {
  it('scores its items a little below the packages the project declares, for a question in words only', () => {
    const root = made[1]!.idx.roots[0]!;
    const asDependency = new IndexQueries(root.store, { standardLibraryDependency: true });
    const q = 'recursively copy a directory tree to another directory';
    const before = scores(made[1]!.idx);
    const after = new Map(asDependency.search(q, { limit: 5 }).map((h) => [h.id, h.score]));
    expect(STANDARD_LIBRARY_DEPENDENCY).toBeLessThan(0);
    // Every item that is not the root's own (here the installed package's) moves; the root's own do not.
    expect(after.get('fancyfs.copy_tree')! - before.get('fancyfs.copy_tree')!).toBeCloseTo(STANDARD_LIBRARY_DEPENDENCY, 3);
    expect(after.get('shutil.copytree')).toBe(before.get('shutil.copytree'));
    // An identifier is looked up alike.
    const name = (qs: IndexQueries) => qs.search('copy_tree', { limit: 3 }).map((h) => [h.id, h.score]);
    expect(name(asDependency)).toEqual(name(root.queries));
  });
});
