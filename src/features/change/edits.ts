import { z } from 'zod';
import { DocentError } from '../../core/errors.js';
import type { TextEdit } from '../../core/edit/model.js';
import { EditService } from '../../core/edit/service.js';
import type { FeatureContext } from '../context.js';
import { ApplyInput, EditRangeSchema, EditResultSchema, describeEntry, editCaller, finishEdit, renderEdit, type EditResult } from './edit-result.js';

/**
 * apply_edit, undo_edit and list_edits (the edit journal of the caller's session), and
 * edit_files: plain text edits (fix-its, an agent's own change) through the same applier.
 */

export const ApplyEditInput = z.object({
  edit_id: z.string().min(1),
  target: ApplyInput.target,
  max_chars: ApplyInput.max_chars,
});

export async function applyEdit(input: z.output<typeof ApplyEditInput>, ctx: FeatureContext): Promise<EditResult> {
  const entry = await EditService.from(ctx.services).apply(editCaller(ctx), input.edit_id, input.target);
  return describeEntry(entry, ctx, input.max_chars);
}

export const UndoEditInput = z.object({ edit_id: z.string().min(1), max_chars: ApplyInput.max_chars });
export const UndoEditOutput = z.object({
  edit_id: z.string(),
  restored: z.array(z.string()).describe('Files put back as they were before the edit.'),
  target: z.enum(['disk', 'overlay']),
});
export type UndoEditResult = z.output<typeof UndoEditOutput>;

export async function undoEdit(input: z.output<typeof UndoEditInput>, ctx: FeatureContext): Promise<UndoEditResult> {
  const entry = await EditService.from(ctx.services).undo(editCaller(ctx), input.edit_id);
  const restored = entry.target === 'overlay' ? entry.preview.files.map((f) => f.path) : [...new Set(entry.preview.files.flatMap((f) => (f.target !== f.path ? [f.path, f.target] : [f.path])))];
  return { edit_id: entry.id, restored: restored.map((p) => ctx.workspace.display(p)), target: entry.target ?? 'disk' };
}

export function renderUndo(r: UndoEditResult): string {
  return `Undid ${r.edit_id} (${r.target}): restored ${r.restored.join(', ') || 'nothing'}`;
}

export const ListEditsInput = z.object({ max_results: z.number().int().min(1).max(500).default(50) });
export const ListEditsOutput = z.object({
  edits: z.array(
    z.object({
      edit_id: z.string(),
      title: z.string(),
      state: z.enum(['pending', 'applied', 'undone']),
      target: z.enum(['disk', 'overlay']).nullable(),
      files: z.array(z.string()),
      counts: z.object({ files: z.number().int(), edits: z.number().int(), added: z.number().int(), removed: z.number().int() }),
      created_at: z.string(),
      applied_at: z.string().nullable(),
    }),
  ),
  total: z.number().int(),
  truncated: z.boolean(),
});
export type ListEditsResult = z.output<typeof ListEditsOutput>;

export async function listEdits(input: z.output<typeof ListEditsInput>, ctx: FeatureContext): Promise<ListEditsResult> {
  const all = EditService.from(ctx.services).journal.list(ctx.session.id);
  return {
    edits: all.slice(0, input.max_results).map((e) => ({
      edit_id: e.id,
      title: e.title,
      state: e.state,
      target: e.target ?? null,
      files: e.preview.files.map((f) => ctx.workspace.display(f.path)),
      counts: e.preview.counts,
      created_at: new Date(e.createdAt).toISOString(),
      applied_at: e.appliedAt ? new Date(e.appliedAt).toISOString() : null,
    })),
    total: all.length,
    truncated: all.length > input.max_results,
  };
}

export function renderListEdits(r: ListEditsResult): string {
  if (!r.edits.length) return 'No edits in this session.';
  return r.edits.map((e) => `${e.edit_id}  ${e.state}${e.target ? ` (${e.target})` : ''}  ${e.title}  [${e.counts.files} file(s), +${e.counts.added} -${e.counts.removed}]`).join('\n');
}

export const EditFilesInput = z.object({
  edits: z
    .array(z.object({ file: z.string().min(1), range: EditRangeSchema, new_text: z.string() }))
    .min(1)
    .describe('Plain text edits (1-based lines and columns), e.g. fix-its from diagnostics.'),
  ...ApplyInput,
});

export async function editFiles(input: z.output<typeof EditFilesInput>, ctx: FeatureContext): Promise<EditResult> {
  const edits: TextEdit[] = input.edits.map((e) => ({ ...e, file: ctx.workspace.resolve(e.file, { mustExist: true, kind: 'file' }).absolute }));
  if (!edits.length) throw new DocentError('E_BAD_INPUT', 'No edits given.');
  return finishEdit(`edit_files (${edits.length} edit(s))`, { edits }, input, ctx);
}

export { EditResultSchema, renderEdit };
