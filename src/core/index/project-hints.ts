import { statSync } from 'node:fs';
import path from 'node:path';
import type { ProjectHints } from '../extract/context.js';
import { crateName, workspaceCrates } from './deps/cargo.js';
import { goModuleName, workspaceModulePaths } from './deps/go.js';
import { foldersMatching, SKIPPED } from './workspace-folders.js';

/** Folders a Python installation's packages live in: no project of the tree's own is found below them. */
const NOT_PROJECTS = new Set([...SKIPPED, 'site-packages', 'dist-packages', '__pycache__']);

/** Folders below the root (not the root) with a Python project manifest and a `src/` folder: the src layout of a monorepo's members. */
function pythonSrcRoots(root: string): string[] {
  return foldersMatching(root, ['**'], ['pyproject.toml', 'setup.py', 'setup.cfg'], NOT_PROJECTS).filter((d) => {
    try {
      return statSync(path.join(root, d, 'src')).isDirectory();
    } catch {
      return false;
    }
  });
}

/**
 * How a root's files are named: its go.mod's module, its Cargo.toml's crate and, for a root
 * walked as a project (`members`), the members of a monorepo (a go.work's modules, a Cargo
 * workspace's crates, Python projects in the src layout below the root). An installed package's
 * files (a package database: a site-packages, a crate, a module) are no monorepo: a folder of a
 * Python distribution with its own pyproject.toml and `src/` is imported as `pkg.src…`.
 */
export function projectHints(root: string, opts: { members?: boolean } = {}): ProjectHints {
  const hints: ProjectHints = {};
  const goModule = goModuleName(root);
  if (goModule) hints.goModule = goModule;
  const crate = crateName(path.join(root, 'Cargo.toml'));
  if (crate) hints.rustCrate = crate;
  if (opts.members === false) return hints;
  const goModules = workspaceModulePaths(root);
  if (goModules.length) hints.goModules = goModules;
  const crates = workspaceCrates(root);
  if (crates.length) hints.rustCrates = crates;
  const srcRoots = pythonSrcRoots(root);
  if (srcRoots.length) hints.pythonSrcRoots = srcRoots;
  return hints;
}
