import { stringValue } from './python.js';

/** The string expression starting at `at`: adjacent literals, optionally in parentheses (`("a" "b")`). */
export function stringAt(source: string, at: number): string | null {
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
    let end = i + m[0].length;
    for (;;) {
      const k = source.indexOf(q, end);
      if (k < 0 || (q.length === 1 && source.slice(end, k).includes('\n'))) return null;
      let bs = 0;
      for (let j = k - 1; source[j] === '\\'; j--) bs++;
      end = k + q.length;
      if (bs % 2 === 0) break;
    }
    parts.push(stringValue(source.slice(i, end)));
    i = end;
    skip();
  }
  if (!parts.length) return null;
  if (paren && source[i] !== ')') return null;
  return parts.join('');
}
