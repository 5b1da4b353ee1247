/**
 * The local names a file binds to imported modules and their members, read from its text:
 * what `WS.Server` means in a file that does `const WS = require('ws')`, or `np.array` after
 * `import numpy as np`. A light lexical read (no parse): docs_resolve only needs the path a
 * name written in that file stands for, and a miss costs nothing but the lookup it adds.
 * Relative specifiers are left as written; the caller resolves them (import-paths.ts).
 */

/** What a local name stands for: a module as imported (`ws`, `./lib/x`, `collections`) and, for a name imported from it, that name (`defaultdict`). */
export interface ImportBinding {
  spec: string;
  member: string | null;
}
export type ImportBindings = ReadonlyMap<string, ImportBinding>;

const JS_RULES: RegExp[] = [
  // const WS = require('ws'); import WS = require('ws')
  /\b(?:const|let|var|import)\s+([A-Za-z_$][\w$]*)\s*=\s*require\(\s*['"]([^'"]+)['"]\s*\)/g,
  // import WS from 'ws'; import WS, { x } from 'ws'
  /\bimport\s+([A-Za-z_$][\w$]*)\s*(?:,\s*\{[^}]*\})?\s*from\s*['"]([^'"]+)['"]/g,
  // import * as WS from 'ws'
  /\bimport\s*(?:[A-Za-z_$][\w$]*\s*,\s*)?\*\s*as\s+([A-Za-z_$][\w$]*)\s+from\s*['"]([^'"]+)['"]/g,
];
/** `import { Server as S } from 'ws'`, `const { Server: S } = require('ws')`: members under a local name. */
const JS_NAMED = /\bimport\s+(?:type\s+)?(?:[A-Za-z_$][\w$]*\s*,\s*)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
const JS_DESTRUCTURED = /\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*require\(\s*['"]([^'"]+)['"]\s*\)/g;

/** `import numpy as np`, `import os.path`; `from collections import defaultdict as dd`. */
const PY_IMPORT = /^[ \t]*import[ \t]+([^\n#]+)/gm;
const PY_FROM = /^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+(?:\(([^)]*)\)|([^\n#(]+))/gm;

/** A JS/TS specifier without a file extension (`./lib/x.js` → `./lib/x`). */
function jsPath(spec: string): string {
  return spec.replace(/\.[cm]?[jt]sx?$/, '');
}

export function importBindings(text: string, language: 'javascript' | 'typescript' | 'python' | string): ImportBindings {
  const out = new Map<string, ImportBinding>();
  if (language === 'python') {
    for (const m of text.matchAll(PY_IMPORT)) {
      for (const part of m[1]!.split(',')) {
        const [mod, alias] = part.trim().split(/\s+as\s+/);
        if (mod && /^[\w.]+$/.test(mod)) out.set(alias?.trim() || mod.split('.')[0]!, { spec: alias ? mod : mod.split('.')[0]!, member: null });
      }
    }
    for (const m of text.matchAll(PY_FROM)) {
      if (m[1]!.startsWith('.')) continue;
      for (const part of (m[2] ?? m[3]!).replace(/#[^\n]*/g, '').split(',')) {
        const [name, alias] = part.trim().split(/\s+as\s+/);
        if (name && /^\w+$/.test(name)) out.set(alias?.trim() || name, { spec: m[1]!, member: name });
      }
    }
    return out;
  }
  for (const rule of JS_RULES) for (const m of text.matchAll(rule)) out.set(m[1]!, { spec: jsPath(m[2]!), member: null });
  for (const rule of [JS_NAMED, JS_DESTRUCTURED]) {
    for (const m of text.matchAll(rule)) {
      for (const part of m[1]!.split(',')) {
        const [name, alias] = part.replace(/^\s*type\s+/, '').trim().split(/\s+as\s+|\s*:\s*/);
        if (name && /^[\w$]+$/.test(name) && name !== 'default') out.set((alias ?? name).trim(), { spec: jsPath(m[2]!), member: name });
      }
    }
  }
  return out;
}

/**
 * What a name written in the file stands for, through its first part's binding: the module
 * as imported and the path under it (`WS.Server` → `ws` + `Server`, `np.linalg.norm` →
 * `numpy` + `linalg.norm`, `dd` → `collections` + `defaultdict`), or null.
 */
export function boundPath(symbol: string, bindings: ImportBindings): { spec: string; path: string } | null {
  const dot = symbol.search(/[.#]/);
  const head = dot < 0 ? symbol : symbol.slice(0, dot);
  const bound = bindings.get(head);
  if (bound === undefined) return null;
  const path = [bound.member, dot < 0 ? null : symbol.slice(dot + 1)].filter(Boolean).join('.');
  return bound.spec === head && !bound.member ? null : { spec: bound.spec, path };
}
