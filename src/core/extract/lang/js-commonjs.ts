import path from 'node:path';
import type { Node } from 'web-tree-sitter';
import { field, namedChildren } from '../syntax.js';
import type { Reexport } from '../types.js';
import { BUNDLER_RENAME } from './js-reexports.js';

/**
 * CommonJS as compilers, bundlers and hand-written entry points leave it: which assignments
 * only pass on what another file defines (`exports.partition = require('./partition')`,
 * Babel's `exports.waterfall = _waterfall2.default`, tsc's `exports.a = void 0` placeholders),
 * and the re-exports they make. The TypeScript/JavaScript extractor asks these questions; the
 * ESM forms are js-reexports.ts's.
 */

/**
 * A top-level name bound to a relative module: `var x = require('./x')` (the module), or
 * `const { Command } = require('./lib/command')` (its `member`).
 */
export interface RequiredLocal {
  spec: string;
  member?: string;
}

const EXPORTS_OBJECT = /^(module\.exports|exports)$/;
const EXPORTS_TARGET = /^(module\.exports|exports)(\.[\w$]+)?$/;

/**
 * An assignment's target and value, through a chain of exports: `exports = module.exports =
 * createApplication` (express) and `module.exports = exports = X` are `module.exports = …` of
 * the value at the end; in `exports.format = exports.formatDate = format` (date-fns's compiled
 * CommonJS) the inner `exports.formatDate = format` is an export of its own (`named`), and
 * the outer is `exports.format = format` (it had been an undocumented variable whose value was
 * the assignment, standing in for the documented function in search).
 */
export function exportsChain(a: Node): { left: Node | null; right: Node | null; named: Node[] } {
  let left = field(a, 'left');
  let right = field(a, 'right');
  const named: Node[] = [];
  while (left && right?.type === 'assignment_expression' && EXPORTS_TARGET.test(left.text.replace(/\s+/g, ''))) {
    const inner = field(right, 'left');
    const target = inner?.text.replace(/\s+/g, '') ?? '';
    if (!inner || !EXPORTS_TARGET.test(target)) break;
    // Of named exports, only the nearest: visiting it takes in the rest of the chain below it.
    if (!EXPORTS_OBJECT.test(target)) {
      if (!named.length) named.push(right);
    } else if (inner.type === 'member_expression') left = inner;
    right = field(right, 'right');
  }
  return { left, right, named };
}

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
export function commonJsReexport(name: string, value: Node, file: string, module: string, locals: ReadonlyMap<string, RequiredLocal>, moduleName: (file: string) => string): Reexport | null {
  let spec: string | null = null;
  let member: string | null = null;
  let v = value;
  if (v.type === 'member_expression') {
    const prop = field(v, 'property')?.text ?? null;
    if (prop && prop !== 'default') member = prop;
    v = field(v, 'object') ?? v;
  }
  if (v.type === 'identifier' || v.type === 'shorthand_property_identifier') {
    const local = locals.get(v.text);
    spec = local?.spec ?? null;
    // A local destructured from a require (`const { Command } = require('./lib/command')`) names its member.
    member ??= local?.member ?? null;
  } else spec = requiredSpec(v);
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

/**
 * What tsc writes for `export … from` in CommonJS output, as re-exports:
 * `__exportStar(require("./m"), exports)` (also `tslib_1.__exportStar`, Babel's
 * `_exportStar`) for `export * from './m'`, and
 * `Object.defineProperty(exports, "x", { enumerable: true, get: function () { return m_1.y; } })`
 * for `export { y as x } from './m'`, `m_1` bound to `require("./m")`. Null for any other call.
 */
export function compiledReexport(call: Node, file: string, module: string, locals: ReadonlyMap<string, RequiredLocal>, moduleName: (file: string) => string): Reexport | null {
  const fn = field(call, 'function')?.text.replace(/\s+/g, '') ?? '';
  const args = namedArgs(call);
  if (/(^|\.)_{1,2}exportStar$/.test(fn) && args.length >= 2 && /^(module\.)?exports$/.test(args[1]!.text)) {
    return commonJsReexport('*', args[0]!, file, module, locals, moduleName);
  }
  if (fn !== 'Object.defineProperty' || args.length < 3 || !/^(module\.)?exports$/.test(args[0]!.text) || args[1]!.type !== 'string') return null;
  const name = args[1]!.text.slice(1, -1);
  if (!/^[\w$]+$/.test(name) || name === '__esModule') return null;
  // The getter's returned member: `return m_1.y;` (a function or an arrow).
  const getter = args[2]!.namedChildren.find((p) => p?.type === 'pair' && field(p, 'key')?.text === 'get') ?? args[2]!.namedChildren.find((p) => p?.type === 'method_definition' && field(p, 'name')?.text === 'get');
  const body = getter && (getter.type === 'pair' ? field(field(getter, 'value') ?? getter, 'body') : field(getter, 'body'));
  const returned = body?.type === 'statement_block' ? body.namedChildren.find((s) => s?.type === 'return_statement')?.namedChild(0) : body;
  if (returned?.type !== 'member_expression') return null;
  return commonJsReexport(name, returned, file, module, locals, moduleName);
}

function namedArgs(call: Node): Node[] {
  const out: Node[] = [];
  for (const c of field(call, 'arguments')?.namedChildren ?? []) if (c && c.type !== 'comment') out.push(c);
  return out;
}

/**
 * Names attached to a local that then becomes the module's whole export, as ws's entry point
 * does: `const WebSocket = require('./lib/websocket'); WebSocket.Server = WebSocketServer; …
 * module.exports = WebSocket`. Each attached name is the module's (`ws.Server`), a re-export of
 * what its value names (commonJsReexport: a relative require or a local bound to one); values
 * defined here are items already. Read in either order: the export may come first.
 */
export class AttachedExports {
  private readonly attached: { local: string; name: string; value: Node }[] = [];
  private exported: string | null = null;

  /** `local.name = value` at the top of the module. */
  attach(local: string, name: string, value: Node): void {
    this.attached.push({ local, name, value });
  }

  /** `module.exports = local`. */
  exportLocal(local: string): void {
    this.exported = local;
  }

  reexports(file: string, module: string, locals: ReadonlyMap<string, RequiredLocal>, moduleName: (file: string) => string): Reexport[] {
    const out: Reexport[] = [];
    for (const a of this.attached) {
      if (a.local !== this.exported) continue;
      const re = commonJsReexport(a.name, a.value, file, module, locals, moduleName);
      if (!re) continue;
      out.push(re);
      const whole = wholeModuleDefault(re, a.name, a.value, locals);
      if (whole) out.push(whole);
    }
    return out;
  }
}

/**
 * A whole module passed on under a name (`WebSocket.Server = WebSocketServer`, express's
 * `exports.Router = Router` with `var Router = require('./router')`) is what that module exports:
 * also its default (`module.exports = WebSocketServer`, `var proto = module.exports =
 * function(options)` there), whatever it calls it. `re` is the re-export `name` made of `value`.
 */
export function wholeModuleDefault(re: Reexport, name: string, value: Node, locals: ReadonlyMap<string, RequiredLocal>): Reexport | null {
  const whole = value.type === 'identifier' ? !locals.get(value.text)?.member : requiredSpec(value) !== null && value.type !== 'member_expression';
  return whole ? { public: re.public, target: `${re.target.slice(0, -name.length)}default` } : null;
}

/**
 * Whether a value is what another package exports: `require('serve-static')`, or a member of a
 * top-level name bound to one (`bodyParser.json`, with `var bodyParser = require('body-parser')`).
 */
export function fromPackage(v: Node, packageLocals: ReadonlySet<string>): boolean {
  const spec = requiredSpec(v);
  if (spec !== null) return !spec.startsWith('.');
  let head = v;
  while (head.type === 'member_expression') head = field(head, 'object') ?? head;
  return head !== v && head.type === 'identifier' && packageLocals.has(head.text);
}

/** A function or class written in place: what `module.exports = …` may define. */
export function definition(v: Node): boolean {
  return /^(arrow_function|function_expression|function|generator_function|class)$/.test(v.type);
}

/**
 * The definition a declaration's value exports as the whole module: `var proto = module.exports
 * = function(options) {…}` (express's router) gives the function. Null for any other value.
 */
export function exportedDefinition(value: Node): Node | null {
  if (value.type !== 'assignment_expression' || field(value, 'left')?.text.replace(/\s+/g, '') !== 'module.exports') return null;
  const right = field(value, 'right');
  return right && definition(right) ? right : null;
}

/**
 * The re-exports `module.exports = …` makes without a doc of its own: an object's members
 * (`{ partition: require('./partition'), debounce }`), a local (bound to a required module: its
 * names; defined here: the module's default, as `export default` makes it), or a required module
 * (all of its names, as `export * from './impl'`). A local is also told to `attached`.
 */
export function moduleExportsReexports(right: Node, file: string, module: string, locals: ReadonlyMap<string, RequiredLocal>, moduleName: (file: string) => string, attached: AttachedExports): Reexport[] {
  const out: Reexport[] = [];
  if (right.type === 'object') {
    for (const p of namedChildren(right)) {
      const key = p.type === 'pair' ? field(p, 'key')?.text.replace(/^['"]|['"]$/g, '') : p.type === 'shorthand_property_identifier' ? p.text : null;
      const value = p.type === 'pair' ? field(p, 'value') : p;
      const re = key && value ? commonJsReexport(key, value, file, module, locals, moduleName) : null;
      if (re) out.push(re);
    }
  } else if (right.type === 'identifier') {
    attached.exportLocal(right.text);
    // A member required by name (`const { Foo } = require('./foo')`): the module's default.
    const local = locals.get(right.text);
    const re = local ? commonJsReexport(local.member ? 'default' : '*', right, file, module, locals, moduleName) : null;
    if (re) out.push(re);
    else if (!local) out.push({ public: `${module}.default`, target: `${module}.${right.text}` });
  } else if (required(right)) {
    const re = commonJsReexport('*', right, file, module, locals, moduleName);
    if (re) out.push(re);
    // The whole module object, its default with it (a star, as `export *`, passes on every name but that):
    // express's `module.exports = require('./lib/express')`.
    if (re?.public.endsWith('*') && re.target.endsWith('*')) out.push({ public: `${re.public.slice(0, -1)}default`, target: `${re.target.slice(0, -1)}default` });
  }
  return out;
}
