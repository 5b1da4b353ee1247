import type Database from 'better-sqlite3';
import type { Logger } from '../log.js';
import { countUsage } from './usage.js';
import { learnIndexVectors } from './vectors.js';
import type { VectorsAside } from './vectors-aside.js';

/**
 * What a root's index derives from all its items at once, after they change: the usage counts
 * (usage.ts) and the learned word vectors (vectors.ts). Names and full text are searchable
 * before either; the priors and related words follow.
 */

/**
 * Count usage and learn the word vectors again after a sync that changed the items (or when
 * the index has none yet). Returns how long learning took (ms), or null when it did not run.
 */
export function refreshDerived(root: string, db: Database.Database, changed: boolean, log: Logger): number | null {
  refreshUsage(root, db, changed, log);
  try {
    if (!vectorsDue(db, changed)) return null;
    return reportLearned(root, learnIndexVectors(db), log);
  } catch (err) {
    log.warn(`could not learn word vectors for ${root}: ${(err as Error).message}`);
    return null;
  }
}

export function recountUsage(root: string, db: Database.Database, log: Logger, level: 'info' | 'debug'): void {
  try {
    const u = countUsage(db);
    log[level](`counted ${u.keys} used names for ${root} in ${Math.round(u.ms)} ms`);
  } catch (err) {
    log.warn(`could not count used names for ${root}: ${(err as Error).message}`);
  }
}

/** Count usage again after a sync that changed the items (or when the index has none yet). */
export function refreshUsage(root: string, db: Database.Database, changed: boolean, log: Logger): void {
  if (changed || !db.prepare(`SELECT 1 FROM meta WHERE key = 'usage'`).get()) recountUsage(root, db, log, 'info');
}

/** Whether the word vectors are to be learned again: the items changed, or there are none yet. */
export function vectorsDue(db: Database.Database, changed: boolean): boolean {
  return changed || !db.prepare(`SELECT 1 FROM meta WHERE key = 'vectors'`).get();
}

/** Store vectors learned aside (vectors-aside.ts): how long learning took (ms), or null when it did not run. */
export async function storeAside(root: string, db: Database.Database, aside: VectorsAside | null, log: Logger): Promise<number | null> {
  if (!aside) return null;
  try {
    return reportLearned(root, await aside.store(db), log);
  } catch (err) {
    log.warn(`could not learn word vectors for ${root}: ${(err as Error).message}`);
    return null;
  }
}

/** Log what learning gave; its time (ms), 0 when there was too little to learn from. */
function reportLearned(root: string, got: { words: number; ms: number } | null, log: Logger): number {
  if (got) log.info(`learned ${got.words} word vectors for ${root} in ${Math.round(got.ms)} ms`);
  return got?.ms ?? 0;
}
