import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DocsIndex } from '../../../src/core/index/service.js';

/**
 * A monorepo's members name their items (a Cargo workspace's crates, a nested Python project's
 * `src/`), and a manifest that renames a member renames its items: at once when docent is told
 * the manifest changed, and at the next start when it changed while docent was not running.
 */

const work = mkdtempSync(path.join(tmpdir(), 'docent-mononames-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function write(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
}

function open(root: string, indexDir: string): DocsIndex {
  return new DocsIndex({ roots: [root], indexDir, includePrivate: false, maxFileBytes: 1_000_000, exclude: [], dependencies: false } as ConstructorParameters<typeof DocsIndex>[0]);
}

const ids = (idx: DocsIndex, q: string) => idx.sources('project')[0]!.queries.search(q, { limit: 5 }).map((h) => h.id);

describe('names of a monorepo', () => {
  it('follow a member crate renamed while docent runs and while it does not, and a Python project that moves to the src layout', async () => {
    const root = path.join(work, 'repo');
    const indexDir = path.join(work, 'index');
    write(root, {
      'Cargo.toml': '[workspace]\nmembers = ["crates/*"]\n',
      'crates/alpha/Cargo.toml': '[package]\nname = "alpha"\n',
      'crates/alpha/src/lib.rs': '/// Reverse the characters of a string.\npub fn reverse(s: &str) -> String { s.chars().rev().collect() }\n',
      'libs/tool/pyproject.toml': '[project]\nname = "tool"\n',
      'libs/tool/tool/core.py': 'def frobnicate(x):\n    """Frobnicate a widget thoroughly."""\n    return x\n',
    });
    let idx = open(root, indexDir);
    await idx.catchUp();
    expect(ids(idx, 'reverse')).toContain('alpha::reverse');
    expect(ids(idx, 'frobnicate')).toContain('libs.tool.tool.core.frobnicate');

    // The crate is renamed: docent hears of the manifest (as its watcher or its own edit would tell it).
    write(root, { 'crates/alpha/Cargo.toml': '[package]\nname = "alpha-core"\n' });
    idx.noteChanged(path.join(root, 'crates/alpha/Cargo.toml'));
    await idx.settled();
    await idx.catchUp();
    expect(ids(idx, 'reverse')).toContain('alpha_core::reverse');
    expect(ids(idx, 'reverse')).not.toContain('alpha::reverse');
    await idx.dispose();

    // While docent is stopped, the crate is renamed again (its files unchanged): the next start renames its items.
    write(root, { 'crates/alpha/Cargo.toml': '[package]\nname = "alpha-prime"\n' });
    idx = open(root, indexDir);
    await idx.catchUp();
    expect(ids(idx, 'reverse')).toContain('alpha_prime::reverse');
    expect(ids(idx, 'reverse')).not.toContain('alpha_core::reverse');
    // A Python project that moves to the src layout names its modules from its src/.
    write(root, { 'libs/tool/src/tool/core.py': 'def frobnicate(x):\n    \"\"\"Frobnicate a widget thoroughly.\"\"\"\n    return x\n' });
    rmSync(path.join(root, 'libs/tool/tool'), { recursive: true });
    await idx.dispose();
    idx = open(root, indexDir);
    await idx.catchUp();
    expect(ids(idx, 'frobnicate')).toEqual(['tool.core.frobnicate']);
    await idx.dispose();
  });
});
