import { z } from 'zod';
import { FixStore } from '../../core/edit/fix-store.js';
import { DocentError } from '../../core/errors.js';
import { Vfs } from '../../core/vfs/vfs.js';
import type { FeatureContext } from '../context.js';
import { ApplyInput, finishEdit, type EditResult } from './edit-result.js';

/**
 * apply_fix: a fix-it `diagnostics` offered (by its fix_id) goes through the same edit applier
 * as every refactoring: a preview with an edit_id by default, `apply: true` to write (needs
 * --allow-writes), or `target: "overlay"` to try it in this session's view first. A fix is
 * bound to the views it was computed on: if a file changed since, it is refused, not guessed.
 */

export const ApplyFixInput = z.object({
  fix_id: z.string().min(1).describe('A fix_id from a diagnostics answer of this session.'),
  ...ApplyInput,
});

export async function applyFix(input: z.output<typeof ApplyFixInput>, ctx: FeatureContext): Promise<EditResult> {
  const fix = FixStore.from(ctx.services).get(ctx.session.id, input.fix_id);
  if (!fix) throw new DocentError('E_NOT_FOUND', `No fix ${input.fix_id} in this session.`, 'Fix ids come from this session\'s diagnostics answers; run diagnostics again.');
  const vfs = Vfs.from(ctx.services);
  for (const [file, hash] of fix.hashes) {
    if (vfs.read(file, ctx.session.id).hash !== hash) {
      throw new DocentError('E_CONFLICT', `${ctx.workspace.display(file)} changed since diagnostics offered "${fix.title}".`, 'Run diagnostics again and apply the fresh fix_id.');
    }
  }
  return finishEdit(`apply_fix ${fix.title}`, { edits: fix.edits }, input, ctx);
}
