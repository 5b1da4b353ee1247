import type { DocItem, FileExtract, Reexport } from '../types.js';
import { pythonModuleName } from './python.js';
import { relativePythonModule } from '../import-paths.js';

/**
 * What makes a Python name public beyond its own definition, read from the source text so that
 * the lexical fast path and the tree-sitter path (both call these) agree:
 * - `__all__` grown after its literal list (`__all__.append("walk")`, `__all__.extend([...])`,
 *   `__all__ += [...]`, also inside `if` blocks, as `os` does for `walk` and `getenv`);
 * - module-level aliases of a function or of a bound method of a module-level instance
 *   (`randint = _inst.randint` in `random`, `insort = insort_right` in `bisect`): the alias is
 *   an item of its own under the name users write, carrying the target's documentation;
 * - re-exports from a package's `__init__.py` (`from .tasks import sleep`, `from .tasks import *`,
 *   and lazy `from .thread import ThreadPoolExecutor as te` inside `def __getattr__`): recorded
 *   as (public id → defining id), resolved against the other files at query time.
 */

const STRING_RE = /[rRuU]?(['"])([A-Za-z_][A-Za-z0-9_]*)\1/g;
/** `…/typeshed/stdlib/<module path>.pyi` (also the old `stdlib/3/`, `stdlib/2and3/` layout) and `…/typeshed/stubs/<distribution>/<module path>.pyi`. */
const TYPESHED_RE = /(?:^|\/)typeshed\/(?:stdlib\/(?:(?:2and3|3(?:\.\d+)?|2)\/)?|stubs\/[^/]+\/|third_party\/(?:2and3|3)\/)(.+\.pyi)$/;
const ALIAS_RE = /^([A-Za-z]\w*)[ \t]*=[ \t]*([A-Za-z_]\w*)(?:\.([A-Za-z_]\w*))?[ \t]*(?:#.*)?$/;

/**
 * A function of a file's source, remembered for the last source it was asked about: the readers
 * of one file (the extractor, re-exports, listed variables, aliases, private bases) ask the same
 * questions of the same text, each a pass over the whole file.
 */
function perSource<T>(compute: (source: string) => T): (source: string) => T {
  let last: { source: string; value: T } | null = null;
  return (source) => {
    if (last?.source !== source) last = { source, value: compute(source) };
    return last.value;
  };
}

/** Names added to `__all__` after (or besides) its literal assignments. */
export const allMutationNames = perSource((source: string): readonly string[] => {
  if (!source.includes('__all__')) return [];
  const out: string[] = [];
  const re = /^[ \t]*__all__\s*(?:\.\s*(?:append|extend)\s*\(|\+=\s*)([^)\]\n]*(?:\n[^)\]\n]*){0,40})/gm;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    for (let s = STRING_RE.exec(m[1]!); s; s = STRING_RE.exec(m[1]!)) out.push(s[2]!);
    STRING_RE.lastIndex = 0;
  }
  return out;
});

/** Every name `__all__` lists: its literal assignments and what is added to it after. */
export const listedNames = perSource((source: string): ReadonlySet<string> => new Set(source.includes('__all__') ? [...declaredAllNames(source), ...allMutationNames(source)] : []));

/**
 * Module-level `name = target` / `name = instance.method` aliases, as items carrying the
 * target's docs. Module level includes blocks under a top-level `try`/`except`/`else`/`if`,
 * where a module binds a name to the implementation it picked (`getpass = unix_getpass`).
 */
export function addPythonAliases(result: FileExtract, source: string, privateItems?: () => readonly DocItem[]): void {
  // One pass over the lines that start with a letter or `_` (column-0 statements), or, inside a
  // top-level try/except/if block, with indentation: a whole-source multiline regex as a first
  // test cost more than this pass.
  const instances = new Map<string, string>();
  let aliases: { row: number; m: RegExpExecArray; fallback: boolean }[] | null = null;
  // Inside a top-level block that picks an implementation; and the indent of a def/class within it (its body is not module level).
  let inBlock = false;
  // Inside a top-level `except` handler: what it binds is the fallback for when the `try` failed.
  let inHandler = false;
  let defIndent = -1;
  for (let i = 0, row = 0; i < source.length; row++) {
    const nl = source.indexOf('\n', i);
    const end = nl < 0 ? source.length : nl;
    const c = source.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95) {
      const line = source.slice(i, end);
      inBlock = /^(?:try|except|else|finally|if|elif)\b/.test(line) && !/^if\s+__name__\b/.test(line);
      inHandler = /^except\b/.test(line);
      defIndent = -1;
      // `_inst = Random()`, or in a stub `_rand: RandomState` (numpy.random's `seed = _rand.seed`).
      const inst = /^([A-Za-z_]\w*)\s*=\s*([A-Za-z_]\w*)\(/.exec(line) ?? /^([A-Za-z_]\w*)[ \t]*:[ \t]*([A-Za-z_]\w*)[ \t]*(?:#.*)?$/.exec(line);
      if (inst) instances.set(inst[1]!, inst[2]!);
      const m = c !== 95 ? ALIAS_RE.exec(line) : null;
      if (m) (aliases ??= []).push({ row, m, fallback: false });
    } else if (inBlock && (c === 32 || c === 9)) {
      const line = source.slice(i, end);
      const text = line.trimStart();
      const indent = line.length - text.length;
      if (defIndent >= 0 && indent > defIndent) {
        /* inside a function or class of the block */
      } else if (/^(?:async\s+)?(?:def|class)\b/.test(text)) defIndent = indent;
      else {
        if (defIndent >= 0 && text) defIndent = -1;
        const m = /^[A-Za-z]/.test(text) ? ALIAS_RE.exec(text) : null;
        if (m) (aliases ??= []).push({ row, m, fallback: inHandler });
      }
    }
    if (nl < 0) break;
    i = nl + 1;
  }
  if (!aliases) return;
  const module = result.module.name;
  const byId = new Map(result.items.map((i) => [i.id, i] as const));
  // A public alias of a private definition (`getpass = unix_getpass`, where `__all__` names only
  // `getpass`) needs the definition's docs: the file's private items, extracted only then.
  let hidden: Map<string, DocItem> | null = null;
  const find = (id: string, local: string) =>
    byId.get(id) ?? (privateItems && definesName(source, local) ? (hidden ??= new Map(privateItems().map((i) => [i.id, i] as const))).get(id) : undefined);
  // The bindings a module makes when its imports work come before its `except` fallbacks
  // (getpass binds `win_getpass` in a handler, `unix_getpass` in the `else`); stable otherwise.
  const ordered = aliases.some((a) => a.fallback) ? [...aliases.filter((a) => !a.fallback), ...aliases.filter((a) => a.fallback)] : aliases;
  for (const { row, m } of ordered) {
    const [, name, head, attr] = m as unknown as [string, string, string, string | undefined];
    const id = `${module}.${name}`;
    const prev = byId.get(id);
    // A name bound in several branches (`getpass` to `fallback_getpass` or `unix_getpass`): the first documented target, primary bindings first.
    if (name === head || (prev && (!prev.tags.alias_of || prev.summary))) continue;
    let target: DocItem | undefined;
    if (attr) {
      const cls = instances.get(head);
      target = cls ? find(`${module}.${cls}.${attr}`, cls) : undefined;
    } else target = find(`${module}.${head}`, head);
    if (!target || (target.kind !== 'function' && target.kind !== 'method' && target.kind !== 'class')) continue;
    if (prev && !target.summary) continue;
    const alias: DocItem = {
      ...target,
      id,
      name,
      kind: target.kind === 'method' ? 'function' : target.kind,
      parent: null,
      signature: target.signature.replace(/\bdef\s+\w+\(\s*(?:self|cls)\s*(?:,\s*)?/, `def ${name}(`).replace(/\bdef\s+\w+\(/, `def ${name}(`),
      location: { file: target.location.file, line: row + 1, end_line: row + 1 },
      visibility: 'public',
      tags: { ...target.tags, alias_of: target.id },
    };
    byId.set(id, alias);
    if (prev) result.items[result.items.indexOf(prev)] = alias;
    else result.items.push(alias);
  }
}

/** Whether the source defines `name` with a `def` or `class` statement (at any indentation). */
export function definesName(source: string, name: string): boolean {
  return definedNames(source).has(name);
}

/**
 * The names a source defines with `def` or `class`, in one pass: a file's aliases and private
 * bases ask about several names, and a pattern built and run over the whole file per name cost
 * more than the rest of their work.
 */
const definedNames = perSource((source: string): ReadonlySet<string> => {
  const names = new Set<string>();
  for (const m of source.matchAll(/^[ \t]*(?:async[ \t]+)?(?:def|class)[ \t]+([A-Za-z_]\w*)/gm)) names.add(m[1]!);
  return names;
});

/**
 * Names a module makes public under its own path: public id → defining id (`*` for all).
 * - A package's `__init__.py` re-exports its submodules' names (`from .tasks import *`,
 *   `from jsonschema.validators import validate`, lazy imports inside `__getattr__`).
 * - Any module re-exports what it imports at module level from a private module (`from _csv
 *   import reader` in csv.py, `from _heapq import *` inside a `try`): the C accelerator or
 *   implementation module is an implementation detail, the importing module the API.
 * - Any module re-exports a star import at module level (`from posix import *` in os.py).
 * - `import posixpath as path` at module level re-exports that module when `__all__` lists
 *   the name (`os.path`); `get_ident = _thread.get_ident` re-exports a private module's name.
 * "Module level" includes blocks under a top-level `try`/`except`/`else`/`if`, where modules
 * choose an implementation.
 */
export function pythonReexports(source: string, module: string, file: string): Reexport[] {
  const out: Reexport[] = [];
  // A typeshed stub bundled by another tool (`jedi/third_party/typeshed/stdlib/time.pyi`)
  // describes the module it is named after: its items are that module's, folded into them.
  const stub = TYPESHED_RE.exec(file);
  if (stub) {
    const described = pythonModuleName(stub[1]!);
    if (described && described !== module && described !== '__init__') out.push({ public: `${described}.*`, target: `${module}.*` });
  }
  if (!source.includes('import')) return out;
  const isInit = /(?:^|\/)__init__\.pyi?$/.test(file);
  // What `__all__` lists is public under this module wherever it was defined: `numeric.py` of
  // numpy lists `zeros`, which it imports `from .multiarray`.
  const exported = source.includes('__all__') ? listedNames(source) : null;
  const re = /^([ \t]*)from[ \t]+(\.+|[A-Za-z_][\w]*\.?)([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]+)/gm;
  const pkgParts = module.split('.');
  for (let m = re.exec(source); m; m = re.exec(source)) {
    const [, indent, head, rel, list] = m as unknown as [string, string, string, string, string];
    let from: string;
    let lazy = false;
    // Outside a package's `__init__`, an import is public only for the names `__all__` lists.
    let listedOnly = false;
    if (head.startsWith('.')) {
      if (!isInit) {
        if (!exported || indent.length) continue;
        listedOnly = true;
      }
      const resolved = relativePythonModule(module, file, `${head}${rel}`);
      if (resolved === null) continue; // above the top-level package
      from = resolved;
      lazy = indent.length > 0;
    } else {
      from = `${head}${rel}`;
      const star = list.trim() === '*';
      const ownSubmodule = isInit && head.endsWith('.') && head.slice(0, -1) === pkgParts[0] && from.startsWith(`${module}.`);
      const moduleLevel = !indent.length || moduleLevelBlock(source, m.index, indent.length);
      if (ownSubmodule) lazy = indent.length > 0 && !moduleLevel;
      // `from os.path import join` in `pkg` re-exports nothing users look for under it, unless `__all__` says so.
      else if (!moduleLevel) continue;
      else if (!(star || from.split('.').some((p) => p.startsWith('_')))) {
        if (!exported) continue;
        listedOnly = true;
      }
      if (from === module || from === '__future__') continue;
    }
    for (const part of list.replace(/[()]/g, '').split(',')) {
      const p = part.trim().split(/\s+as\s+/);
      const orig = p[0]!.trim();
      if (!orig) continue;
      if (orig === '*') {
        if (listedOnly) continue;
        out.push({ public: `${module}.*`, target: `${from}.*` });
        continue;
      }
      // Inside a function (lazy `__getattr__`), the `as` name is a local: the public name is the original.
      const pub = lazy || !p[1] ? orig : p[1].trim();
      if (!/^[A-Za-z]\w*$/.test(pub) || !/^\w+$/.test(orig)) continue;
      // A name taken from an enclosing package (`from numpy import ndarray` in a stub) is that package's re-export, not a definition here.
      if (listedOnly && (!exported!.has(pub) || module.startsWith(`${from}.`))) continue;
      out.push({ public: `${module}.${pub}`, target: `${from}.${orig}` });
    }
  }
  // `get_ident = _thread.get_ident` (threading): a private module's function bound at module level.
  const privateModules = new Map<string, string>();
  for (const m of source.matchAll(/^import[ \t]+(_[\w.]*)(?:[ \t]+as[ \t]+(\w+))?[ \t]*(?:#.*)?$/gm)) privateModules.set(m[2] ?? m[1]!, m[1]!);
  if (privateModules.size) {
    for (const m of source.matchAll(/^([A-Za-z]\w*)[ \t]*=[ \t]*(_\w*)\.([A-Za-z_]\w*)[ \t]*(?:#.*)?$/gm)) {
      const from = privateModules.get(m[2]!);
      if (from) out.push({ public: `${module}.${m[1]}`, target: `${from}.${m[3]}` });
    }
  }
  if (exported) {
    for (const m of source.matchAll(/^([ \t]*)import[ \t]+([A-Za-z_][\w.]*)[ \t]+as[ \t]+([A-Za-z_]\w*)[ \t]*(?:#.*)?$/gm)) {
      const [, indent, target, name] = m as unknown as [string, string, string, string];
      if (!exported.has(name) || target === module) continue;
      if (indent.length && !moduleLevelBlock(source, m.index!, indent.length)) continue;
      // The module's names, and the module itself (`docs_get os.path` is posixpath's docs).
      out.push({ public: `${module}.${name}.*`, target: `${target}.*` }, { public: `${module}.${name}`, target });
    }
  }
  return out;
}

/**
 * The names of `__all__`'s literal assignment(s) (`__all__ = ["a", "b"]`), read from the text.
 * The list is scanned to its closing bracket past strings and comments: typing's has comments
 * like `# ABCs (from collections.abc).` inside it.
 */
export function declaredAllNames(source: string): string[] {
  const out: string[] = [];
  // A tuple without brackets: `__all__ = 'create_subprocess_exec', 'create_subprocess_shell'`.
  for (const m of source.matchAll(/^__all__\s*(?::[^=\n]*)?\+?=\s*(['"][^\n]*)$/gm)) {
    for (const s of m[1]!.matchAll(/(['"])([A-Za-z_]\w*)\1/g)) out.push(s[2]!);
  }
  for (const m of source.matchAll(/^__all__\s*(?::[^=\n]*)?\+?=\s*[[(]/gm)) {
    let depth = 1;
    for (let i = m.index! + m[0].length; i < source.length && depth > 0; i++) {
      const c = source[i]!;
      if (c === '#') i = source.indexOf('\n', i) < 0 ? source.length : source.indexOf('\n', i);
      else if (c === '[' || c === '(') depth++;
      else if (c === ']' || c === ')') depth--;
      else if (c === '"' || c === "'") {
        const end = source.indexOf(c, i + 1);
        if (end < 0 || source.slice(i + 1, end).includes('\n')) break;
        const name = source.slice(i + 1, end);
        if (/^[A-Za-z_]\w*$/.test(name)) out.push(name);
        i = end;
      }
    }
  }
  return out;
}

/**
 * Whether a line indented by `indent` at `at` sits in a block directly under a top-level
 * `try`/`except`/`else`/`finally`/`if`/`elif` (where modules pick an implementation), rather
 * than in a function or class. Only one level: deeper nesting is not followed.
 */
function moduleLevelBlock(source: string, at: number, indent: number): boolean {
  let end = at;
  while (end > 0) {
    const start = source.lastIndexOf('\n', end - 2) + 1;
    const line = source.slice(start, end - 1);
    end = start;
    const text = line.trimStart();
    if (!text || text.startsWith('#')) continue;
    const lineIndent = line.length - text.length;
    if (lineIndent >= indent) continue;
    return lineIndent === 0 && /^(try|except|else|finally|if|elif)\b/.test(text);
  }
  return false;
}
