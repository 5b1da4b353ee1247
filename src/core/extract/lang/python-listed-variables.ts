import { buildItem, oneLine } from '../build.js';
import type { FileExtract } from '../types.js';
import { allMutationNames, declaredAllNames } from './python-public.js';

/**
 * Names a module lists in `__all__` and binds by a plain module-level assignment, without a
 * docstring: `PIPE = -1` (subprocess), `List = _alias(list, 1, …)` (typing), `mark =
 * MarkGenerator(…)` (pytest), `sqrt = _UFunc_Nin1_Nout1[…]` (numpy's stub). The module says
 * they are its API, so they are items (constant or variable, with the assignment as the
 * signature) that docs_get, docs_resolve and a search by name find, though they have no docs.
 * Undocumented assignments that `__all__` does not list stay out: most are implementation.
 */
export function addListedVariables(result: FileExtract, source: string, file: string): void {
  if (!source.includes('__all__')) return;
  const listed = new Set([...declaredAllNames(source), ...allMutationNames(source)]);
  if (!listed.size) return;
  const module = result.module.name;
  const have = new Set(result.items.map((i) => i.id));
  // A stub declares without assigning: a .pyi, or a built-in module's description (python-builtins.ts).
  const stub = !file.endsWith('.py');
  // Column-0 assignments, `NAME = value`, `NAME: T = value`, and in a stub `NAME: T` alone.
  for (const m of source.matchAll(/^([A-Za-z]\w*)[ \t]*(?::[ \t]*([^=\n]+?))?[ \t]*(?:=(?!=)[ \t]*([^\n]*))?$/gm)) {
    const [, name, type, value] = m as unknown as [string, string, string | undefined, string | undefined];
    if (!listed.has(name) || (value === undefined && !(stub && type))) continue;
    const id = `${module}.${name}`;
    if (have.has(id)) continue;
    have.add(id);
    const v = value?.replace(/\s*#.*$/, '').trim();
    const signature = oneLine(`${name}${type ? `: ${type.trim()}` : ''}${v && v.length <= 60 ? ` = ${v}` : ''}`);
    const line = source.slice(0, m.index!).split('\n').length;
    const kind = /^[A-Z][A-Z0-9_]*$/.test(name) ? 'constant' : 'variable';
    const item = buildItem({ kind, name, id, module, visibility: 'public', language: 'python', signature, line, endLine: line, parent: null }, null, file);
    if (type) item.returns = { type: oneLine(type), doc: null };
    result.items.push(item);
  }
}
