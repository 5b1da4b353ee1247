import type { Node } from 'web-tree-sitter';
import { commentToText, type RawComment } from '../doc/comments.js';
import { field, isComment } from '../syntax.js';

/**
 * C and C++ comment text as the extractor reads it: markers, gutters and separator lines
 * removed, SQLite's doc-tool lines turned into prose, and the sentence of a shared comment that
 * speaks of one declaration; and which conditional block a comment sits over. Pure functions.
 */

const CONDITIONAL_BRANCH = new Set(['preproc_ifdef', 'preproc_if', 'preproc_else', 'preproc_elif', 'preproc_elifdef']);
const SQLITE_TITLE = /^\s*CAPI3REF:\s*(.+)$/;
const SQLITE_INDEX_LINE = /^\s*(?:METHOD|KEYWORDS|DESTRUCTOR|CONSTRUCTOR):/;

export function cleanComment(c: RawComment): string {
  let text = c.text.replace(/^\/\/[/!]<\s?|^\/\*[*!]<\s?/, (m) => m.slice(0, 2) + ' ');
  text = commentToText(text);
  // Separator lines (`//-----`, `/*****`) carry no text. SQLite's doc tool marks each API's
  // title (`CAPI3REF: Evaluate An SQL Statement`, the summary a reader wants) and its index
  // entries (`METHOD: sqlite3_stmt`, `KEYWORDS: …`) on lines of their own.
  return text
    .split('\n')
    .filter((l) => !/^[-=*#/~_+]{3,}\s*$/.test(l.trim()) && !SQLITE_INDEX_LINE.test(l))
    .map((l) => l.replace(SQLITE_TITLE, (_m, title: string) => `${title.trim().replace(/[.:]?$/, '.')}\n`))
    .join('\n')
    .trim();
}

/**
 * What opens a plain comment that is a note to the library's maintainers, not documentation
 * of the declaration it is on: a marker (`TODO`, `FIXME`, `XXX`, `NB:`), a defect report
 * (`DR 705.`, `PR 56166:`, `LWG 445`), or an editor's fold mark (`{{{`).
 */
const NOTE_OPENING = /^(?:(?:TODO|FIXME|XXX|HACK|NB)\b|(?:DR|PR|LWG|CWG)\s*#?\d+\b|.*(?:\{\{\{|\}\}\}))/;
/**
 * What opens a plain comment above declarations that heads them rather than documents one: a
 * bare macro-like tag on a line of its own (libstdc++'s `_GLIBCXX_RESOLVE_LIB_DEFECTS` over
 * `3050. Conversion specification problem in chrono::duration constructor`), or a standard's
 * section number, three levels deep or bracketed (`27.4.2.6 Members for callbacks`, `[X.Y.4.3]
 * Assignment.`; not "4.4 BSD uses the name sig_t", not a range, "0.0 - 1.0").
 */
const HEADING_OPENING = /^(?:_?[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\s*$|\[?\d+(?:\.\d+){2,}\]?[\s,]+[A-Za-z]|\[[A-Z](?:\.[A-Z0-9]+)+\])/;
/**
 * A label alone, of at most three words (`Data Members (private):`, `types:`, `assignment:`),
 * or a banner in capitals of long words (`CLASS DECLARATIONS`, not "CIE XYZ"): it heads a
 * group, documents nothing.
 */
const LABEL = /^(?:[\w()/,-]+(?: [\w()/,-]+){0,2}:|[A-Z]{4,}(?: [A-Z]{4,})+)$/;

/**
 * Whether a plain comment's text (cleanComment, a run joined) is a maintainer's note
 * (NOTE_OPENING) or, above declarations, a heading or a group label. A comment trailing a
 * declaration on its line heads nothing: `hsail, // AMD HSAIL`, X11's `red;` with "0.0 - 1.0"
 * and `XCompoundTextStyle,` with "COMPOUND_TEXT" document what they trail.
 */
export function isMaintainerNote(text: string, trailing = false): boolean {
  const t = text.trim();
  const first = t.split('\n', 1)[0]!.trim();
  if (NOTE_OPENING.test(first)) return true;
  return !trailing && (HEADING_OPENING.test(first) || (!t.includes('\n') && LABEL.test(t)));
}

/**
 * The sentence of `text` that says what `name` does: the first that names it (as a word:
 * `sqlite3_errmsg()`, not `sqlite3_errmsg16`) near its start, outside HTML lists and tables,
 * as one line; null when no sentence does.
 */
export function sentenceNaming(text: string, name: string): string | null {
  const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`(?<![\\w$])${esc}(?![\\w$])`);
  // SQLite marks its testable statements with carets: `^The …` and `^(Several sentences.)^`.
  const sentences = text.replace(/\^\(|\)\^|\^/g, '').split(/\n\s*\n/).flatMap((p) => p.replace(/\s+/g, ' ').split(/(?<=[.!?)])\s+(?=[A-Z(\[])/));
  for (const s of sentences) {
    const at = s.search(re);
    if (at >= 0 && at <= 40 && !/<[a-z]/i.test(s)) return s.trim();
  }
  return null;
}

/** The `#if`/`#ifdef` whose branch `anchor` opens (its first declaration, `extern "C++"` aside), or null. */
export function conditionalOpening(anchor: Node): Node | null {
  let n = anchor;
  while (n.parent?.type === 'linkage_specification') n = n.parent;
  let branch = n.parent;
  if (!branch || !CONDITIONAL_BRANCH.has(branch.type)) return null;
  const condition = field(branch, 'condition') ?? field(branch, 'name');
  // The branch's first declaration, found from its start: listing every child of a branch that
  // holds hundreds of declarations, for each of them, was quadratic (GLES/gl.h took 1.5 s).
  let first: Node | null = branch.firstNamedChild;
  while (first && (isComment(first) || first.startIndex === condition?.startIndex)) first = first.nextNamedSibling;
  if (first?.startIndex !== n.startIndex) return null;
  while (branch.parent && (branch.type === 'preproc_else' || branch.type === 'preproc_elif' || branch.type === 'preproc_elifdef')) branch = branch.parent;
  return branch.type === 'preproc_if' || branch.type === 'preproc_ifdef' ? branch : null;
}
