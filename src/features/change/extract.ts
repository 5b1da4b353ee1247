import { z } from 'zod';
import type { CodeAction, Command } from 'vscode-languageserver-protocol';
import { languageOf } from '../../core/extract/languages.js';
import type { ChangeSet } from '../../core/edit/model.js';
import { lineEdits } from '../../core/edit/text-diff.js';
import { DocentError } from '../../core/errors.js';
import { LspManager } from '../../core/lsp/manager.js';
import { lineStarts, positionAt } from '../../core/lsp/positions.js';
import { actionEdit, codeActions, openAll } from '../../core/lsp/refactor.js';
import { fromWorkspaceEdit } from '../../core/lsp/workspace-edit.js';
import { Vfs } from '../../core/vfs/vfs.js';
import { onSessionView } from '../../core/lsp/session-view.js';
import type { FeatureContext } from '../context.js';
import { ApplyInput, EditResultShape, finishEdit, renderEdit } from './edit-result.js';
import { formattingOptions } from './format.js';
import { extractPythonFunction } from './python-extract.js';

/**
 * extract_function: the server's "extract to function" refactoring (tsserver, clangd,
 * rust-analyzer), whose generated name (newFunction, extracted) is replaced by the one asked
 * for; for Python, which pyright cannot extract, docent's own extraction (python-extract.ts).
 */

const LinePos = z.object({ line: z.number().int().min(1), column: z.number().int().min(1).optional().describe('1-based; omitted: the line\'s first non-blank character (start) or its end (end).') });

export const ExtractFunctionInput = z.object({
  file: z.string().min(1),
  range: z.object({ start: LinePos, end: LinePos }).optional().describe('The statements to extract (1-based, end inclusive).'),
  anchor: z.string().min(1).optional().describe('Instead of range: the exact text to extract, which must occur once in the file.'),
  name: z.string().regex(/^[\p{L}_$][\p{L}\p{N}_$]*$/u, 'an identifier').describe('Name of the new function.'),
  ...ApplyInput,
});

export const ExtractFunctionOutput = z.object({
  ...EditResultShape,
  name: z.string(),
  via: z.string().describe('Who extracted: the server\'s code action (its title), or "docent" (Python).'),
  params: z.array(z.string()).describe('Parameters of the new function (docent\'s extraction; empty when the server extracted).'),
  returns: z.array(z.string()).describe('Values it returns (docent\'s extraction).'),
});
export type ExtractFunctionResult = z.output<typeof ExtractFunctionOutput>;

/** The names servers give an extracted function before it is renamed. */
const GENERATED = /\b(newFunction(?:_\d+)?|extracted)\b/;

/** Runs on the caller's session view, so names and text read deep inside come from its overlays as the server's do. */
export const extractFunction = onSessionView(extractFunctionOnView);

async function extractFunctionOnView(input: z.output<typeof ExtractFunctionInput>, ctx: FeatureContext): Promise<ExtractFunctionResult> {
  const resolved = ctx.workspace.resolve(input.file, { mustExist: true, kind: 'file' });
  const file = resolved.absolute;
  const text = Vfs.from(ctx.services).read(file, ctx.session.id).text;
  const [start, end] = selection(text, input);
  if (new RegExp(`(^|[^\\p{L}\\p{N}_$])${input.name}(?![\\p{L}\\p{N}_$])`, 'u').test(text)) {
    throw new DocentError('E_BAD_INPUT', `${input.name} is already used in ${resolved.relative}.`, 'Choose a name the file does not use yet.');
  }
  let change: ChangeSet;
  let via: string;
  let params: string[] = [];
  let returns: string[] = [];
  if (languageOf(file) === 'python') {
    const r = await extractPythonFunction(text, start, end, input.name);
    change = { edits: lineEdits(file, text, r.text) };
    via = 'docent';
    params = r.params;
    returns = r.returns;
  } else {
    const server = LspManager.from(ctx).forFile(file, ctx.workspace);
    await server.ready({ anchor: file, signal: ctx.signal });
    await openAll(server, [file], ctx.signal, ctx.session.id);
    const starts = lineStarts(text);
    const range = { start: positionAt(text, start, starts), end: positionAt(text, end, starts) };
    const actions = ((await codeActions(server, file, range, ['refactor'], { signal: ctx.signal, session: ctx.session.id })) ?? []) as Array<CodeAction | Command>;
    const candidates = actions.filter((a) => /extract/i.test(a.title) && /function|method/i.test(a.title) && !/constant|variable|type|interface/i.test(a.title));
    // tsserver offers one per scope: the module scope, like docent's Python extraction.
    const action = candidates.find((a) => /module scope|global scope/i.test(a.title)) ?? candidates[0];
    if (!action) {
      const titles = actions.map((a) => a.title);
      throw new DocentError('E_UNAVAILABLE', `${server.spec.id} offers no extract-function refactoring for this range${titles.length ? ` (it offers: ${titles.slice(0, 8).join('; ')})` : ''}.`, 'Select whole statements inside one function body.');
    }
    const warnings: string[] = [];
    const edit = await actionEdit(server, action, { signal: ctx.signal, session: ctx.session.id }, file);
    change = fromWorkspaceEdit(edit, warnings);
    if (!change.edits.length) throw new DocentError('E_UNAVAILABLE', `${server.spec.id}'s "${action.title}" produced no edit.`);
    const generated = change.edits.map((e) => GENERATED.exec(e.new_text)?.[1]).find(Boolean);
    if (generated) {
      const re = new RegExp(`\\b${generated}\\b`, 'g');
      change = { ...change, edits: change.edits.map((e) => ({ ...e, new_text: e.new_text.replace(re, input.name) })) };
    }
    // tsserver indents what it generates by 4 (it asks no formatting options for refactorings):
    // re-indent to the file's own unit.
    if (server.spec.id === 'typescript') {
      const unit = formattingOptions(file, text);
      if (unit.insertSpaces && unit.tabSize !== 4) change = { ...change, edits: change.edits.map((e) => ({ ...e, new_text: reindentUnit(e.new_text, 4, unit.tabSize) })) };
    }
    via = action.title;
  }
  const result = await finishEdit(`extract_function ${input.name} (${resolved.relative})`, change, input, ctx);
  return { ...result, name: input.name, via, params, returns };
}

/** Offsets of the text to extract: an anchor's span, or the range (whole lines when columns are omitted). */
function selection(text: string, input: z.output<typeof ExtractFunctionInput>): [number, number] {
  if (input.anchor !== undefined) {
    const at = text.indexOf(input.anchor);
    if (at < 0) throw new DocentError('E_NOT_FOUND', 'The anchor text does not occur in the file.', 'Copy it exactly, whitespace included, or pass range.');
    if (text.indexOf(input.anchor, at + 1) >= 0) throw new DocentError('E_BAD_INPUT', 'The anchor text occurs more than once in the file.', 'Make it longer, or pass range.');
    return [at, at + input.anchor.length];
  }
  if (!input.range) throw new DocentError('E_BAD_INPUT', 'Pass range or anchor.', 'For example {"range": {"start": {"line": 3}, "end": {"line": 5}}}.');
  const starts = lineStarts(text);
  const lineText = (l: number) => {
    if (l < 1 || l > starts.length) throw new DocentError('E_BAD_INPUT', `Line ${l} is outside the file (${starts.length} lines).`);
    const s = starts[l - 1]!;
    const e = l < starts.length ? starts[l]! : text.length;
    return { s, body: text.slice(s, e).replace(/\r?\n$/, '') };
  };
  const a = lineText(input.range.start.line);
  const b = lineText(input.range.end.line);
  const start = a.s + (input.range.start.column !== undefined ? input.range.start.column - 1 : a.body.length - a.body.trimStart().length);
  const end = b.s + (input.range.end.column !== undefined ? input.range.end.column - 1 : b.body.trimEnd().length);
  if (end <= start) throw new DocentError('E_BAD_INPUT', 'The range is empty or ends before it starts.');
  return [start, end];
}

/** Leading indentation counted in units of `from` spaces, rewritten in units of `to`. */
function reindentUnit(text: string, from: number, to: number): string {
  return text.replace(/^( +)/gm, (sp) => (sp.length % from === 0 ? ' '.repeat((sp.length / from) * to) : sp));
}

export function renderExtract(r: ExtractFunctionResult): string {
  const sig = r.via === 'docent' ? `${r.name}(${r.params.join(', ')})${r.returns.length ? ` -> ${r.returns.join(', ')}` : ''}` : r.name;
  return renderEdit(r, `extract ${sig} via ${r.via}`);
}
