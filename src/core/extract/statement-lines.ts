/**
 * The lines of a source that contain a keyword and start as a statement of interest (`import`,
 * `from … import`), found with indexOf rather than a multiline regex over the whole text: a
 * `^…` regex with the m flag tries every line start of every file, which over a Python
 * installation cost more than the rest of the uses pass (uses.ts) together. A parenthesised list runs on
 * to its `)`, a backslash continuation to its last line.
 */

export interface StatementLine {
  /** The statement's text (continuations joined). */
  text: string;
  /** Offset of its line's start in the source. */
  at: number;
}

export function statementLines(source: string, keyword: string, lead: RegExp): StatementLine[] {
  const out: StatementLine[] = [];
  let lastLine = -1;
  for (let i = source.indexOf(keyword); i >= 0; i = source.indexOf(keyword, i + keyword.length)) {
    const ls = source.lastIndexOf('\n', i - 1) + 1;
    if (ls === lastLine) continue;
    lastLine = ls;
    let le = source.indexOf('\n', i);
    if (le < 0) le = source.length;
    let line = source.slice(ls, le);
    if (!lead.test(line)) continue;
    const open = line.indexOf('(');
    if (open >= 0 && line.indexOf(')', open) < 0) {
      const close = source.indexOf(')', le);
      if (close >= 0) line = source.slice(ls, close + 1);
    } else {
      while (line.endsWith('\\') && le < source.length) {
        const next = source.indexOf('\n', le + 1);
        const end = next < 0 ? source.length : next;
        line = line.slice(0, -1) + ' ' + source.slice(le + 1, end);
        le = end;
      }
    }
    out.push({ text: line, at: ls });
  }
  return out;
}
