import { z } from 'zod';
import type { FormattingOptions } from 'vscode-languageserver-protocol';
import { externalFormatterFor } from '../../core/edit/external-formatter.js';
import { fromLsp, type ChangeSet } from '../../core/edit/model.js';
import { lineEdits } from '../../core/edit/text-diff.js';
import { DocentError } from '../../core/errors.js';
import type { LanguageServer } from '../../core/lsp/language-server.js';
import { LspManager } from '../../core/lsp/manager.js';
import { formatting, openAll } from '../../core/lsp/refactor.js';
import { Vfs } from '../../core/vfs/vfs.js';
import { onSessionView } from '../../core/lsp/session-view.js';
import type { FeatureContext } from '../context.js';
import { ApplyInput, EditRangeSchema, EditResultShape, finishEdit, renderEdit } from './edit-result.js';

/**
 * format_document: the file's language server formats it (clangd with the project's
 * .clang-format, the TypeScript server), or, where the server does not format (pyright), the
 * language's standard formatter when installed (black, gofmt, rustfmt). The result is an edit
 * like any other; an already formatted file gives no edits.
 */

export const FormatDocumentInput = z.object({
  file: z.string().min(1).describe('The file to format (relative to the workspace root).'),
  range: EditRangeSchema.optional().describe('Only this range (1-based lines and columns); servers that format ranges only.'),
  ...ApplyInput,
});

export const FormatDocumentOutput = z.object({
  ...EditResultShape,
  formatter: z.string().describe('Who formatted: the server id (clangd, typescript) or the program (black, gofmt, rustfmt).'),
});
export type FormatDocumentResult = z.output<typeof FormatDocumentOutput>;

/** Servers known not to format: asking them would only start them for nothing. */
const NO_FORMATTING = new Set(['pyright', 'basedpyright']);

/** Runs on the caller's session view, so names and text read deep inside come from its overlays as the server's do. */
export const formatDocument = onSessionView(formatDocumentOnView);

async function formatDocumentOnView(input: z.output<typeof FormatDocumentInput>, ctx: FeatureContext): Promise<FormatDocumentResult> {
  const resolved = ctx.workspace.resolve(input.file, { mustExist: true, kind: 'file' });
  const file = resolved.absolute;
  const text = Vfs.from(ctx.services).read(file, ctx.session.id).text;
  const warnings: string[] = [];
  let formatter = '';
  let change: ChangeSet | undefined;

  const external = externalFormatterFor(file);
  let server: LanguageServer | undefined;
  try {
    server = LspManager.from(ctx).forFile(file, ctx.workspace);
  } catch (err) {
    if (!external) throw err;
  }
  if (server && !(external && NO_FORMATTING.has(server.spec.id))) {
    try {
      await server.ready({ anchor: file, signal: ctx.signal });
      await openAll(server, [file], ctx.signal, ctx.session.id);
      const caps = (await server.connection(ctx.signal)).capabilities;
      const can = input.range ? caps.documentRangeFormattingProvider : caps.documentFormattingProvider;
      if (can) {
        const range = input.range ? { start: { line: input.range.start.line - 1, character: input.range.start.column - 1 }, end: { line: input.range.end.line - 1, character: input.range.end.column - 1 } } : undefined;
        const edits = (await formatting(server, file, formattingOptions(file, text), range, { signal: ctx.signal, session: ctx.session.id })) ?? [];
        change = { edits: edits.map((e) => ({ file, range: { start: fromLsp(e.range.start), end: fromLsp(e.range.end) }, new_text: e.newText })), clampColumns: true };
        formatter = server.spec.id;
      } else if (!external) {
        throw new DocentError('E_UNAVAILABLE', `${server.spec.id} does not format${input.range ? ' ranges' : ''}, and docent knows no standard formatter for ${resolved.relative}.`, 'Format with the project\'s own tool.');
      }
    } catch (err) {
      if (!external || (err as DocentError).code === 'E_CANCELLED') throw err;
      warnings.push(`${server.spec.id} could not format (${(err as Error).message}); used ${external.name}.`);
    }
  }
  if (!change) {
    if (!external) throw new DocentError('E_UNAVAILABLE', `No formatter for ${resolved.relative}.`, 'Format with the project\'s own tool.');
    if (input.range) throw new DocentError('E_BAD_INPUT', `${external.name} formats whole files only; leave out range.`);
    const after = await external.format(file, text, { cwd: resolved.root, signal: ctx.signal });
    change = { edits: lineEdits(file, text, after) };
    formatter = external.name;
  }
  const result = await finishEdit(`format_document ${resolved.relative} (${formatter})`, change, input, ctx, warnings);
  return { ...result, formatter };
}

/** Indentation as the file already has it (tabs, or the smallest indent), for servers that ask. */
export function formattingOptions(file: string, text: string): FormattingOptions {
  const indents = text
    .split('\n')
    .map((l) => /^[ \t]+(?=\S)/.exec(l)?.[0])
    .filter((s): s is string => Boolean(s));
  const tabs = indents.filter((s) => s.startsWith('\t')).length;
  const spaces = indents.filter((s) => s.startsWith(' ')).map((s) => s.length);
  const web = /\.(m|c)?[jt]sx?$/.test(file);
  const tabSize = spaces.length ? Math.max(2, Math.min(8, Math.min(...spaces))) : web ? 2 : 4;
  return { tabSize, insertSpaces: tabs <= spaces.length, trimTrailingWhitespace: true, insertFinalNewline: true, trimFinalNewlines: true };
}

export function renderFormat(r: FormatDocumentResult): string {
  return renderEdit(r, r.counts.files ? `formatted by ${r.formatter}` : `already formatted (${r.formatter}): no edits`);
}
