import type { FileWrite } from './job.js';
import type { FileTouch, FileUpdate, IndexStore } from './store.js';

/**
 * File results waiting to be written, and the rule for when to write them: one transaction per
 * batch, because per-file transactions make SQLite (and FTS5, which starts a new segment per
 * transaction) do far more work, yet small enough that results become searchable promptly.
 * Used by the indexer when it extracts inline and by each worker thread writing its own results.
 */

/** A batch is written once it holds this many files… */
export const BATCH_FILES = 200;
/** …or its oldest result has waited this long. */
export const BATCH_MS = 250;

export class WriteBatch<Tag = void> {
  private updates: FileUpdate[] = [];
  private touches: FileTouch[] = [];
  private tags: Tag[] = [];
  private since = 0;

  get files(): number {
    return this.tags.length;
  }

  add(write: FileWrite, tag: Tag): void {
    if (!this.tags.length) this.since = Date.now();
    if (write && 'update' in write) this.updates.push(write.update);
    else if (write) this.touches.push(write.touch);
    this.tags.push(tag);
  }

  /** Full or old enough to be written now. */
  get due(): boolean {
    return this.tags.length >= BATCH_FILES || (this.tags.length > 0 && Date.now() - this.since >= BATCH_MS);
  }

  /** Drop everything (after a failed write) and return the tags that were waiting. */
  discard(): Tag[] {
    const tags = this.tags;
    this.updates = [];
    this.touches = [];
    this.tags = [];
    return tags;
  }

  /**
   * Write everything in one transaction and return the tags of what was written. With
   * `wait: false`, gives up (returning null, the batch kept) when another connection is writing.
   */
  commit(store: IndexStore, wait = true): Tag[] | null {
    if (!this.tags.length) return [];
    if (!store.apply(this.updates, [], this.touches, wait)) return null;
    return this.discard();
  }
}
