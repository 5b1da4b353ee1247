import type Database from 'better-sqlite3';
import { pathPrior } from '../rank/path-prior.js';
import type { EmbeddingModel } from '../rank/threaded-encoder.js';

/**
 * Items' vectors from a sentence-embedding model (rank/sentence-encoder.ts), kept in the
 * index's own database (table item_embeddings: the item's rowid and id, a hash of the text
 * embedded, the vector as a Float32 blob), so the index stays one file. `fillEmbeddings`
 * writes what is missing or stale after a sync; `EmbeddingSpace` (embedding-space.ts) is the
 * query side's copy.
 *
 * Which items: the documented public ones outside vendored copies and tests, as for the learned
 * item vectors (vectors.ts): a question in words asks for something to use, and every row
 * costs each such question a dot product.
 */

/** The model behind the stored vectors (`meta.embeddings_model`): vectors of two models are not comparable. */
const MODEL_KEY = 'embeddings_model';
/** Bumped when vectors were written or removed, so query sides reload (`time:count:dim`). */
export const EMBEDDINGS_STAMP = 'embeddings';
/**
 * The model and the items' version (`meta.last_update`, which every write of items moves) of
 * the last fill that finished: the vectors are complete while both still hold.
 */
const DONE_KEY = 'embeddings_done';
/** Vectors written between two stamps during a long fill: each stamp makes every query side reload them all. */
const STAMP_EVERY = 4096;

/** A value of the meta table (undefined when absent). */
export function metaValue(db: Database.Database, key: string): string | undefined {
  return db.prepare(`SELECT value FROM meta WHERE key = ?`).pluck().get(key) as string | undefined;
}

/** True when a fill with the model `key` finished and no item was written since. */
export function embeddingsComplete(db: Database.Database, key: string): boolean {
  try {
    return metaValue(db, DONE_KEY) === `${key}\n${metaValue(db, 'last_update') ?? ''}`;
  } catch {
    return false;
  }
}

/** What a fill needs of a model (rank/threaded-encoder.ts). */
export type Encoder = Pick<EmbeddingModel, 'key' | 'dim' | 'embed'>;

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
  // The items' version this fill starts from: an item written while it runs leaves it incomplete.
  const version = metaValue(db, 'last_update') ?? '';
  const stored = metaValue(db, MODEL_KEY);
  const want = wanted(db);
  let unstamped = 0;
  db.transaction(() => {
    if (stored !== model) {
      db.prepare(`DELETE FROM item_embeddings`).run();
      db.prepare(`INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)`).run(MODEL_KEY, model);
      // At once: a query side must not pair another model's item vectors with this one's questions.
      stamp(db, 0, encoder.dim);
    }
    db.prepare(`DELETE FROM meta WHERE key = ?`).run(DONE_KEY);
  }).immediate();
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
    unstamped += stale.length;
  }
  const insert = db.prepare(`INSERT OR REPLACE INTO item_embeddings(rowid, item_id, text_hash, vec) VALUES (?, ?, ?, ?)`);
  const batch = opts.batch ?? 8;
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
      unstamped += part.length;
      if (unstamped >= STAMP_EVERY) {
        stamp(db, done, encoder.dim);
        unstamped = 0;
      }
    }).immediate();
    opts.progress?.(done, total);
    // Let waiting requests through between batches (a model run in this thread, when its worker is not built, holds the loop).
    await new Promise((resolve) => setImmediate(resolve));
  }
  db.transaction(() => {
    if (unstamped > 0) stamp(db, done, encoder.dim);
    db.prepare(`INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)`).run(DONE_KEY, `${model}\n${version}`);
  }).immediate();
  return { embedded: todo.length, total, ms: performance.now() - t0 };
}

function stamp(db: Database.Database, count: number, dim: number): void {
  db.prepare(`INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)`).run(EMBEDDINGS_STAMP, `${Date.now()}:${count}:${dim}`);
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
