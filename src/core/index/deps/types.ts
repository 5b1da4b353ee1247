import { readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import type { ProjectHints } from '../../extract/context.js';
import type { LanguageId } from '../../extract/types.js';
import type { GeneratedSource } from '../generated.js';

/**
 * A dependency of a project as found on this machine: an installed package at one version,
 * whose files are indexed into a database of its own (see package-db.ts) shared by every
 * project that uses the same version. Discovery (one module per ecosystem) only finds and
 * lists; it never writes.
 */

export type Ecosystem = 'npm' | 'python' | 'cargo' | 'go' | 'c';

export interface InstalledDependency {
  ecosystem: Ecosystem;
  name: string;
  version: string;
  /**
   * The directory the files are named relative to, chosen so that the extractor names modules
   * as users import them: the parent of `node_modules/<name>` (npm), site-packages (Python),
   * the crate or module directory (Cargo, Go), the include directory (C/C++).
   */
  base: string;
  /** Extra words that tell two different file sets under the same name and version apart (C headers, vendored copies). */
  variant?: string;
  /** How its files are named where its folder does not say (a Go module's path, for a vendored copy or a module without a go.mod). */
  naming?: ProjectHints;
  /** The package's files worth indexing, relative to `base` (forward slashes). */
  list(signal?: AbortSignal): AsyncIterable<string>;
  /** The language of a listed file whose extension does not say. */
  language?: (rel: string) => LanguageId | undefined;
  /** Documentation no listed file holds (a Python standard library's built-in modules, see generated.ts). */
  generated?: GeneratedSource | null;
  /** The language's standard library (python-stdlib.ts, go-std.ts, rust-std.ts, typescript-lib.ts): every search of the project reads it (deps/fanout.ts), its items a little below declared packages' (score.ts STANDARD_LIBRARY_DEPENDENCY). */
  standardLibrary?: boolean;
}

/** A dependency the project declares that is not installed where the project would load it from. */
export interface MissingDependency {
  ecosystem: Ecosystem;
  name: string;
  /** Why it was not found (shown in index_status). */
  reason: string;
}

export interface DiscoveredDependencies {
  installed: InstalledDependency[];
  missing: MissingDependency[];
  /**
   * Folders whose entries change when one of these packages is installed, upgraded or removed
   * (node_modules, site-packages, where a missing module would be unpacked), watched while
   * serving (install-watch.ts); a folder may not exist yet.
   */
  installFolders?: string[];
}

/** A manifest's text, or null when it cannot be read (absent, a folder, no permission). */
export function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** The real path of `p` (symlinks resolved), or null when it does not exist. */
export function realPath(p: string): string | null {
  try {
    return realpathSync(p);
  } catch {
    return null;
  }
}

/** A path with a leading `~` as the user's home folder (`HOME` of `env`, else the process's), as the tools' settings write it. */
export function expandHome(p: string, env: NodeJS.ProcessEnv = process.env): string {
  return p.replace(/^~(?=$|\/)/, () => env.HOME || homedir());
}

/** Whether `inner` is `outer` or below it, by their real paths where they exist (a root that is a standard library itself). */
export function isWithin(inner: string, outer: string): boolean {
  const rel = path.relative(realPath(outer) ?? outer, realPath(inner) ?? inner);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Files of one directory tree, filtered, as an async iterable (for `list`). */
export async function* fromArray(files: readonly string[]): AsyncGenerator<string> {
  yield* files;
}
