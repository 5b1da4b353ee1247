import type { Node } from 'web-tree-sitter';
import { field, namedChildren } from '../syntax.js';
import type { DocItem } from '../types.js';

/**
 * C++ templates as users name them, for cpp.ts: deduction guides are no functions, and a
 * template defined only through its one partial specialization is that template.
 */

/**
 * A class template argument deduction guide (`array(_Tp, _Up...) -> array<…>;`): a
 * declaration with no type whose trailing return type names the template it guides. It
 * declares no function; listed as one it sat beside the class under the same id.
 */
export function isDeductionGuide(decl: Node, fn: Node, name: string): boolean {
  if (decl.type !== 'declaration' || field(decl, 'type') || field(decl, 'body')) return false;
  const trailing = namedChildren(fn).find((c) => c.type === 'trailing_return_type');
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return !!trailing && new RegExp(`^->\\s*(?:typename\\s+)?(?:[\\w:]*::)?${escaped}\\s*<`).test(trailing.text);
}

/**
 * A template only declared in a file (`template<typename _Signature> class function;`) whose one
 * definition there is a partial specialization (`class function<_Res(_ArgTypes...)> {…}`): that
 * definition is what users name (`std::function`), so it and its members take the template's
 * id, the specialization staying in the signature. Not when the file defines the template
 * itself, specializes it more than once (`atomic<shared_ptr<T>>` and `atomic<weak_ptr<T>>`), or
 * fully (`numeric_limits<__max_size_type>` is about one type).
 */
export function nameSoleSpecializations(items: DocItem[], partials: readonly { primary: string; id: string }[], declaredAhead: { has(id: string): boolean }): void {
  const byPrimary = new Map<string, string[]>();
  for (const p of partials) byPrimary.set(p.primary, [...(byPrimary.get(p.primary) ?? []), p.id]);
  const defined = new Set(items.map((i) => i.id));
  const renames = new Map<string, string>();
  for (const [primary, ids] of byPrimary) if (ids.length === 1 && declaredAhead.has(primary) && !defined.has(primary)) renames.set(ids[0]!, primary);
  if (!renames.size) return;
  const renamed = (id: string): string => {
    for (const [from, to] of renames) {
      if (id === from) return to;
      if (id.startsWith(`${from}::`)) return to + id.slice(from.length);
    }
    return id;
  };
  for (const item of items) {
    const to = renames.get(item.id);
    if (to) item.name = to.slice(to.lastIndexOf('::') + 2);
    item.id = renamed(item.id);
    if (item.parent !== null) item.parent = renamed(item.parent);
  }
}

/**
 * A partial specialization whose arguments are a pattern of its own template parameters only
 * (`function<_Res(_ArgTypes...)>` under `template<typename _Res, typename... _ArgTypes>`): the
 * template's one real definition, for every argument of that shape. Not one for a family of
 * other types (`DenseMapInfo<PointerIntPair<PointerTy, IntBits, IntType>, void>`, a trait
 * specialized beside the type it describes), nor a full specialization (`template<>`).
 */
export function isParameterPattern(name: string, templatePrefix: string): boolean {
  const params = new Set(templatePrefix.match(/[A-Za-z_]\w*/g) ?? []);
  const args = name.slice(name.indexOf('<') + 1, name.lastIndexOf('>'));
  const words = args.match(/[A-Za-z_]\w*/g) ?? [];
  return /^template\s*<\s*[^>\s]/.test(templatePrefix) && words.length > 0 && words.every((w) => params.has(w) && w !== 'typename' && w !== 'class');
}
