import { z } from 'zod';
import { DocentError } from '../../core/errors.js';
import { Vfs, type FileSnapshot } from '../../core/vfs/index.js';
import type { FeatureContext } from '../context.js';
import { applyOffsetEdits, diffStat, DiffStatSchema, rangeOffsets, RangeSchema, type OffsetEdit } from './text-edits.js';

/**
 * overlay_apply, overlay_remove, overlay_list: in-memory content for files, per client
 * session, that every later answer of that session is computed on (diagnostics, navigation,
 * hierarchies), while the disk is never touched and other sessions keep seeing the disk.
 * Overlays are dropped when the session closes.
 */

const FILE = z.string().min(1).describe('The file (relative to the workspace root). It need not exist on disk: an overlay can add a file.');

const OverlayEditSchema = z
  .object({
    range: RangeSchema.optional().describe('What to replace: 1-based lines and columns, end exclusive.'),
    anchor: z.string().min(1).optional().describe('Instead of a range: exact text that occurs exactly once in the current content; it is replaced.'),
    new_text: z.string(),
  })
  .refine((e) => (e.range === undefined) !== (e.anchor === undefined), { message: 'Each edit needs exactly one of range or anchor.' });

export const OverlayApplyInput = z
  .object({
    file: FILE,
    content: z.string().optional().describe('The whole new content.'),
    edits: z.array(OverlayEditSchema).min(1).max(1000).optional().describe('Edits on the current content (the session\'s overlay, else the disk); non-overlapping.'),
  })
  .refine((i) => (i.content === undefined) !== (i.edits === undefined), { message: 'Pass either content or edits.' });

const OverlayInfo = z.object({
  file: z.string(),
  version: z.number().int().describe('The Vfs version of this content (grows with every change; diagnostics name it in computed_on).'),
  hash: z.string().describe('sha256 of the content (what diagnostics\' computed_on and the edit applier are bound to).'),
  diff_stat: DiffStatSchema.describe('Lines added and removed against the disk.'),
});

export const OverlayApplyOutput = OverlayInfo.extend({
  lines: z.number().int().describe('Lines in the overlaid content.'),
  exists_on_disk: z.boolean(),
});
export type OverlayApplyResult = z.output<typeof OverlayApplyOutput>;

export const OverlayRemoveInput = z.object({ file: FILE.optional().describe('The overlay to remove; all of this session\'s when omitted.') });
export const OverlayRemoveOutput = z.object({ removed: z.array(z.string()), remaining: z.number().int() });
export type OverlayRemoveResult = z.output<typeof OverlayRemoveOutput>;

export const OverlayListInput = z.object({});
export const OverlayListOutput = z.object({ overlays: z.array(OverlayInfo) });
export type OverlayListResult = z.output<typeof OverlayListOutput>;

function vfsOf(ctx: FeatureContext): Vfs {
  const vfs = Vfs.from(ctx.services);
  vfs.attachSession(ctx.session);
  return vfs;
}

function info(vfs: Vfs, snap: FileSnapshot, ctx: FeatureContext) {
  const disk = vfs.readDisk(snap.path);
  return { file: ctx.workspace.display(snap.path), version: snap.version, hash: snap.hash, diff_stat: diffStat(disk.text, snap.text) };
}

export async function overlayApply(input: z.output<typeof OverlayApplyInput>, ctx: FeatureContext): Promise<OverlayApplyResult> {
  const file = ctx.workspace.resolve(input.file).absolute;
  const vfs = vfsOf(ctx);
  let text: string;
  if (input.content !== undefined) text = input.content;
  else {
    const cur = vfs.read(file, ctx.session.id);
    if (!cur.exists) throw new DocentError('E_NOT_FOUND', `${input.file} does not exist (on disk or as an overlay), so there is nothing to edit.`, 'Pass content to create it as an overlay.');
    const edits: OffsetEdit[] = input.edits!.map((e, i) => {
      if (e.range) return { ...rangeOffsets(cur.text, e.range), newText: e.new_text };
      const anchor = e.anchor!;
      const first = cur.text.indexOf(anchor);
      const count = first < 0 ? 0 : cur.text.split(anchor).length - 1;
      if (count !== 1) {
        throw new DocentError('E_BAD_INPUT', `Edit ${i + 1}: the anchor occurs ${count} times in ${input.file}; it must occur exactly once.`, count ? 'Make the anchor longer (include a neighbouring line), or pass a range.' : 'Check the text (whitespace counts), or pass a range.');
      }
      return { start: first, end: first + anchor.length, newText: e.new_text };
    });
    text = applyOffsetEdits(cur.text, edits);
  }
  const snap = vfs.setOverlay(ctx.session.id, file, text);
  return { ...info(vfs, snap, ctx), lines: text.length === 0 ? 0 : text.split(/\r\n|\r|\n/).length - (/(\r\n|\r|\n)$/.test(text) ? 1 : 0), exists_on_disk: vfs.readDisk(file).exists };
}

export async function overlayRemove(input: z.output<typeof OverlayRemoveInput>, ctx: FeatureContext): Promise<OverlayRemoveResult> {
  const vfs = vfsOf(ctx);
  const file = input.file === undefined ? undefined : ctx.workspace.resolve(input.file).absolute;
  const removed = vfs.removeOverlay(ctx.session.id, file).map((p) => ctx.workspace.display(p));
  if (file !== undefined && removed.length === 0) {
    throw new DocentError('E_NOT_FOUND', `This session has no overlay of ${input.file}.`, 'overlay_list shows the overlays this session has.');
  }
  return { removed, remaining: vfs.listOverlays(ctx.session.id).length };
}

export async function overlayList(_input: z.output<typeof OverlayListInput>, ctx: FeatureContext): Promise<OverlayListResult> {
  const vfs = vfsOf(ctx);
  return { overlays: vfs.listOverlays(ctx.session.id).map((s) => info(vfs, s, ctx)) };
}

const stat = (d: { lines_added: number; lines_removed: number }) => `+${d.lines_added} -${d.lines_removed}`;

export function renderOverlayApply(r: OverlayApplyResult): string {
  return `overlay ${r.file} v${r.version} (${r.lines} lines, ${stat(r.diff_stat)} against disk${r.exists_on_disk ? '' : ', not on disk'}) hash ${r.hash.slice(0, 12)}`;
}

export function renderOverlayRemove(r: OverlayRemoveResult): string {
  return `${r.removed.length ? `removed ${r.removed.join(', ')}` : 'no overlays to remove'}; ${r.remaining} remaining`;
}

export function renderOverlayList(r: OverlayListResult): string {
  if (!r.overlays.length) return 'no overlays in this session';
  return r.overlays.map((o) => `${o.file} v${o.version} ${stat(o.diff_stat)} ${o.hash.slice(0, 12)}`).join('\n');
}
