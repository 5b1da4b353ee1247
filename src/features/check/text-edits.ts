import { createTwoFilesPatch, diffLines } from 'diff';
import { z } from 'zod';
import { DocentError } from '../../core/errors.js';
import { lineStarts, offsetAt } from '../../core/lsp/positions.js';

/**
 * Plain text edits as every check and change tool speaks them: `{file, range, new_text}` with
 * 1-based lines and columns (columns in UTF-16 code units, as LSP and JavaScript count), end
 * exclusive. The edit applier (src/core/edit/) takes the same shape, so a fix-it from
 * `diagnostics` goes to it unchanged.
 */

export const PositionSchema = z.object({
  line: z.number().int().min(1).describe('1-based line.'),
  column: z.number().int().min(1).describe('1-based column (UTF-16 code units).'),
});
export const RangeSchema = z.object({ start: PositionSchema, end: PositionSchema.describe('Exclusive end.') });
export type RangeT = z.output<typeof RangeSchema>;

export const TextEditSchema = z.object({
  file: z.string().describe('Path relative to its workspace root.'),
  range: RangeSchema,
  new_text: z.string(),
});
export type TextEditT = z.output<typeof TextEditSchema>;

export const DiffStatSchema = z.object({
  lines_added: z.number().int(),
  lines_removed: z.number().int(),
});
export type DiffStat = z.output<typeof DiffStatSchema>;

/** A 1-based range to LSP (0-based) coordinates. */
export function toLspRange(r: RangeT) {
  return { start: { line: r.start.line - 1, character: r.start.column - 1 }, end: { line: r.end.line - 1, character: r.end.column - 1 } };
}

/** An LSP range to 1-based coordinates. */
export function fromLspRange(r: { start: { line: number; character: number }; end: { line: number; character: number } }): RangeT {
  return { start: { line: r.start.line + 1, column: r.start.character + 1 }, end: { line: r.end.line + 1, column: r.end.character + 1 } };
}

export interface OffsetEdit {
  start: number;
  end: number;
  newText: string;
}

/** Offsets of a 1-based range in `text`; E_BAD_INPUT when it lies outside the text. */
export function rangeOffsets(text: string, r: RangeT, starts: number[] = lineStarts(text)): { start: number; end: number } {
  const check = (p: { line: number; column: number }, what: string) => {
    if (p.line > starts.length) throw new RangeInputError(`${what} line ${p.line} is past the end (${starts.length} lines).`);
  };
  check(r.start, 'start');
  check(r.end, 'end');
  const lsp = toLspRange(r);
  const start = offsetAt(text, lsp.start, starts);
  const end = offsetAt(text, lsp.end, starts);
  if (end < start) throw new RangeInputError('The range ends before it starts.');
  return { start, end };
}

class RangeInputError extends DocentError {
  constructor(message: string) {
    super('E_BAD_INPUT', message, 'Lines and columns are 1-based; the end is exclusive.');
  }
}

/** Apply non-overlapping edits (any order) to `text`. */
export function applyOffsetEdits(text: string, edits: OffsetEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.start < sorted[i - 1]!.end) throw new DocentError('E_BAD_INPUT', 'Two edits overlap.', 'Give each edit its own, non-overlapping range.');
  }
  let out = '';
  let at = 0;
  for (const e of sorted) {
    out += text.slice(at, e.start) + e.newText;
    at = e.end;
  }
  return out + text.slice(at);
}

/** Apply 1-based-range edits to `text`. */
export function applyRangeEdits(text: string, edits: Array<{ range: RangeT; new_text: string }>): string {
  const starts = lineStarts(text);
  return applyOffsetEdits(
    text,
    edits.map((e) => ({ ...rangeOffsets(text, e.range, starts), newText: e.new_text })),
  );
}

/** A unified diff of one file (git style a/ b/ names). */
export function unifiedDiff(display: string, before: string, after: string, context = 3): string {
  return createTwoFilesPatch(`a/${display}`, `b/${display}`, before, after, undefined, undefined, { context });
}

export function diffStat(before: string, after: string): DiffStat {
  let added = 0;
  let removed = 0;
  for (const part of diffLines(before, after)) {
    if (part.added) added += part.count ?? 0;
    else if (part.removed) removed += part.count ?? 0;
  }
  return { lines_added: added, lines_removed: removed };
}
