import type Database from 'better-sqlite3';
import { pathPrior } from '../rank/score.js';
import { MetaStamp } from './meta-stamp.js';

/**
 * Items' vectors from a sentence-embedding model (rank/sentence-encoder.ts), kept in the
 * index's own database (table item_embeddings: the item's rowid and id, a hash of the text
 * embedded, the vector as a Float32 blob), so the index stays one file. `fillEmbeddings`
 * writes what is missing or stale after a sync; `EmbeddingSpace` is the query side's copy.
 *
 * Which items: the documented public ones outside vendored copies and tests, as for the learned
 * item vectors (vectors.ts): a question in words asks for something to use, and every row
 * costs each such question a dot product.
 */

/** The model behind the stored vectors (`meta.embeddings_model`): vectors of two models are not comparable. */
const MODEL_KEY = 'embeddings_model';
/** Bumped after every write, so query sides reload (`count:dim`). */
const STAMP_KEY = 'embeddings';

export interface Encoder {
  key: string;
  dim: number;
  embed(texts: readonly string[]): Promise<Float32Array>;
}

interface Wanted {
  rowid: number;
  id: string;
  text: string;
  hash: number;
}

/** The text a model reads for an item: its name in words and its summary. */
export function embeddingText(name: string, summary: string): string {
  return `${name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_+/g, ' ').trim()}: ${summary}`;
}

/** The items that should have a vector, with the text for it. */
function wanted(db: Database.Database): Wanted[] {
  const rows = db.prepare(`SELECT i.rowid, i.id, i.name, i.summary, f.path AS file FROM items i JOIN files f ON f.id = i.file_id WHERE i.summary != '' AND i.kind != 'module' AND i.visibility = 'public'`).all() as { rowid: number; id: string; name: string; summary: string; file: string }[];
  const out: Wanted[] = [];
  for (const r of rows) {
    if (pathPrior(r) <= -0.1) continue;
    const text = embeddingText(r.name, r.summary);
    out.push({ rowid: r.rowid, id: r.id, text, hash: fnv1a(text) });
  }
  return out;
}

export interface FillOptions {
  signal?: AbortSignal;
  batch?: number;
  /** Called after each batch: vectors stored so far, and how many there will be. */
  progress?: (done: number, total: number) => void;
}

/**
 * Bring the stored vectors up to date with the items and the model: drop those of another
 * model, of items gone or changed, then embed the rest in batches (each batch one write
 * transaction, so searches see vectors arrive). Returns how many were embedded now.
 */
export async function fillEmbeddings(db: Database.Database, encoder: Encoder, opts: FillOptions = {}): Promise<{ embedded: number; total: number; ms: number }> {
  const t0 = performance.now();
  const model = `${encoder.key}:${encoder.dim}`;
  const stored = db.prepare(`SELECT value FROM meta WHERE key = ?`).pluck().get(MODEL_KEY) as string | undefined;
  if (stored !== model) {
    db.transaction(() => {
      db.prepare(`DELETE FROM item_embeddings`).run();
      db.prepare(`INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)`).run(MODEL_KEY, model);
    }).immediate();
  }
  const want = wanted(db);
  const have = new Map<number, { id: string; hash: number }>();
  for (const r of db.prepare(`SELECT rowid, item_id AS id, text_hash AS hash FROM item_embeddings`).iterate() as Iterable<{ rowid: number; id: string; hash: number }>) have.set(r.rowid, r);
  const todo = want.filter((w) => {
    const h = have.get(w.rowid);
    return !h || h.id !== w.id || h.hash !== w.hash;
  });
  const keep = new Set(want.map((w) => w.rowid));
  const stale = [...have.keys()].filter((rowid) => !keep.has(rowid));
  if (stale.length) {
    const del = db.prepare(`DELETE FROM item_embeddings WHERE rowid = ?`);
    db.transaction(() => stale.forEach((rowid) => del.run(rowid))).immediate();
  }
  const insert = db.prepare(`INSERT OR REPLACE INTO item_embeddings(rowid, item_id, text_hash, vec) VALUES (?, ?, ?, ?)`);
  const batch = opts.batch ?? 32;
  const total = want.length;
  let done = total - todo.length;
  opts.progress?.(done, total);
  for (let i = 0; i < todo.length; i += batch) {
    opts.signal?.throwIfAborted();
    const part = todo.slice(i, i + batch);
    const vecs = await encoder.embed(part.map((w) => w.text));
    opts.signal?.throwIfAborted();
    db.transaction(() => {
      part.forEach((w, k) => insert.run(w.rowid, w.id, w.hash, Buffer.from(vecs.buffer, vecs.byteOffset + k * encoder.dim * 4, encoder.dim * 4)));
      done += part.length;
      stamp(db, done, encoder.dim);
    }).immediate();
    opts.progress?.(done, total);
  }
  if (stale.length || !todo.length) stamp(db, done, encoder.dim);
  return { embedded: todo.length, total, ms: performance.now() - t0 };
}

function stamp(db: Database.Database, count: number, dim: number): void {
  db.prepare(`INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)`).run(STAMP_KEY, `${Date.now()}:${count}:${dim}`);
}

/**
 * The query side: every stored vector in one matrix, reloaded when a fill wrote more (checked
 * at most every two seconds). Exact nearest-neighbour scan: a model's dimensions carry no order
 * of importance to cut a first pass by, and a few hundred thousand dot products take a few
 * milliseconds.
 */
export class EmbeddingSpace {
  private readonly stamp: MetaStamp;
  private loaded: { dim: number; matrix: Float32Array; rowids: Int32Array; ids: string[]; rowOf: Map<number, number> } | null = null;

  constructor(private readonly db: Database.Database) {
    this.stamp = new MetaStamp(db, STAMP_KEY);
  }

  private current() {
    const changed = this.stamp.changed();
    if (!changed) return this.loaded;
    this.loaded = null;
    const dim = Number(changed.value?.split(':')[2] ?? 0);
    if (!dim) return null;
    const rows = this.db.prepare(`SELECT rowid, item_id AS id, vec FROM item_embeddings`).all() as { rowid: number; id: string; vec: Buffer }[];
    const matrix = new Float32Array(rows.length * dim);
    const rowids = new Int32Array(rows.length);
    const ids: string[] = [];
    let n = 0;
    for (const r of rows) {
      if (r.vec.byteLength !== dim * 4) continue; // written by another model while this one loads
      matrix.set(new Float32Array(new Uint8Array(r.vec).buffer, 0, dim), n * dim); // copied: a blob's buffer need not be 4-byte aligned
      rowids[n] = r.rowid;
      ids.push(r.id);
      n++;
    }
    this.loaded = { dim, matrix: matrix.subarray(0, n * dim), rowids: rowids.subarray(0, n), ids, rowOf: new Map(Array.from(rowids.subarray(0, n), (rowid, i) => [rowid, i] as const)) };
    return this.loaded;
  }

  /** How many items have a vector of `dim` dimensions (0 when none, or of another size). */
  size(dim: number): number {
    const sp = this.current();
    return sp && sp.dim === dim ? sp.rowids.length : 0;
  }

  /** The `k` items nearest to a unit query vector, best first. */
  nearest(q: Float32Array, k: number): { rowid: number; sim: number }[] {
    const sp = this.current();
    if (!sp || sp.dim !== q.length || !sp.rowids.length) return [];
    const { dim, matrix } = sp;
    const n = sp.rowids.length;
    const best: { row: number; sim: number }[] = [];
    let floor = -Infinity;
    for (let i = 0; i < n; i++) {
      let s = 0;
      const o = i * dim;
      for (let d = 0; d < dim; d++) s += q[d]! * matrix[o + d]!;
      if (best.length >= k && s <= floor) continue;
      best.push({ row: i, sim: s });
      if (best.length > k) {
        best.sort((a, b) => b.sim - a.sim);
        best.length = k;
        floor = best[k - 1]!.sim;
      }
    }
    best.sort((a, b) => b.sim - a.sim);
    return best.map((b) => ({ rowid: sp.rowids[b.row]!, sim: b.sim }));
  }

  /** Cosine between a unit query vector and an item's stored vector; null when it has none. */
  similarity(q: Float32Array, rowid: number, id: string): number | null {
    const sp = this.current();
    if (!sp || sp.dim !== q.length) return null;
    const row = sp.rowOf.get(rowid);
    if (row === undefined || sp.ids[row] !== id) return null;
    let s = 0;
    const o = row * sp.dim;
    for (let d = 0; d < sp.dim; d++) s += q[d]! * sp.matrix[o + d]!;
    return s;
  }
}

/** 32-bit FNV-1a of a string's UTF-16 units: enough to notice that an item's text changed. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}
