import { stringValue } from './python.js';

/**
 * The string expression starting at `at`, read from source text: adjacent literals, optionally
 * in parentheses (`("a" "b")`), with where it ends. Null when no literal starts there or one is
 * not closed.
 */
export function stringExpressionAt(source: string, at: number): { text: string; end: number } | null {
  let i = at;
  let paren = false;
  const skip = () => {
    for (;;) {
      while (i < source.length && (source[i] === ' ' || source[i] === '\t' || (paren && (source[i] === '\n' || source[i] === '\r')))) i++;
      if (source[i] === '\\' && source[i + 1] === '\n') i += 2;
      else if (paren && source[i] === '#') while (i < source.length && source[i] !== '\n') i++;
      else return;
    }
  };
  skip();
  if (source[i] === '(') {
    paren = true;
    i++;
    skip();
  }
  const parts: string[] = [];
  for (;;) {
    const m = /^[rRuU]?("""|'''|"|')/.exec(source.slice(i, i + 5));
    if (!m) break;
    const q = m[1]!;
    let from = i + m[0].length;
    let end = -1;
    while (end < 0) {
      const k = source.indexOf(q, from);
      if (k < 0 || (q.length === 1 && source.slice(from, k).includes('\n'))) return null;
      // An odd run of backslashes escapes the quote (raw strings too: `r"\""` is `\"`); look again just after it.
      let bs = 0;
      for (let j = k - 1; j >= from && source[j] === '\\'; j--) bs++;
      if (bs % 2 === 1) from = k + 1;
      else end = k + q.length;
    }
    parts.push(stringValue(source.slice(i, end)));
    i = end;
    skip();
  }
  if (!parts.length) return null;
  if (paren) {
    if (source[i] !== ')') return null;
    i++;
  }
  return { text: parts.join(''), end: i };
}

/** The text of the string expression starting at `at` (see stringExpressionAt). */
export function stringAt(source: string, at: number): string | null {
  return stringExpressionAt(source, at)?.text ?? null;
}
