import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { DocentError } from '../../core/errors.js';
import { detectProjects } from '../../core/run/detect.js';
import type { Project, TestRunnerName } from '../../core/run/types.js';
import type { FeatureContext } from '../context.js';

/**
 * Which project a run call means. `root` may name a workspace root or any directory inside one
 * (a subproject); `files` point at the project that contains them; otherwise the root's own
 * project, or the only one found. Ambiguity is an error that lists the candidates.
 */
export function chooseProject(
  ctx: FeatureContext,
  opts: { root?: string; files?: string[]; runner?: TestRunnerName; need: 'test' | 'build' },
): Project {
  const start = opts.root ? ctx.workspace.resolve(opts.root, { kind: 'directory' }) : null;
  const roots = start ? [start.root] : ctx.workspace.roots;
  const dir = start?.absolute;
  let candidates: Project[] = roots.flatMap((r) => detectProjects(r));
  candidates = candidates.filter((p) => (opts.need === 'test' ? p.runner !== null : p.build !== null));
  if (opts.runner) candidates = candidates.filter((p) => p.runner === opts.runner);
  if (dir) {
    // The nearest project at or above the directory asked for, else the ones below it.
    const above = candidates.filter((p) => dir === p.dir || dir.startsWith(`${p.dir}/`)).sort((a, b) => b.dir.length - a.dir.length);
    const nearest = above.length ? above.filter((p) => p.dir === above[0]!.dir) : [];
    candidates = nearest.length ? nearest : candidates.filter((p) => p.dir.startsWith(`${dir}/`));
  }
  if (opts.files?.length) {
    const base = dir ?? roots[0]!;
    const absFiles = opts.files.map((f) => (path.isAbsolute(f) ? f : path.resolve(base, f)));
    const holding = candidates.filter((p) => absFiles.every((f) => f === p.dir || f.startsWith(`${p.dir}/`)));
    if (holding.length) {
      const deepest = Math.max(...holding.map((p) => p.dir.length));
      candidates = holding.filter((p) => p.dir.length === deepest);
    }
  }
  if (!dir && candidates.length > 1) {
    // Prefer a project at a root itself over subprojects.
    const atRoot = candidates.filter((p) => p.rel === '');
    if (atRoot.length) candidates = atRoot;
  }
  const what = opts.need === 'test' ? 'tests' : 'a build';
  if (!candidates.length) {
    throw new DocentError(
      'E_NOT_FOUND',
      `No project with ${what}${opts.runner ? ` run by ${opts.runner}` : ''} was found in ${dir ?? roots.join(', ')}.`,
      'docent finds package.json (vitest, jest, node --test, tsc), CMakeLists.txt (ctest), pyproject.toml/setup.cfg/tox.ini/pytest.ini (pytest, unittest), Cargo.toml and go.mod; `docent doctor` shows what was detected.',
    );
  }
  if (candidates.length > 1) {
    const listed = candidates.map((p) => `${p.rel || '.'} (${p.kind}${p.runner ? `, ${p.runner}` : ''})`).join(', ');
    const sameDir = candidates.every((p) => p.dir === candidates[0]!.dir);
    throw new DocentError(
      'E_BAD_INPUT',
      `Several projects with ${what} match: ${listed}.`,
      sameDir ? 'Pass runner to choose one.' : 'Pass root as the subproject directory (or files inside it) to choose one.',
    );
  }
  return candidates[0]!;
}

/** Project-relative paths for caller files, confined to the workspace and to the project. */
export function projectFiles(ctx: FeatureContext, project: Project, files: readonly string[] | undefined): string[] {
  return (files ?? []).map((f) => {
    const abs = path.isAbsolute(f) ? f : path.resolve(project.dir, f);
    const resolved = ctx.workspace.resolve(existsSync(abs) ? abs : path.resolve(project.root, f));
    if (resolved.absolute !== project.dir && !resolved.absolute.startsWith(`${project.dir}/`)) {
      throw new DocentError('E_BAD_INPUT', `${f} is not inside the project at ${project.rel || '.'}.`, 'Give files inside the project, relative to it or to the root.');
    }
    if (!existsSync(resolved.absolute)) throw new DocentError('E_NOT_FOUND', `${f} does not exist.`);
    const rel = path.relative(project.dir, resolved.absolute);
    return statSync(resolved.absolute).isDirectory() && rel === '' ? '.' : rel;
  });
}
