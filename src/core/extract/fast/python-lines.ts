/**
 * A lexical scanner for Python that yields logical lines — physical lines joined across open
 * brackets, backslash continuations and triple-quoted strings — with their indentation and
 * line numbers, skipping blank and comment-only lines. It understands exactly what it must to
 * never mistake the inside of a string or a comment for code; anything it is unsure about
 * (tabs in indentation, an unterminated string or bracket) makes it give up, and the caller
 * falls back to the tree-sitter parser.
 */

export interface LogicalLine {
  /** Columns of leading whitespace on the first physical line. */
  indent: number;
  /** 0-based first and last physical line. */
  startRow: number;
  endRow: number;
  start: number;
  end: number;
  /** The source text of the line with comments removed (strings intact), trimmed. */
  text: string;
  /** True when the line is a single string literal (possibly implicitly concatenated): a docstring candidate. */
  isString: boolean;
}

export class ScanError extends Error {}

const Q1 = 39; // '
const Q2 = 34; // "

/** Scan `src` into logical lines; throws ScanError when the file needs the real parser. */
export function logicalLines(src: string): LogicalLine[] {
  const out: LogicalLine[] = [];
  const n = src.length;
  let i = 0;
  let row = 0;
  while (i < n) {
    // Start of a physical line: measure indentation.
    let indent = 0;
    let j = i;
    while (j < n) {
      const c = src.charCodeAt(j);
      if (c === 32) indent++;
      else if (c === 9) throw new ScanError('tab indentation');
      else if (c === 12) indent = 0; // form feed resets the column, as in CPython
      else break;
      j++;
    }
    if (j >= n) break;
    const c0 = src.charCodeAt(j);
    if (c0 === 10 || c0 === 13 || c0 === 35) {
      // Blank or comment-only line.
      while (j < n && src.charCodeAt(j) !== 10) j++;
      i = j + 1;
      row++;
      continue;
    }
    // A logical line: read until a newline at bracket depth 0 outside strings.
    const startRow = row;
    const start = j;
    let depth = 0;
    let text = '';
    let segStart = j;
    let onlyStrings = true;
    let sawString = false;
    while (j < n) {
      const c = src.charCodeAt(j);
      if (c === 10) {
        row++;
        if (depth === 0) break;
        j++;
        continue;
      }
      if (c === 35) {
        // Comment to end of line (not part of the text).
        text += src.slice(segStart, j);
        while (j < n && src.charCodeAt(j) !== 10) j++;
        segStart = j;
        continue;
      }
      if (c === 92) {
        // Backslash continuation.
        if (src.charCodeAt(j + 1) === 10) {
          text += src.slice(segStart, j) + ' ';
          j += 2;
          row++;
          segStart = j;
          continue;
        }
        if (src.charCodeAt(j + 1) === 13 && src.charCodeAt(j + 2) === 10) {
          text += src.slice(segStart, j) + ' ';
          j += 3;
          row++;
          segStart = j;
          continue;
        }
        j++;
        continue;
      }
      if (c === Q1 || c === Q2) {
        // String literal (any prefix letters were consumed as identifier characters).
        const end = skipString(src, j);
        for (let k = j; k < end; k++) if (src.charCodeAt(k) === 10) row++;
        if (depth === 0) sawString = true;
        j = end;
        continue;
      }
      if (c === 40 || c === 91 || c === 123) depth++;
      else if (c === 41 || c === 93 || c === 125) {
        depth--;
        if (depth < 0) throw new ScanError('unbalanced bracket');
      }
      if (depth === 0 && onlyStrings && c !== 32 && c !== 13 && !isPrefixLetter(src, j)) onlyStrings = false;
      j++;
    }
    if (depth !== 0) throw new ScanError('unclosed bracket');
    text += src.slice(segStart, j);
    const end = j;
    out.push({ indent, startRow, endRow: Math.max(startRow, row - (j < n ? 1 : 0)), start, end, text: text.trim(), isString: onlyStrings && sawString });
    i = j + 1;
  }
  return out;
}

/** String prefix letters (r, b, u, f in any case and combination) directly before a quote. */
function isPrefixLetter(src: string, j: number): boolean {
  let k = j;
  while (k < src.length && /[rRbBuUfF]/.test(src[k]!)) k++;
  return k > j && k - j <= 2 && (src.charCodeAt(k) === Q1 || src.charCodeAt(k) === Q2) && (j === 0 || !/[\w]/.test(src[j - 1]!));
}

/** Index just past the string literal starting at the quote at `j` (ScanError if it does not end). */
export function skipString(src: string, j: number): number {
  const q = src.charCodeAt(j);
  const triple = src.charCodeAt(j + 1) === q && src.charCodeAt(j + 2) === q;
  // Raw strings still cannot end with an odd backslash, so escapes are skipped the same way.
  let k = j + (triple ? 3 : 1);
  const n = src.length;
  while (k < n) {
    const c = src.charCodeAt(k);
    if (c === 92) {
      k += 2;
      continue;
    }
    if (c === q) {
      if (!triple) return k + 1;
      if (src.charCodeAt(k + 1) === q && src.charCodeAt(k + 2) === q) return k + 3;
    } else if (c === 10 && !triple) {
      throw new ScanError('unterminated string');
    }
    k++;
  }
  throw new ScanError('unterminated string');
}

/** Split `s` at top-level occurrences of `sep` (outside brackets and strings). */
export function splitTop(s: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let last = 0;
  for (let k = 0; k < s.length; k++) {
    const c = s[k]!;
    if (c === '"' || c === "'") {
      k = skipString(s, k) - 1;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0 && s.startsWith(sep, k)) {
      out.push(s.slice(last, k));
      last = k + sep.length;
      k += sep.length - 1;
    }
  }
  out.push(s.slice(last));
  return out;
}

/** Where the bracket that opens `s` closes (strings skipped), or -1. */
export function closingBracket(s: string): number {
  let depth = 0;
  for (let k = 0; k < s.length; k++) {
    const c = s[k]!;
    if (c === '"' || c === "'") {
      k = skipString(s, k) - 1;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if ((c === ')' || c === ']' || c === '}') && --depth === 0) return k;
  }
  return -1;
}

/** Index of the first top-level `ch` in `s` at or after `from`, or -1. */
export function indexTop(s: string, ch: string, from = 0, match?: (k: number) => boolean): number {
  let depth = 0;
  for (let k = from; k < s.length; k++) {
    const c = s[k]!;
    if (c === '"' || c === "'") {
      k = skipString(s, k) - 1;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0 && c === ch && (!match || match(k))) return k;
  }
  return -1;
}

/**
 * Line numbers of offsets met in increasing order (regex matches over one source): counts the
 * newlines since the last offset asked, so a file's matches cost one pass over it in all.
 */
export function lineCounter(source: string): (offset: number) => number {
  let line = 1;
  let counted = 0;
  return (offset) => {
    if (offset <= counted) return line;
    for (let nl = source.indexOf('\n', counted); nl !== -1 && nl < offset; nl = source.indexOf('\n', nl + 1)) line++;
    counted = offset;
    return line;
  };
}
