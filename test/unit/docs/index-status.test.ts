import { describe, expect, it } from 'vitest';
import { briefStatus, fullStatus, type StatusView } from '../../../src/core/index/status.js';
import type { RootIndex } from '../../../src/core/index/service.js';
import type { IndexPhase } from '../../../src/core/index/status.js';

/** What index_status says at each phase of a build (pure: a view of the index's parts). */

function view(phase: IndexPhase, opts: { synced?: boolean; pending?: number; indexing?: boolean } = {}): StatusView {
  const root = {
    root: '/r', dbPath: '/r.db', synced: opts.synced ?? true, phase, searchableAt: 1_700_000_000_000, searchableAfterMs: 1000,
    indexer: { pending: opts.pending ?? 0 },
    store: { counts: () => ({ files: 3, items: 10, languages: { python: 3 }, skipped: {}, packages: [], lastUpdate: 1_700_000_000_000 }) },
  } as unknown as RootIndex;
  return {
    roots: [root], deps: null, indexing: opts.indexing ?? true, syncEnabled: true, error: null,
    embeddings: { status: () => ({ model: '/m', state: phase === 'embeddings' ? 'embedding' : 'ready', items: 4, total: 10, dim: 8, weight: 0.1 }) },
  };
}

describe('index status', () => {
  it('says every file is indexed while only the embeddings model is still working', () => {
    const b = briefStatus(view('embeddings'));
    expect(b.state).toBe('indexing');
    expect(b.note).toMatch(/every file is indexed; the embeddings model is still embedding items/);
    const f = fullStatus(view('embeddings'));
    expect(f.phase).toBe('embeddings');
    expect(f.embeddings).toMatchObject({ state: 'embedding', items: 4, total: 10 });
  });

  it('says answers may be incomplete while files are still being written', () => {
    expect(briefStatus(view('files', { synced: false })).note).toMatch(/answering from the files indexed so far/);
    expect(briefStatus(view('embeddings', { pending: 2 })).note).toMatch(/answering from the files indexed so far/);
  });

  it("reports a first build's quick name pass: scanning (null), then when it had every name; absent without one", () => {
    const v = view('files', { synced: false });
    const base = v.roots[0]!;
    const scanning = { ...base, searchableAt: null, searchableAfterMs: null, sketch: { active: true, doneAt: null, doneAfterMs: null } } as unknown as RootIndex;
    expect(fullStatus({ ...v, roots: [scanning] })).toMatchObject({ names_searchable_at: null, roots: [{ names_searchable_at: null, names_searchable_after_ms: null }] });
    expect(briefStatus({ ...v, roots: [scanning] }).note).toMatch(/^answering from the files indexed so far; results may be incomplete/);
    const named = { ...scanning, sketch: { active: true, doneAt: 1_700_000_003_000, doneAfterMs: 3000 } } as unknown as RootIndex;
    expect(fullStatus({ ...v, roots: [named] })).toMatchObject({ names_searchable_at: new Date(1_700_000_003_000).toISOString(), roots: [{ names_searchable_after_ms: 3000 }] });
    expect(briefStatus({ ...v, roots: [named] }).note).toMatch(/for names from a quick pass over every file/);
    // After the build the sketch is gone and its time stays on the root.
    const after = { ...base, namesAt: 1_700_000_003_000, namesAfterMs: 3000 } as unknown as RootIndex;
    expect(fullStatus({ ...v, roots: [after] }).roots[0]).toMatchObject({ names_searchable_after_ms: 3000, searchable_by_name_after_ms: 1000 });
    expect(fullStatus(v)).not.toHaveProperty('names_searchable_at');
    // A small tree's build starts no pass: nothing to report.
    const small = { ...base, sketch: { active: false, doneAt: null, doneAfterMs: null } } as unknown as RootIndex;
    expect(fullStatus({ ...v, roots: [small] })).not.toHaveProperty('names_searchable_at');
    expect(fullStatus({ ...v, roots: [small] }).roots[0]).not.toHaveProperty('names_searchable_at');
    expect(fullStatus(v).roots[0]).not.toHaveProperty('names_searchable_after_ms');
  });

  it('orders phases so the least advanced root decides, with embeddings before ready', () => {
    const v = view('ready', { indexing: false });
    const slow = { ...v.roots[0]!, root: '/s', phase: 'embeddings' as IndexPhase } as RootIndex;
    expect(fullStatus({ ...v, roots: [v.roots[0]!, slow] }).phase).toBe('embeddings');
    expect(fullStatus(v).phase).toBe('ready');
    expect(fullStatus({ ...v, embeddings: null }).embeddings).toBeNull();
  });
});
