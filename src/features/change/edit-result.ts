import { z } from 'zod';
import type { EditEntry, EditTarget } from '../../core/edit/journal.js';
import type { ChangeSet } from '../../core/edit/model.js';
import { EditService, type EditCaller } from '../../core/edit/service.js';
import type { FeatureContext } from '../context.js';

/**
 * What every editing tool answers: the change as a preview (per-file edits, a unified diff,
 * counts) with the edit_id it can be applied by later, or the same after applying it when the
 * call said `apply: true`. Tool-specific fields are added beside these.
 */

export const ApplyInput = {
  apply: z.boolean().default(false).describe('Write the change now (needs --allow-writes). Default: preview only; apply later with apply_edit {edit_id}.'),
  target: z.enum(['disk', 'overlay']).default('disk').describe('Where apply writes: the files on disk, or this session\'s overlays (unsaved views servers see) to try a change before writing it.'),
  max_chars: z.number().int().min(200).max(1_000_000).default(40_000).describe('Cut the unified diff after this many characters (the edits themselves are always complete).'),
};

const Pos = z.object({ line: z.number().int().describe('1-based.'), column: z.number().int().describe('1-based, UTF-16 code units.') });
export const EditRangeSchema = z.object({ start: Pos, end: Pos });

export const FileChangeSchema = z.object({
  file: z.string(),
  resource: z.enum(['create', 'rename', 'delete']).optional().describe('A file created, renamed or deleted by the edit.'),
  new_file: z.string().optional().describe('The new name of a renamed file.'),
  edits: z.array(z.object({ range: EditRangeSchema, new_text: z.string() })),
  added: z.number().int(),
  removed: z.number().int(),
});

export const EditResultShape = {
  edit_id: z.string().describe('Apply with apply_edit, revert an applied edit with undo_edit.'),
  status: z.enum(['preview', 'applied', 'applied_to_overlay']),
  files: z.array(FileChangeSchema),
  counts: z.object({ files: z.number().int(), edits: z.number().int(), added: z.number().int(), removed: z.number().int() }),
  diff: z.string().describe('Unified diff of the whole change (what applying writes, byte for byte).'),
  truncated: z.boolean().describe('True when the diff was cut at max_chars.'),
  syntax_errors: z
    .array(z.object({ file: z.string(), line: z.number().int(), column: z.number().int(), message: z.string(), text: z.string() }))
    .describe('Syntax errors the result would have that the original did not; such an edit is refused at apply.'),
  warnings: z.array(z.string()),
};
export const EditResultSchema = z.object(EditResultShape);
export type EditResult = z.output<typeof EditResultSchema>;

export function editCaller(ctx: FeatureContext): EditCaller {
  return {
    session: ctx.session,
    allowWrites: ctx.config.allowWrites,
    display: (p) => ctx.workspace.display(p),
    confine: (p) => void ctx.workspace.resolve(p),
  };
}

export function describeEntry(entry: EditEntry, ctx: FeatureContext, maxChars = 40_000, warnings: string[] = []): EditResult {
  const d = (p: string) => ctx.workspace.display(p);
  const { preview } = entry;
  const truncated = preview.diff.length > maxChars;
  return {
    edit_id: entry.id,
    status: entry.state === 'applied' ? (entry.target === 'overlay' ? 'applied_to_overlay' : 'applied') : 'preview',
    files: preview.files.map((f) => ({
      file: d(f.path),
      ...(f.resource ? { resource: f.resource.kind } : {}),
      ...(f.target !== f.path ? { new_file: d(f.target) } : {}),
      edits: f.edits.map((e) => ({ range: e.range, new_text: e.new_text })),
      added: f.added,
      removed: f.removed,
    })),
    counts: preview.counts,
    diff: truncated ? preview.diff.slice(0, maxChars) : preview.diff,
    truncated,
    syntax_errors: entry.syntaxErrors.map((e) => ({ file: e.file, line: e.line, column: e.column, message: e.message, text: e.text })),
    warnings: [...warnings, ...(entry.syntaxErrors.length ? [`The result would not parse (${entry.syntaxErrors.length} new syntax error(s)); applying it is refused.`] : [])],
  };
}

/**
 * Propose `change` (a preview kept in the session), and apply it at once when the call asked
 * for it. An empty change is still an edit (nothing to apply), so callers decide whether
 * "nothing changes" is an error for them.
 */
export async function finishEdit(
  title: string,
  change: ChangeSet,
  input: { apply?: boolean; target?: EditTarget; max_chars?: number },
  ctx: FeatureContext,
  warnings: string[] = [],
): Promise<EditResult> {
  const service = EditService.from(ctx.services);
  const caller = editCaller(ctx);
  let entry = await service.propose(caller, title, change);
  if (input.apply && entry.preview.files.length) entry = await service.apply(caller, entry.id, input.target ?? 'disk');
  return describeEntry(entry, ctx, input.max_chars, warnings);
}

/** The text rendering every editing tool shares: a summary line, warnings, then the diff. */
export function renderEdit(r: EditResult, head?: string): string {
  const verb = r.status === 'preview' ? 'Preview' : r.status === 'applied' ? 'Applied' : 'Applied to overlays';
  const lines: string[] = [];
  if (head) lines.push(head);
  lines.push(`${verb} ${r.edit_id}: ${r.counts.files} file(s), ${r.counts.edits} edit(s), +${r.counts.added} -${r.counts.removed}`);
  for (const f of r.files) if (f.resource) lines.push(`  ${f.resource} ${f.file}${f.new_file ? ` -> ${f.new_file}` : ''}`);
  for (const e of r.syntax_errors) lines.push(`  syntax error ${e.file}:${e.line}:${e.column}: ${e.message}: ${e.text}`);
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  if (r.diff) lines.push('', r.diff.trimEnd());
  if (r.truncated) lines.push('… (diff truncated at max_chars)');
  if (r.status === 'preview' && r.counts.files) lines.push('', `Apply with apply_edit {"edit_id": "${r.edit_id}"} (or --apply).`);
  return lines.join('\n');
}
