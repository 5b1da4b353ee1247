import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { walkFiles } from '../../workspace/files.js';
import { isWithin, realPath, type InstalledDependency } from './types.js';

/**
 * Rust's standard library (`core`, `alloc`, `std`) as a dependency of every Cargo project
 * (`std@1.95.0`): `Vec`, `HashMap`, `fs::read_to_string` and the `Iterator` methods are what
 * most Rust code calls. Read from the sources of the toolchain in use, as rust-analyzer reads
 * them: rustup's `rust-src` component under `rustc --print sysroot`, or Debian's `rust-src`
 * (`/usr/src/rustc-<version>/library`) for that same version. Indexed once per machine and
 * version, like any crate. Without the sources (no `rust-src`), nothing is added.
 */

/** The package name the standard library is listed under. */
export const RUST_STD_PACKAGE = 'std';

const CRATES = ['core', 'alloc', 'std'];

/**
 * Inside a crate: what is not its library (benchmarks, build output). Its `tests/` are listed:
 * not extracted (they are tests), but what they call counts as the library's usage
 * (index/usage.ts), as over the same crates indexed as a root (Rust questions through a project
 * 0.514 -> 0.526, as a root 0.525).
 */
const NOT_LIBRARY = ['benches/', 'target/'];

const toolchains = new Map<string, { sysroot: string; version: string } | null>();

/** The `rustc` on the PATH: its sysroot and version (asked once per process and PATH), or null. */
function rustToolchain(env: NodeJS.ProcessEnv): { sysroot: string; version: string } | null {
  const key = env.PATH ?? '';
  if (toolchains.has(key)) return toolchains.get(key)!;
  let found: { sysroot: string; version: string } | null = null;
  try {
    const run = (args: string[]) => execFileSync('rustc', args, { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'], env }).trim();
    const sysroot = run(['--print', 'sysroot']);
    const version = /^rustc (\d+\.\d+\.\d+)/.exec(run(['--version']))?.[1];
    if (sysroot && path.isAbsolute(sysroot) && version) found = { sysroot, version };
  } catch {
    /* no rustc on PATH */
  }
  toolchains.set(key, found);
  return found;
}

/** A `library` folder with the three crates' sources. */
function isLibrary(dir: string): boolean {
  return CRATES.every((c) => existsSync(path.join(dir, c, 'src', 'lib.rs')));
}

/** Debian's `rust-src` folders, newest version first: `[dir, version]`. */
function debianSources(): [string, string][] {
  let names: string[] = [];
  try {
    names = readdirSync('/usr/src');
  } catch {
    return [];
  }
  return names
    .map((n) => /^rustc-(\d+\.\d+\.\d+)$/.exec(n))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => [path.join('/usr/src', m[0], 'library'), m[1]!] as [string, string])
    .sort((a, b) => b[1].localeCompare(a[1], 'en', { numeric: true }));
}

/** Where the standard library's sources are, with their version: the toolchain's, else a Debian copy of the same version (any, when no rustc runs). */
function stdSources(env: NodeJS.ProcessEnv): { dir: string; version: string } | null {
  const tc = rustToolchain(env);
  if (tc) {
    const own = path.join(tc.sysroot, 'lib', 'rustlib', 'src', 'rust', 'library');
    if (isLibrary(own)) return { dir: own, version: tc.version };
  }
  for (const [dir, version] of debianSources()) if ((!tc || tc.version === version) && isLibrary(dir)) return { dir, version };
  return null;
}

export function rustStdDependency(root: string, env: NodeJS.ProcessEnv = process.env): InstalledDependency | null {
  const src = stdSources(env);
  if (!src) return null;
  const dir = realPath(src.dir);
  if (!dir) return null;
  if (isWithin(root, dir)) return null;
  return {
    ecosystem: 'cargo',
    name: RUST_STD_PACKAGE,
    version: src.version,
    base: dir,
    // rustup's and Debian's sources of one version can differ (Debian's patches).
    variant: dir,
    standardLibrary: true,
    async *list(signal) {
      for (const crate of CRATES) {
        for await (const f of walkFiles(path.join(dir, crate), { signal, exclude: NOT_LIBRARY })) if (f.endsWith('.rs')) yield `${crate}/${f}`;
      }
    },
  };
}
