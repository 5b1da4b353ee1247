import path from 'node:path';
import type Database from 'better-sqlite3';
import { DocentError } from '../errors.js';
import type { Logger } from '../log.js';
import { modelKey } from '../rank/sentence-encoder.js';
import { loadEncoder, type EmbeddingModel } from '../rank/threaded-encoder.js';
import { SEMANTIC_WEIGHT } from '../rank/score.js';
import { EMBEDDINGS_STAMP, embeddingsComplete, fillEmbeddings, metaValue } from './embeddings.js';
import type { RootIndex } from './root-index.js';

/**
 * A DocsIndex's sentence-embedding model (config `docs.embeddings.model`): loaded once, on
 * first need; it embeds the items of the roots' databases (one fill at a time, see embedRoots;
 * installed packages' shared databases are not embedded), and it embeds questions for
 * docs_search. A model that cannot
 * be loaded is reported in index_status with its reason and hint, once, and search simply
 * goes on without it.
 */

export interface EmbeddingsConfig {
  /** The model directory (model.onnx or onnx/model.onnx, tokenizer.json). */
  model: string;
  maxTokens?: number;
  /** Texts per model call while indexing. */
  batch?: number;
  /** How much the model's similarity counts in docs_search's blend (default score.ts SEMANTIC_WEIGHT). */
  weight?: number;
  /**
   * A model from another runtime, for programs that embed docent (the quality bench runs a
   * TensorFlow.js encoder through it): loaded instead of the ONNX directory `model`, which then
   * only names it, and its vectors are known by the model's own `key`.
   */
  runtime?: { key: string; load(): Promise<EmbeddingModel> };
}

/**
 * The model settings as the index uses them (null when no model is configured): a relative
 * `docs.embeddings.model` is taken from the first root.
 */
export function embeddingsConfigOf(settings: { model?: string; maxTokens?: number; batch?: number; weight?: number }, firstRoot: string | undefined): EmbeddingsConfig | null {
  return settings.model ? { ...settings, model: path.resolve(firstRoot ?? process.cwd(), settings.model) } : null;
}

export interface EmbeddingsStatus {
  model: string;
  /** pending: not needed yet; loading: the model is being loaded; embedding: items are being embedded; ready: every item the model reads has its vector; failed: see error. */
  state: 'pending' | 'loading' | 'embedding' | 'ready' | 'failed';
  /** Items with a vector, over the items that should have one, across the databases embedded so far. */
  items: number;
  total: number;
  dim: number | null;
  /** How much the model's similarity counts in docs_search's ranking (docs.embeddings.weight, or the default). */
  weight: number;
  /** When failed: a stable error code (E_NOT_FOUND, E_BAD_INPUT, E_UNAVAILABLE), the reason, and how to fix it. */
  code?: string;
  error?: string;
  hint?: string;
}

export class IndexEmbeddings {
  private encoder: Promise<EmbeddingModel> | null = null;
  private failure: DocentError | null = null;
  /** The model files' key when loading failed (null: no model file). */
  private failedKey: string | null = null;
  private dim: number | null = null;
  private readonly counts = new Map<string, { done: number; total: number }>();
  private filling = 0;
  private loading = false;

  constructor(
    private readonly config: EmbeddingsConfig,
    private readonly log: Logger,
  ) {}

  /** How much the model's similarity counts in docs_search's blend. */
  get weight(): number {
    return this.config.weight ?? SEMANTIC_WEIGHT;
  }

  /** The loaded model, or null when it cannot be loaded (the reason is kept for status). */
  async load(): Promise<EmbeddingModel | null> {
    if (this.failure) {
      // Tried again once the model's files change (fixed, replaced), not on every question.
      if (this.modelFilesKey() === this.failedKey) return null;
      this.failure = null;
      this.encoder = null;
    }
    if (!this.encoder) {
      this.loading = true;
      this.encoder = this.config.runtime ? this.config.runtime.load() : loadEncoder(this.config.model, { maxTokens: this.config.maxTokens });
      this.encoder.then(
        (e) => {
          this.dim = e.dim;
          this.loading = false;
          this.log.info(`loaded the embeddings model ${this.config.model} (${e.dim} dimensions)`);
        },
        (err) => {
          this.loading = false;
          this.failedKey = this.modelFilesKey();
          this.failure = err instanceof DocentError ? err : new DocentError('E_UNAVAILABLE', `Cannot load the embeddings model ${this.config.model}: ${(err as Error).message}`);
          this.log.warn(`${this.failure.message} ${this.failure.hint}`);
        },
      );
    }
    try {
      return await this.encoder;
    } catch {
      return null;
    }
  }

  /**
   * The database's vectors are complete for this model, as far as the model's files say (no
   * loading needed): with items unchanged since, a fill would find nothing to do.
   */
  complete(db: Database.Database): boolean {
    const key = this.config.runtime?.key ?? modelKey(this.config.model, this.config.maxTokens);
    return key !== null && embeddingsComplete(db, key);
  }

  /** What identifies the model's files (null: no model file), so a failed load is tried again when they change. */
  private modelFilesKey(): string | null {
    return this.config.runtime?.key ?? safeKey(this.config.model, this.config.maxTokens);
  }

  /** Count a database whose vectors are complete (see `complete`) without filling it. */
  noteComplete(label: string, db: Database.Database): void {
    const stamp = (metaValue(db, EMBEDDINGS_STAMP) ?? '').split(':');
    const n = Number(stamp[1]) || 0;
    this.dim ??= Number(stamp[2]) || null;
    this.counts.set(label, { done: n, total: n });
  }

  /** Embed the items of one database (named `label` in logs and status) that lack a current vector. */
  private async fill(label: string, db: Database.Database, signal: AbortSignal, progress?: (done: number, total: number) => void): Promise<void> {
    const encoder = await this.load();
    if (!encoder) return;
    this.filling++;
    try {
      const got = await fillEmbeddings(db, encoder, {
        signal, batch: this.config.batch,
        progress: (done, total) => {
          this.counts.set(label, { done, total });
          progress?.(done, total);
        },
      });
      if (got.embedded) this.log.info(`embedded ${got.embedded} items of ${label} in ${Math.round(got.ms)} ms`);
    } catch (err) {
      if (signal.aborted) throw err;
      this.log.warn(`could not embed the items of ${label}: ${(err as Error).message}`);
    } finally {
      this.filling--;
    }
  }

  private chain: Promise<void> = Promise.resolve();
  private queued = 0;

  /**
   * Fill each of these roots whose vectors are not complete (serialised behind any earlier
   * call; resolves when done, never rejects). A root whose last fill with this model finished
   * and whose items have not been written since is skipped without loading the model.
   */
  embedRoots(roots: readonly RootIndex[], signal: AbortSignal, progress?: (p: { done: number; total: number; message: string; root: string }) => void, filled?: (r: RootIndex) => void): Promise<void> {
    this.queued++;
    const run = this.chain.then(async () => {
      for (const r of roots) {
        if (signal.aborted || r.abort.signal.aborted) continue;
        if (this.complete(r.store.db)) {
          this.noteComplete(r.root, r.store.db);
          continue;
        }
        const phase = r.phase;
        r.phase = 'embeddings';
        try {
          await this.fill(r.root, r.store.db, AbortSignal.any([signal, r.abort.signal]), (done, total) => progress?.({ done, total, message: 'embedding items', root: r.root }));
          filled?.(r);
        } catch {
          // aborted: the root was closed or docent is stopping
        } finally {
          // Unless a catch-up moved the root on meanwhile.
          if (r.phase === 'embeddings') r.phase = phase === 'embeddings' ? 'ready' : phase;
        }
      }
    });
    this.chain = run.catch(() => {}).finally(() => {
      this.queued--;
    });
    return this.chain;
  }

  /** A fill is queued or running. */
  get busy(): boolean {
    return this.queued > 0;
  }

  /** Resolves when no fill is queued or running. */
  idle(): Promise<void> {
    return this.chain;
  }

  /** Drop a closed root's counts from the status. */
  forget(label: string): void {
    this.counts.delete(label);
  }

  /** A question's vector, or null when the model is not available (search then runs without it). */
  async embedQuery(text: string): Promise<Float32Array | null> {
    const encoder = await this.load();
    if (!encoder) return null;
    try {
      return await encoder.embed([text]);
    } catch (err) {
      this.log.warn(`could not embed a question: ${(err as Error).message}`);
      return null;
    }
  }

  status(): EmbeddingsStatus {
    let items = 0;
    let total = 0;
    for (const c of this.counts.values()) {
      items += c.done;
      total += c.total;
    }
    const base = { model: this.config.model, items, total, dim: this.dim, weight: this.weight };
    if (this.failure) return { ...base, state: 'failed', code: this.failure.code, error: this.failure.message, hint: this.failure.hint };
    if (this.loading) return { ...base, state: 'loading' };
    if (this.filling > 0 || items < total) return { ...base, state: 'embedding' };
    return { ...base, state: this.counts.size ? 'ready' : 'pending' };
  }

  async dispose(): Promise<void> {
    const e = await this.encoder?.catch(() => null);
    await e?.close().catch(() => {});
  }
}

function safeKey(dir: string, maxTokens: number | undefined): string | null {
  try {
    return modelKey(dir, maxTokens);
  } catch {
    return null;
  }
}
