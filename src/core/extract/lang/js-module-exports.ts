import type { Node } from 'web-tree-sitter';
import { field, namedChildren } from '../syntax.js';
import { exportsChain, requiredSpec, type RequiredLocal } from './js-commonjs.js';

/**
 * A JS/TS file's first pass: the names it exports (ESM `export { … }`, CommonJS
 * `module.exports = name | { … }` and `exports.x = name`), the modules it imports or requires
 * (pushed onto `imports`), whether it is a module at all (a script's top-level names are all
 * public), and the top-level names bound to a relative `require` with the module each loads
 * (`var _x = require('./x')`, and Babel's `var _x2 = _interopRequireDefault(_x)` after it;
 * a destructured `const { Command, Help: H } = require('./lib')` with the member each names).
 */
export function scanModuleExports(root: Node, imports: string[]): { exportedNames: Set<string>; isModule: boolean; requiredLocals: Map<string, RequiredLocal>; packageLocals: Set<string> } {
  const exportedNames = new Set<string>();
  const requiredLocals = new Map<string, RequiredLocal>();
  /** Top-level names bound to another package (`var bodyParser = require('body-parser')`). */
  const packageLocals = new Set<string>();
  let isModule = false;
  for (const st of namedChildren(root)) {
    if (st.type === 'import_statement') {
      isModule = true;
      const src = field(st, 'source');
      if (src) imports.push(src.text.slice(1, -1));
    } else if (st.type === 'export_statement') {
      isModule = true;
      // `export default debounce;`: the local is the module's API (lodash-es, one function per file).
      const value = field(st, 'value');
      if (value?.type === 'identifier') exportedNames.add(value.text);
      for (const c of namedChildren(st)) {
        if (c.type === 'export_clause') for (const s of namedChildren(c)) exportedNames.add(field(s, 'name')?.text ?? '');
      }
    } else if (st.type === 'expression_statement') {
      const a = st.namedChild(0);
      // tsc's and Babel's `Object.defineProperty(exports, "x", …)` and `__exportStar(…, exports)`: CommonJS.
      if (a?.type === 'call_expression' && /\bexports\b/.test(field(a, 'arguments')?.text ?? '') && /^(Object\.defineProperty|(\w+\.)?_{1,2}exportStar)$/.test(field(a, 'function')?.text ?? '')) isModule = true;
      if (a?.type !== 'assignment_expression') continue;
      const chain = exportsChain(a);
      const left = chain.left?.text.replace(/\s+/g, '') ?? '';
      const right = chain.right;
      if (left === 'module.exports' || left === 'export') {
        isModule = true;
        if (right?.type === 'identifier') exportedNames.add(right.text);
        if (right?.type === 'object') for (const p of namedChildren(right)) exportedNames.add((p.type === 'pair' ? field(p, 'value') : p)?.text ?? '');
      } else if (/^(module\.)?exports\.\w+$/.test(left)) {
        isModule = true;
        if (right?.type === 'identifier') exportedNames.add(right.text);
      }
    } else if (st.type === 'lexical_declaration' || st.type === 'variable_declaration') {
      for (const d of namedChildren(st)) {
        const v = field(d, 'value');
        if (!v) continue;
        if (v.type === 'call_expression' && field(v, 'function')?.text === 'require') {
          const arg = field(v, 'arguments')?.namedChild(0);
          if (arg?.type === 'string') imports.push(arg.text.slice(1, -1));
        }
        const name = field(d, 'name');
        if (name?.type === 'object_pattern') destructuredRequire(name, v, requiredLocals);
        if (name?.type !== 'identifier') continue;
        const spec = requiredSpec(v);
        // A wrapper around a name bound before: Babel's `_interopRequireDefault(_x)`.
        const arg = v.type === 'call_expression' ? field(v, 'arguments')?.namedChild(0) : null;
        const bound = spec ? { spec } : arg?.type === 'identifier' ? requiredLocals.get(arg.text) : undefined;
        if (bound?.spec.startsWith('.')) requiredLocals.set(name.text, bound);
        else if (spec) packageLocals.add(name.text);
      }
    }
  }
  return { exportedNames, isModule, requiredLocals, packageLocals };
}

/** `const { Command, Help: H } = require('./lib')`: each local bound to a member of a relative module. */
function destructuredRequire(pattern: Node, value: Node, locals: Map<string, RequiredLocal>): void {
  const spec = value.type === 'call_expression' ? requiredSpec(value) : null;
  if (!spec?.startsWith('.')) return;
  for (const p of namedChildren(pattern)) {
    if (p.type === 'shorthand_property_identifier_pattern') locals.set(p.text, { spec, member: p.text });
    else if (p.type === 'pair_pattern') {
      const key = field(p, 'key');
      const local = field(p, 'value');
      if (key?.type === 'property_identifier' && local?.type === 'identifier') locals.set(local.text, { spec, member: key.text });
    }
  }
}
