import type { Node } from 'web-tree-sitter';
import { parse } from '../../core/extract/parser.js';
import { DocentError } from '../../core/errors.js';

/**
 * Extract function for Python, which pyright does not offer: on the tree-sitter tree, the
 * whole statements in the range become a new module-level function placed before the
 * top-level definition that holds them. Names of the enclosing function read in the range
 * (parameters, or assigned before it) become parameters; names assigned in the range and read
 * after it become return values. A range that cannot move is refused with the reason: a
 * `return` before its last statement, `yield`, `global`/`nonlocal`, `break`/`continue` outside
 * a loop of the range.
 */

export interface PythonExtraction {
  /** The whole new text of the file. */
  text: string;
  params: string[];
  returns: string[];
}

interface Occ {
  name: string;
  index: number;
  write: boolean;
  read: boolean;
}

const SCOPES = new Set(['function_definition', 'lambda', 'class_definition']);
const COMPREHENSIONS = new Set(['list_comprehension', 'set_comprehension', 'dictionary_comprehension', 'generator_expression']);

/** Identifiers bound by a target (assignment left side, for target, with alias, …). */
function targets(n: Node | null, out: Node[] = []): Node[] {
  if (!n) return out;
  if (n.type === 'identifier') out.push(n);
  else if (/pattern|expression_list|tuple|list/.test(n.type) && n.type !== 'list_comprehension') for (const c of n.namedChildren) if (c) targets(c, out);
  return out;
}

/** Every name read or written under `node`, in order; nested scopes count as reads of free names. */
function occurrences(node: Node): Occ[] {
  const occ: Occ[] = [];
  const writes = new Set<number>();
  const hidden = new Set<number>();
  const visit = (n: Node, local: Set<string>) => {
    if (SCOPES.has(n.type) && n !== node) {
      const name = n.childForFieldName('name');
      if (name) occ.push({ name: name.text, index: name.startIndex, write: true, read: false });
      const own = new Set(local);
      const params = n.childForFieldName('parameters');
      if (params) for (const id of params.descendantsOfType('identifier')) if (id) own.add(id.text);
      for (const c of n.namedChildren) if (c && c !== name && c !== params) visit(c, own);
      return;
    }
    if (COMPREHENSIONS.has(n.type)) {
      const own = new Set(local);
      for (const clause of n.descendantsOfType('for_in_clause')) if (clause) for (const t of targets(clause.childForFieldName('left'))) own.add(t.text);
      for (const c of n.namedChildren) if (c) visit(c, own);
      return;
    }
    switch (n.type) {
      case 'assignment':
      case 'augmented_assignment':
      case 'for_statement':
      case 'for_in_clause': {
        const left = n.childForFieldName('left');
        for (const t of targets(left)) {
          writes.add(t.startIndex);
          if (n.type === 'augmented_assignment') occ.push({ name: t.text, index: t.startIndex, write: true, read: true }), hidden.add(t.startIndex);
        }
        break;
      }
      case 'named_expression': {
        const name = n.childForFieldName('name');
        if (name) writes.add(name.startIndex);
        break;
      }
      case 'as_pattern': {
        const alias = n.childForFieldName('alias');
        for (const t of targets(alias)) writes.add(t.startIndex);
        break;
      }
      case 'attribute': {
        const attr = n.childForFieldName('attribute');
        if (attr) hidden.add(attr.startIndex);
        break;
      }
      case 'keyword_argument': {
        const name = n.childForFieldName('name');
        if (name) hidden.add(name.startIndex);
        break;
      }
      case 'identifier': {
        if (local.has(n.text) || hidden.has(n.startIndex)) return;
        const write = writes.has(n.startIndex);
        occ.push({ name: n.text, index: n.startIndex, write, read: !write });
        return;
      }
    }
    for (const c of n.children) if (c) visit(c, local);
  };
  visit(node, new Set());
  return occ.sort((a, b) => a.index - b.index);
}

function refuse(why: string): never {
  throw new DocentError('E_BAD_INPUT', `This range cannot be extracted: ${why}.`, 'Choose whole statements without that.');
}

/** Extract the statements of `text` between offsets `start` and `end` into `name`. */
export async function extractPythonFunction(text: string, start: number, end: number, name: string): Promise<PythonExtraction> {
  // The range without surrounding whitespace, so a selection of whole lines starts on a statement.
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  const tree = await parse('python', text);
  try {
    const root = tree.rootNode;
    const inner = root.descendantForIndex(start, Math.max(start, end - 1));
    let block: Node | null = inner;
    while (block && block.type !== 'block' && block.type !== 'module') block = block.parent;
    // The innermost block holding the whole range.
    while (block && !(block.startIndex <= start + 1 && block.endIndex >= end - 1) && block.parent) {
      block = block.parent;
      while (block && block.type !== 'block' && block.type !== 'module') block = block.parent;
    }
    if (!block) refuse('no statements in it');
    const stmts = block.namedChildren.filter((c): c is Node => Boolean(c) && c!.type !== 'comment' && c!.endIndex > start && c!.startIndex < end);
    if (!stmts.length) refuse('no statements in it');
    const first = stmts[0]!;
    const last = stmts[stmts.length - 1]!;
    if (first.startIndex < lineStartOf(text, start) || last.endIndex > end + trailingSpace(text, end)) refuse('it covers part of a statement; select whole lines');
    let fn: Node | null = block.parent;
    while (fn && fn.type !== 'function_definition') fn = fn.parent;

    // What may not move.
    let endsWithReturn = false;
    for (const s of stmts) {
      const bad = findUnmovable(s, s === last);
      if (bad === 'return-last') endsWithReturn = true;
      else if (bad) refuse(bad);
    }
    const isAsync = stmts.some((s) => hasOwn(s, (n) => n.type === 'await'));

    const scope = fn ?? root;
    const all = occurrences(scope.type === 'function_definition' ? scope : root);
    const inRange = all.filter((o) => o.index >= first.startIndex && o.index < last.endIndex);
    const before = all.filter((o) => o.index < first.startIndex && o.write);
    const paramNames = new Set<string>();
    if (fn) for (const id of fn.childForFieldName('parameters')?.descendantsOfType('identifier') ?? []) if (id && !isAnnotation(id)) paramNames.add(id.text);
    const localsBefore = new Set([...paramNames, ...before.map((o) => o.name)]);
    const params: string[] = [];
    const assigned = new Set<string>();
    for (const o of inRange) {
      if (o.read && !assigned.has(o.name) && localsBefore.has(o.name) && !params.includes(o.name)) params.push(o.name);
      if (o.write) assigned.add(o.name);
    }
    const after = fn ? all.filter((o) => o.index >= last.endIndex && o.index < fn!.endIndex) : all.filter((o) => o.index >= last.endIndex);
    const returns = endsWithReturn ? [] : [...assigned].filter((n) => after.some((o) => o.name === n && o.read));

    // The new function, before the top-level statement holding the range.
    const indentOf = (n: Node) => text.slice(lineStartOf(text, n.startIndex), n.startIndex);
    const stmtIndent = indentOf(first);
    const bodyLines = text.slice(lineStartOf(text, first.startIndex), last.endIndex).split('\n');
    const body = bodyLines.map((l) => (l.startsWith(stmtIndent) ? `    ${l.slice(stmtIndent.length)}` : l.trim() ? `    ${l.trimStart()}` : '')).join('\n');
    const ret = returns.length ? `\n    return ${returns.join(', ')}` : '';
    const def = `${isAsync ? 'async ' : ''}def ${name}(${params.join(', ')}):\n${body}${ret}\n\n\n`;
    let top: Node = first;
    while (top.parent && top.parent.type !== 'module') top = top.parent;
    if (top.parent?.type !== 'module') top = first;
    const insertAt = lineStartOf(text, top.startIndex);

    const call = `${isAsync ? 'await ' : ''}${name}(${params.join(', ')})`;
    const replacement = endsWithReturn ? `return ${call}` : returns.length ? `${returns.join(', ')} = ${call}` : call;
    const from = first.startIndex;
    const to = last.endIndex;
    if (insertAt > from) refuse('it is not inside a definition and the new function would go after it');
    const out = text.slice(0, insertAt) + def + text.slice(insertAt, from) + replacement + text.slice(to);
    return { text: out, params, returns };
  } finally {
    tree.delete();
  }
}

function isAnnotation(id: Node): boolean {
  for (let p = id.parent; p && p.type !== 'parameters'; p = p.parent) if (p.type === 'type') return true;
  return false;
}

/** A reason the statement cannot move, 'return-last' for a final return (allowed), or null. */
function findUnmovable(stmt: Node, isLast: boolean): string | 'return-last' | null {
  let verdict: string | 'return-last' | null = null;
  const walk = (n: Node, inLoop: boolean) => {
    if (verdict && verdict !== 'return-last') return;
    if (n.type === 'function_definition' || n.type === 'lambda' || n.type === 'class_definition') return;
    if (n.type === 'return_statement') {
      verdict = n === stmt && isLast ? 'return-last' : 'a return before its last statement would leave the new function, not the old one';
      if (verdict !== 'return-last') return;
    }
    if (n.type === 'yield') return void (verdict = 'it yields (a generator\'s body cannot move into another function)');
    if (n.type === 'nonlocal_statement' || n.type === 'global_statement') return void (verdict = `it declares ${n.type === 'nonlocal_statement' ? 'nonlocal' : 'global'} names`);
    if ((n.type === 'break_statement' || n.type === 'continue_statement') && !inLoop) return void (verdict = `a ${n.type.replace('_statement', '')} would leave a loop outside the range`);
    const loop = inLoop || n.type === 'for_statement' || n.type === 'while_statement';
    for (const c of n.namedChildren) if (c) walk(c, loop);
  };
  walk(stmt, false);
  return verdict;
}

function hasOwn(n: Node, pred: (n: Node) => boolean): boolean {
  if (pred(n)) return true;
  if (n.type === 'function_definition' || n.type === 'lambda') return false;
  return n.namedChildren.some((c) => c !== null && hasOwn(c, pred));
}

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

function trailingSpace(text: string, offset: number): number {
  let i = offset;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i - offset;
}
