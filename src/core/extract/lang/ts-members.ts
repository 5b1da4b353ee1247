import type { Node } from 'web-tree-sitter';
import { oneLine, type SignatureParam } from '../build.js';
import { field, namedChildren } from '../syntax.js';
import type { DocItem, ItemKind, Visibility } from '../types.js';
import { sigParams, typeOf } from './ts-signatures.js';

/**
 * The members of a class body and of an object literal, as the TypeScript/JavaScript extractor
 * (typescript.ts) makes items of them; `emit` there decides ids, docs and visibility.
 */

export interface MemberVisitor<S extends { id: string; visibility: Visibility }> {
  source: string;
  emit(name: string, kind: ItemKind, anchor: Node, decl: Node, scope: S, syntactic: Visibility, signature: string, params: SignatureParam[], returnType: string | null): DocItem | null;
  /** Look inside a body for JSDoc'd API. */
  descend(node: Node | null, scope: S): void;
  /** A declaration's header: its text up to the body. */
  header(node: Node, body: Node | null): string;
  /** Whether a doc comment documents the node. */
  documented(node: Node): boolean;
}

/** Methods, accessors, fields and the constructor of a class or interface body. */
export function visitClassMembers<S extends { id: string; visibility: Visibility }>(body: Node, scope: S, v: MemberVisitor<S>): void {
  for (const m of namedChildren(body)) {
    let kind: ItemKind | null = null;
    const nameNode = field(m, 'name');
    switch (m.type) {
      case 'method_definition':
      case 'method_signature':
      case 'abstract_method_signature':
        kind = nameNode?.text === 'constructor' ? 'constructor' : /^(get|set)\b/.test(memberModifiers(m, v.source)) ? 'property' : 'method';
        break;
      case 'public_field_definition':
      case 'field_definition':
      case 'property_signature':
        kind = 'property';
        break;
      default:
        continue;
    }
    const name = (nameNode ?? field(m, 'property'))?.text;
    if (!name) continue;
    const access = namedChildren(m).find((c) => c.type === 'accessibility_modifier')?.text;
    const syntactic: Visibility = access === 'private' ? 'private' : access === 'protected' ? 'protected' : scope.visibility;
    const bodyNode = field(m, 'body');
    // A property's header ends at its initializer (not at the `=>` of a function type).
    const init = field(m, 'value');
    const sig = kind === 'property' && !field(m, 'parameters') ? oneLine(v.source.slice(m.startIndex, init ? init.startIndex : m.endIndex).trimEnd().replace(/=$/, '').trimEnd().replace(/;$/, ''), 200) : v.header(m, bodyNode);
    const item = v.emit(name, kind, m, m, scope, syntactic, sig, sigParams(field(m, 'parameters')), typeOf(field(m, 'return_type') ?? (kind === 'property' ? field(m, 'type') : null)));
    if (kind === 'constructor' && item) item.id = `${scope.id}.constructor`;
    v.descend(bodyNode, scope);
  }
}

/**
 * An object literal's members as items of what it is bound to: `module.exports = { reverse(s)
 * {…}, repeat: function… }` (the module's functions), `const paths = { join() {…} }` (the
 * variable's methods). Functions always, as an exported object's functions are its API; other
 * values when documented.
 */
export function visitObjectLiteral<S extends { id: string; visibility: Visibility }>(obj: Node, scope: S, kind: 'function' | 'method', v: MemberVisitor<S>): void {
  for (const p of namedChildren(obj)) {
    let name: string | undefined;
    let fn: Node | null = null;
    if (p.type === 'method_definition') {
      name = field(p, 'name')?.text;
      fn = p;
    } else if (p.type === 'pair') {
      name = field(p, 'key')?.text.replace(/^['"]|['"]$/g, '');
      const value = field(p, 'value');
      if (value && /^(arrow_function|function_expression|function|generator_function)$/.test(value.type)) fn = value;
      else if (!v.documented(p)) continue;
    } else continue;
    if (!name || !/^[\w$]+$/.test(name)) continue;
    const body = fn ? field(fn, 'body') : null;
    const params = fn ? field(fn, 'parameters') ?? field(fn, 'parameter') : null;
    const sig = fn ? oneLine(`${name}${v.source.slice((params ?? fn).startIndex, body ? body.startIndex : fn.endIndex)}`.replace(/\s*=>\s*$/, '')) : v.header(p, null);
    v.emit(name, fn ? kind : 'variable', p, p, scope, 'public', sig, fn ? sigParams(params) : [], fn ? typeOf(field(fn, 'return_type')) : null);
    if (body) v.descend(body, scope);
  }
}

/** The modifier right before a member's name (`get`, `set`, `static`, `async`). */
function memberModifiers(m: Node, source: string): string {
  const name = field(m, 'name');
  return source.slice(m.startIndex, name ? name.startIndex : m.startIndex).trim().split(/\s+/).pop() ?? '';
}
