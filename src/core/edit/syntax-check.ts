import type { Node } from 'web-tree-sitter';
import { languageOf } from '../extract/languages.js';
import { parse } from '../extract/parser.js';

/**
 * Whether an edit leaves a file parsing as well as it did: the result is parsed with the
 * file's tree-sitter grammar and its syntax errors (ERROR and MISSING nodes) are compared with
 * the original's, so a file that had errors before is not blamed on the edit, and a new error
 * is refused with where it is and what the line says.
 */

export interface SyntaxProblem {
  line: number;
  column: number;
  text: string;
  message: string;
}

/** The syntax errors of `text`, or null when no grammar covers the file. */
export async function syntaxErrors(file: string, text: string, limit = 20): Promise<SyntaxProblem[] | null> {
  const lang = languageOf(file);
  if (!lang) return null;
  const tree = await parse(lang, text);
  try {
    const out: SyntaxProblem[] = [];
    const lines = text.split(/\r?\n|\r/);
    const visit = (n: Node) => {
      if (out.length >= limit) return;
      if (n.isError || n.isMissing) {
        const line = n.startPosition.row;
        out.push({
          line: line + 1,
          column: n.startPosition.column + 1,
          text: (lines[line] ?? '').trim().slice(0, 160),
          message: n.isMissing ? `missing ${n.type}` : 'syntax error',
        });
        if (n.isError) return;
      }
      if (!n.hasError && !n.isMissing) return;
      for (const c of n.children) if (c) visit(c);
    };
    if (tree.rootNode.hasError) visit(tree.rootNode);
    return out;
  } finally {
    tree.delete();
  }
}

/** New syntax errors the edit introduces (none when `after` has no more errors than `before`). */
export async function newSyntaxErrors(file: string, before: string, after: string): Promise<SyntaxProblem[]> {
  const errAfter = await syntaxErrors(file, after);
  if (!errAfter || errAfter.length === 0) return [];
  const errBefore = (await syntaxErrors(file, before)) ?? [];
  if (errAfter.length <= errBefore.length) return [];
  const seen = new Set(errBefore.map((e) => `${e.message}\0${e.text}`));
  const fresh = errAfter.filter((e) => !seen.has(`${e.message}\0${e.text}`));
  return fresh.length ? fresh : errAfter;
}
