import type Database from 'better-sqlite3';
import { learnWordVectors, nearestWords, vectorWords, type WordVectors } from '../rank/word-vectors.js';
import { splitIdentifier, STOP_WORDS } from '../rank/words.js';
import { dotScan, type DotScan } from '../rank/dot-scan.js';
import { cosine, embedWords, leadingColumns, nearestRows } from '../rank/item-vectors.js';
import { pathPrior } from '../rank/path-prior.js';
import { MetaStamp } from './meta-stamp.js';

/**
 * The index's learned word vectors (see rank/word-vectors.ts): learned from the stored items
 * after a sync that changed them, kept in the same database (table word_vectors, one row per
 * word, the vector as a Float32 blob), loaded by the query side on first use and again when
 * they were relearned.
 */

/** Dimensions the nearest-item scan compares first, over every item (then all of them for the best few). */
const COARSE = 24;

/**
 * Vectors learned from fewer words than this are trusted in proportion (RelatedWords.trust): a
 * library of a few hundred documented functions (lodash: 354 words, underscore 346, the C
 * headers' 497) gives each word few contexts, and its similarities were the signal the answers
 * lost most by on their misses (lodash's held-out and fresh questions: −0.29 against the
 * winner, against −0.07 of coverage). Measured (twenty-seventh round, query-shape.ts QueryShape.vectorTrust).
 */
export const TRUSTED_VOCABULARY = 1000;

/** Below this many documented items the statistics are too thin to learn from. */
export const MIN_DOCUMENTED_ITEMS = 400;

export function learnIndexVectors(db: Database.Database, opts: { minItems?: number } = {}): { words: number; ms: number } | null {
  const t0 = performance.now();
  const wv = learnFrom(db, opts);
  if (!wv) return null;
  storeVectors(db, wv);
  return { words: wv.words.length, ms: performance.now() - t0 };
}

/** What an index's vectors are learned from: each documented item's name words and summary. */
export function learnFrom(db: Database.Database, opts: { minItems?: number } = {}): WordVectors | null {
  const docs: string[][] = [];
  for (const r of db.prepare(`SELECT name, summary FROM items WHERE summary != '' AND kind != 'module'`).iterate() as Iterable<{ name: string; summary: string }>) {
    docs.push(vectorWords(`${splitIdentifier(r.name).join(' ')} ${r.summary}`, STOP_WORDS));
  }
  if (docs.length < (opts.minItems ?? MIN_DOCUMENTED_ITEMS)) return null;
  return learnWordVectors(docs);
}

/** Replace the stored vectors (the query side reloads them: RelatedWords). */
export function storeVectors(db: Database.Database, wv: Pick<WordVectors, 'words' | 'dim' | 'vecs'>): void {
  const insert = db.prepare(`INSERT INTO word_vectors(word, vec) VALUES (?, ?)`);
  db.transaction(() => {
    db.prepare(`DELETE FROM word_vectors`).run();
    for (let i = 0; i < wv.words.length; i++) insert.run(wv.words[i], Buffer.from(wv.vecs.buffer, wv.vecs.byteOffset + i * wv.dim * 4, wv.dim * 4));
    db.prepare(`INSERT OR REPLACE INTO meta(key, value) VALUES ('vectors', ?)`).run(`${Date.now()}:${wv.words.length}:${wv.dim}`);
  }).immediate();
}

/** The query side's view: loaded lazily, reloaded when the stamp in meta changes, neighbours cached. */
export class RelatedWords {
  private readonly stamp: MetaStamp;
  private wv: WordVectors | null = null;
  private cache = new Map<string, { word: string; sim: number }[]>();

  constructor(private readonly db: Database.Database) {
    this.stamp = new MetaStamp(db, 'vectors');
  }

  private current(): WordVectors | null {
    const changed = this.stamp.changed();
    if (!changed) return this.wv;
    const stamp = changed.value;
    this.cache.clear();
    this.wv = null;
    this.space = null;
    if (!stamp) return null;
    const dim = Number(stamp.split(':')[2]);
    const rows = this.db.prepare(`SELECT word, vec FROM word_vectors`).all() as { word: string; vec: Buffer }[];
    if (!rows.length || !dim) return null;
    const vecs = new Float32Array(rows.length * dim);
    const words: string[] = [];
    rows.forEach((r, i) => {
      words.push(r.word);
      vecs.set(new Float32Array(new Uint8Array(r.vec).buffer, 0, dim), i * dim); // copied: a blob's buffer need not be 4-byte aligned
    });
    this.wv = { words, index: new Map(words.map((w, i) => [w, i] as const)), dim, vecs };
    return this.wv;
  }

  private space: ItemSpace | null = null;

  /**
   * The documented public items (not modules) as vectors (rank/item-vectors.ts), built on first
   * use after the word vectors were (re)learned: one pass over their names and summaries.
   * Items added since then are not in it (lexical search still finds them) until the next
   * relearning; a removed item's rowid simply finds no row.
   */
  private items(): ItemSpace | null {
    const wv = this.current();
    if (!wv) return null;
    if (this.space) return this.space;
    // Vendored copies and tests are left out: they would rank below the original anyway, and
    // every row here costs each prose search a dot product.
    const rows = (this.db.prepare(`SELECT i.rowid, i.id, i.name, i.summary, f.path AS file FROM items i JOIN files f ON f.id = i.file_id WHERE i.summary != '' AND i.kind != 'module' AND i.visibility = 'public'`).all() as { rowid: number; id: string; name: string; summary: string; file: string }[])
      .filter((r) => pathPrior(r) > -0.1);
    const docs = rows.map((r) => itemWords(r.name, r.summary));
    const df = new Map<string, number>();
    for (const d of docs) for (const w of new Set(d)) if (wv.index.has(w)) df.set(w, (df.get(w) ?? 0) + 1);
    const total = Math.max(1, docs.length);
    const idf = (w: string) => Math.log(1 + total / (df.get(w) ?? 1));
    const matrix = new Float32Array(rows.length * wv.dim);
    const rowids: number[] = [];
    const ids: string[] = [];
    for (let i = 0; i < rows.length; i++) {
      const v = embedWords(wv, docs[i]!, idf);
      if (!v) continue;
      matrix.set(v, rowids.length * wv.dim);
      rowids.push(rows[i]!.rowid);
      ids.push(rows[i]!.id);
    }
    const used = matrix.subarray(0, rowids.length * wv.dim);
    this.space = { wv, idf, matrix: used, prefixes: dotScan(leadingColumns(used, wv.dim, COARSE), rowids.length, COARSE), rowids, ids, rowOf: new Map(rowids.map((r, i) => [r, i] as const)), others: new Map() };
    return this.space;
  }

  /** How many words this index learned vectors for (0: none, as in a database too small to learn from). */
  vocabulary(): number {
    return this.current()?.words.length ?? 0;
  }

  /** How far a search may trust these vectors' similarities: 1 from TRUSTED_VOCABULARY words up, less below. */
  trust(): number {
    return Math.min(1, this.vocabulary() / TRUSTED_VOCABULARY);
  }

  /** Build the item vectors now rather than on the first question in words. */
  prepare(): void {
    this.items();
  }

  /** A query's vector (its words that the vectors know, IDF-weighted), or null. */
  embedQuery(words: readonly string[]): Float32Array | null {
    const sp = this.items();
    return sp ? embedWords(sp.wv, words, sp.idf) : null;
  }

  /** Items nearest to a query vector: rowids with their cosine, best first. */
  nearestItems(q: Float32Array, k: number): { rowid: number; sim: number }[] {
    const sp = this.items();
    if (!sp) return [];
    return nearestRows(sp.matrix, sp.rowids.length, q, k, COARSE, 8, sp.prefixes).map((r) => ({ rowid: sp.rowids[r.row]!, sim: r.sim }));
  }

  /** Cosine between a query vector and an item's name + summary (0 when none of its words is known). */
  similarity(q: Float32Array, item: { rowid: number; id: string; name: string; summary: string }): number {
    const sp = this.items();
    if (!sp) return 0;
    const row = sp.rowOf.get(item.rowid);
    // The stored row, unless the file was re-indexed since and its rowid now holds another item.
    if (row !== undefined && sp.ids[row] === item.id) return cosine(q, sp.matrix, row * sp.wv.dim);
    // Not in the space (a test, a vendored copy, an undocumented item): embedded here, once.
    const key = `${item.id}\0${item.name}\0${item.summary}`;
    let v = sp.others.get(key);
    if (v === undefined) {
      v = embedWords(sp.wv, itemWords(item.name, item.summary), sp.idf);
      if (sp.others.size > 50_000) sp.others.clear();
      sp.others.set(key, v);
    }
    return v ? cosine(q, v) : 0;
  }

  /** Words used like `word` in this index's docs (most similar first); [] when none were learned. */
  of(word: string, k = 3, min = 0.6): { word: string; sim: number }[] {
    const wv = this.current();
    if (!wv) return [];
    let r = this.cache.get(word);
    if (!r) {
      r = nearestWords(wv, word, k, min);
      if (this.cache.size > 5000) this.cache.clear();
      this.cache.set(word, r);
    }
    return r;
  }
}

interface ItemSpace {
  wv: WordVectors;
  idf: (w: string) => number;
  /** rowids.length × dim, rows normalised. */
  matrix: Float32Array;
  /** The leading COARSE dimensions of every row, contiguous (the nearest-item scan's first pass). */
  prefixes: DotScan;
  rowids: number[];
  /** The item id of each row (a rowid can be reused by another item after a re-index). */
  ids: string[];
  rowOf: Map<number, number>;
  /** Vectors of candidates outside the space, by id, name and summary (bounded). */
  others: Map<string, Float32Array | null>;
}

/** An item's words for its vector: its name's words and its summary's, as the vectors were learned from. */
function itemWords(name: string, summary: string): string[] {
  return vectorWords(`${splitIdentifier(name).join(' ')} ${summary}`, STOP_WORDS);
}
