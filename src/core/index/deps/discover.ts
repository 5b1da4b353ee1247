import { existsSync } from 'node:fs';
import path from 'node:path';
import { cHeaderDependencies } from './c-headers.js';
import { sourceReplacements } from './cargo-sources.js';
import { cargoDependencies } from './cargo.js';
import { goDependencies } from './go.js';
import { vendoredModules } from './go-vendor.js';
import { npmDependencies } from './npm.js';
import { pythonDependencies } from './python.js';
import { isWithin, type DiscoveredDependencies, type Ecosystem } from './types.js';

/**
 * Every dependency of one root, across ecosystems. Each ecosystem's discovery only reads
 * files (and at most asks python3, go or the C compiler where things live, once per process);
 * one that fails leaves the others be, and says why among the missing.
 */

export interface DiscoverOptions {
  /** Modules the root's Python files import (from its index). */
  pythonImports?: readonly string[];
  /** Which share of the root's own source files are Python (from its index): whether it is a Python project. */
  pythonShare?: number;
  /** lsp.compileCommandsDir, relative to the root. */
  compileCommandsDir?: string;
  env?: NodeJS.ProcessEnv;
}

/**
 * Files whose change can change a root's dependencies (the watcher reports them too). Lock files
 * count: a pull that moves only the lock, then `npm ci` or `uv sync`, changes the versions
 * installed (install-watch.ts sees the install itself, outside the root's walk).
 */
const MANIFEST = /(^|\/)(package\.json|package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|uv\.lock|pdm\.lock|pnpm-workspace\.yaml|pyproject\.toml|setup\.cfg|setup\.py|Pipfile|Pipfile\.lock|poetry\.lock|poetry\.toml|\.python-version|environment\.ya?ml|requirements[^/]*\.(txt|in)|Cargo\.toml|Cargo\.lock|\.cargo\/config(\.toml)?|go\.mod|go\.sum|go\.work|vendor\/modules\.txt|compile_commands\.json)$/;

export function isDependencyManifest(rel: string): boolean {
  return MANIFEST.test(rel) && !rel.includes('node_modules/');
}

/**
 * Folders inside the root that hold its dependencies as copies: `vendor/` of a Go module in
 * vendor mode, the folders a cargo config puts in place of crates.io or a git source (`cargo vendor`). Each is
 * indexed as the packages it holds, so the root's own walk leaves it out (as `node_modules/`).
 */
export function vendoredFolders(root: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const out: string[] = [];
  // Anchored at the root (`/vendor/`): a folder named vendor deeper down (GOROOT's `cmd/vendor`) is another module's.
  const inside = (dir: string) => {
    const rel = path.relative(root, dir);
    if (rel && isWithin(dir, root)) out.push(`/${rel.split(path.sep).join('/')}/`);
  };
  try {
    if (existsSync(path.join(root, 'go.mod')) || existsSync(path.join(root, 'go.work'))) {
      const vendor = vendoredModules(root, env);
      if (vendor) inside(vendor.dir);
    }
    if (existsSync(path.join(root, 'Cargo.toml'))) for (const source of sourceReplacements(root, env).folders) inside(source.dir);
  } catch {
    /* unreadable settings: nothing left out, as before */
  }
  return [...new Set(out)];
}

export function discoverDependencies(root: string, opts: DiscoverOptions = {}): DiscoveredDependencies {
  const out: DiscoveredDependencies = { installed: [], missing: [], installFolders: [] };
  const env = opts.env ?? process.env;
  const steps: [Ecosystem, () => DiscoveredDependencies][] = [
    ['npm', () => npmDependencies(root)],
    ['python', () => pythonDependencies(root, opts.pythonImports ?? [], env, opts.pythonShare ?? 0)],
    ['cargo', () => cargoDependencies(root, env)],
    ['go', () => goDependencies(root, env)],
    ['c', () => cHeaderDependencies(root, opts.compileCommandsDir)],
  ];
  for (const [ecosystem, step] of steps) {
    try {
      const got = step();
      out.installed.push(...got.installed);
      out.missing.push(...got.missing);
      out.installFolders!.push(...(got.installFolders ?? []));
    } catch (err) {
      out.missing.push({ ecosystem, name: `(${ecosystem} dependencies)`, reason: `could not be listed: ${(err as Error).message}` });
    }
  }
  return out;
}
