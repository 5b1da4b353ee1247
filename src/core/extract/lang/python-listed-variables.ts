import { buildItem, oneLine } from '../build.js';
import type { FileExtract } from '../types.js';
import { listedNames } from './python-public.js';
import { stringExpressionAt } from './python-strings.js';
import { lineCounter } from '../fast/python-lines.js';

/**
 * Names a module lists in `__all__` and binds by a plain module-level assignment, without a
 * docstring: `PIPE = -1` (subprocess), `List = _alias(list, 1, …)` (typing), `mark =
 * MarkGenerator(…)` (pytest), `sqrt = _UFunc_Nin1_Nout1[…]` (numpy's stub). The module says
 * they are its API, so they are items (constant or variable, with the assignment as the
 * signature) that docs_get, docs_resolve and a search by name find, though they have no docs.
 * Left out: undocumented assignments `__all__` does not list (mostly implementation), and a
 * name bound to a private name (`Lock = _allocate_lock`, `error = _thread.error`): an alias of
 * an implementation, which the alias and re-export readers (and bundled stubs) follow to what it
 * names, and an undocumented item under its id would stand in front of that. A name bound to a
 * public one (`MULTILINE = RegexFlag.MULTILINE`, numpy's `abs = absolute`) is an item.
 */
export function addListedVariables(result: FileExtract, source: string, file: string, reexported: ReadonlySet<string>): void {
  if (!source.includes('__all__')) return;
  const listed = listedNames(source);
  if (!listed.size) return;
  const module = result.module.name;
  const have = new Set(result.items.map((i) => i.id));
  // A stub declares without assigning: a .pyi, or a built-in module's description (python-builtins.ts).
  const stub = !file.endsWith('.py');
  const lineAt = lineCounter(source);
  // Column-0 assignments, `NAME = value`, `NAME: T = value`, and in a stub `NAME: T` alone.
  for (const m of source.matchAll(/^([A-Za-z]\w*)[ \t]*(?::[ \t]*([^=\n]+?))?[ \t]*(?:=(?!=)[ \t]*([^\n]*))?$/gm)) {
    const [, name, type, value] = m as unknown as [string, string, string | undefined, string | undefined];
    if (!listed.has(name) || (value === undefined && !(stub && type))) continue;
    const id = `${module}.${name}`;
    if (have.has(id) || reexported.has(id)) continue;
    if (value !== undefined && /^_[\w.]*[ \t]*(?:#.*)?$/.test(value)) continue;
    have.add(id);
    const line = lineAt(m.index!);
    const shown = value === undefined ? '' : shownValue(value);
    const signature = oneLine(`${name}${type ? `: ${type.trim()}` : ''}${shown ? ` = ${shown}` : ''}`);
    const kind = /^[A-Z][A-Z0-9_]*$/.test(name) ? 'constant' : 'variable';
    const item = buildItem({ kind, name, id, module, visibility: 'public', language: 'python', signature, line, endLine: line, parent: null }, null, file);
    if (type) item.returns = { type: oneLine(type), doc: null };
    result.items.push(item);
  }
}

/** The assigned value as a signature shows it: a short complete expression on its line, else nothing (`Context(` goes on below). */
function shownValue(value: string): string {
  let v = value.trim();
  if (/["']/.test(v)) {
    // A string literal, whole (a `#` inside it is not a comment).
    const str = stringExpressionAt(v, 0);
    if (!str || !/^[ \t]*(?:#.*)?$/.test(v.slice(str.end))) return '';
    v = v.slice(0, str.end);
  } else v = v.replace(/[ \t]*#.*$/, '');
  let depth = 0;
  for (const c of v.replace(/(["'])(?:\\.|(?!\1).)*\1/g, '""')) {
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
  }
  return depth === 0 && v.length <= 60 ? v : '';
}
