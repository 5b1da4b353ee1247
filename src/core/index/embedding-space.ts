import type Database from 'better-sqlite3';
import { cosine, topRows } from '../rank/item-vectors.js';
import { principalAxes, project } from '../rank/principal-axes.js';
import { EMBEDDINGS_STAMP, metaValue } from './embeddings.js';
import { MetaStamp } from './meta-stamp.js';

/**
 * The query side of a sentence-embedding model's item vectors (embeddings.ts): every stored
 * vector in one matrix, for the nearest items to a question and each candidate's cosine.
 *
 * It is built in the background, a slice at a time, and swapped in when complete: reading
 * 33k vectors of 384 numbers and projecting them takes over a second, which no search should
 * wait for and no event-loop turn should hold. Until the first build is done a search simply
 * goes without the model; after a fill wrote more, searches use the previous copy meanwhile.
 *
 * The nearest-item scan of wide vectors first compares every row's projection on the vectors'
 * 48 principal axes, then the best few hundred exactly (exact: ~30 ms over 33k rows of 384
 * numbers; this way ~1.5 ms, bench/docs-embeddings.bench.mjs; both scans are item-vectors.ts `topRows`), when those axes carry most of
 * the vectors' energy; over a flatter spectrum the first pass would miss neighbours, and the
 * scan stays exact.
 */

/** Dimensions of the coarse first pass, and how many rows per wanted result it keeps. */
const COARSE = 48;
const WIDEN = 8;
/** Share of the vectors' energy the axes must carry for the coarse pass to be trusted. */
const MIN_ENERGY = 0.7;
/** Rows read or projected per event-loop turn while building. */
const SLICE = 2000;
/** Spaces up to this many numbers (~8 MB) are built at once rather than in the background. */
const SYNC_FLOATS = 2_000_000;

interface Space {
  dim: number;
  matrix: Float32Array;
  rowids: Int32Array;
  ids: string[];
  rowOf: Map<number, number>;
  /** For wide vectors: the principal axes (COARSE × dim) and every row projected onto them (n × COARSE). */
  axes: Float32Array | null;
  coarse: Float32Array | null;
}

export class EmbeddingSpace {
  private readonly stamp: MetaStamp;
  private space: Space | null = null;
  private building: Promise<void> | null = null;
  /** A stamp change seen while a build ran: build again after it. */
  private again = false;

  constructor(private readonly db: Database.Database) {
    this.stamp = new MetaStamp(db, EMBEDDINGS_STAMP);
  }

  /**
   * The current copy, if any, after starting a rebuild when a fill wrote more. A small space
   * (up to SYNC_FLOATS numbers: the few thousand items of a project) is built at once, so the
   * question that follows a fill already has it; a larger one in the background.
   */
  private current(force = false): Space | null {
    const changed = this.stamp.changed(Date.now(), force);
    if (changed) {
      if (this.building) this.again = true;
      else this.startBuild(changed.value);
    }
    return this.space;
  }

  /** Build the copy now (in the background when large); resolves when it is in place. */
  prepare(): Promise<void> {
    this.current(true);
    return this.building ?? Promise.resolve();
  }

  private startBuild(stampValue: string | null): void {
    const [, count, dimText] = (stampValue ?? '').split(':');
    const dim = Number(dimText ?? 0);
    if (Number(count ?? 0) * dim <= SYNC_FLOATS) {
      try {
        const steps = this.build(dim);
        let step = steps.next();
        while (!step.done) step = steps.next();
        this.space = step.value;
      } catch {
        // a table or database missing: no model vectors
      }
      return;
    }
    this.building = (async () => {
      const steps = this.build(dim);
      let step = steps.next();
      while (!step.done) {
        await new Promise((resolve) => setImmediate(resolve));
        step = steps.next();
      }
      return step.value;
    })()
      .then((space) => {
        this.space = space;
      })
      .catch(() => {
        // The database closed under the build, or a table is missing (a package database): no model vectors.
      })
      .finally(() => {
        this.building = null;
        if (this.again) {
          this.again = false;
          try {
            this.startBuild(metaValue(this.db, EMBEDDINGS_STAMP) ?? null);
          } catch {
            // closed meanwhile
          }
        }
      });
  }

  /** The space, in steps: it yields between slices of rows read or projected. */
  private *build(dim: number): Generator<void, Space | null> {
    if (!dim) return null;
    const next = this.db.prepare(`SELECT rowid, item_id AS id, vec FROM item_embeddings WHERE rowid > ? ORDER BY rowid LIMIT ${SLICE}`);
    let matrix = new Float32Array(SLICE * dim);
    const rowids: number[] = [];
    const ids: string[] = [];
    for (let after = -1; ; ) {
      const rows = next.all(after) as { rowid: number; id: string; vec: Buffer }[];
      for (const r of rows) {
        if (r.vec.byteLength !== dim * 4) continue; // another model's, written while this loads
        if ((rowids.length + 1) * dim > matrix.length) {
          const grown = new Float32Array(matrix.length * 2);
          grown.set(matrix);
          matrix = grown;
        }
        matrix.set(new Float32Array(new Uint8Array(r.vec).buffer, 0, dim), rowids.length * dim); // copied: a blob's buffer need not be 4-byte aligned
        rowids.push(r.rowid);
        ids.push(r.id);
      }
      if (rows.length < SLICE) break;
      after = rows[rows.length - 1]!.rowid;
      yield;
    }
    const n = rowids.length;
    const used = matrix.subarray(0, n * dim);
    let axes: Float32Array | null = null;
    let coarse: Float32Array | null = null;
    if (dim > 2 * COARSE && n > 4 * COARSE * WIDEN) {
      const found = principalAxes(used, n, dim, COARSE);
      if (found.energy >= MIN_ENERGY) {
        axes = found.axes;
        coarse = new Float32Array(n * COARSE);
        for (let at = 0; at < n; at += SLICE) {
          yield;
          const count = Math.min(SLICE, n - at);
          coarse.set(project(used.subarray(at * dim, (at + count) * dim), count, dim, axes, COARSE), at * COARSE);
        }
      }
    }
    return { dim, matrix: used, rowids: Int32Array.from(rowids), ids, rowOf: new Map(rowids.map((rowid, i) => [rowid, i] as const)), axes, coarse };
  }

  /** How many items have a vector of `dim` dimensions in the current copy (0 when none, of another size, or not built yet). */
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
    // The rows worth an exact comparison: the best by their projection on the axes, else all.
    const only = axes && coarse ? topRows(coarse, COARSE, n, project(q, 1, dim, axes, COARSE), k * WIDEN, COARSE, null).map((p) => p.row) : null;
    return topRows(matrix, dim, n, q, k, dim, only).map((b) => ({ rowid: sp.rowids[b.row]!, sim: b.sim }));
  }

  /** Cosine between a unit query vector and an item's stored vector; null when it has none. */
  similarity(q: Float32Array, rowid: number, id: string): number | null {
    const sp = this.current();
    if (!sp || sp.dim !== q.length) return null;
    const row = sp.rowOf.get(rowid);
    if (row === undefined || sp.ids[row] !== id) return null;
    return cosine(q, sp.matrix, row * sp.dim);
  }
}
