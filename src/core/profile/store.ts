import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DocentError } from '../errors.js';
import { indexBaseDir } from '../index/paths.js';
import type { ProfileData } from './model.js';

/**
 * Profiles on disk, in docent's cache (`<cache>/docent/profiles/<id>.json`, beside the indexes,
 * never in the repository), so a later call or another session can report on and compare them.
 * The oldest are removed past a count, so the cache does not grow without bound.
 */

const KEEP = 200;

export class ProfileStore {
  readonly dir: string;
  constructor(indexDir: string | undefined) {
    this.dir = path.join(indexBaseDir(indexDir), 'profiles');
  }

  newId(): string {
    return `prof-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  }

  save(profile: ProfileData): void {
    mkdirSync(this.dir, { recursive: true });
    writeFileSync(path.join(this.dir, `${profile.id}.json`), JSON.stringify(profile));
    this.prune();
  }

  load(id: string): ProfileData {
    if (!/^prof-[\w-]+$/.test(id)) throw new DocentError('E_BAD_INPUT', `"${id}" is not a profile id.`, 'Use the profile_id profile_run returned.');
    try {
      return JSON.parse(readFileSync(path.join(this.dir, `${id}.json`), 'utf8')) as ProfileData;
    } catch {
      throw new DocentError('E_NOT_FOUND', `No profile "${id}" in ${this.dir}.`, 'Run profile_run first; profiles are kept in docent\'s cache directory.');
    }
  }

  private prune(): void {
    try {
      const files = readdirSync(this.dir).filter((f) => f.endsWith('.json'));
      if (files.length <= KEEP) return;
      const byAge = files.map((f) => ({ f, t: statSync(path.join(this.dir, f)).mtimeMs })).sort((a, b) => a.t - b.t);
      for (const { f } of byAge.slice(0, files.length - KEEP)) rmSync(path.join(this.dir, f), { force: true });
    } catch {
      // pruning is best effort
    }
  }
}
