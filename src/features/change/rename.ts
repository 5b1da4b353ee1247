import { z } from 'zod';
import type { Position, Range } from 'vscode-languageserver-protocol';
import { DocentError } from '../../core/errors.js';
import { linePreview } from '../../core/lsp/file-text.js';
import { comparePos, toFileRanges } from '../../core/lsp/navigation.js';
import { openAll, prepareRename, rename } from '../../core/lsp/refactor.js';
import { fromWorkspaceEdit } from '../../core/lsp/workspace-edit.js';
import { onSessionView } from '../../core/lsp/session-view.js';
import type { FeatureContext } from '../context.js';
import { identifierAt } from '../navigation/sites.js';
import { resolveTarget } from '../navigation/target.js';
import { findCollision, type Collision } from './collision.js';
import { ApplyInput, EditResultShape, finishEdit, renderEdit } from './edit-result.js';

/**
 * rename_symbol: the server's prepareRename and rename, with every file the symbol is used in
 * opened first, the answer checked against find_references (a mismatch is reported), and a
 * rename that changes nothing or collides with a name already in scope refused.
 */

const IDENTIFIER = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;

export const RenameSymbolInput = z.object({
  symbol: z.string().min(1).max(500).optional().describe('The symbol\'s name ("formatUser", "Greeter.greet", "geo::Circle::area"); or give a position with file, line and column.'),
  file: z.string().min(1).optional().describe('With symbol: a file that defines or uses it (picks which one). With line and column: the position\'s file.'),
  line: z.number().int().min(1).optional().describe('1-based line of a position on the symbol.'),
  column: z.number().int().min(1).optional().describe('1-based column of a position on the symbol.'),
  new_name: z.string().min(1).max(500).describe('The new identifier.'),
  ...ApplyInput,
});

const Occurrence = z.object({ file: z.string(), line: z.number().int(), column: z.number().int() });
export const RenameSymbolOutput = z.object({
  ...EditResultShape,
  old_name: z.string(),
  new_name: z.string(),
  occurrences: z.array(Occurrence.extend({ line_preview: z.string() })).describe('Every place renamed (before the change).'),
  reference_check: z
    .object({
      references: z.number().int().describe('What find_references reports (declaration included).'),
      renamed: z.number().int().describe('Occurrences the rename changes.'),
      missing: z.array(Occurrence).describe('References the rename leaves alone.'),
      extra: z.array(Occurrence).describe('Places renamed that find_references does not report (imports, re-exports, comments some servers rename).'),
      consistent: z.boolean(),
    })
    .describe('The rename compared with find_references: a mismatch is reported, never hidden.'),
});
export type RenameSymbolResult = z.output<typeof RenameSymbolOutput>;

/** Runs on the caller's session view, so names and text read deep inside come from its overlays as the server's do. */
export const renameSymbol = onSessionView(renameSymbolOnView);

async function renameSymbolOnView(input: z.output<typeof RenameSymbolInput>, ctx: FeatureContext): Promise<RenameSymbolResult> {
  if (!IDENTIFIER.test(input.new_name)) throw new DocentError('E_BAD_INPUT', `"${input.new_name}" is not an identifier.`, 'Pass the bare new name, e.g. "formatPerson".');
  const byPosition = input.line !== undefined || input.column !== undefined;
  if (byPosition && (input.file === undefined || input.line === undefined || input.column === undefined)) {
    throw new DocentError('E_BAD_INPUT', 'A position needs file, line and column (1-based).', 'Or pass symbol (with file to pick one) instead of a position.');
  }
  if (byPosition && input.symbol !== undefined) throw new DocentError('E_BAD_INPUT', 'Pass either symbol or a position (file, line, column), not both.');
  if (!byPosition && input.symbol === undefined) throw new DocentError('E_BAD_INPUT', 'Pass symbol or a position (file, line, column).', 'For example {"symbol": "formatUser", "new_name": "formatPerson"}.');
  const t = await resolveTarget(byPosition ? { file: input.file, line: input.line, character: input.column } : { symbol_name: input.symbol, file_path: input.file }, ctx);
  const { server, site } = t;
  const oldName = identifierAt(site.file, site.position) ?? t.symbol?.split(/::|\./).pop() ?? '';
  if (!oldName) throw new DocentError('E_BAD_INPUT', `No identifier at ${ctx.workspace.display(site.file)}:${site.position.line + 1}:${site.position.character + 1}.`, 'Put the position on the name to rename.');
  if (oldName === input.new_name) throw new DocentError('E_BAD_INPUT', `The symbol is already called ${oldName}: the rename would change nothing.`, 'Pass a different new_name.');
  const warnings = [...t.warnings];
  const opts = { signal: ctx.signal, session: ctx.session.id };

  // Every file the symbol is used in is opened first, so the server renames from current text.
  const refs = toFileRanges(await server.references(site.file, site.position, true, opts)).filter((r): r is typeof r & { file: string } => Boolean(r.file));
  // A server keeps a bounded number of documents open (closing one re-plans its project, so
  // opening more than it keeps makes every later request slow): the files with the most
  // occurrences are opened, up to that bound, and the file asked about last, since servers
  // answer prepareRename/rename only on an open document. The rest the server reads from disk.
  const perFile = new Map<string, number>();
  for (const r of refs) if (r.file !== site.file) perFile.set(r.file, (perFile.get(r.file) ?? 0) + 1);
  const budget = Math.max(0, (server.spec.maxOpenDocuments ?? 32) - 2);
  const opened = [...perFile].sort((a, b) => b[1] - a[1]).slice(0, budget).map(([f]) => f);
  await openAll(server, [...opened.reverse(), site.file], ctx.signal, ctx.session.id);
  if (perFile.size > opened.length) warnings.push(`${perFile.size - opened.length} of the ${perFile.size + 1} affected files were not opened in ${server.spec.id} (it keeps ${budget + 2} open); it reads them from disk.`);

  const caps = (await server.connection(ctx.signal)).capabilities;
  if (!caps.renameProvider) throw new DocentError('E_UNAVAILABLE', `${server.spec.id} does not support rename.`, 'Use a server that supports textDocument/rename.');
  let position = site.position;
  if (typeof caps.renameProvider === 'object' && caps.renameProvider.prepareProvider) {
    const prep = await prepareRename(server, site.file, position, opts).catch((err: DocentError) => {
      throw new DocentError('E_BAD_INPUT', `${oldName} cannot be renamed: ${err.message.replace(/^.*?failed textDocument\/prepareRename: /, '')}`, 'A symbol from a library, a keyword or a built-in cannot be renamed.');
    });
    if (!prep) throw new DocentError('E_BAD_INPUT', `${server.spec.id} says ${oldName} cannot be renamed at ${ctx.workspace.display(site.file)}:${position.line + 1}.`, 'A symbol from a library, a keyword or a built-in cannot be renamed.');
    const range = 'range' in prep ? prep.range : 'start' in prep ? (prep as Range) : undefined;
    if (range) position = range.start;
  }

  const collision = await findCollision(server, site.file, position, input.new_name, refs, ctx);
  if (collision) throw collisionError(oldName, input.new_name, collision, ctx);

  await openAll(server, [site.file], ctx.signal, ctx.session.id);
  const we = await rename(server, site.file, position, input.new_name, opts).catch((err: DocentError) => {
    if (err.code === 'E_UNAVAILABLE' && /conflict|already|collid|exists/i.test(err.message)) {
      throw new DocentError('E_BAD_INPUT', `Renaming ${oldName} to ${input.new_name} collides with an existing name: ${err.message.replace(/^.*?failed textDocument\/rename: /, '')}`, 'Choose another name.');
    }
    throw err;
  });
  const change = fromWorkspaceEdit(we, warnings);
  if (!change.edits.length && !change.resources?.length) {
    throw new DocentError('E_BAD_INPUT', `${server.spec.id} found nothing to rename for ${oldName}.`, 'Check that the position is on the symbol, and that the server has loaded the project.');
  }

  const occurrences = change.edits
    .map((e) => ({ file: e.file, line: e.range.start.line, column: e.range.start.column }))
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  const covered = (file: string, p: Position) =>
    change.edits.some((e) => e.file === file && comparePos({ line: e.range.start.line - 1, character: e.range.start.column - 1 }, p) <= 0 && comparePos(p, { line: e.range.end.line - 1, character: e.range.end.column - 1 }) < 0);
  const uniqueRefs = refs.filter((r, i) => refs.findIndex((o) => o.file === r.file && comparePos(o.range.start, r.range.start) === 0) === i);
  const missing = uniqueRefs.filter((r) => !covered(r.file, r.range.start)).map((r) => ({ file: r.file, line: r.range.start.line + 1, column: r.range.start.character + 1 }));
  const extra = occurrences.filter((o) => !uniqueRefs.some((r) => r.file === o.file && r.range.start.line + 1 === o.line && r.range.start.character + 1 <= o.column && o.column <= r.range.end.character + 1));
  const show = (o: { file: string; line: number; column: number }) => ({ ...o, file: ctx.workspace.display(o.file) });
  if (missing.length) warnings.push(`find_references reports ${missing.length} place(s) the rename does not change: ${missing.slice(0, 5).map((m) => `${ctx.workspace.display(m.file)}:${m.line}:${m.column}`).join(', ')}${missing.length > 5 ? ', …' : ''}.`);
  if (extra.length) warnings.push(`The rename changes ${extra.length} place(s) find_references does not report: ${extra.slice(0, 5).map((m) => `${ctx.workspace.display(m.file)}:${m.line}:${m.column}`).join(', ')}${extra.length > 5 ? ', …' : ''}.`);

  const result = await finishEdit(`rename_symbol ${oldName} -> ${input.new_name}`, change, input, ctx, warnings);
  if (result.counts.files === 0) throw new DocentError('E_BAD_INPUT', `Renaming ${oldName} to ${input.new_name} would change nothing.`, 'Check the position and the new name.');
  return {
    ...result,
    old_name: oldName,
    new_name: input.new_name,
    occurrences: occurrences.map((o) => ({ ...show(o), line_preview: linePreview(o.file, o.line - 1) })),
    reference_check: { references: uniqueRefs.length, renamed: occurrences.length, missing: missing.map(show), extra: extra.map(show), consistent: !missing.length && !extra.length },
  };
}

function collisionError(oldName: string, newName: string, c: Collision, ctx: FeatureContext): DocentError {
  return new DocentError(
    'E_BAD_INPUT',
    `Renaming ${oldName} to ${newName} collides with an existing name: ${c.kind} ${c.qualifiedName} at ${ctx.workspace.display(c.file)}:${c.line} is already in scope${c.at ? ` at ${ctx.workspace.display(c.at.file)}:${c.at.line}` : ''}.`,
    'Choose another name, or rename the other symbol first.',
    { collision: { ...c, file: ctx.workspace.display(c.file) } },
  );
}

export function renderRename(r: RenameSymbolResult): string {
  const head = `rename ${r.old_name} -> ${r.new_name}: ${r.occurrences.length} occurrence(s) in ${new Set(r.occurrences.map((o) => o.file)).size} file(s); find_references ${r.reference_check.consistent ? 'agrees' : 'DISAGREES'} (${r.reference_check.references} reference(s))`;
  return renderEdit(r, head);
}

