/**
 * Turning raw comment text into doc text: removing the comment markers (`/** *\/`, `///`,
 * `//!`, `#`, leading ` * `) and the common indentation, so that the doc parsers see the
 * author's Markdown/tag text exactly as written.
 */

/** The kind of doc comment, which decides how the text is interpreted. */
export type CommentStyle = 'block-doc' | 'line-doc' | 'inner-doc' | 'block' | 'line';

export interface RawComment {
  text: string;
  /** 0-based start and end rows of the comment. */
  startRow: number;
  endRow: number;
  startIndex: number;
  style: CommentStyle;
}

export function commentStyle(text: string): CommentStyle {
  if (text.startsWith('/**') && !text.startsWith('/**/')) return 'block-doc';
  if (text.startsWith('/*!')) return 'block-doc';
  if (text.startsWith('///') && !text.startsWith('////')) return 'line-doc';
  if (text.startsWith('//!')) return 'inner-doc';
  if (text.startsWith('/*')) return 'block';
  return 'line';
}

export function isDocStyle(style: CommentStyle): boolean {
  return style === 'block-doc' || style === 'line-doc' || style === 'inner-doc';
}

/** Remove common leading whitespace from every non-blank line, and blank lines at both ends. */
export function dedent(lines: string[]): string {
  let min = Infinity;
  for (const l of lines) {
    if (!l.trim()) continue;
    const m = /^[ \t]*/.exec(l)![0].length;
    if (m < min) min = m;
  }
  const out = lines.map((l) => (l.trim() ? l.slice(min === Infinity ? 0 : min) : '').replace(/\s+$/, ''));
  while (out.length && !out[0]) out.shift();
  while (out.length && !out[out.length - 1]) out.pop();
  return out.join('\n');
}

/** The text of a `/* … *\/` comment without its markers and ` * ` gutters. */
export function stripBlockComment(text: string): string {
  let body = text.replace(/^\/\*+!?/, '').replace(/\*+\/$/, '');
  const lines = body.split(/\r?\n/);
  // A gutter of `*` on the continuation lines is removed with one following space; SQLite
  // writes it `**`, so a gutter is one or more stars (a Markdown bullet after it keeps its own).
  // A generated comment can miss it on a wrapped line (the Chrome DevTools protocol's typings:
  // "* The css style sheet identifier (absent for …\nstylesheet rules) this rule came from."),
  // so it is a gutter when the first line has it and at least half of them do; the others are kept.
  const rest = lines.slice(1).filter((l) => l.trim());
  const starred = rest.filter((l) => /^\s*\*/.test(l)).length;
  const gutter = rest.length > 0 && /^\s*\*/.test(rest[0]!) && starred * 2 >= rest.length;
  body = lines
    .map((l, i) => {
      if (i === 0) return l.replace(/^\s/, '');
      return gutter ? l.replace(/^\s*\*+(?!\/) ?/, '') : l;
    })
    .join('\n');
  return dedent(body.split('\n'));
}

/** The text of consecutive line comments (`///`, `//!`, `//`, `#`) without their markers. */
export function stripLineComments(texts: string[]): string {
  const lines = texts.map((t) => t.replace(/^(\/\/[/!]?|#+!?)/, '').replace(/^ /, '\u0000'));
  // The single space after the marker is a separator; keep deeper indentation (code blocks).
  return dedent(lines.map((l) => l.replace(/^\u0000/, ''))).replace(/\u0000/g, '');
}

/** Any comment node text to doc text, dispatching on its markers. */
export function commentToText(text: string): string {
  const t = text.trim();
  if (t.startsWith('/*')) return stripBlockComment(t);
  return stripLineComments(t.split(/\r?\n/).map((l) => l.trim()));
}
