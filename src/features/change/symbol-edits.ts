import { z } from 'zod';
import type { Position } from 'vscode-languageserver-protocol';
import { lineEnding, positionOf, type TextEdit } from '../../core/edit/model.js';
import { declarationRange, lineEndIfBlankAfter, lineStartIfBlankBefore, reindent, type SymbolRange } from '../../core/edit/symbol-range.js';
import { DocentError } from '../../core/errors.js';
import type { LanguageServer } from '../../core/lsp/language-server.js';
import { toFileRanges } from '../../core/lsp/navigation.js';
import { lineStarts, offsetAt } from '../../core/lsp/positions.js';
import { Vfs } from '../../core/vfs/vfs.js';
import type { FeatureContext } from '../context.js';
import { nameIn } from '../navigation/sites.js';
import { resolveTarget } from '../navigation/target.js';
import { ApplyInput, EditRangeSchema, EditResultShape, finishEdit, renderEdit } from './edit-result.js';

/**
 * replace_symbol_body, insert_before_symbol, insert_after_symbol and delete_symbol: edits
 * addressed by a symbol's name, on the range the syntax tree gives (see symbol-range.ts), with
 * inserted text indented like the symbol.
 */

const SymbolShape = {
  symbol: z.string().min(1).max(500).describe('The symbol\'s name: "formatUser", "Cart.total", "geo::Circle::area".'),
  file: z.string().min(1).optional().describe('The file whose declaration to edit (else where go-to-definition leads).'),
};

export const ReplaceSymbolBodyInput = z.object({
  ...SymbolShape,
  new_body: z.string().describe('The new definition. Starting with decorators, attributes or a doc comment, it replaces those too; otherwise they are kept. Indentation is adjusted to the symbol\'s.'),
  ...ApplyInput,
});
export const InsertSymbolTextInput = z.object({ ...SymbolShape, text: z.string().min(1).describe('Text to insert, indented like the symbol.'), ...ApplyInput });
export const DeleteSymbolInput = z.object({ ...SymbolShape, force: z.boolean().default(false).describe('Delete even while references remain.'), ...ApplyInput });

export const SymbolEditOutput = z.object({
  ...EditResultShape,
  symbol: z.object({ file: z.string(), kind: z.string().describe('The syntax node edited (e.g. decorated_definition, field_declaration).'), range: EditRangeSchema.describe('The symbol with its doc comment, decorators/attributes and trailing comma or semicolon.') }),
  references: z.array(z.object({ file: z.string(), line: z.number().int(), column: z.number().int() })).describe('delete_symbol: references that remain.'),
});
export type SymbolEditResult = z.output<typeof SymbolEditOutput>;

interface Located {
  /** Resolution warnings (an ambiguous name answered for its best match). */
  warnings: string[];
  file: string;
  text: string;
  range: SymbolRange;
  server: LanguageServer;
  name: Position;
}

async function locate(input: { symbol: string; file?: string }, ctx: FeatureContext): Promise<Located> {
  const t = await resolveTarget({ symbol_name: input.symbol, file_path: input.file }, ctx);
  const bare = input.symbol.split(/::|\./).pop()!;
  let file = t.site.file;
  let name = t.site.position;
  if (t.via !== 'document_symbols') {
    const def = toFileRanges(await t.server.definition(t.site.file, t.site.position, { signal: ctx.signal, session: ctx.session.id }).catch(() => null)).find((r) => r.file);
    if (def?.file) {
      file = def.file;
      name = nameIn(def.file, def.range, bare) ?? def.range.start;
    }
  }
  const text = Vfs.from(ctx.services).read(file, ctx.session.id).text;
  const range = await declarationRange(file, text, offsetAt(text, name), bare);
  if (!range) throw new DocentError('E_NOT_FOUND', `No declaration of ${input.symbol} found at ${ctx.workspace.display(file)}:${name.line + 1}.`, 'docent edits symbols of languages it has a grammar for; pass file to pick the declaration.');
  return { warnings: t.warnings, file, text, range, server: t.server, name };
}

function edit(file: string, text: string, start: number, end: number, newText: string): TextEdit {
  const starts = lineStarts(text);
  return { file, range: { start: positionOf(starts, start), end: positionOf(starts, end) }, new_text: newText };
}

function symbolOut(l: Located, ctx: FeatureContext) {
  const starts = lineStarts(l.text);
  return { file: ctx.workspace.display(l.file), kind: l.range.type, range: { start: positionOf(starts, l.range.start), end: positionOf(starts, l.range.end) } };
}

/**
 * Where new text replaces from: it brings its own doc comment (from the comment on), its own
 * decorators or attributes (from those on, the doc comment kept), or neither (both kept).
 */
function replaceFrom(body: string, r: SymbolRange): number {
  if (/^\s*(\/\/|\/\*|#(?!\[|include|define|if))/.test(body)) return r.start;
  if (/^\s*(@|#\[|\[\[|__attribute__)/.test(body)) return r.attrStart;
  return r.coreStart;
}

export async function replaceSymbolBody(input: z.output<typeof ReplaceSymbolBodyInput>, ctx: FeatureContext): Promise<SymbolEditResult> {
  const l = await locate(input, ctx);
  const start = replaceFrom(input.new_body, l.range);
  const body = reindent(input.new_body.replace(/\s+$/, ''), l.range.indent);
  const result = await finishEdit(`replace_symbol_body ${input.symbol}`, { edits: [edit(l.file, l.text, start, l.range.end, body)] }, input, ctx, l.warnings);
  return { ...result, symbol: symbolOut(l, ctx), references: [] };
}

export async function insertBeforeSymbol(input: z.output<typeof InsertSymbolTextInput>, ctx: FeatureContext): Promise<SymbolEditResult> {
  const l = await locate(input, ctx);
  const eol = lineEnding(l.text);
  const at = lineStartIfBlankBefore(l.text, l.range.start);
  const block = reindent(input.text.replace(/\s+$/, ''), l.range.indent, true);
  const newText = at === l.range.start ? `${block.trimStart()}${eol}${l.range.indent}` : `${block}${eol}`;
  const result = await finishEdit(`insert_before_symbol ${input.symbol}`, { edits: [edit(l.file, l.text, at, at, newText)] }, input, ctx, l.warnings);
  return { ...result, symbol: symbolOut(l, ctx), references: [] };
}

export async function insertAfterSymbol(input: z.output<typeof InsertSymbolTextInput>, ctx: FeatureContext): Promise<SymbolEditResult> {
  const l = await locate(input, ctx);
  const eol = lineEnding(l.text);
  const at = lineEndIfBlankAfter(l.text, l.range.end);
  const block = reindent(input.text.replace(/\s+$/, ''), l.range.indent, true);
  const atLineStart = at > 0 && l.text[at - 1] === '\n';
  const newText = atLineStart ? `${block}${eol}` : `${eol}${block}${at === l.text.length ? '' : eol}`;
  const result = await finishEdit(`insert_after_symbol ${input.symbol}`, { edits: [edit(l.file, l.text, at, at, newText)] }, input, ctx, l.warnings);
  return { ...result, symbol: symbolOut(l, ctx), references: [] };
}

export async function deleteSymbol(input: z.output<typeof DeleteSymbolInput>, ctx: FeatureContext): Promise<SymbolEditResult> {
  const l = await locate(input, ctx);
  const starts = lineStarts(l.text);
  const inside = (file: string, p: Position) => {
    if (file !== l.file) return false;
    const o = offsetAt(l.text, p, starts);
    return o >= l.range.start && o <= l.range.end;
  };
  const refs = toFileRanges(await l.server.references(l.file, l.name, false, { signal: ctx.signal, session: ctx.session.id }).catch(() => null))
    .filter((r): r is typeof r & { file: string } => Boolean(r.file) && !inside(r.file!, r.range.start))
    .map((r) => ({ file: ctx.workspace.display(r.file), line: r.range.start.line + 1, column: r.range.start.character + 1 }));
  if (refs.length && !input.force) {
    throw new DocentError(
      'E_BAD_INPUT',
      `${input.symbol} still has ${refs.length} reference(s): ${refs.slice(0, 10).map((r) => `${r.file}:${r.line}:${r.column}`).join(', ')}${refs.length > 10 ? ', …' : ''}. Nothing was deleted.`,
      'Remove or change the references first, or pass force: true.',
      { references: refs },
    );
  }
  let start = lineStartIfBlankBefore(l.text, l.range.start);
  let end = lineEndIfBlankAfter(l.text, l.range.end);
  if (start !== l.range.start && end !== l.range.end) {
    // Whole lines go; a blank line left doubled (blank or an opening bracket above, blank below) goes too.
    const before = start >= 2 ? l.text.slice(l.text.lastIndexOf('\n', start - 2) + 1, start) : '';
    const after = lineEndIfBlankAfter(l.text, end);
    const opens = /[{([:]\s*$/.test(before) || !before.trim();
    if (start > 0 && opens && after !== end && !l.text.slice(end, after).trim()) end = after;
  } else {
    start = l.range.start;
    end = l.range.end;
  }
  const result = await finishEdit(`delete_symbol ${input.symbol}`, { edits: [edit(l.file, l.text, start, end, '')] }, input, ctx, [...l.warnings, ...(refs.length ? [`Deleted with ${refs.length} reference(s) remaining (force).`] : [])]);
  return { ...result, symbol: symbolOut(l, ctx), references: refs };
}

export function renderSymbolEdit(r: SymbolEditResult): string {
  const s = r.symbol;
  const head = `${s.kind} ${s.file}:${s.range.start.line}-${s.range.end.line}${r.references.length ? `; ${r.references.length} reference(s) remain` : ''}`;
  return renderEdit(r, head);
}
