import { diffLines } from 'diff';
import { lineStarts } from '../lsp/positions.js';
import { positionOf, type TextEdit } from './model.js';

/**
 * The edits that turn `before` into `after`, one per changed block of lines, for tools that
 * produce a whole new text (external formatters, docent's own refactorings).
 */
export function lineEdits(file: string, before: string, after: string): TextEdit[] {
  if (before === after) return [];
  const starts = lineStarts(before);
  const edits: TextEdit[] = [];
  let offset = 0;
  let pending: { start: number; end: number; text: string } | undefined;
  const flush = () => {
    if (pending) edits.push({ file, range: { start: positionOf(starts, pending.start), end: positionOf(starts, pending.end) }, new_text: pending.text });
    pending = undefined;
  };
  for (const part of diffLines(before, after)) {
    if (part.added) {
      pending ??= { start: offset, end: offset, text: '' };
      pending.text += part.value;
    } else if (part.removed) {
      pending ??= { start: offset, end: offset, text: '' };
      offset += part.value.length;
      pending.end = offset;
    } else {
      flush();
      offset += part.value.length;
    }
  }
  flush();
  return edits;
}
