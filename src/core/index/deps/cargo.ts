import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { walkFiles } from '../../workspace/files.js';
import { foldersMatching } from '../workspace-folders.js';
import { gitCheckout, parseGitSource } from './cargo-git.js';
import { cargoHome, crateInDirectorySource, directorySourceVariant, sourceReplacements, type SourceReplacements } from './cargo-sources.js';
import { rustStdDependency } from './rust-std.js';
import { sections, tomlArray } from './toml-lite.js';
import { readText, type DiscoveredDependencies } from './types.js';

/**
 * The crates a root's Cargo.lock pins, from registries as unpacked by cargo under
 * `$CARGO_HOME/registry/src/<index>/<name>-<version>/` (CARGO_HOME defaults to ~/.cargo), from
 * git repositories as checked out under `$CARGO_HOME/git/checkouts` (cargo-git.ts), or from the
 * folder a cargo config puts in their source's place (`cargo vendor`, Debian's `librust-*-dev`
 * packages: cargo-sources.ts). The version is the lock's. Path dependencies are not among them:
 * a path one is usually the project's own workspace.
 */

/**
 * The crates of a Cargo workspace's members (`[workspace] members`, less `exclude`), by folder
 * relative to the root, with the name each Cargo.toml's `[package]` gives (as code writes it:
 * `alpha-core` is `alpha_core`). A member's folder need not be named like its crate.
 */
export function workspaceCrates(root: string): { dir: string; crate: string }[] {
  const ws = sections(readText(path.join(root, 'Cargo.toml')) ?? '').get('workspace');
  if (ws === undefined) return [];
  const list = (key: string) => {
    const m = new RegExp(`^\\s*${key}\\s*=\\s*\\[`, 'm').exec(ws);
    return m ? tomlArray(ws, m.index + m[0].length) : [];
  };
  const dirs = foldersMatching(root, [...list('members'), ...list('exclude').map((e) => `!${e}`)], 'Cargo.toml');
  return dirs.map((dir) => ({ dir, crate: crateName(path.join(root, dir, 'Cargo.toml')) })).filter((c) => c.crate);
}

/** The name code writes for a Cargo.toml's crate: its `[lib] name`, else its `[package] name` with `-` as `_`; '' when none. */
export function crateName(file: string): string {
  const all = sections(readText(file) ?? '');
  const name = (section: string) => /^\s*name\s*=\s*["']([^"']+)["']/m.exec(all.get(section) ?? '')?.[1];
  return (name('lib') ?? name('package'))?.replace(/-/g, '_') ?? '';
}

/** crates.io as Cargo.lock names it: the git index, or the sparse one. */
const CRATES_IO = /^(registry\+https:\/\/github\.com\/rust-lang\/crates\.io-index|sparse\+https:\/\/index\.crates\.io\/)$/;

export interface LockedCrate {
  name: string;
  version: string;
  source: string;
}

/** The `[[package]]` entries of a Cargo.lock that come from a registry, or (`git`) also from a git repository. */
export function lockedRegistryCrates(lock: string, opts: { git?: boolean } = {}): LockedCrate[] {
  const out: LockedCrate[] = [];
  const from = opts.git ? /^(registry|sparse|git)\+/ : /^(registry|sparse)\+/;
  for (const block of lock.split(/^\[\[package\]\]\s*$/m).slice(1)) {
    const body = block.split(/^\[/m, 1)[0]!;
    const name = /^name\s*=\s*"([^"]+)"/m.exec(body)?.[1];
    const version = /^version\s*=\s*"([^"]+)"/m.exec(body)?.[1];
    const source = /^source\s*=\s*"([^"]+)"/m.exec(body)?.[1];
    if (name && version && source && from.test(source)) out.push({ name, version, source });
  }
  return out;
}

/** Where a locked crate's files are, or why they are not found. */
function locate(c: LockedCrate, home: string, indexes: readonly string[], replaced: SourceReplacements, trees: Map<string, Map<string, string>>): { dir: string; variant?: string } | { missing: string } {
  const git = parseGitSource(c.source);
  // crates.io's crates, and a git source's, may come from a folder a cargo config puts in their place (cargo-sources.ts).
  const key = git ? git.key : CRATES_IO.test(c.source) ? 'crates-io' : null;
  const folder = key ? replaced(key) : null;
  if (folder) {
    const dir = crateInDirectorySource(folder.dir, c.name, c.version);
    // A vendored or packaged copy is not the download: a database of its own.
    if (dir) return { dir, variant: directorySourceVariant(dir) };
    return { missing: `${c.name} ${c.version} is not in ${folder.dir}, which ${folder.config} puts in place of ${key === 'crates-io' ? 'crates.io' : git!.url} (run cargo vendor, or install its Debian package)` };
  }
  if (git) {
    const dir = gitCheckout(home, git, c.name, trees);
    if (dir) return { dir, variant: `git:${git.rev.slice(0, 12)}` };
    return { missing: `${c.name} ${c.version} from ${git.url} at ${git.rev.slice(0, 7)} is not checked out under ${path.join(home, 'git', 'checkouts')} (run cargo fetch)` };
  }
  const src = path.join(home, 'registry', 'src');
  const dir = indexes.map((i) => path.join(src, i, `${c.name}-${c.version}`)).find((d) => existsSync(path.join(d, 'Cargo.toml')));
  return dir ? { dir } : { missing: `${c.name}-${c.version} is not unpacked under ${src} (run cargo fetch)` };
}

export function cargoDependencies(root: string, env: NodeJS.ProcessEnv = process.env): DiscoveredDependencies {
  const out: DiscoveredDependencies = { installed: [], missing: [] };
  if (!existsSync(path.join(root, 'Cargo.toml')) && !existsSync(path.join(root, 'Cargo.lock'))) return out;
  // Every crate depends on the standard library of the toolchain that builds it (rust-std.ts).
  const std = rustStdDependency(root, env);
  if (std) out.installed.push(std);
  let lock: string;
  try {
    lock = readFileSync(path.join(root, 'Cargo.lock'), 'utf8');
  } catch {
    return out;
  }
  const home = cargoHome(env);
  const src = path.join(home, 'registry', 'src');
  let indexes: string[] = [];
  try {
    indexes = readdirSync(src).sort();
  } catch {
    /* nothing downloaded yet */
  }
  const replaced = sourceReplacements(root, env);
  const trees = new Map<string, Map<string, string>>();
  for (const c of lockedRegistryCrates(lock, { git: true })) {
    const found = locate(c, home, indexes, replaced, trees);
    if ('missing' in found) {
      // cargo unpacks a crate into its registry's folder under registry/src (followed while serving).
      out.installFolders ??= [src, ...indexes.map((i) => path.join(src, i))];
      out.missing.push({ ecosystem: 'cargo', name: c.name, reason: found.missing });
      continue;
    }
    const dir = found.dir;
    out.installed.push({
      ecosystem: 'cargo',
      name: c.name,
      version: c.version,
      base: dir,
      ...(found.variant ? { variant: found.variant } : {}),
      list: async function* (signal) {
        for await (const rel of walkFiles(dir, { signal, exclude: ['target/', 'tests/', 'benches/', 'examples/'] })) if (rel.endsWith('.rs')) yield rel;
      },
    });
  }
  return out;
}
