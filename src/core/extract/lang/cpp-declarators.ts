import type { Node } from 'web-tree-sitter';
import { oneLine, type SignatureParam } from '../build.js';
import { parseLoadedSync } from '../parser.js';
import { field, namedChildren } from '../syntax.js';
import type { LanguageId } from '../types.js';
import { lexicalParams } from './c-prototype.js';

/**
 * Reading C/C++ declarators: the function declarator inside pointer/reference wrappers, the
 * declared name at the bottom of a declarator chain, a parameter list's names, types and
 * defaults, a return type. Pure functions over tree-sitter nodes, shared by the C/C++ extractor's paths.
 */

const FUNCTION_WRAPPERS = new Set(['pointer_declarator', 'pointer_type_declarator', 'reference_declarator', 'parenthesized_declarator', 'attributed_declarator']);

/**
 * The `function_declarator` under `*`, `&`, parentheses and attributes, or null when the
 * declarator declares no function. Also under a type macro's misparse (`SQLITE_API
 * sqlite3_file *sqlite3_database_file_object(const char*)`: C++'s grammar reads `sqlite3_file
 * *…` as a qualified name with its `::` missing).
 */
export function functionDeclarator(d: Node): Node | null {
  let cur: Node | null = d;
  while (cur) {
    if (cur.type === 'function_declarator') return cur;
    if (cur.type === 'qualified_identifier' && missingScope(cur)) {
      cur = field(cur, 'name');
      continue;
    }
    if (!FUNCTION_WRAPPERS.has(cur.type)) return null;
    cur = field(cur, 'declarator') ?? cur.namedChild(cur.namedChildCount - 1);
  }
  return null;
}

/**
 * The function a declarator declares, and whether it is rather a pointer to one: `int
 * (*xClose)(sqlite3_file*)` declares a field or variable holding a function, `void
 * (*signal(int, void (*)(int)))(int)` the function `signal` (returning such a pointer).
 */
export function declaredFunction(d: Node): { fn: Node; pointer: boolean } | null {
  let fn = functionDeclarator(d);
  if (!fn) return null;
  for (let inner = field(fn, 'declarator'); inner?.type === 'parenthesized_declarator'; inner = field(fn, 'declarator')) {
    const deeper = functionDeclarator(inner);
    if (!deeper) return { fn, pointer: true };
    fn = deeper;
  }
  // A requires clause ending in a call (`bit_cast(const _From&) noexcept requires (…) &&
  // __is_trivially_copyable(_To)`) reads to this grammar as a second parameter list around the
  // first declarator: the function is the one inside, which holds the clause. (A name a macro
  // makes, `TRANS(Open)(…)`, is also a declarator in a declarator, and keeps its spelling.)
  for (let inner = field(fn, 'declarator'); inner?.type === 'function_declarator' && namedChildren(inner).some((c) => c.type === 'requires_clause'); inner = field(fn, 'declarator')) fn = inner;
  return { fn, pointer: false };
}

/** A qualified name whose `::` the parser had to invent: a type macro before a declaration's type. */
function missingScope(n: Node): boolean {
  for (let i = 0; i < n.childCount; i++) if (n.child(i)?.isMissing) return true;
  return false;
}

/**
 * A declarator's name as written. A type macro before the name (glibc's `__STDIO_INLINE
 * __ssize_t getline (…)`, `__STD_TYPE __DEV_T_TYPE __dev_t;`) makes C++'s grammar read
 * `__ssize_t getline` as a qualified name with its `::` missing: the name is the last part.
 */
export function declaredName(n: Node): string {
  if (n.type === 'qualified_identifier' && missingScope(n)) {
    const name = field(n, 'name');
    // `SQLITE_API sqlite3_vfs *zVfs;`: the name under the pointer.
    if (name && !/identifier$/.test(name.type)) return innermostName(name) ?? name.text;
    return name?.text ?? n.text;
  }
  return n.text;
}

/** The identifier a declarator chain declares (`x` in `*const x[4]`). */
export function innermostName(d: Node): string | null {
  let cur: Node | null = d;
  for (let i = 0; cur && i < 8; i++) {
    if (/identifier$/.test(cur.type)) return declaredName(cur);
    cur = field(cur, 'declarator') ?? cur.namedChild(0);
  }
  return null;
}

/** A parameter list's parameters, with the type written around the name and any default. */
export function paramsOf(list: Node | null): SignatureParam[] {
  if (!list) return [];
  const out: SignatureParam[] = [];
  for (const p of namedChildren(list)) {
    if (p.type === 'variadic_parameter' || p.text === '...') {
      out.push({ name: '...', type: null });
      continue;
    }
    if (!/parameter_declaration$/.test(p.type)) continue;
    const decl = field(p, 'declarator');
    const def = field(p, 'default_value');
    const name = decl ? innermostName(decl) : null;
    const text = p.text.slice(0, def ? def.startIndex - p.startIndex : undefined).replace(/=\s*$/, '').trim();
    if (!name) {
      if (text !== 'void') out.push({ name: '', type: oneLine(text) });
      continue;
    }
    const at = text.lastIndexOf(name);
    const type = oneLine(at >= 0 ? text.slice(0, at) + text.slice(at + name.length) : text);
    out.push({ name, type: type || null, default: def?.text ?? null });
  }
  return out;
}

/** Parameters from the text of a parameter list: re-parsed as a plain prototype, else split by hand. */
export function paramsFromText(lang: LanguageId, text: string): SignatureParam[] {
  const probe = parseLoadedSync(lang, `void __docent_probe(${text});`);
  if (probe) {
    try {
      const decl = probe.rootNode.namedChild(0);
      const d = decl?.type === 'declaration' && !probe.rootNode.hasError ? decl.childForFieldName('declarator') : null;
      const fn = d ? functionDeclarator(d) : null;
      if (fn) return paramsOf(field(fn, 'parameters'));
    } finally {
      probe.delete();
    }
  }
  return lexicalParams(text);
}

/** A function's return type as written: its trailing return type, else the source between its type and its name. */
export function returnTypeOf(source: string, typeNode: Node | null, nameNode: Node, fn: Node): string | null {
  const trailing = namedChildren(fn).find((c) => c.type === 'trailing_return_type');
  if (trailing) return oneLine(trailing.text.replace(/^->\s*/, ''));
  if (!typeNode) return null;
  const between = source.slice(typeNode.startIndex, nameNode.startIndex).replace(/[\w:]*::\s*$/, '');
  const t = oneLine(between.replace(/\(\s*$/, ''));
  return t || null;
}
