import type { Node } from 'web-tree-sitter';
import { commentToText, type RawComment } from '../doc/comments.js';
import { field, isComment, namedChildren } from '../syntax.js';

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
 * of the declaration under it: a marker (`TODO`, `FIXME`, `XXX`, `NB:`), a bare macro-like tag
 * on a line of its own (libstdc++'s `_GLIBCXX_RESOLVE_LIB_DEFECTS` over `3050. Conversion
 * specification problem in chrono::duration constructor`), a defect report (`DR 705.`,
 * `PR 56166:`, `LWG 445`), a standard's section number (`27.4.2.6 Members for callbacks`,
 * `[X.Y.4.3] Assignment.`), or an editor's fold mark (`{{{`).
 */
const NOTE_OPENING = /^(?:(?:TODO|FIXME|XXX|HACK|NB)\b|_?[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\s*$|(?:DR|PR|LWG|CWG)\s*#?\d+\b|\[?\d+(?:\.\d+)+\]?[\s,]|\[[A-Z](?:\.[A-Z0-9]+)+\]|.*(?:\{\{\{|\}\}\}))/;
/**
 * A label alone (`Data Members (private):`, `types:`, `assignment:`) or a banner in capitals
 * (`CLASS DECLARATIONS`): it heads a group, documents nothing.
 */
const LABEL = /^(?:[\w ()/,-]{1,40}:|[A-Z]+(?: [A-Z]+)+)$/;

/**
 * Whether a plain comment's text (cleanComment, a run joined) is a maintainer's note
 * (NOTE_OPENING) or, above declarations, a group label. A comment trailing a declaration on its
 * line labels no group: `hsail, // AMD HSAIL` documents its enumerator.
 */
export function isMaintainerNote(text: string, trailing = false): boolean {
  const t = text.trim();
  return NOTE_OPENING.test(t.split('\n', 1)[0]!.trim()) || (!trailing && !t.includes('\n') && LABEL.test(t));
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
  const first = namedChildren(branch).find((c) => !isComment(c) && c.startIndex !== condition?.startIndex);
  if (first?.startIndex !== n.startIndex) return null;
  while (branch.parent && (branch.type === 'preproc_else' || branch.type === 'preproc_elif' || branch.type === 'preproc_elifdef')) branch = branch.parent;
  return branch.type === 'preproc_if' || branch.type === 'preproc_ifdef' ? branch : null;
}
