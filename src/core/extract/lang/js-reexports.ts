import path from 'node:path';
import type { Node } from 'web-tree-sitter';
import { field, namedChildren } from '../syntax.js';
import type { Reexport } from '../types.js';

/** A local a bundler or compiler renamed (`map$1`, `_map`): not a name a user writes. */
export const BUNDLER_RENAME = /^_|\$\d*$/;

/** The name an `export = name;` statement exports (a declaration file's CommonJS export), or undefined. */
export function exportAssigned(st: Node): string | undefined {
  return st.type === 'export_statement' ? /^export\s*=\s*([\w$]+)\s*;?$/.exec(st.text)?.[1] : undefined;
}

/**
 * JS/TS re-exports from a relative module: `export { x as y } from './impl'` makes `impl`'s `x`
 * public as this module's `y` (`default` included), `export * from './impl'` all of its names,
 * `export * as ns from './impl'` all of them under `ns`; `export default x` makes the local `x`
 * the module's `default`. A name imported from a relative module and exported without a source
 * is re-exported the same way (`import { parse } from './parse.js'; export { parse };`, as
 * smol-toml's and many compilers' entry files write it). Recorded as
 * (public id → defining id) pairs, resolved at query time (index/public-paths.ts) like a
 * Python package's re-exports. Packages (`from 'zod'`) are another index's business. A local
 * exported under another name (`export { output as infer }`) is public under that name too.
 */
export function jsReexports(root: Node, file: string, module: string, moduleName: (file: string) => string): Reexport[] {
  const out: Reexport[] = [];
  /** `import picomatch = require('./lib/picomatch')`: locals that are a relative module. */
  const requiredModules = new Map<string, string>();
  const imported = importedBindings(root, file, moduleName);
  for (const st of namedChildren(root)) {
    if (st.type === 'import_statement') {
      const m = /^import\s+([\w$]+)\s*=\s*require\(\s*['"](\.[^'"]*)['"]\s*\)/.exec(st.text);
      if (m) requiredModules.set(m[1]!, moduleName(path.posix.join(path.posix.dirname(file), m[2]!)));
      continue;
    }
    if (st.type !== 'export_statement') continue;
    // `export = chalk` (a declaration file's CommonJS export): the module is `chalk`, and the
    // members of a namespace merged with it are the module's (`chalk.chalk.Chalk` is `chalk.Chalk`).
    const assigned = exportAssigned(st);
    if (assigned) {
      const other = requiredModules.get(assigned);
      if (other === undefined) out.push({ public: module, target: `${module}.${assigned}` });
      else if (other !== module) out.push({ public: module, target: other }, { public: `${module}.*`, target: `${other}.*` });
      continue;
    }
    // TypeScript's `export import Alias = Thing.Member;`: the name it aliases, through an import or here.
    const aliased = /^export\s+import\s+([\w$]+)\s*=\s*([\w$]+(?:\.[\w$]+)*)\s*;?$/.exec(st.text.trim());
    if (aliased) {
      const [head, ...rest] = aliased[2]!.split('.');
      const from = imported.get(head!);
      if (from) out.push(...reexportOf(`${module}.${aliased[1]}`, rest.length ? { module: from.name === '*' ? from.module : `${from.module}.${from.name}`, name: rest.join('.') } : from));
      else if (head !== 'globalThis' && !requiredModules.has(head!)) out.push({ public: `${module}.${aliased[1]}`, target: `${module}.${aliased[2]}` });
      continue;
    }
    const src = field(st, 'source')?.text.slice(1, -1);
    if (!src) {
      // `export default debounce` and `export default function debounce…`: the local is also the
      // module's `default`, which an index re-exports by name (`export { default as debounce } from`).
      const local = field(st, 'value') ?? field(st, 'declaration');
      const localName = local?.type === 'identifier' ? local.text : local && /^export\s+default\b/.test(st.text) ? field(local, 'name')?.text : undefined;
      if (localName && localName !== 'default') {
        const from = imported.get(localName);
        if (from) out.push(...reexportOf(`${module}.default`, from));
        else out.push({ public: `${module}.default`, target: `${module}.${localName}` });
      }
      // `export { map$1 as map }`: a local is public under the exported name (a bundler's rename,
      // zod's `export type { output as infer }`); `export { debounce as default }` is
      // `export default debounce`; an imported name is the other module's.
      for (const c of namedChildren(st)) {
        if (c.type !== 'export_clause') continue;
        for (const s of namedChildren(c)) {
          const name = field(s, 'name')?.text;
          const alias = field(s, 'alias')?.text;
          const from = name ? imported.get(name) : undefined;
          if (from) out.push(...reexportOf(`${module}.${alias ?? name}`, from));
          else if (name && alias && alias !== name) out.push({ public: `${module}.${alias}`, target: `${module}.${name}` });
        }
      }
      continue;
    }
    if (!src.startsWith('.')) continue;
    const target = moduleName(path.posix.join(path.posix.dirname(file), src));
    const clause = namedChildren(st).find((c) => c.type === 'export_clause');
    if (clause) {
      for (const s of namedChildren(clause)) {
        const name = field(s, 'name')?.text;
        if (!name) continue;
        // `export { default as debounce } from './debounce.js'` (lodash-es's index).
        const alias = field(s, 'alias')?.text ?? name;
        out.push({ public: `${module}.${alias}`, target: `${target}.${name}` });
      }
    } else if (/^export\s+(?:type\s+)?\*\s+from/.test(st.text)) out.push({ public: `${module}.*`, target: `${target}.*` });
    else {
      // `export * as fp from './fp.js'`: the module's names under one name.
      const ns = /^export\s+(?:type\s+)?\*\s+as\s+([\w$]+)\s+from/.exec(st.text)?.[1];
      if (ns) out.push({ public: `${module}.${ns}.*`, target: `${target}.*` });
    }
  }
  return out;
}

/** A binding an ES import brings from a relative module: that module, and the name there (`*` for `import * as ns`). */
interface ImportedBinding {
  module: string;
  name: string;
}

/** The re-export a public name makes of an imported binding (a namespace: every name under it). */
function reexportOf(pub: string, from: ImportedBinding): Reexport[] {
  return from.name === '*' ? [{ public: `${pub}.*`, target: `${from.module}.*` }] : [{ public: pub, target: `${from.module}.${from.name}` }];
}

/** The file's ES imports from relative modules, by local name (`import { a as b }`, `import d`, `import * as ns`). */
function importedBindings(root: Node, file: string, moduleName: (file: string) => string): Map<string, ImportedBinding> {
  const out = new Map<string, ImportedBinding>();
  for (const st of namedChildren(root)) {
    if (st.type !== 'import_statement') continue;
    const src = field(st, 'source')?.text.slice(1, -1);
    if (!src?.startsWith('.')) continue;
    const module = moduleName(path.posix.join(path.posix.dirname(file), src));
    const clause = namedChildren(st).find((c) => c.type === 'import_clause');
    for (const c of clause ? namedChildren(clause) : []) {
      if (c.type === 'identifier') out.set(c.text, { module, name: 'default' });
      else if (c.type === 'namespace_import') {
        const local = namedChildren(c).find((n) => n.type === 'identifier')?.text;
        if (local) out.set(local, { module, name: '*' });
      } else if (c.type === 'named_imports') {
        for (const spec of namedChildren(c)) {
          const name = field(spec, 'name')?.text;
          if (name) out.set(field(spec, 'alias')?.text ?? name, { module, name });
        }
      }
    }
  }
  return out;
}
