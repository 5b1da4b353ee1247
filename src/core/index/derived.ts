import type Database from 'better-sqlite3';
import type { Logger } from '../log.js';
import { countUsage } from './usage.js';
import { learnIndexVectors } from './vectors.js';

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
  if (changed || !db.prepare(`SELECT 1 FROM meta WHERE key = 'usage'`).get()) recountUsage(root, db, log, 'info');
  try {
    if (!changed && db.prepare(`SELECT 1 FROM meta WHERE key = 'vectors'`).get()) return null;
    const got = learnIndexVectors(db);
    if (got) log.info(`learned ${got.words} word vectors for ${root} in ${Math.round(got.ms)} ms`);
    return got?.ms ?? 0;
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
