import { statSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { DocentError } from '../../core/errors.js';
import { LspManager } from '../../core/lsp/manager.js';
import { Vfs } from '../../core/vfs/index.js';
import { walkFiles } from '../../core/workspace/files.js';
import type { FeatureContext } from '../context.js';

/**
 * Which files a `diagnostics` call covers: the paths given, the files matching the globs
 * given, or (nothing given) every file of the workspace a language server handles, as git sees
 * the tree and without dependency or build directories. A session's overlays of files that do
 * not exist on disk count as files.
 */

const SKIPPED_DIRS = new Set(['node_modules', 'bower_components', 'site-packages', 'dist-packages', '.venv', 'venv', '__pycache__', 'build', 'out', 'dist', 'target', 'CMakeFiles', '.cache', 'coverage', '.tox', '.mypy_cache']);
const GLOB = /[*?[\]{}]/;

export interface Scope {
  files: string[];
  /** True when the caller named no files (the whole workspace). */
  workspaceWide: boolean;
}

export async function resolveScope(files: string[] | undefined, ctx: FeatureContext): Promise<Scope> {
  const manager = LspManager.from(ctx);
  const routed = (abs: string) => manager.registry.specFor(abs) !== undefined;
  const overlays = Vfs.from(ctx.services).listOverlays(ctx.session.id).map((s) => s.path);
  const out = new Set<string>();
  const globs: string[] = [];
  for (const f of files ?? []) {
    if (GLOB.test(f)) {
      globs.push(f);
      continue;
    }
    const abs = ctx.workspace.resolve(f).absolute;
    let isDir = false;
    try {
      isDir = statSync(abs).isDirectory();
    } catch {
      if (!overlays.includes(abs)) throw new DocentError('E_NOT_FOUND', `${f} does not exist (on disk or as an overlay of this session).`, 'Check the path (relative to the workspace root), or pass a glob such as "src/**/*.ts".');
    }
    if (isDir) globs.push(`${ctx.workspace.display(abs).replace(/\/$/, '')}/**`);
    else out.add(abs);
  }
  if (files === undefined || globs.length) {
    const matchers = globs.map((g) => picomatch(g, { dot: true, basename: !g.includes('/') }));
    const accept = (rel: string) => matchers.length === 0 || matchers.some((m) => m(rel));
    for (const root of ctx.workspace.roots) {
      const enterDir = (rel: string) => !SKIPPED_DIRS.has(path.basename(rel));
      for await (const rel of walkFiles(root, { signal: ctx.signal, enterDir })) {
        const abs = path.join(root, rel);
        if (accept(ctx.workspace.display(abs)) && routed(abs)) out.add(abs);
      }
    }
    for (const o of overlays) if (accept(ctx.workspace.display(o)) && routed(o)) out.add(o);
  }
  return { files: [...out].sort(), workspaceWide: files === undefined };
}
