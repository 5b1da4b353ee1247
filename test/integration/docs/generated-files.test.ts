import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planGenerated, type GeneratedFile, type GeneratedSource } from '../../../src/core/index/generated.js';
import { IndexStore } from '../../../src/core/index/store.js';

/**
 * Generated documentation (generated.ts) in a real SQLite index: produced only when its
 * fingerprint moves, replaced and pruned as a whole, kept when producing fails, dropped when
 * the source is gone.
 */

function source(fp: () => string | null, files: () => GeneratedFile[]): GeneratedSource & { calls: number } {
  const s = {
    calls: 0,
    fingerprint: fp,
    async files() {
      s.calls++;
      return files();
    },
  };
  return s;
}

const stub = (module: string, doc: string): GeneratedFile => ({ rel: `<built-in>/${module}`, language: 'python', module, text: `def run(x):\n    """${doc}"""\n` });
const opts = { includePrivate: false, project: {} };

/** Plan and write, as the indexer does after its walk. */
async function syncGenerated(src: GeneratedSource | null, store: IndexStore) {
  const plan = await planGenerated(src, store.files(), opts);
  store.apply(plan.updates, plan.deletions);
  return plan.result;
}

describe('generated files', () => {
  it('are written once per fingerprint, replaced and pruned when it moves, dropped with their source', async () => {
    const store = IndexStore.open(path.join(mkdtempSync(path.join(tmpdir(), 'docent-gen-')), 'index.db'));
    let fp = 'one';
    let files = [stub('alpha', 'Start the alpha engine.'), stub('beta', 'Start the beta engine.')];
    const src = source(() => fp, () => files);

    expect(await syncGenerated(src, store)).toMatchObject({ written: 2, deleted: 0 });
    expect(store.db.prepare(`SELECT id FROM items WHERE kind = 'function' ORDER BY id`).pluck().all()).toEqual(['alpha.run', 'beta.run']);
    expect(store.db.prepare(`SELECT DISTINCT hash FROM files`).pluck().all()).toEqual(['gen:one']);

    // Same fingerprint: the source is not asked again.
    expect(await syncGenerated(src, store)).toMatchObject({ written: 0, unchanged: 2 });
    expect(src.calls).toBe(1);

    // A new fingerprint: everything produced again, a module no longer produced removed.
    fp = 'two';
    files = [stub('alpha', 'Start the alpha engine, faster.')];
    expect(await syncGenerated(src, store)).toMatchObject({ written: 1, deleted: 1 });
    expect(store.db.prepare(`SELECT summary FROM items WHERE id = 'alpha.run'`).pluck().get()).toBe('Start the alpha engine, faster.');
    expect(store.db.prepare(`SELECT COUNT(*) FROM items WHERE id = 'beta.run'`).pluck().get()).toBe(0);

    // Producing fails: what is stored stays, and the error is told.
    fp = 'three';
    const failing = source(() => fp, () => {
      throw new Error('interpreter crashed');
    });
    const r = await syncGenerated(failing, store);
    expect(r.error).toBe('interpreter crashed');
    expect(store.db.prepare(`SELECT COUNT(*) FROM items WHERE id = 'alpha.run'`).pluck().get()).toBe(1);

    // No source any more (or its fingerprint says it is gone): the generated files go.
    expect(await syncGenerated(null, store)).toMatchObject({ deleted: 1 });
    expect(store.db.prepare(`SELECT COUNT(*) FROM files`).pluck().get()).toBe(0);
    store.close();
  });
});
