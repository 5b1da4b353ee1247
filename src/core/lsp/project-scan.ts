import { existsSync } from 'node:fs';
import path from 'node:path';
import { throwIfAborted } from '../errors.js';
import { walkFiles } from '../workspace/files.js';
import { findCompileCommandsDir, loadCompileDb } from './compile-db.js';
import type { ServerRegistry } from './registry.js';
import type { ServerSpec } from './server-spec.js';

/**
 * Which language servers a workspace-wide question should go to: the workspace roots are
 * walked (gitignore honoured, dependency and cache directories skipped), every source file is
 * routed to its server and project root, and each (server, project root) pair becomes one
 * project, with a file to open first (its "anchor") and a file count for ordering.
 */

export interface Project {
  spec: ServerSpec;
  root: string;
  /** The workspace root it lies in. */
  workspaceRoot: string;
  /** A file to open before workspace-wide requests (clangd: the first compile_commands.json entry). */
  anchor: string;
  files: number;
  /** Every routed file, in walk order: the candidates when the server's project leaves some out (coverage.ts). */
  paths: string[];
}

export interface ScanResult {
  projects: Project[];
  filesSeen: number;
  /** True when the walk stopped at the file cap; rarer languages may be missing. */
  capped: boolean;
}

/** Directories no language server should be pointed at, whatever .gitignore says. */
export const SKIPPED_DIRS = new Set(['node_modules', '.venv', 'venv', '__pycache__', 'site-packages', '.tox', '.mypy_cache', '.cache', 'bower_components']);
export const SCAN_FILE_CAP = 50_000;

/** Dependency caches and build trees (a CMake build tree holds CMakeCache.txt) are not sources. */
export function isBuildOrDependencyDir(abs: string): boolean {
  const name = path.basename(abs);
  if (SKIPPED_DIRS.has(name) || name === 'CMakeFiles' || name.startsWith('cmake-build-')) return true;
  return existsSync(path.join(abs, 'CMakeCache.txt')) || existsSync(path.join(abs, 'pyvenv.cfg'));
}

export async function scanProjects(registry: ServerRegistry, roots: readonly string[], signal?: AbortSignal): Promise<ScanResult> {
  const byKey = new Map<string, Project>();
  let filesSeen = 0;
  let capped = false;
  outer: for (const wsRoot of roots) {
    const walk = walkFiles(wsRoot, {
      signal,
      enterDir: (rel) => !isBuildOrDependencyDir(path.join(wsRoot, rel)),
    });
    for await (const rel of walk) {
      if (++filesSeen > SCAN_FILE_CAP) {
        capped = true;
        break outer;
      }
      if (filesSeen % 2000 === 0) throwIfAborted(signal);
      const abs = path.join(wsRoot, rel);
      const route = registry.route(abs, wsRoot);
      if (!route) continue;
      const key = `${route.spec.id}\0${route.root}`;
      const cur = byKey.get(key);
      if (cur) {
        cur.files++;
        cur.paths.push(abs);
        if (prefersAnchor(route.spec, abs, cur.anchor)) cur.anchor = abs;
      } else byKey.set(key, { spec: route.spec, root: route.root, workspaceRoot: wsRoot, anchor: abs, files: 1, paths: [abs] });
    }
  }
  for (const p of byKey.values()) {
    if (p.spec.id === 'clangd') {
      const dir = findCompileCommandsDir(p.root);
      const first = dir ? loadCompileDb(dir)?.ordered[0] : undefined;
      if (first) p.anchor = first;
    }
  }
  const projects = [...byKey.values()].sort((a, b) => b.files - a.files);
  return { projects, filesSeen: Math.min(filesSeen, SCAN_FILE_CAP), capped };
}

/** Prefer a source file over a header or a script as the file to open. */
function prefersAnchor(spec: ServerSpec, candidate: string, current: string): boolean {
  const rank = (f: string) => {
    const ext = path.extname(f).toLowerCase();
    if (spec.id === 'clangd') return ['.c', '.cc', '.cpp', '.cxx'].includes(ext) ? 0 : 1;
    if (spec.id === 'typescript') return ext === '.ts' || ext === '.tsx' ? (f.endsWith('.d.ts') ? 1 : 0) : 2;
    return 0;
  };
  return rank(candidate) < rank(current);
}
