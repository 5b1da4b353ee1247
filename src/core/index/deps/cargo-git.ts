import { readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { readToml, tomlTable } from './toml-file.js';

/**
 * Crates a Cargo.lock takes from a git repository (`source = "git+https://…?branch=main#<commit>"`),
 * as cargo checks them out: `$CARGO_HOME/git/checkouts/<repository name>-<hash of the URL>/<first
 * seven hex digits of the commit>/`, the whole repository, in which the crate is whichever
 * package has that name (a workspace's member, often not at the top).
 */

export interface GitSource {
  /** The source as a cargo config names it, to replace it (`git+https://github.com/o/r?branch=main`). */
  key: string;
  url: string;
  /** The locked commit. */
  rev: string;
}

/** A Cargo.lock git source, or null for any other. */
export function parseGitSource(source: string): GitSource | null {
  const m = /^git\+([^#]+)#([0-9a-f]{7,40})$/.exec(source);
  if (!m) return null;
  return { key: `git+${m[1]!}`, url: m[1]!.replace(/\?.*$/, ''), rev: m[2]! };
}

/** The name cargo gives a repository's folders: the URL's last path segment without `.git` (`_empty` when there is none). */
function repositoryName(url: string): string {
  const last = url.replace(/\/+$/, '').split('/').pop() ?? '';
  return last.replace(/\.git$/, '') || '_empty';
}

/** Folders not searched for a crate's manifest inside a checkout. */
const SKIP = new Set(['target', '.git', 'node_modules']);

/** The packages of a tree by name: each folder below `dir` (itself included, to `depth` levels) whose Cargo.toml has a `[package]`, the shallowest first. */
export function packagesInTree(dir: string, depth = 4): Map<string, string> {
  const out = new Map<string, string>();
  let level = [dir];
  for (let d = 0; d <= depth && level.length; d++) {
    const next: string[] = [];
    for (const folder of level) {
      const name = tomlTable(readToml(path.join(folder, 'Cargo.toml'))?.package)?.name;
      if (typeof name === 'string' && !out.has(name)) out.set(name, folder);
      let entries: Dirent[] = [];
      try {
        entries = readdirSync(folder, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const e of entries) if (e.isDirectory() && !SKIP.has(e.name)) next.push(path.join(folder, e.name));
    }
    level = next.sort();
  }
  return out;
}

/** A git crate's folder in cargo's checkouts, or null when that commit is not checked out (`trees`: the checkouts' packages, listed once per discovery). */
export function gitCheckout(cargoHome: string, source: GitSource, crate: string, trees = new Map<string, Map<string, string>>()): string | null {
  const checkouts = path.join(cargoHome, 'git', 'checkouts');
  const prefix = `${repositoryName(source.url)}-`;
  let repos: string[];
  try {
    repos = readdirSync(checkouts).filter((d) => d.startsWith(prefix) && /^[0-9a-f]{16}$/.test(d.slice(prefix.length))).sort();
  } catch {
    return null;
  }
  for (const repo of repos) {
    // A repository's packages are listed once per discovery (`trees`), however many of its crates the lock takes.
    const checkout = path.join(checkouts, repo, source.rev.slice(0, 7));
    let packages = trees.get(checkout);
    if (!packages) trees.set(checkout, (packages = packagesInTree(checkout)));
    const found = packages.get(crate);
    if (found) return found;
  }
  return null;
}
