import type Database from 'better-sqlite3';
import { pathPrior } from '../rank/score.js';
import { MetaStamp } from './meta-stamp.js';
import { principalAxes, project } from '../rank/principal-axes.js';

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
/** The model whose fill last finished: the vectors are complete for the items as they were then. */
const DONE_KEY = 'embeddings_done';

/** True when a fill with the model `key` finished and nothing was written since (the caller knows whether items changed). */
export function embeddingsComplete(db: Database.Database, key: string): boolean {
  try {
    return db.prepare(`SELECT value FROM meta WHERE key = ?`).pluck().get(DONE_KEY) === key;
  } catch {
    return false;
  }
}

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
  const model = encoder.key;
  const stored = db.prepare(`SELECT value FROM meta WHERE key = ?`).pluck().get(MODEL_KEY) as string | undefined;
  db.transaction(() => {
    if (stored !== model) {
      db.prepare(`DELETE FROM item_embeddings`).run();
      db.prepare(`INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)`).run(MODEL_KEY, model);
    }
    db.prepare(`DELETE FROM meta WHERE key = ?`).run(DONE_KEY);
  }).immediate();
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
  db.transaction(() => {
    stamp(db, done, encoder.dim);
    db.prepare(`INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)`).run(DONE_KEY, model);
  }).immediate();
  return { embedded: todo.length, total, ms: performance.now() - t0 };
}

function stamp(db: Database.Database, count: number, dim: number): void {
  db.prepare(`INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)`).run(STAMP_KEY, `${Date.now()}:${count}:${dim}`);
}

/** Dimensions of the coarse first pass of the nearest-item scan (principal axes), and how many rows per wanted result it keeps. */
const COARSE = 48;
const WIDEN = 8;

interface Loaded {
  dim: number;
  matrix: Float32Array;
  rowids: Int32Array;
  ids: string[];
  rowOf: Map<number, number>;
  /** For wide vectors: the principal axes (COARSE × dim) and every row projected onto them (n × COARSE). */
  axes: Float32Array | null;
  coarse: Float32Array | null;
}

/**
 * The query side: every stored vector in one matrix, reloaded when a fill wrote more (checked
 * at most every two seconds). The nearest-item scan of wide vectors (384 dimensions for MiniLM:
 * ~17 ms over 33k items, exact) first compares every row's projection on the vectors' 48
 * principal axes, then the best few hundred exactly (bench/docs-embeddings.bench.mjs).
 */
export class EmbeddingSpace {
  private readonly stamp: MetaStamp;
  private loaded: Loaded | null = null;

  constructor(private readonly db: Database.Database) {
    this.stamp = new MetaStamp(db, STAMP_KEY);
  }

  private current(): Loaded | null {
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
    const used = matrix.subarray(0, n * dim);
    const axes = dim > 2 * COARSE && n > 4 * COARSE * WIDEN ? principalAxes(used, n, dim, COARSE) : null;
    this.loaded = {
      dim, matrix: used, rowids: rowids.subarray(0, n), ids, rowOf: new Map(Array.from(rowids.subarray(0, n), (rowid, i) => [rowid, i] as const)),
      axes, coarse: axes ? project(used, n, dim, axes, COARSE) : null,
    };
    return this.loaded;
  }

  /** Load the stored vectors now rather than on the first question. */
  prepare(): void {
    this.current();
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
    const n = sp.rowids.length;
    const { dim, matrix, axes, coarse } = sp;
    let found: { row: number; sim: number }[];
    if (axes && coarse) {
      const qp = project(q, 1, dim, axes, COARSE);
      const scores = new Float32Array(n);
      for (let i = 0, o = 0; i < n; i++, o += COARSE) {
        let s = 0;
        for (let d = 0; d < COARSE; d++) s += qp[d]! * coarse[o + d]!;
        scores[i] = s;
      }
      found = best(n, k * WIDEN, (i) => scores[i]!).map((b) => ({ row: b.row, sim: dot(q, matrix, b.row * dim, dim) }));
      found.sort((a, b) => b.sim - a.sim);
      found.length = Math.min(found.length, k);
    } else found = best(n, k, (i) => dot(q, matrix, i * dim, dim));
    return found.map((b) => ({ rowid: sp.rowids[b.row]!, sim: b.sim }));
  }

  /** Cosine between a unit query vector and an item's stored vector; null when it has none. */
  similarity(q: Float32Array, rowid: number, id: string): number | null {
    const sp = this.current();
    if (!sp || sp.dim !== q.length) return null;
    const row = sp.rowOf.get(rowid);
    if (row === undefined || sp.ids[row] !== id) return null;
    return dot(q, sp.matrix, row * sp.dim, sp.dim);
  }
}

function dot(q: Float32Array, m: Float32Array, at: number, dim: number): number {
  let s = 0;
  for (let d = 0; d < dim; d++) s += q[d]! * m[at + d]!;
  return s;
}

/** The `k` best of `n` rows by `score`, best first (one pass, a bounded list). */
function best(n: number, k: number, score: (i: number) => number): { row: number; sim: number }[] {
  const out: { row: number; sim: number }[] = [];
  let floor = -Infinity;
  for (let i = 0; i < n; i++) {
    const s = score(i);
    if (out.length >= k && s <= floor) continue;
    out.push({ row: i, sim: s });
    if (out.length >= 2 * k) {
      out.sort((a, b) => b.sim - a.sim);
      out.length = k;
      floor = out[k - 1]!.sim;
    }
  }
  out.sort((a, b) => b.sim - a.sim);
  if (out.length > k) out.length = k;
  return out;
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
