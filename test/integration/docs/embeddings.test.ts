import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocsIndex } from '../../../src/core/index/service.js';
import { SentenceEncoder } from '../../../src/core/rank/sentence-encoder.js';
import { IndexQueries } from '../../../src/core/index/query.js';
import { IndexStore } from '../../../src/core/index/store.js';
import { REPO, runCli, startDocent, type DocentSession } from '../../helpers/docent.js';
import { writeTinyModel } from '../../helpers/tiny-embedding-model.js';

/**
 * A sentence-embedding model on disk (docs.embeddings.model): loaded through the real runtime
 * (onnxruntime-node) and tokenizer package, items embedded into the index's own database after
 * a sync, and questions in words that share no word with the answer's docs answered through it.
 * The model is one the test builds (helpers/tiny-embedding-model.ts): each group of words is
 * one meaning to it.
 */

const GROUPS = [
  ['rid', 'erase', 'purge', 'remove', 'delete'],
  ['folder', 'directory', 'tree', 'hierarchy'],
  ['everything', 'contents', 'whole'],
  ['pause', 'suspend', 'sleep', 'wait', 'seconds'],
  ['copy', 'duplicate', 'bytes', 'blob'],
  ['chart', 'draw', 'image', 'plot', 'render'],
  ['names', 'list', 'entries', 'return'],
];

const SOURCE = `"""File helpers."""


def purge_tree(path):
    """Erase a directory tree."""


def list_entries(path):
    """Return the names in a directory."""


def copy_blob(src, dst):
    """Copy bytes from one file to another."""


def pause(seconds):
    """Suspend execution for a number of seconds."""


def render_chart(data):
    """Draw a chart of the data as an image."""
`;

// Not "folder": docent reads that as the docs' "directory" (rank/synonyms.ts), and this question is for the model alone.
const QUESTION = 'get rid of a hierarchy with everything in it';

let base: string;
let root: string;
let model: string;

beforeAll(() => {
  base = mkdtempSync(path.join(tmpdir(), 'docent-embeddings-'));
  root = path.join(base, 'project');
  mkdirSync(path.join(root, 'tools'), { recursive: true });
  writeFileSync(path.join(root, 'tools', '__init__.py'), '"""Tools."""\n');
  writeFileSync(path.join(root, 'tools', 'files.py'), SOURCE);
  model = path.join(base, 'model');
  writeTinyModel(model, { groups: GROUPS, tokenTypeIds: true });
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

/** A project of its own under the test's directory, holding tools/files.py (SOURCE). */
function toolsProject(name: string): string {
  const proj = path.join(base, name);
  mkdirSync(path.join(proj, 'tools'), { recursive: true });
  writeFileSync(path.join(proj, 'tools', 'files.py'), SOURCE);
  return proj;
}

/** An index of one project, as the in-process tests open it (`embeddings` and more through `extra`). */
function openIndex(proj: string, idx: string, extra: Partial<ConstructorParameters<typeof DocsIndex>[0]> = {}): DocsIndex {
  return new DocsIndex({ roots: [proj], indexDir: idx, includePrivate: false, maxFileBytes: 1e6, exclude: [], workers: 1, dependencies: false, ...extra });
}

describe('SentenceEncoder', () => {
  it('embeds texts of the same meaning together and others apart, at unit length', async () => {
    const enc = await SentenceEncoder.load(model);
    try {
      expect(enc.dim).toBe(GROUPS.length + 1);
      const v = await enc.embed(['erase the folder', 'delete directory', 'draw a chart']);
      const dot = (i: number, j: number) => v.subarray(i * enc.dim, (i + 1) * enc.dim).reduce((s, x, d) => s + x * v[j * enc.dim + d]!, 0);
      expect(dot(0, 0)).toBeCloseTo(1, 5);
      expect(dot(0, 1)).toBeGreaterThan(0.95);
      expect(dot(0, 2)).toBeLessThan(0.1);
    } finally {
      await enc.close();
    }
  });

  it('cuts a text at maxTokens, keeping the closing token', async () => {
    const enc = await SentenceEncoder.load(model, { maxTokens: 4 });
    try {
      // "[CLS] erase folder [SEP]": the chart words after the cut do not count.
      const [a, b] = [await enc.embed(['erase folder chart chart chart chart']), await enc.embed(['erase folder'])];
      expect(Array.from(a)).toEqual(Array.from(b));
    } finally {
      await enc.close();
    }
  });

  it('says what is missing in a model directory, with a hint', async () => {
    await expect(SentenceEncoder.load(path.join(base, 'nowhere'))).rejects.toMatchObject({ code: 'E_NOT_FOUND', hint: expect.stringContaining('docs.embeddings.model') });
    const noTok = path.join(base, 'no-tokenizer');
    mkdirSync(noTok, { recursive: true });
    writeFileSync(path.join(noTok, 'model.onnx'), 'not a model');
    await expect(SentenceEncoder.load(noTok)).rejects.toMatchObject({ code: 'E_NOT_FOUND', message: expect.stringContaining('tokenizer.json') });
    writeFileSync(path.join(noTok, 'tokenizer.json'), '{}');
    await expect(SentenceEncoder.load(noTok)).rejects.toMatchObject({ code: 'E_BAD_INPUT' });
  });
});

describe('the model in a worker thread (the built docent)', () => {
  it('gives the same vectors as in this thread, and its errors keep their code and hint', async () => {
    // The worker script exists only in the build: import the built module, as docent runs it.
    const { loadEncoder } = (await import(path.join(REPO, 'dist/core/rank/threaded-encoder.js'))) as typeof import('../../../src/core/rank/threaded-encoder.js');
    const threaded = await loadEncoder(model);
    const local = await SentenceEncoder.load(model);
    try {
      expect(threaded.constructor.name).toBe('WorkerEncoder');
      expect(threaded.key).toBe(local.key);
      const texts = ['erase the folder', 'wait a few seconds', 'draw a chart'];
      expect(Array.from(await threaded.embed(texts))).toEqual(Array.from(await local.embed(texts)));
    } finally {
      await threaded.close();
      await local.close();
    }
    await expect(loadEncoder(path.join(base, 'nowhere'))).rejects.toMatchObject({ code: 'E_NOT_FOUND', hint: expect.stringContaining('docs.embeddings.model') });
  });
});

describe('an index with an embeddings model', () => {
  const open = (proj: string, idx: string, modelDir: string, extra: Partial<ConstructorParameters<typeof DocsIndex>[0]> = {}) => openIndex(proj, idx, { embeddings: { model: modelDir }, ...extra });
  const vectorsOf = (index: DocsIndex) =>
    new Map((index.roots[0]!.store.db.prepare(`SELECT i.name, e.text_hash AS hash, e.vec FROM item_embeddings e JOIN items i ON i.rowid = e.rowid AND i.id = e.item_id`).all() as { name: string; hash: number; vec: Buffer }[]).map((r) => [r.name, r] as const));

  it('embeds the documented items after a sync, keeps them current, and status says so', async () => {
    const proj = toolsProject('inproc');
    const copy = path.join(base, 'model-copy');
    cpSync(model, copy, { recursive: true, preserveTimestamps: true });
    const idx = path.join(base, 'idx-inproc');
    let index = open(proj, idx, copy);
    try {
      expect(index.status().embeddings).toMatchObject({ state: 'pending', items: 0 });
      await index.catchUp();
      await index.embedded();
      // Five documented functions (the module summary is not embedded: questions ask for something to use).
      const first = vectorsOf(index);
      expect([...first.keys()].sort()).toEqual(['copy_blob', 'list_entries', 'pause', 'purge_tree', 'render_chart']);
      expect(index.status().embeddings).toMatchObject({ state: 'ready', items: 5, total: 5, dim: GROUPS.length + 1 });
      // A changed docstring is embedded again (its text hash and vector change); a removed function's vector goes.
      writeFileSync(path.join(proj, 'tools', 'files.py'), SOURCE.replace('Erase a directory tree.', 'Draw a whole chart.').replace(/def render_chart[\s\S]*$/, ''));
      await index.catchUp({ force: true });
      await index.embedded();
      const second = vectorsOf(index);
      expect([...second.keys()].sort()).toEqual(['copy_blob', 'list_entries', 'pause', 'purge_tree']);
      expect(second.get('purge_tree')!.hash).not.toBe(first.get('purge_tree')!.hash);
      expect(second.get('purge_tree')!.vec.equals(first.get('purge_tree')!.vec)).toBe(false);
      expect(second.get('pause')!.vec.equals(first.get('pause')!.vec)).toBe(true);
      // Opened again with nothing changed, the vectors are known complete without loading the model.
      await index.dispose();
      const again = open(proj, idx, copy);
      await again.catchUp();
      await again.embedded();
      expect(again.status().embeddings).toMatchObject({ state: 'ready', items: 4, total: 4, dim: GROUPS.length + 1 });
      expect((again.embeddings as unknown as { encoder: unknown }).encoder).toBeNull();
      // A broken tokenizer is reported when a question needs the model; once fixed, the next question loads it.
      writeFileSync(path.join(copy, 'tokenizer.json'), '{}');
      expect(await again.embedQuery(QUESTION)).toBeNull();
      expect(again.status().embeddings).toMatchObject({ state: 'failed', code: 'E_BAD_INPUT', error: expect.stringContaining('tokenizer.json') });
      expect(await again.embedQuery(QUESTION)).toBeNull(); // not retried while nothing changed
      cpSync(path.join(model, 'tokenizer.json'), path.join(copy, 'tokenizer.json'));
      expect(await again.embedQuery(QUESTION)).toBeInstanceOf(Float32Array);
      expect(again.status().embeddings?.state).not.toBe('failed');
      await again.dispose();
      writeFileSync(path.join(proj, 'tools', 'files.py'), SOURCE);
      index = open(proj, idx, copy);
      await index.catchUp();
      await index.embedded();
      await index.roots[0]!.queries.prepareEmbeddings();
      const q = await index.embedQuery(QUESTION);
      const hits = index.roots[0]!.queries.search(QUESTION, { limit: 3, queryVector: q });
      expect(hits[0]?.name).toBe('purge_tree');
    } finally {
      await index.dispose();
    }
  });

  it('an edit indexed just before exit is embedded at the next start', async () => {
    const proj = toolsProject('restart');
    const idx = path.join(base, 'idx-restart');
    // Edits settle for a minute before they are embedded: the process stops first.
    let index = open(proj, idx, model, { usageRecountMs: 60_000 });
    try {
      await index.catchUp();
      await index.embedded();
      writeFileSync(path.join(proj, 'tools', 'files.py'), `${SOURCE}\n\ndef wipe_folder(path):\n    """Delete a folder."""\n`);
      await index.updatePaths(index.roots[0]!, ['tools/files.py']);
      expect(vectorsOf(index).has('wipe_folder')).toBe(false);
      await index.dispose();
      index = open(proj, idx, model);
      await index.catchUp();
      await index.embedded();
      expect(vectorsOf(index).has('wipe_folder')).toBe(true);
      expect(index.status().embeddings).toMatchObject({ state: 'ready', items: 6, total: 6 });
    } finally {
      await index.dispose();
    }
  });

  it('another model replaces every vector', async () => {
    const proj = toolsProject('swap');
    const idx = path.join(base, 'idx-swap');
    // Same width, other meanings: every group moved to the next group's direction.
    const other = path.join(base, 'model-other');
    writeTinyModel(other, { groups: [...GROUPS.slice(1), GROUPS[0]!] });
    let index = open(proj, idx, model);
    try {
      await index.catchUp();
      await index.embedded();
      const before = vectorsOf(index);
      await index.dispose();
      index = open(proj, idx, other);
      await index.catchUp();
      await index.embedded();
      const after = vectorsOf(index);
      expect(after.size).toBe(5);
      for (const [name, v] of after) expect(v.vec.equals(before.get(name)!.vec), name).toBe(false);
      expect(index.roots[0]!.store.db.prepare(`SELECT value FROM meta WHERE key = 'embeddings_model'`).pluck().get()).toContain('model-other');
    } finally {
      await index.dispose();
    }
  });
});

describe('a model of another runtime, and the weight of its similarity', () => {
  it('plugs in under its own key, is not loaded again when its vectors are current, and counts by docs.embeddings.weight', async () => {
    const proj = toolsProject('runtime');
    const idx = path.join(base, 'idx-runtime');
    let loads = 0;
    // The same tiny model, loaded as a program embedding docent would hand in a model of its own runtime.
    const runtime = {
      key: 'js:tiny-groups',
      async load() {
        loads++;
        const enc = await SentenceEncoder.load(model);
        return { key: 'js:tiny-groups', dim: enc.dim, embed: (texts: readonly string[]) => enc.embed(texts), close: () => enc.close() };
      },
    };
    const openWith = (weight?: number) => openIndex(proj, idx, { embeddings: { model: 'tiny (JavaScript)', runtime, weight } });
    let index = openWith(0);
    try {
      await index.catchUp();
      await index.embedded();
      expect(loads).toBe(1);
      expect(index.status().embeddings).toMatchObject({ model: 'tiny (JavaScript)', state: 'ready', items: 5, total: 5, weight: 0 });
      expect(index.roots[0]!.store.db.prepare(`SELECT value FROM meta WHERE key = 'embeddings_model'`).pluck().get()).toContain('js:tiny-groups');
      expect(index.embeddings!.weight).toBe(0);
      const q = index.roots[0]!.queries;
      await q.prepareEmbeddings();
      const v = await index.embedQuery(QUESTION);
      expect(v).not.toBeNull();
      // Weighed at 0 the model only brings its nearest items in; weighed more, it lifts them more.
      const scoreOf = (semanticWeight?: number) => q.search(QUESTION, { limit: 5, queryVector: v, semanticWeight }).find((h) => h.id === 'tools.files.purge_tree')?.score;
      const [zero, byDefault, half] = [scoreOf(0), scoreOf(undefined), scoreOf(0.5)];
      expect(zero).toBeDefined();
      expect(byDefault!).toBeGreaterThan(zero!);
      expect(half!).toBeGreaterThan(byDefault!);
      expect(q.search(QUESTION, { limit: 3, queryVector: v })[0]?.id).toBe('tools.files.purge_tree');
      // Without the question's vector the model is not consulted at all.
      expect(q.search(QUESTION, { limit: 5 }).find((h) => h.id === 'tools.files.purge_tree')).toBeUndefined();
      await index.dispose();
      // Vectors current for this key: the next start does not load the model to find nothing to do.
      loads = 0;
      index = openWith();
      await index.catchUp();
      await index.embedded();
      expect(loads).toBe(0);
      expect(index.status().embeddings).toMatchObject({ state: 'ready', items: 5, total: 5 });
    } finally {
      await index.dispose();
    }
  });
});

describe('a database without model vectors (an installed package\'s, read-only, maybe of an older schema)', () => {
  it('answers a search that carries a question vector as if it had none', async () => {
    const proj = toolsProject('plain');
    const index = openIndex(proj, path.join(base, 'idx-plain'));
    await index.catchUp();
    const dbPath = index.roots[0]!.dbPath;
    const plain = index.roots[0]!.queries.search('draw a chart of data', { limit: 3 }).map((h) => h.id);
    // As a package database written before the table existed.
    index.roots[0]!.store.db.exec('DROP TABLE item_embeddings');
    await index.dispose();
    const store = IndexStore.openReadonly(dbPath);
    try {
      const queries = new IndexQueries(store);
      const vector = new Float32Array(GROUPS.length + 1).fill(1 / Math.sqrt(GROUPS.length + 1));
      expect(queries.search('draw a chart of data', { limit: 3, queryVector: vector }).map((h) => h.id)).toEqual(plain);
      expect(plain[0]).toBe('tools.files.render_chart');
    } finally {
      store.close();
    }
  });
});

describe('docs_search with docs.embeddings.model, over MCP', () => {
  let withModel: DocentSession;
  let without: DocentSession;
  let broken: DocentSession;

  beforeAll(async () => {
    [withModel, without, broken] = await Promise.all([
      startDocent(['--root', root], { DOCENT_EMBEDDINGS_MODEL: model }),
      startDocent(['--root', root]),
      startDocent(['--root', root], { DOCENT_EMBEDDINGS_MODEL: path.join(base, 'no-such-model') }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([withModel?.close(), without?.close(), broken?.close()]);
  });

  const sc = (r: { structuredContent?: unknown }) => r.structuredContent as Record<string, any>;

  it('answers a question that shares no word with the answer through the model', async () => {
    const status = await withModel.call('index_status', { wait: true });
    const st = sc(status);
    expect(st.embeddings).toMatchObject({ model, state: 'ready', items: 5, total: 5, weight: 0.1 });
    expect((status.content as { text: string }[])[0]!.text).toContain(`embeddings: ${model} — ready, 5/5 item(s), ${GROUPS.length + 1} dimensions, weight 0.1`);
    expect(st.phase).toBe('ready');
    const r = sc(await withModel.call('docs_search', { query: QUESTION, limit: 3 }));
    expect(r.results[0]).toMatchObject({ id: 'tools.files.purge_tree', snippet: 'Erase a directory tree.' });
    const pause = sc(await withModel.call('docs_search', { query: 'wait for a while', limit: 3 }));
    expect(pause.results[0].id).toBe('tools.files.pause');
    // A name is still a name: identifier queries do not go through the model.
    const named = sc(await withModel.call('docs_search', { query: 'copy_blob', limit: 1 }));
    expect(named.results[0].id).toBe('tools.files.copy_blob');
  });

  it('without a model the same question does not find it first (the model is what answers it)', async () => {
    const st = sc(await without.call('index_status', { wait: true }));
    expect(st.embeddings).toBeNull();
    const r = sc(await without.call('docs_search', { query: QUESTION, limit: 3 }));
    expect(r.results[0]?.id).not.toBe('tools.files.purge_tree');
  });

  it('a model that cannot be loaded is reported with its reason and hint, and search goes on without it', async () => {
    const st = sc(await broken.call('index_status', { wait: true }));
    expect(st.embeddings).toMatchObject({ state: 'failed', code: 'E_NOT_FOUND', error: expect.stringContaining('no-such-model'), hint: expect.stringContaining('docs.embeddings.model') });
    const r = await broken.call('docs_search', { query: 'directory tree', limit: 3 });
    expect(r.isError).toBeFalsy();
    expect(sc(r).results[0].id).toBe('tools.files.purge_tree');
  });
});

describe('docent doctor with docs.embeddings.model', () => {
  it('loads the model to say whether it works, and why not', () => {
    const ok = runCli(['doctor', '--json'], { cwd: root, env: { DOCENT_EMBEDDINGS_MODEL: model } });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).embeddings).toEqual({ model, ok: true, dim: GROUPS.length + 1, code: null, error: null, hint: null });
    const bad = runCli(['doctor'], { cwd: root, env: { DOCENT_EMBEDDINGS_MODEL: path.join(base, 'no-such-model') } });
    expect(bad.stdout).toMatch(/Embeddings model: .*no-such-model cannot be loaded: .*does not exist/);
    const none = runCli(['doctor', '--json'], { cwd: root });
    expect(JSON.parse(none.stdout).embeddings).toBeNull();
  });
});
