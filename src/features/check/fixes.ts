import type { CodeAction, TextEdit } from 'vscode-languageserver-protocol';
import { FixStore } from '../../core/edit/fix-store.js';
import { uriToPath } from '../../core/lsp/positions.js';
import type { Vfs } from '../../core/vfs/index.js';
import type { FeatureContext } from '../context.js';
import { confidenceOf } from './codes.js';
import type { FixT } from './schema.js';
import { applyRangeEdits, fromLspRange, unifiedDiff } from './text-edits.js';

/**
 * A server's quick-fix code action as a docent fix: plain edits on the session's view, a
 * unified diff against it, and a confidence. Actions that only run a server command (no edit)
 * are left out: docent applies edits itself, through its edit applier, never the server.
 */
export function toFix(action: CodeAction, vfs: Vfs, ctx: FeatureContext): FixT | undefined {
  const byFile = new Map<string, TextEdit[]>();
  const add = (uri: string, edits: TextEdit[]) => {
    const file = uriToPath(uri);
    if (!file || !edits.length) return;
    byFile.set(file, [...(byFile.get(file) ?? []), ...edits]);
  };
  const edit = action.edit;
  if (!edit) return undefined;
  for (const [uri, edits] of Object.entries(edit.changes ?? {})) add(uri, edits);
  for (const dc of edit.documentChanges ?? []) {
    // File creations, renames and deletions are not plain text edits: such a fix is not offered.
    if (!('textDocument' in dc)) return undefined;
    add(dc.textDocument.uri, dc.edits.filter((e): e is TextEdit => 'range' in e && 'newText' in e));
  }
  if (!byFile.size) return undefined;
  const edits: FixT['edits'] = [];
  const absolute: Array<FixT['edits'][number]> = [];
  const hashes = new Map<string, string>();
  const diffs: string[] = [];
  for (const [file, list] of byFile) {
    const display = ctx.workspace.display(file);
    const plain = list.map((e) => ({ file: display, range: fromLspRange(e.range), new_text: e.newText }));
    edits.push(...plain);
    absolute.push(...plain.map((e) => ({ ...e, file })));
    const view = vfs.read(file, ctx.session.id);
    hashes.set(file, view.hash);
    const before = view.text;
    try {
      diffs.push(unifiedDiff(display, before, applyRangeEdits(before, plain)));
    } catch {
      return undefined; // edits that do not fit the current view: stale, not offered
    }
  }
  return {
    // apply_fix {fix_id} hands the edits to the edit applier (fix-store.ts).
    fix_id: FixStore.from(ctx.services).remember(ctx.session, { title: action.title, edits: absolute, hashes }),
    title: action.title,
    confidence: confidenceOf(action, edits.length, byFile.size, edits.map((e) => e.new_text)),
    is_preferred: action.isPreferred === true,
    edits,
    diff: diffs.join(''),
  };
}
