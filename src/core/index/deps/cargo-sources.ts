import { createHash } from 'node:crypto';
import { existsSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { readToml, tomlTable as table } from './toml-file.js';
import { readText } from './types.js';

/**
 * Where cargo takes crates.io's crates from when a config file replaces the registry with a
 * folder: `cargo vendor`'s `vendor/` (`[source.crates-io] replace-with = "vendored-sources"`,
 * `[source.vendored-sources] directory = "vendor"`), or Debian's `/usr/share/cargo/registry`
 * of `librust-*-dev` packages. Cargo.lock still names crates.io as their source, so only the
 * config says the crates are there and not in `$CARGO_HOME/registry/src`.
 *
 * Config files as cargo reads them: `.cargo/config.toml` (or `.cargo/config`) in the root and
 * every folder above it, nearest first, then `$CARGO_HOME/config.toml`. A relative `directory`
 * is relative to the folder holding that `.cargo`.
 */

export interface DirectorySource {
  /** The source's name in the config (`vendored-sources`). */
  name: string;
  /** The folder of unpacked crates, absolute. */
  dir: string;
  /** The config file that set it, for messages. */
  config: string;
}

/** Where cargo keeps its own files and config: CARGO_HOME when absolute, else `~/.cargo`. */
export function cargoHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.CARGO_HOME && path.isAbsolute(env.CARGO_HOME) ? env.CARGO_HOME : path.join(homedir(), '.cargo');
}

/** The config files cargo reads for a project at `root`, nearest first, with the folder their relative paths start from. */
function configFiles(root: string, env: NodeJS.ProcessEnv): { file: string; base: string }[] {
  const out: { file: string; base: string }[] = [];
  const seen = new Set<string>();
  const add = (dotCargo: string) => {
    // Cargo reads `config` when both exist (and warns).
    const file = ['config', 'config.toml'].map((n) => path.join(dotCargo, n)).find((f) => existsSync(f));
    if (!file || seen.has(file)) return;
    seen.add(file);
    out.push({ file, base: path.dirname(dotCargo) });
  };
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    add(path.join(dir, '.cargo'));
    if (path.dirname(dir) === dir) break;
  }
  add(cargoHome(env));
  return out;
}

/** Where a source's crates come from instead (DirectorySource), by the source's name in the config: `crates-io`, or a git source's `git+<url>[?branch=…]`. */
export type SourceReplacements = ((source: string) => DirectorySource | null) & {
  /** Every folder that replaces some source. */
  folders: readonly DirectorySource[];
};

/**
 * The project's source replacements, its config files read once: for a source (`crates-io`), the
 * folder that replaces it, or null when cargo downloads it (no replacement, or one by another
 * registry or a `local-registry`, whose crates cargo unpacks under `$CARGO_HOME/registry/src`
 * like downloaded ones). Each setting is taken from the nearest file that has it, as cargo merges them. `cargo vendor` replaces every source it
 * vendors, a git one by its name (`[source."git+https://…"] replace-with = "vendored-sources"`).
 */
export function sourceReplacements(root: string, env: NodeJS.ProcessEnv = process.env): SourceReplacements {
  // (A config cargo itself would reject replaces nothing.)
  const files = configFiles(root, env).map(({ file, base }) => ({ file, base, sources: table(readToml(file)?.source) ?? {} }));
  const setting = (source: string, key: string): { value: string; file: string; base: string } | null => {
    for (const f of files) {
      const v = table(f.sources[source])?.[key];
      if (typeof v === 'string') return { value: v, file: f.file, base: f.base };
    }
    return null;
  };
  // A git source may be replaced under any name whose `git` and `branch`/`tag`/`rev` are the lock's
  // (cargo vendor names it `git+<url>[?branch=…]`, a hand-written config as it likes).
  const sameUrl = (a: string, b: string) => a.replace(/\/+$/, '').replace(/\.git$/, '') === b.replace(/\/+$/, '').replace(/\.git$/, '');
  const gitNamed = (key: string): string => {
    const m = /^git\+([^?#]+)(?:\?([^#]*))?$/.exec(key);
    if (!m || setting(key, 'replace-with')) return key;
    const query = new URLSearchParams(m[2] ?? '');
    for (const f of files) {
      for (const [name, value] of Object.entries(f.sources)) {
        const t = table(value);
        if (typeof t?.git !== 'string' || !sameUrl(t.git, m[1]!)) continue;
        if (['branch', 'tag', 'rev'].every((k) => (t[k] ?? null) === query.get(k))) return name;
      }
    }
    return key;
  };
  const replace = (source: string): DirectorySource | null => {
    const start = gitNamed(source);
    let name = start;
    // A replacement may itself be replaced; a loop is cargo's error, not a folder.
    for (let hops = 0; hops < 8; hops++) {
      const next = setting(name, 'replace-with');
      if (!next) break;
      name = next.value;
    }
    if (name === start) return null;
    const dir = setting(name, 'directory');
    if (!dir) return null;
    return { name, dir: path.resolve(dir.base, dir.value), config: dir.file };
  };
  // Every folder some source is replaced with (crates.io's, a git source's).
  const replaced = [...new Set(files.flatMap((f) => Object.keys(f.sources)))].map(replace).filter((d): d is DirectorySource => d !== null);
  return Object.assign(replace, { folders: [...new Map(replaced.map((d) => [d.dir, d])).values()] });
}

/**
 * A crate's folder in a directory source: `<name>-<version>` (Debian, `cargo vendor
 * --versioned-dirs`, and the older of two versions) or `<name>` (`cargo vendor`'s default),
 * whichever holds that crate at that version.
 */
export function crateInDirectorySource(dir: string, name: string, version: string): string | null {
  for (const folder of [`${name}-${version}`, name]) {
    const manifest = path.join(dir, folder, 'Cargo.toml');
    const pkg = table(readToml(manifest)?.package);
    // Cargo.lock names a crate as its Cargo.toml does.
    if (pkg?.name === name && pkg.version === version) return path.join(dir, folder);
  }
  return null;
}

/**
 * What tells this copy of a crate apart from another of the same name and version. `cargo
 * vendor` records every file's checksum, which cargo checks before building: two copies with the
 * same records hold the same files (a patched vendored file needs its record changed too), so
 * they share a database. A copy without them (Debian's crates record only the upstream archive's
 * checksum, and Debian may patch them) is told apart by its folder and when its manifest was
 * written, so a new package revision is indexed again.
 */
export function directorySourceVariant(crateDir: string): string {
  try {
    const sum = JSON.parse(readText(path.join(crateDir, '.cargo-checksum.json')) ?? '{}') as { files?: unknown };
    const files = sum.files && typeof sum.files === 'object' ? Object.entries(sum.files as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) : [];
    if (files.length) return `files:${createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 16)}`;
  } catch {
    /* no usable checksums */
  }
  let stamp = '';
  try {
    stamp = `${realpathSync(crateDir)}\0${statSync(path.join(crateDir, 'Cargo.toml')).mtimeMs}`;
  } catch {
    stamp = crateDir;
  }
  return `dir:${createHash('sha256').update(stamp).digest('hex').slice(0, 10)}`;
}
