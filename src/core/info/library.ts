import { stat } from 'node:fs/promises';
import { DocentError } from '../errors.js';
import { createLogger } from '../log.js';
import { discoverManuals, infoSearchDirs, type Discovery, type ManualLocation } from './discover.js';
import { ManualLookup } from './lookup.js';
import { InfoManual } from './manual.js';

const log = createLogger('docent:info');

export interface InfoLibraryOptions {
  /** Directories from config / --info-dir / DOCENT_INFO_DIRS, searched first. */
  dirs?: readonly string[];
  /** INFOPATH (defaults to the process environment's). */
  infopath?: string;
  /** The default directories (for tests); GNU Info's defaults otherwise. */
  defaults?: readonly string[];
}

export interface LoadedManual {
  manual: InfoManual;
  lookup: ManualLookup;
}

interface CacheEntry {
  promise: Promise<LoadedManual>;
  file: string;
  checkedAt: number;
}

/** How long a directory listing or a file's stat is trusted before it is looked at again. */
const RECHECK_MS = 1000;

/**
 * Every Info manual docent can see, loaded lazily: discovery is a directory listing; a manual
 * is read and parsed on first use, kept in memory, and reloaded when one of its files changes
 * (checked at most once a second). One instance is shared by all sessions of a server.
 */
export class InfoLibrary {
  private readonly dirs: string[];
  private discovery: { at: number; promise: Promise<Discovery> } | null = null;
  private readonly cache = new Map<string, CacheEntry>();

  constructor(opts: InfoLibraryOptions = {}) {
    const infopath = opts.infopath ?? process.env.INFOPATH;
    this.dirs = infoSearchDirs(opts.dirs ?? [], infopath, opts.defaults ? [...opts.defaults] : undefined);
  }

  /** The directories searched, in priority order (whether or not they exist). */
  get searchDirs(): readonly string[] {
    return this.dirs;
  }

  async discover(force = false): Promise<Discovery> {
    const now = Date.now();
    if (force || !this.discovery || now - this.discovery.at > RECHECK_MS) {
      const promise = discoverManuals(this.dirs);
      this.discovery = { at: now, promise };
      promise.catch(() => {
        if (this.discovery?.promise === promise) this.discovery = null;
      });
    }
    return this.discovery.promise;
  }

  /** The installed manual called `name` (exact, then case-insensitive), or null. */
  async locate(name: string): Promise<ManualLocation | null> {
    const find = (d: Discovery) => d.manuals.find((m) => m.name === name) ?? d.manuals.find((m) => m.name.toLowerCase() === name.toLowerCase()) ?? null;
    return find(await this.discover()) ?? find(await this.discover(true));
  }

  /** Load (or reuse) a manual; E_UNAVAILABLE with the installed names when it is not installed. */
  async get(name: string, signal?: AbortSignal): Promise<LoadedManual> {
    const cached = this.cache.get(name);
    if (cached) {
      if (Date.now() - cached.checkedAt < RECHECK_MS) return cached.promise;
      cached.checkedAt = Date.now();
      const loaded = await cached.promise.catch(() => null);
      if (loaded && !(await changed(loaded.manual))) return loaded;
      this.cache.delete(name);
    }
    const loc = await this.locate(name);
    if (!loc) throw await this.notInstalled(name);
    const key = name;
    const promise = (async () => {
      const started = performance.now();
      const manual = await InfoManual.load(loc, signal);
      log.debug(`loaded ${loc.file}: ${manual.nodes.length} nodes, ${manual.entries.length} index entries in ${(performance.now() - started).toFixed(0)} ms`);
      return { manual, lookup: new ManualLookup(manual) };
    })();
    this.cache.set(key, { promise, file: loc.file, checkedAt: Date.now() });
    promise.catch(() => {
      if (this.cache.get(key)?.promise === promise) this.cache.delete(key);
    });
    return promise;
  }

  async notInstalled(name: string): Promise<DocentError> {
    const { manuals, dirs } = await this.discover();
    const names = manuals.map((m) => m.name);
    const installed = names.length ? `Installed manuals: ${names.join(', ')}.` : `No Info manuals were found (searched ${this.dirs.join(', ')}).`;
    const emacsy = /^(elisp|emacs|eintr|cl|org|calc|gnus|efaq)$/i.test(name);
    const how = emacsy
      ? ' The Emacs manuals are in Debian\'s non-free package emacs-common-non-dfsg (apt-get install emacs-common-non-dfsg, with the non-free component enabled).'
      : ' Install the package that ships it (e.g. apt-get install coreutils), or point docent at it with --info-dir DIR or INFOPATH.';
    return new DocentError('E_UNAVAILABLE', `The Info manual "${name}" is not installed.`, installed + how + ' Directories searched: ' + (dirs.length ? dirs.join(', ') : this.dirs.join(', ')) + '.', {
      manual: name,
      installed: names,
    });
  }

  dispose(): void {
    this.cache.clear();
    this.discovery = null;
  }
}

async function changed(manual: InfoManual): Promise<boolean> {
  for (const s of manual.stamps) {
    const now = await stat(s.file).catch(() => null);
    if (!now || now.mtimeMs !== s.mtimeMs || now.size !== s.size) return true;
  }
  return false;
}
