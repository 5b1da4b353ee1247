import picomatch from 'picomatch';
import { z } from 'zod';
import { DocentError } from '../../core/errors.js';
import { walkFiles } from '../../core/workspace/files.js';
import type { FeatureContext } from '../context.js';

/** workspace_files: the files of the workspace roots, as git would list them, optionally globbed. */

export const WorkspaceFilesInput = z.object({
  path: z.string().min(1).optional().describe('Only list under this directory (relative to a root, or absolute inside one).'),
  pattern: z
    .string()
    .min(1)
    .optional()
    .describe('Glob over root-relative paths, e.g. "src/**/*.ts" or "*.md" (a pattern without "/" matches file names anywhere).'),
  max_results: z.number().int().min(1).max(10_000).default(500).describe('Maximum number of paths to return.'),
  offset: z.number().int().min(0).default(0).describe('Skip this many matching paths (to continue a truncated listing).'),
});

export const WorkspaceFilesOutput = z.object({
  roots: z.array(z.string()),
  pattern: z.string().nullable(),
  files: z.array(z.string()).describe('Paths relative to their root (prefixed with the root name when there are several roots).'),
  total: z.number().int().describe('Matching files seen (a lower bound when truncated).'),
  truncated: z.boolean(),
  next_offset: z.number().int().nullable().describe('Pass as offset to continue, or null when complete.'),
  warnings: z.array(z.string()).describe('Why a listing is empty, when it is.'),
});

export type WorkspaceFilesResult = z.output<typeof WorkspaceFilesOutput>;

export async function workspaceFiles(input: z.output<typeof WorkspaceFilesInput>, ctx: FeatureContext): Promise<WorkspaceFilesResult> {
  const given = input.pattern?.replace(/\\/g, '/');
  // An absolute pattern names one root and is anchored there: `/root/*.md` is top-level only.
  const anchoredRoot = given?.startsWith('/') ? ctx.workspace.roots.find((r) => given.startsWith(`${r.replace(/\\/g, '/')}/`)) : undefined;
  const pattern = given === undefined ? undefined : rootRelativePattern(given, ctx.workspace.roots);
  const match = pattern ? picomatch(pattern, { dot: true, basename: !given!.includes('/') }) : () => true;
  const files: string[] = [];
  let total = 0;
  let seen = 0;
  let truncated = false;
  const multi = ctx.workspace.roots.length > 1;
  // With `path`, walk only the confined directory but keep paths relative to its root.
  const under = input.path ? ctx.workspace.resolve(input.path, { kind: 'directory' }) : undefined;
  const roots = under ? [under.root] : anchoredRoot ? [anchoredRoot] : ctx.workspace.roots;
  const prefix = under?.relative ? `${under.relative}/` : '';
  outer: for (const root of roots) {
    const enterDir = (rel: string) => !prefix || prefix.startsWith(`${rel}/`) || rel.startsWith(prefix);
    for await (const rel of walkFiles(root, { signal: ctx.signal, enterDir })) {
      if (prefix && !rel.startsWith(prefix)) continue;
      seen++;
      if (!match(rel)) continue;
      total++;
      if (total <= input.offset) continue;
      if (files.length >= input.max_results) {
        truncated = true;
        break outer;
      }
      files.push(multi ? `${root.split('/').pop()}/${rel}` : rel);
    }
  }
  return {
    roots: [...ctx.workspace.roots],
    pattern: pattern ?? null,
    files,
    total,
    truncated,
    next_offset: truncated ? input.offset + files.length : null,
    warnings:
      total === 0
        ? [seen === 0 ? `No files under ${input.path ?? ctx.workspace.roots.join(', ')} (files ignored by .gitignore are not listed).` : `None of the ${seen} file(s) listed matches "${pattern}"; patterns are globs over root-relative paths, e.g. "src/**/*.ts", or a bare file name such as "*.md".`]
        : [],
  };
}

/**
 * Patterns are matched against root-relative paths, so one that names an absolute path inside a
 * root is made relative to it, and one that leads out of the roots (`../**`, `/etc/*`) is
 * refused rather than answered with an empty list.
 */
function rootRelativePattern(pattern: string, roots: readonly string[]): string {
  if (pattern.startsWith('/')) {
    const root = roots.find((r) => pattern.startsWith(`${r.replace(/\\/g, '/')}/`));
    if (!root) throw new DocentError('E_OUTSIDE_WORKSPACE', `The pattern "${pattern}" names files outside the workspace roots (${roots.join(', ')}).`, 'Give a glob relative to a root, e.g. "src/**/*.ts".');
    return pattern.slice(root.length + 1);
  }
  if (pattern.split('/').includes('..')) {
    throw new DocentError('E_OUTSIDE_WORKSPACE', `The pattern "${pattern}" leads out of the workspace roots.`, 'Give a glob relative to a root without "..", e.g. "src/**/*.ts".');
  }
  return pattern;
}

export function renderWorkspaceFiles(r: WorkspaceFilesResult): string {
  const head = `${r.files.length} file(s)${r.pattern ? ` matching ${r.pattern}` : ''} in ${r.roots.join(', ')}`;
  const tail = r.truncated ? `\n… truncated; continue with offset=${r.next_offset}` : '';
  return [head, ...r.files, ...r.warnings.map((w) => `note: ${w}`)].join('\n') + tail;
}
