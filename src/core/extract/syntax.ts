import type { Node } from 'web-tree-sitter';
import { commentStyle, type RawComment } from './doc/comments.js';

/**
 * Small tree-sitter helpers shared by the language extractors: finding the comments attached
 * to a declaration (directly above it with no blank line, or trailing on its last line) and
 * slicing declaration headers out of the source.
 */

export const COMMENT_TYPES = new Set(['comment', 'line_comment', 'block_comment']);

export function isComment(n: Node): boolean {
  return COMMENT_TYPES.has(n.type);
}

function raw(n: Node): RawComment {
  const text = n.text;
  return { text, startRow: n.startPosition.row, endRow: n.endPosition.row, startIndex: n.startIndex, style: commentStyle(text) };
}

/**
 * The comments directly above `node`: consecutive comment siblings with no blank line between
 * them and the node. `skip` names sibling types that may sit between (attributes, decorators).
 * `acrossBlankLines` keeps going past blank lines, for languages where a doc comment belongs to
 * the next item wherever it stands (Rust's `///` is an attribute of what follows).
 */
export function leadingComments(node: Node, skip?: (n: Node) => boolean, acrossBlankLines = false): RawComment[] {
  const out: RawComment[] = [];
  let nextRow = node.startPosition.row;
  let sib = node.previousSibling;
  while (sib) {
    if (!sib.isNamed && !isComment(sib)) {
      // Separators and newline tokens (Go's statement terminators, `,` between enum members).
      sib = sib.previousSibling;
      continue;
    }
    if (isComment(sib)) {
      if (!acrossBlankLines && sib.endPosition.row + 1 < nextRow) break; // a blank line separates it
      // A trailing comment of the previous statement (`int a; // x`) is not ours.
      let before = sib.previousSibling;
      while (before && !before.isNamed && !/\S/.test(before.text.replace(/[,;]/g, ''))) before = before.previousSibling;
      if (before && !before.isNamed && /[,;]/.test(before.text) && before.endPosition.row === sib.startPosition.row) break;
      if (before && before.isNamed && !isComment(before) && before.endPosition.row === sib.startPosition.row) break;
      out.unshift(raw(sib));
      nextRow = sib.startPosition.row;
    } else if (skip?.(sib)) {
      if (!acrossBlankLines && sib.endPosition.row + 1 < nextRow) break;
      nextRow = sib.startPosition.row;
    } else break;
    sib = sib.previousSibling;
  }
  return out;
}

/** A comment that starts on the same line as `node` ends (`int x; ///< doc`, `FOO, // doc`). */
export function trailingComment(node: Node): RawComment | null {
  let sib = node.nextSibling;
  // Skip the separator (`,` or `;`) that follows an enum member or field.
  if (sib && !sib.isNamed && (sib.type === ',' || sib.type === ';') && sib.startPosition.row === node.endPosition.row) sib = sib.nextSibling;
  if (sib && isComment(sib) && sib.startPosition.row === node.endPosition.row) return raw(sib);
  return null;
}

/** The text of `node` from its start up to (not including) `stop`, e.g. a header without its body. */
export function headerText(source: string, node: Node, stop: Node | null): string {
  return source.slice(node.startIndex, stop ? stop.startIndex : node.endIndex);
}

/** Named children, without the array allocation tree-sitter's `namedChildren` getter would do twice. */
export function namedChildren(node: Node): Node[] {
  const out: Node[] = [];
  const n = node.namedChildCount;
  for (let i = 0; i < n; i++) {
    const c = node.namedChild(i);
    if (c) out.push(c);
  }
  return out;
}

export function field(node: Node, name: string): Node | null {
  return node.childForFieldName(name);
}

/**
 * The comment block starting on the line right after `node` ends (zlib's layout: the prototype,
 * then its `/* … *\/` description), as consecutive comments with no blank line between them.
 * Null when a declaration follows the block directly: then it is that declaration's leading doc.
 */
export function commentsBelow(node: Node): RawComment[] {
  let sib = node.nextSibling;
  while (sib && !sib.isNamed && (sib.type === ';' || sib.type === ',') && sib.startPosition.row === node.endPosition.row) sib = sib.nextSibling;
  if (!sib || !isComment(sib) || sib.startPosition.row !== node.endPosition.row + 1) return [];
  const out: RawComment[] = [];
  let lastRow = node.endPosition.row;
  while (sib && isComment(sib) && sib.startPosition.row <= lastRow + 1) {
    out.push(raw(sib));
    lastRow = sib.endPosition.row;
    sib = sib.nextSibling;
  }
  while (sib && !sib.isNamed && !/\S/.test(sib.text)) sib = sib.nextSibling;
  // Directly followed by a declaration: the block is its leading doc, unless it is several
  // blocks, of which the first trails this node and the rest lead the next.
  if (sib && sib.startPosition.row <= lastRow + 1) return out.length > 1 && out[0]!.text.startsWith('/*') ? [out[0]!] : [];
  return out;
}
