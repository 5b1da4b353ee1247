import type { Location, LocationLink } from 'vscode-languageserver-protocol';
import { onSessionView } from '../../core/lsp/session-view.js';
import { z } from 'zod';
import { DocentError } from '../../core/errors.js';
import { toFileRanges } from '../../core/lsp/navigation.js';
import { lineAt } from '../../core/lsp/positions.js';
import { Vfs } from '../../core/vfs/index.js';
import type { FeatureContext } from '../context.js';
import { CandidateSchema, ResolvedTargetSchema, TargetShape } from '../navigation/schema.js';
import { resolveTarget, targetOut } from '../navigation/target.js';

/**
 * find_implementations: textDocument/implementation at a symbol (by name or position), on the
 * session's view: the classes implementing an interface, the overrides of a virtual method,
 * the subclasses of a class; with line previews, paged.
 */

export const ImplementationsInput = z.object({
  ...TargetShape,
  max_results: z.number().int().min(1).max(2000).default(100),
  offset: z.number().int().min(0).default(0),
});

export const ImplementationsOutput = z.object({
  target: ResolvedTargetSchema,
  total: z.number().int(),
  implementations: z.array(z.object({ file: z.string(), line: z.number().int(), column: z.number().int(), name: z.string().nullable().describe('The identifier at the location.'), line_preview: z.string() })),
  truncated: z.boolean(),
  next_offset: z.number().int().nullable(),
  candidates: z.array(CandidateSchema),
  warnings: z.array(z.string()),
});
export type ImplementationsResult = z.output<typeof ImplementationsOutput>;

async function findImplementationsOnView(input: z.output<typeof ImplementationsInput>, ctx: FeatureContext): Promise<ImplementationsResult> {
  const t = await resolveTarget(input, ctx);
  const raw = await t.server
    .fileQuery<Location | Location[] | LocationLink[] | null>(t.site.file, 'textDocument/implementation', (uri) => ({ textDocument: { uri }, position: t.site.position }), { signal: ctx.signal, session: ctx.session.id })
    .catch((err: unknown) => {
      if (err instanceof DocentError && err.code === 'E_UNAVAILABLE' && !err.details?.crashed) throw new DocentError('E_UNAVAILABLE', `${t.server.spec.id} does not support find-implementations.`, 'Use find_references or type_hierarchy instead.');
      throw err;
    });
  const vfs = Vfs.from(ctx.services);
  const all = toFileRanges(raw)
    .filter((r): r is typeof r & { file: string } => Boolean(r.file))
    .map((r) => {
      const text = vfs.read(r.file, ctx.session.id).text;
      const line = lineAt(text, r.range.start.line);
      const name = /^[\p{L}\p{N}_$]+/u.exec(line.slice(r.range.start.character))?.[0] ?? null;
      return { file: ctx.workspace.display(r.file), line: r.range.start.line + 1, column: r.range.start.character + 1, name, line_preview: line.trim().slice(0, 200) };
    })
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  const page = all.slice(input.offset, input.offset + input.max_results);
  const truncated = input.offset + page.length < all.length;
  const warnings = [...t.warnings];
  if (!all.length) warnings.push(`${t.server.spec.id} found no implementations of ${t.symbol ?? 'the symbol at this position'}.`);
  return { target: targetOut(t, ctx), total: all.length, implementations: page, truncated, next_offset: truncated ? input.offset + page.length : null, candidates: t.candidates, warnings };
}

export function renderImplementations(r: ImplementationsResult): string {
  const lines = [`${r.total} implementation(s) of ${r.target.symbol ?? `${r.target.file}:${r.target.line}`}`];
  for (const i of r.implementations) lines.push(`${i.file}:${i.line}:${i.column}  ${i.line_preview}`);
  if (r.truncated) lines.push(`(truncated; next offset ${r.next_offset})`);
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  return lines.join('\n');
}

/** findImplementations, on the caller's session view (its overlays). */
export const findImplementations = onSessionView(findImplementationsOnView);
