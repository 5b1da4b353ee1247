import path from 'node:path';
import type { Node } from 'web-tree-sitter';
import { field, namedChildren } from '../syntax.js';
import type { Reexport } from '../types.js';

/** A local a bundler or compiler renamed (`map$1`, `_map`): not a name a user writes. */
export const BUNDLER_RENAME = /^_|\$\d*$/;

/**
 * JS/TS re-exports from a relative module: `export { x as y } from './impl'` makes `impl`'s `x`
 * public as this module's `y`, `export * from './impl'` all of its names. Recorded as
 * (public id → defining id) pairs, resolved at query time (index/public-paths.ts) like a
 * Python package's re-exports. Packages (`from 'zod'`) are another index's business. A local
 * export under another name counts when the local is a bundler's rename (`map$1`, `_map`).
 */
export function jsReexports(root: Node, file: string, module: string, moduleName: (file: string) => string): Reexport[] {
  const out: Reexport[] = [];
  for (const st of namedChildren(root)) {
    if (st.type !== 'export_statement') continue;
    const src = field(st, 'source')?.text.slice(1, -1);
    if (!src) {
      // `export { map$1 as map }`: a bundler's renamed local is public under the exported name.
      for (const c of namedChildren(st)) {
        if (c.type !== 'export_clause') continue;
        for (const s of namedChildren(c)) {
          const name = field(s, 'name')?.text;
          const alias = field(s, 'alias')?.text;
          if (name && alias && alias !== 'default' && BUNDLER_RENAME.test(name)) out.push({ public: `${module}.${alias}`, target: `${module}.${name}` });
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
        if (!name || name === 'default') continue;
        const alias = field(s, 'alias')?.text ?? name;
        out.push({ public: `${module}.${alias}`, target: `${target}.${name}` });
      }
    } else if (/^export\s+(?:type\s+)?\*\s+from/.test(st.text)) out.push({ public: `${module}.*`, target: `${target}.*` });
  }
  return out;
}
