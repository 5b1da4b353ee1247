import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rootKey } from '../index/paths.js';

/**
 * The C/C++ compilation database: where `compile_commands.json` lives for a project root, and
 * which files it compiles. clangd gets the directory as --compile-commands-dir; search_symbols
 * uses membership to tell project files from system and third-party ones.
 */

/** Build directories searched, in order, below a project root. */
const BUILD_DIRS = ['build', 'out', 'builddir', 'Build', 'Debug', 'Release'];

/**
 * The directory holding compile_commands.json for `root`: `configured` (relative to the root)
 * if given, else the root itself, build/, out/, …, or the most recently configured
 * cmake-build-* directory.
 */
export function findCompileCommandsDir(root: string, configured?: string): string | undefined {
  if (configured) {
    const dir = path.resolve(root, configured);
    return existsSync(path.join(dir, 'compile_commands.json')) ? dir : undefined;
  }
  for (const d of ['', ...BUILD_DIRS]) {
    const dir = path.join(root, d);
    if (existsSync(path.join(dir, 'compile_commands.json'))) return dir;
  }
  let best: { dir: string; mtime: number } | undefined;
  try {
    for (const e of readdirSync(root, { withFileTypes: true })) {
      if (!e.isDirectory() || !e.name.startsWith('cmake-build-')) continue;
      const file = path.join(root, e.name, 'compile_commands.json');
      if (!existsSync(file)) continue;
      const mtime = statSync(file).mtimeMs;
      if (!best || mtime > best.mtime) best = { dir: path.join(root, e.name), mtime };
    }
  } catch {
    // unreadable root
  }
  return best?.dir;
}

export interface CompileDb {
  dir: string;
  /** Real absolute paths of every compiled file. */
  files: Set<string>;
  /** Compiled files in database order (the first one is a good file to open). */
  ordered: string[];
}

const cache = new Map<string, { mtimeMs: number; db: CompileDb }>();

function real(p: string): string {
  try {
    return realpathSync.native(p);
  } catch {
    return path.normalize(p);
  }
}

/** Parse (and cache, by mtime) the compilation database in `dir`. */
export function loadCompileDb(dir: string): CompileDb | undefined {
  const file = path.join(dir, 'compile_commands.json');
  let st;
  try {
    st = statSync(file);
  } catch {
    return undefined;
  }
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === st.mtimeMs) return hit.db;
  let entries: Array<{ directory?: string; file?: string }>;
  try {
    entries = JSON.parse(readFileSync(file, 'utf8')) as typeof entries;
  } catch {
    return undefined;
  }
  const files = new Set<string>();
  const ordered: string[] = [];
  for (const e of Array.isArray(entries) ? entries : []) {
    if (!e || typeof e.file !== 'string') continue;
    const abs = real(path.resolve(e.directory ?? dir, e.file));
    if (!files.has(abs)) {
      files.add(abs);
      ordered.push(abs);
    }
  }
  const db = { dir, files, ordered };
  cache.set(file, { mtimeMs: st.mtimeMs, db });
  return db;
}

/**
 * clangd keeps its background index in `.cache/clangd/` beside the compile_commands.json it is
 * given, which is inside the user's tree, and clangd 14 has no flag to move it. docent promises
 * to write nothing into the user's repository, so clangd is given a private copy of the
 * database in docent's cache directory instead (every `directory` made absolute, so the
 * commands mean the same), and its index lands there. The copy is refreshed when the original
 * is newer. Returns the directory to pass as --compile-commands-dir, or undefined (use the
 * original) when the copy cannot be made.
 */
export function mirrorCompileDb(dir: string, cacheBase: string): string | undefined {
  const source = path.join(dir, 'compile_commands.json');
  const target = path.join(cacheBase, 'clangd', rootKey(dir));
  const copy = path.join(target, 'compile_commands.json');
  try {
    const srcTime = statSync(source).mtimeMs;
    const copyTime = existsSync(copy) ? statSync(copy).mtimeMs : -1;
    if (copyTime < srcTime) {
      const entries = JSON.parse(readFileSync(source, 'utf8')) as Array<Record<string, unknown>>;
      if (!Array.isArray(entries)) return undefined;
      const absolute = entries.map((e) => ({ ...e, directory: path.resolve(dir, typeof e.directory === 'string' ? e.directory : '.') }));
      mkdirSync(target, { recursive: true });
      const tmp = `${copy}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(absolute));
      renameSync(tmp, copy);
    }
    return target;
  } catch {
    return undefined;
  }
}
