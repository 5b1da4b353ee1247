import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { findCompileCommandsDir } from '../../lsp/compile-db.js';
import { which } from '../../process/which.js';
import { fromArray, type DiscoveredDependencies, type InstalledDependency } from './types.js';

/**
 * The headers a C/C++ project's compilation database actually includes: every `#include` of
 * its compiled sources resolved the way the compiler would (the including file's folder for
 * quotes, then -iquote, -I, -isystem, -idirafter and the compiler's own search list), followed
 * through the headers it reaches. Headers outside the root are dependencies, grouped by the
 * include directory they were found in and, for system headers, by the Debian package that
 * owns them (with its version); never whole include directories.
 */

/** Most headers followed for one root (a C++ standard library include pulls in hundreds). */
const MAX_HEADERS = 4000;

interface Command {
  directory: string;
  file: string;
  args: string[];
}

/** A command line split as a POSIX shell would (quotes and backslashes; no expansion). */
export function shellSplit(command: string): string[] {
  const out: string[] = [];
  let cur = '';
  let has = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < command.length) cur += command[++i];
      else cur += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      has = true;
    } else if (c === '\\' && i + 1 < command.length) {
      cur += command[++i];
      has = true;
    } else if (/\s/.test(c)) {
      if (has || cur) out.push(cur);
      cur = '';
      has = false;
    } else cur += c;
  }
  if (has || cur) out.push(cur);
  return out;
}

function commands(dbDir: string): Command[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path.join(dbDir, 'compile_commands.json'), 'utf8'));
  } catch {
    return [];
  }
  if (!Array.isArray(json)) return [];
  const out: Command[] = [];
  for (const e of json as Record<string, unknown>[]) {
    if (!e || typeof e.file !== 'string') continue;
    const directory = typeof e.directory === 'string' ? e.directory : dbDir;
    const args = Array.isArray(e.arguments) ? e.arguments.filter((a): a is string => typeof a === 'string') : typeof e.command === 'string' ? shellSplit(e.command) : [];
    out.push({ directory, file: path.resolve(directory, e.file), args });
  }
  return out;
}

interface SearchPath {
  quote: string[];
  angle: string[];
}

/** The include flags of one command (`-Idir`, `-I dir`, `-isystem dir`, …), absolute. */
function includeFlags(cmd: Command): { quote: string[]; user: string[]; system: string[]; after: string[] } {
  const out = { quote: [] as string[], user: [] as string[], system: [] as string[], after: [] as string[] };
  const flags: [string, keyof typeof out][] = [['-iquote', 'quote'], ['-isystem', 'system'], ['-idirafter', 'after'], ['-I', 'user'], ['/I', 'user']];
  for (let i = 0; i < cmd.args.length; i++) {
    const a = cmd.args[i]!;
    for (const [flag, kind] of flags) {
      if (!a.startsWith(flag)) continue;
      const v = a.length > flag.length ? a.slice(flag.length) : cmd.args[++i];
      if (v) out[kind].push(path.resolve(cmd.directory, v));
      break;
    }
  }
  return out;
}

const COMPILER = /^(cc|c\+\+|gcc|g\+\+|clang|clang\+\+)(-\d+(\.\d+)*)?$/;
const systemDirsCache = new Map<string, string[]>();

/**
 * The compiler's own search list (`cc -E -v`). Only a known compiler name from the command is
 * run, looked up on PATH: never a program path a project file names.
 */
function systemDirs(cmd: Command): string[] {
  const named = path.basename(cmd.args[0] ?? '');
  const cxx = /\.(cc|cpp|cxx|c\+\+|C|hpp|hh|hxx)$/.test(cmd.file) || /\+\+/.test(named);
  const compiler = COMPILER.test(named) ? named : cxx ? 'c++' : 'cc';
  const key = `${compiler}:${cxx}`;
  let dirs = systemDirsCache.get(key);
  if (dirs) return dirs;
  dirs = [];
  const exe = which(compiler);
  if (exe) {
    const r = spawnSync(exe, ['-E', '-x', cxx ? 'c++' : 'c', '-v', '-'], { input: '', encoding: 'utf8', timeout: 10_000 });
    const text = `${r.stderr ?? ''}`;
    const start = text.indexOf('#include <...> search starts here:');
    const end = text.indexOf('End of search list.');
    if (start >= 0 && end > start) {
      dirs = text
        .slice(start, end)
        .split(/\r?\n/)
        .slice(1)
        .map((l) => l.trim().replace(/\s+\(framework directory\)$/, ''))
        .filter((l) => path.isAbsolute(l))
        .map((l) => path.normalize(l));
    }
  }
  if (!dirs.length) dirs = ['/usr/local/include', '/usr/include'];
  systemDirsCache.set(key, dirs);
  return dirs;
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

const INCLUDE = /^[ \t]*#[ \t]*include(?:_next)?[ \t]*([<"])([^>"\n]+)[>"]/gm;

function inside(dir: string, file: string): boolean {
  const rel = path.relative(dir, file);
  return !!rel && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/** Headers outside `root` reached from the compiled sources, as (include directory, path under it). */
export function includedHeaders(root: string, dbDir: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const queue: { file: string; search: SearchPath }[] = [];
  const seen = new Set<string>();
  for (const cmd of commands(dbDir)) {
    const f = includeFlags(cmd);
    const sys = systemDirs(cmd);
    const search = { quote: [...f.quote, ...f.user, ...f.system, ...sys, ...f.after], angle: [...f.user, ...f.system, ...sys, ...f.after] };
    if (!seen.has(cmd.file)) {
      seen.add(cmd.file);
      queue.push({ file: cmd.file, search });
    }
  }
  for (let qi = 0; qi < queue.length && seen.size < MAX_HEADERS; qi++) {
    const { file, search } = queue[qi]!;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const m of text.matchAll(INCLUDE)) {
      const name = m[2]!.trim();
      const dirs = m[1] === '"' ? [path.dirname(file), ...search.quote] : search.angle;
      for (const d of dirs) {
        const abs = path.resolve(d, name);
        if (!isFile(abs)) continue;
        if (!seen.has(abs)) {
          seen.add(abs);
          queue.push({ file: abs, search });
          if (!inside(root, abs)) {
            // Named by the directory it was found through: `sys/types.h` under /usr/include, not `types.h` under …/sys.
            const base = d === path.dirname(file) ? (search.angle.find((s) => inside(s, abs)) ?? d) : d;
            let set = found.get(base);
            if (!set) found.set(base, (set = new Set()));
            set.add(path.relative(base, abs).split(path.sep).join('/'));
          }
        }
        break;
      }
    }
  }
  return found;
}

/** Debian packages owning the given files (`dpkg-query -S`), with their versions; empty without dpkg. */
function debianOwners(files: string[]): Map<string, { name: string; version: string }> {
  const out = new Map<string, { name: string; version: string }>();
  const exe = files.length ? which('dpkg-query') : null;
  if (!exe) return out;
  const owners = new Map<string, string>();
  for (let i = 0; i < files.length; i += 500) {
    const r = spawnSync(exe, ['-S', ...files.slice(i, i + 500)], { encoding: 'utf8', timeout: 20_000 });
    for (const line of (r.stdout ?? '').split(/\r?\n/)) {
      const m = /^([^:,\s]+)(?::[\w-]+)?(?:, [^:]+)?: (\/.+)$/.exec(line);
      if (m) owners.set(m[2]!, m[1]!);
    }
  }
  const names = [...new Set(owners.values())];
  if (!names.length) return out;
  const versions = new Map<string, string>();
  const r = spawnSync(exe, ['-W', '-f', '${Package} ${Version}\\n', ...names], { encoding: 'utf8', timeout: 20_000 });
  for (const line of (r.stdout ?? '').split(/\r?\n/)) {
    const [n, v] = line.split(' ');
    if (n && v) versions.set(n, v);
  }
  for (const [file, name] of owners) out.set(file, { name, version: versions.get(name) ?? '' });
  return out;
}

function shortHash(parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 10);
}

export function cHeaderDependencies(root: string, configuredDir?: string): DiscoveredDependencies {
  const out: DiscoveredDependencies = { installed: [], missing: [] };
  const dbDir = findCompileCommandsDir(root, configuredDir);
  if (!dbDir) return out;
  const headers = includedHeaders(root, dbDir);
  const all = [...headers].flatMap(([dir, rels]) => [...rels].map((r) => path.join(dir, r)));
  const owners = debianOwners(all);
  for (const [dir, rels] of headers) {
    // One package per (include directory, owner): headers of one directory may come from several packages.
    const groups = new Map<string, { name: string; version: string; rels: string[] }>();
    for (const rel of [...rels].sort()) {
      const owner = owners.get(path.join(dir, rel));
      const key = owner ? `${owner.name}@${owner.version}` : '';
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { name: owner?.name ?? dir, version: owner?.version ?? '', rels: [] }));
      g.rels.push(rel);
    }
    for (const g of groups.values()) {
      const stamp = g.rels.map((r) => {
        try {
          const st = statSync(path.join(dir, r));
          return `${r}:${st.size}:${Math.round(st.mtimeMs)}`;
        } catch {
          return r;
        }
      });
      const dep: InstalledDependency = {
        ecosystem: 'c',
        name: g.name,
        // Headers no package manager owns have no version of their own: their content stamp stands for one.
        version: g.version || `local-${shortHash(stamp)}`,
        base: dir,
        variant: shortHash([dir, ...g.rels]),
        list: () => fromArray(g.rels),
        // C++ standard headers have no extension (`<optional>` defines std::optional itself).
        language: (rel) => (path.posix.extname(rel) ? undefined : 'cpp'),
      };
      out.installed.push(dep);
    }
  }
  return out;
}
