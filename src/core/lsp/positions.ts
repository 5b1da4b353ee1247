import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Position, Range } from 'vscode-languageserver-protocol';

/**
 * Conversions between what people and agents count (1-based lines and columns, paths) and what
 * LSP speaks (0-based lines, UTF-16 code-unit characters, file URIs). JavaScript strings are
 * UTF-16 too, so an LSP `character` is a plain string index into the line.
 */

/** A position as shown to users: 1-based line and column. */
export interface UserPosition {
  line: number;
  character: number;
}

export function toLspPosition(p: UserPosition): Position {
  return { line: Math.max(0, p.line - 1), character: Math.max(0, p.character - 1) };
}

export function toUserPosition(p: Position): UserPosition {
  return { line: p.line + 1, character: p.character + 1 };
}

export function pathToUri(absolute: string): string {
  return pathToFileURL(absolute).href;
}

/** The absolute path of a file URI, or undefined for other schemes (untitled:, jar:, …). */
export function uriToPath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return path.normalize(fileURLToPath(uri));
  } catch {
    return undefined;
  }
}

/** Start offsets of every line in `text` (handles \n, \r\n and lone \r). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 /* \r */) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    } else if (c === 10) starts.push(i + 1);
  }
  return starts;
}

/** The text of 0-based line `line`, without its line terminator ('' past the end). */
export function lineAt(text: string, line: number, starts: number[] = lineStarts(text)): string {
  if (line < 0 || line >= starts.length) return '';
  const end = line + 1 < starts.length ? starts[line + 1]! : text.length;
  return text.slice(starts[line]!, end).replace(/\r?\n$|\r$/, '');
}

export function offsetAt(text: string, pos: Position, starts: number[] = lineStarts(text)): number {
  if (pos.line >= starts.length) return text.length;
  const lineText = lineAt(text, pos.line, starts);
  return starts[pos.line]! + Math.min(pos.character, lineText.length);
}

export function positionAt(text: string, offset: number, starts: number[] = lineStarts(text)): Position {
  const o = Math.max(0, Math.min(offset, text.length));
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= o) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, character: o - starts[lo]! };
}

const IDENT = /[\p{L}\p{N}_$]/u;

/**
 * Where the identifier `name` sits inside `range` (servers differ: clangd gives the name's
 * range, the TypeScript server the whole declaration). Falls back to the range start, so a
 * hover or references request always has a position to go to.
 */
export function namePosition(text: string, range: Range, name: string, starts: number[] = lineStarts(text)): Position {
  const bare = name.replace(/[(<].*$/, '').split(/::|\./).pop() ?? name;
  if (!bare) return range.start;
  const from = offsetAt(text, range.start, starts);
  const to = Math.max(offsetAt(text, range.end, starts), from + bare.length);
  let i = text.indexOf(bare, from);
  while (i >= 0 && i + bare.length <= to + bare.length) {
    const before = text[i - 1];
    const after = text[i + bare.length];
    if ((!before || !IDENT.test(before)) && (!after || !IDENT.test(after))) return positionAt(text, i, starts);
    i = text.indexOf(bare, i + 1);
  }
  return range.start;
}
