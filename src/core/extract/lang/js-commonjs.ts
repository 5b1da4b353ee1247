import path from 'node:path';
import type { Node } from 'web-tree-sitter';
import { field } from '../syntax.js';
import type { Reexport } from '../types.js';
import { BUNDLER_RENAME } from './js-reexports.js';

/**
 * CommonJS as compilers, bundlers and hand-written entry points leave it: which assignments
 * only pass on what another file defines (`exports.partition = require('./partition')`,
 * Babel's `exports.waterfall = _waterfall2.default`, tsc's `exports.a = void 0` placeholders),
 * and the re-exports they make. The TypeScript/JavaScript extractor asks these questions; the
 * ESM forms are js-reexports.ts's.
 */

/** `require('x')`, a member of it, or a compiler's wrapper around it (`_interopRequireDefault(require('x'))`). */
export function required(v: Node): boolean {
  return requiredSpec(v) !== null;
}

/** The module a `require` expression (or a member of it, or a wrapper around it) loads: `'./x'`, or null. */
export function requiredSpec(v: Node): string | null {
  if (v.type === 'member_expression') return requiredSpec(field(v, 'object') ?? v);
  if (v.type === 'parenthesized_expression' || v.type === 'sequence_expression') {
    for (const c of v.namedChildren) {
      const s = c ? requiredSpec(c) : null;
      if (s) return s;
    }
    return null;
  }
  if (v.type !== 'call_expression') return null;
  const first = field(v, 'arguments')?.namedChild(0);
  if (field(v, 'function')?.text === 'require') return first?.type === 'string' ? first.text.slice(1, -1) : null;
  return first ? requiredSpec(first) : null;
}

/** `void 0` or `undefined`, alone or at the end of a chain of assignments: a placeholder before the real export. */
export function placeholder(v: Node): boolean {
  if (v.type === 'assignment_expression') return placeholder(field(v, 'right') ?? v);
  return v.text === 'void 0' || v.text === 'undefined';
}

/** A value that names something defined elsewhere: a renamed local, a member of an import (`_x.default`, `tslib_1.foo`), a `require()`. */
export function reexportedValue(v: Node): boolean {
  if (v.type === 'identifier') return BUNDLER_RENAME.test(v.text);
  return v.type === 'member_expression' || required(v);
}

/**
 * The re-export an `exports.name = value` makes when the value comes from a relative module:
 * `require('./partition')`, `require('./x').y`, a local bound to one (`debounce`, Babel's
 * `_waterfall2.default`). The item there is taken to be named as exported (`partition` in
 * `partition.js`), or as the member asked for (`y`): how one-function-per-file libraries are
 * laid out; a target the index does not have resolves to nothing.
 */
export function commonJsReexport(name: string, value: Node, file: string, module: string, locals: ReadonlyMap<string, string>, moduleName: (file: string) => string): Reexport | null {
  let spec: string | null = null;
  let member: string | null = null;
  let v = value;
  if (v.type === 'member_expression') {
    const prop = field(v, 'property')?.text ?? null;
    if (prop && prop !== 'default') member = prop;
    v = field(v, 'object') ?? v;
  }
  if (v.type === 'identifier' || v.type === 'shorthand_property_identifier') spec = locals.get(v.text) ?? null;
  else spec = requiredSpec(v);
  if (!spec?.startsWith('.')) return null;
  const target = moduleName(path.posix.join(path.posix.dirname(file.replace(/\\/g, '/')), spec));
  if (target === module) return null;
  return { public: `${module}.${name}`, target: `${target}.${member ?? name}` };
}

/** Each (public, target) pair once: `exports.debounce = debounce` and `module.exports = { debounce }` say the same. */
export function uniqueReexports(list: readonly Reexport[]): Reexport[] {
  const seen = new Set<string>();
  return list.filter((r) => {
    const k = `${r.public}\u0000${r.target}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
