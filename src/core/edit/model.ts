import { DocentError } from '../errors.js';
import { lineStarts } from '../lsp/positions.js';

/**
 * The edit model every change docent makes goes through: refactorings, formatting, symbol
 * edits and fix-its from diagnostics are all lists of plain text edits on files, addressed by
 * 1-based line and column (a column counts UTF-16 code units, as LSP characters do, plus one),
 * and optionally resource operations (a file renamed with its symbol).
 */

export interface EditPosition {
  /** 1-based line. */
  line: number;
  /** 1-based column in UTF-16 code units. */
  column: number;
}

export interface EditRange {
  start: EditPosition;
  end: EditPosition;
}

/** One replacement in one file: the shape fix-its and server edits are converted to. */
export interface TextEdit {
  /** Absolute path. */
  file: string;
  range: EditRange;
  new_text: string;
}

/** A file created, renamed or deleted as part of an edit (LSP resource operations). */
export type ResourceOperation =
  | { kind: 'create'; file: string; text?: string }
  | { kind: 'rename'; file: string; new_file: string }
  | { kind: 'delete'; file: string };

/** What an editing feature hands to the applier. */
export interface ChangeSet {
  edits: TextEdit[];
  resources?: ResourceOperation[];
  /** Edits from a language server: a column past a line's end means the line's end (LSP's rule). */
  clampColumns?: boolean;
}

/** An LSP-style 0-based position to the model's 1-based one. */
export function fromLsp(p: { line: number; character: number }): EditPosition {
  return { line: p.line + 1, column: p.character + 1 };
}

/** The dominant line terminator of `text` ('\n' when it has none). */
export function lineEnding(text: string): '\r\n' | '\n' {
  let crlf = 0;
  let lf = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (i > 0 && text.charCodeAt(i - 1) === 13) crlf++;
    else lf++;
  }
  return crlf > lf ? '\r\n' : '\n';
}

/**
 * The offset of a 1-based position, or an error when it lies outside the file: a line past the
 * last, or a column past the line's end (its terminator excluded). Line `lines + 1`, column 1
 * is the end of a file that ends with a newline's successor, i.e. the very end.
 */
export function offsetOf(text: string, starts: number[], pos: EditPosition, file: string, clamp = false): number {
  if (!Number.isInteger(pos.line) || !Number.isInteger(pos.column) || pos.line < 1 || pos.column < 1) {
    throw rangeError(file, pos, 'lines and columns are 1-based integers');
  }
  if (pos.line === starts.length + 1 && pos.column === 1) return text.length;
  if (pos.line > starts.length) throw rangeError(file, pos, `the file has ${starts.length} lines`);
  const lineStart = starts[pos.line - 1]!;
  const next = pos.line < starts.length ? starts[pos.line]! : text.length;
  let lineEnd = next;
  if (lineEnd > lineStart && text.charCodeAt(lineEnd - 1) === 10) lineEnd--;
  if (lineEnd > lineStart && text.charCodeAt(lineEnd - 1) === 13) lineEnd--;
  const offset = lineStart + pos.column - 1;
  if (offset > lineEnd && clamp) return lineEnd;
  if (offset > lineEnd) throw rangeError(file, pos, `line ${pos.line} has ${lineEnd - lineStart} columns`);
  return offset;
}

function rangeError(file: string, pos: EditPosition, why: string): DocentError {
  return new DocentError('E_BAD_INPUT', `An edit position ${pos.line}:${pos.column} is outside ${file} (${why}).`, 'The file may have changed since the edit was computed: compute the edit again.', {
    file,
    line: pos.line,
    column: pos.column,
  });
}

/** The 1-based position of an offset. */
export function positionOf(starts: number[], offset: number): EditPosition {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo]! + 1 };
}

/**
 * Apply `edits` (all on one file whose text is `text`) and return the new text. Every range is
 * checked to lie inside the file; overlapping edits are refused (two edits at one insertion
 * point apply in the order given). Inserted text takes the file's line endings, and a file that
 * ended with a newline still does.
 */
export function applyTextEdits(text: string, edits: readonly TextEdit[], file: string, clamp = false): string {
  const starts = lineStarts(text);
  const eol = lineEnding(text);
  const spans = edits.map((e, i) => {
    const start = offsetOf(text, starts, e.range.start, file, clamp);
    const end = offsetOf(text, starts, e.range.end, file, clamp);
    if (end < start) throw new DocentError('E_BAD_INPUT', `An edit range in ${file} ends before it starts (${e.range.start.line}:${e.range.start.column}-${e.range.end.line}:${e.range.end.column}).`);
    return { start, end, text: withLineEnding(e.new_text, eol), i };
  });
  spans.sort((a, b) => a.start - b.start || a.end - b.end || a.i - b.i);
  for (let k = 1; k < spans.length; k++) {
    const prev = spans[k - 1]!;
    const cur = spans[k]!;
    if (cur.start < prev.end) {
      const p = positionOf(starts, cur.start);
      throw new DocentError('E_BAD_INPUT', `Two edits overlap in ${file} at ${p.line}:${p.column}.`, 'Each edit must replace a range no other edit touches.');
    }
  }
  let out = '';
  let at = 0;
  for (const s of spans) {
    out += text.slice(at, s.start) + s.text;
    at = s.end;
  }
  out += text.slice(at);
  if (/\r?\n$/.test(text) && out.length > 0 && !out.endsWith('\n')) out += eol;
  return out;
}

/** `text` with every line break in the file's convention. */
export function withLineEnding(text: string, eol: '\r\n' | '\n'): string {
  if (eol === '\n') return text.replace(/\r\n/g, '\n');
  return text.replace(/\r?\n/g, '\r\n');
}

/** Group edits by file, keeping their order. */
export function byFile(edits: readonly TextEdit[]): Map<string, TextEdit[]> {
  const m = new Map<string, TextEdit[]>();
  for (const e of edits) {
    let list = m.get(e.file);
    if (!list) m.set(e.file, (list = []));
    list.push(e);
  }
  return m;
}

/** Edits that replace `before` by `after` as one edit per changed line block (whole-text formatters). */
export function editsBetween(file: string, before: string, after: string): TextEdit[] {
  if (before === after) return [];
  let head = 0;
  const max = Math.min(before.length, after.length);
  while (head < max && before.charCodeAt(head) === after.charCodeAt(head)) head++;
  let tail = 0;
  while (tail < max - head && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  // Keep a \r\n pair whole, so an edit never starts or ends between its two characters.
  if (head > 0 && before.charCodeAt(head - 1) === 13 && before.charCodeAt(head) === 10) head--;
  const starts = lineStarts(before);
  return [{ file, range: { start: positionOf(starts, head), end: positionOf(starts, before.length - tail) }, new_text: after.slice(head, after.length - tail) }];
}
