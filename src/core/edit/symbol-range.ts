import type { Node } from 'web-tree-sitter';
import { languageOf } from '../extract/languages.js';
import { parse } from '../extract/parser.js';
import { lineStarts } from '../lsp/positions.js';

/**
 * The range of a declaration as an edit must see it, from the syntax tree rather than a
 * server's symbol range (which misses decorators, attributes, doc comments or a multi-line
 * value): the declaration node around a name, widened to its wrappers (a Python decorated
 * definition, a C++ template, a TypeScript export), to decorators and attributes that precede
 * it as siblings, to the doc comments right above it, and to a trailing comma or semicolon.
 */

/** Node types that declare something, across the grammars docent loads. */
const DECLARATIONS = new Set([
  // Python (an assignment declares at module and class level)
  'function_definition', 'class_definition', 'decorated_definition', 'assignment',
  // TypeScript / JavaScript
  'function_declaration', 'generator_function_declaration', 'class_declaration', 'abstract_class_declaration', 'interface_declaration',
  'type_alias_declaration', 'enum_declaration', 'enum_assignment', 'method_definition', 'public_field_definition', 'field_definition', 'method_signature',
  'abstract_method_signature', 'property_signature', 'lexical_declaration', 'variable_declaration', 'variable_declarator', 'internal_module', 'module',
  // C / C++
  'declaration', 'field_declaration', 'class_specifier', 'struct_specifier', 'union_specifier', 'enum_specifier', 'namespace_definition',
  'type_definition', 'alias_declaration', 'enumerator', 'template_declaration',
  // Rust
  'function_item', 'struct_item', 'enum_item', 'impl_item', 'trait_item', 'const_item', 'static_item', 'mod_item', 'type_item', 'enum_variant',
  'macro_definition', 'function_signature_item',
  // Go
  'method_declaration', 'type_declaration', 'var_declaration', 'const_declaration', 'type_spec',
  // Java
  'constructor_declaration', 'record_declaration', 'annotation_type_declaration',
]);

/** Parents that belong to the declaration they wrap. */
const WRAPPERS = new Set(['decorated_definition', 'template_declaration', 'export_statement', 'ambient_declaration']);
/** Siblings before a declaration that belong to it. */
const LEADING = new Set(['decorator', 'attribute_item', 'attribute_declaration', 'annotation', 'marker_annotation']);
const COMMENT = /comment/;

export interface SymbolRange {
  /** Offsets into the text: the whole declaration with everything that belongs to it. */
  start: number;
  end: number;
  /** The declaration itself, without leading doc comments and decorators. */
  coreStart: number;
  /** Where its decorators, attributes or annotations begin (after the doc comments). */
  attrStart: number;
  /** The indentation of the declaration's first line. */
  indent: string;
  /** The node type found, for messages. */
  type: string;
}

/**
 * The declaration whose name is at `offset`, or null when the file has no grammar or no
 * declaration there. With `name`, a declaration found around the offset that is not named so
 * (an enum member inside its enum, a name inside another's initializer) is no answer: editing
 * the enclosing declaration instead would be the wrong place.
 */
export async function declarationRange(file: string, text: string, offset: number, name?: string): Promise<SymbolRange | null> {
  const lang = languageOf(file);
  if (!lang) return null;
  const tree = await parse(lang, text);
  try {
    let node: Node | null = tree.rootNode.descendantForIndex(offset, offset);
    while (node && !(DECLARATIONS.has(node.type) && node.parent)) node = node.parent;
    if (!node) return null;
    const named = node.childForFieldName('name') ?? node.childForFieldName('declarator') ?? node.childForFieldName('left');
    if (name && named && !new RegExp(`(^|[^\\p{L}\\p{N}_$])${name.replace(/\$/g, '\\$')}(?![\\p{L}\\p{N}_$])`, 'u').test(named.text)) return null;
    // A declarator alone in its declaration (`const x = …`) is the whole declaration.
    if (node.type === 'variable_declarator' && node.parent && /declaration$/.test(node.parent.type) && node.parent.namedChildren.filter((c) => c?.type === 'variable_declarator').length === 1) node = node.parent;
    // C++: a class or enum declared with `class X {…};` sits in a declaration or is followed by `;`.
    // Python: an assignment is the statement holding it.
    if (node.type === 'assignment' && node.parent?.type === 'expression_statement') node = node.parent;
    while (node.parent && (WRAPPERS.has(node.parent.type) || (node.parent.type === 'declaration' && /_specifier$/.test(node.type)))) node = node.parent;
    let core = node;
    // Python's decorated_definition holds the decorators: the core is its definition.
    if (node.type === 'decorated_definition') core = node.childForFieldName('definition') ?? node;
    let first: Node = node;
    for (let prev = node.previousSibling; prev && LEADING.has(prev.type); prev = prev.previousSibling) first = prev;
    const coreStart = core === node ? firstNonLeadingChild(node, first) : core.startIndex;
    const attrStart = first.startIndex;
    // Doc comments directly above (no blank line between).
    const starts = lineStarts(text);
    for (let prev = first.previousSibling; prev && COMMENT.test(prev.type); prev = prev.previousSibling) {
      if (first.startPosition.row - prev.endPosition.row > 1) break;
      // A comment that ends another statement's line is that statement's.
      const lineStart = starts[prev.startPosition.row]!;
      if (text.slice(lineStart, prev.startIndex).trim()) break;
      first = prev;
    }
    let end = node.endIndex;
    const next = node.nextSibling;
    if (next && (next.type === ';' || next.type === ',') && next.startIndex === end) end = next.endIndex;
    const lineStart = starts[node.startPosition.row]!;
    const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
    return { start: first.startIndex, end, coreStart, attrStart, indent, type: node.type };
  } finally {
    tree.delete();
  }
}

/** Where a declaration starts once its own decorators/annotations (children) are skipped. */
function firstNonLeadingChild(node: Node, first: Node): number {
  if (first !== node) return node.startIndex;
  for (const c of node.children) {
    if (!c) continue;
    if (LEADING.has(c.type) || c.type === 'modifiers' && c.children.every((m) => m && /annotation/.test(m.type))) continue;
    if (COMMENT.test(c.type)) continue;
    return c.startIndex;
  }
  return node.startIndex;
}

/** `text` shifted so its least-indented line starts at column 0. */
export function dedent(text: string): string {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const widths = lines.filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)![0].length);
  const cut = widths.length ? Math.min(...widths) : 0;
  return lines.map((l) => (l.trim() ? l.slice(cut) : '')).join('\n');
}

/** `text` dedented, then every line after the first indented by `indent` (the first goes where the range starts). */
export function reindent(text: string, indent: string, firstToo = false): string {
  return dedent(text)
    .split('\n')
    .map((l, i) => (l && (i > 0 || firstToo) ? indent + l : l))
    .join('\n');
}

/** The start of the line holding `offset`, when only whitespace comes before it on that line. */
export function lineStartIfBlankBefore(text: string, offset: number): number {
  let i = offset;
  while (i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--;
  return i === 0 || text[i - 1] === '\n' ? i : offset;
}

/** The offset after the line break ending the line of `offset`, when only whitespace follows it. */
export function lineEndIfBlankAfter(text: string, offset: number): number {
  let i = offset;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
  if (i < text.length && text[i] === '\r') i++;
  if (i < text.length && text[i] === '\n') return i + 1;
  return i === text.length ? i : offset;
}
