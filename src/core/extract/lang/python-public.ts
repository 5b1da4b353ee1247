import type { DocItem, FileExtract, Reexport } from '../types.js';

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

/** Names added to `__all__` after (or besides) its literal assignments. */
export function allMutationNames(source: string): string[] {
  if (!source.includes('__all__')) return [];
  const out: string[] = [];
  const re = /^[ \t]*__all__\s*(?:\.\s*(?:append|extend)\s*\(|\+=\s*)([^)\]\n]*(?:\n[^)\]\n]*){0,40})/gm;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    for (let s = STRING_RE.exec(m[1]!); s; s = STRING_RE.exec(m[1]!)) out.push(s[2]!);
    STRING_RE.lastIndex = 0;
  }
  return out;
}

/** Module-level `name = target` / `name = instance.method` aliases, as items carrying the target's docs. */
export function addPythonAliases(result: FileExtract, source: string): void {
  // One pass over the lines that start with a letter or `_` (column-0 statements; the rest
  // cannot match): a whole-source multiline regex as a first test cost more than this pass.
  const instances = new Map<string, string>();
  let aliases: { row: number; m: RegExpExecArray }[] | null = null;
  for (let i = 0, row = 0; i < source.length; row++) {
    const nl = source.indexOf('\n', i);
    const end = nl < 0 ? source.length : nl;
    const c = source.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95) {
      const line = source.slice(i, end);
      const inst = /^([A-Za-z_]\w*)\s*=\s*([A-Za-z_]\w*)\(/.exec(line);
      if (inst) instances.set(inst[1]!, inst[2]!);
      const m = c !== 95 ? /^([A-Za-z]\w*)[ \t]*=[ \t]*([A-Za-z_]\w*)(?:\.([A-Za-z_]\w*))?[ \t]*(?:#.*)?$/.exec(line) : null;
      if (m) (aliases ??= []).push({ row, m });
    }
    if (nl < 0) break;
    i = nl + 1;
  }
  if (!aliases) return;
  const module = result.module.name;
  const byId = new Map(result.items.map((i) => [i.id, i] as const));
  for (const { row, m } of aliases) {
    const [, name, head, attr] = m as unknown as [string, string, string, string | undefined];
    const id = `${module}.${name}`;
    if (byId.has(id) || name === head) continue;
    let target: DocItem | undefined;
    if (attr) {
      const cls = instances.get(head);
      target = cls ? byId.get(`${module}.${cls}.${attr}`) : undefined;
    } else target = byId.get(`${module}.${head}`);
    if (!target || (target.kind !== 'function' && target.kind !== 'method' && target.kind !== 'class')) continue;
    const alias: DocItem = {
      ...target,
      id,
      name,
      kind: target.kind === 'method' ? 'function' : target.kind,
      parent: null,
      signature: target.signature.replace(/\bdef\s+\w+\(\s*(?:self|cls)\s*(?:,\s*)?/, `def ${name}(`).replace(/\bdef\s+\w+\(/, `def ${name}(`),
      location: { file: target.location.file, line: row + 1, end_line: row + 1 },
      tags: { ...target.tags, alias_of: target.id },
    };
    byId.set(id, alias);
    result.items.push(alias);
  }
}

/** `pkg/__init__.py`'s re-exports of its submodules' names: public id → defining id (`*` for all). */
export function pythonReexports(source: string, module: string, file: string): Reexport[] {
  if (!/(?:^|\/)__init__\.pyi?$/.test(file) || !source.includes('import')) return [];
  const out: Reexport[] = [];
  // Relative (`from .tasks import *`) or absolute within the same top-level package
  // (`from networkx.algorithms.shortest_paths.generic import *`, `from jsonschema.validators
  // import validate`): both make a submodule's names public under the package.
  const re = /^([ \t]*)from[ \t]+(\.+|[A-Za-z_][\w]*\.)([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]+)/gm;
  const pkgParts = module.split('.');
  for (let m = re.exec(source); m; m = re.exec(source)) {
    const [, indent, head, rel, list] = m as unknown as [string, string, string, string, string];
    let from: string;
    if (head.startsWith('.')) {
      const base = pkgParts.slice(0, pkgParts.length - (head.length - 1));
      if (!base.length) continue;
      from = [...base, ...(rel ? rel.split('.') : [])].join('.');
    } else {
      from = `${head}${rel}`;
      // Only the package's own submodules: `from os.path import join` in `pkg` re-exports nothing users look for under it.
      if (head.slice(0, -1) !== pkgParts[0] || !from.startsWith(`${module}.`)) continue;
    }
    for (const part of list.replace(/[()]/g, '').split(',')) {
      const p = part.trim().split(/\s+as\s+/);
      const orig = p[0]!.trim();
      if (!orig) continue;
      if (orig === '*') {
        out.push({ public: `${module}.*`, target: `${from}.*` });
        continue;
      }
      // Inside a function (lazy `__getattr__`), the `as` name is a local: the public name is the original.
      const pub = indent.length || !p[1] ? orig : p[1].trim();
      if (!/^[A-Za-z]\w*$/.test(pub) || !/^\w+$/.test(orig)) continue;
      out.push({ public: `${module}.${pub}`, target: `${from}.${orig}` });
    }
  }
  return out;
}
