import { goBindings, rustBindings } from './import-bindings-go-rust.js';

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
  /**
   * For a JavaScript binding of the module as a whole: `default` when the name is its default
   * export (`import express from 'express'`, `const express = require('express')`: a CommonJS
   * module's `module.exports`), `namespace` when it is the module object (`import * as fns`).
   */
  whole?: 'default' | 'namespace';
  /** How the module and the path under it join into an id: `.` (JavaScript, Python, Go), Rust's `::`. */
  sep?: '::';
}
export type ImportBindings = ReadonlyMap<string, ImportBinding>;

/** `const WS = require('ws')` (also after a comma: `const a = require('a'), b = require('b')`), TS's `import WS = require('ws')`; a member taken off the call (`require('ws').Server`). */
const JS_REQUIRE = /(?<![.\w$])([A-Za-z_$][\w$]*)\s*=\s*require\(\s*['"]([^'"]+)['"]\s*\)(?:\s*\.\s*([A-Za-z_$][\w$]*))?/g;
/** `import WS from 'ws'`, `import type WS from`, `import WS, { x } from`, `import WS, * as ns from`. */
const JS_DEFAULT = /\bimport\s+(?:type\s+)?([A-Za-z_$][\w$]*)\s*(?:,\s*(?:\{[^}]*\}|\*\s*as\s+[A-Za-z_$][\w$]*))?\s*from\s*['"]([^'"]+)['"]/g;
/** `import * as WS from 'ws'` (also `import type * as`, `import d, * as WS`). */
const JS_NAMESPACE = /\bimport\s+(?:type\s+)?(?:[A-Za-z_$][\w$]*\s*,\s*)?\*\s*as\s+([A-Za-z_$][\w$]*)\s+from\s*['"]([^'"]+)['"]/g;
/** `import { Server as S } from 'ws'`, `const { Server: S } = require('ws')`: members under a local name. */
const JS_NAMED = /\bimport\s+(?:type\s+)?(?:[A-Za-z_$][\w$]*\s*,\s*)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
const JS_DESTRUCTURED = /\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*require\(\s*['"]([^'"]+)['"]\s*\)/g;

/** `import numpy as np`, `import os.path`; `from collections import defaultdict as dd`. */
const PY_IMPORT = /^[ \t]*import[ \t]+([^\n#]+)/gm;
const PY_FROM = /^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+(?:\(([^)]*)\)|([^\n#(]+))/gm;

/** A relative JS/TS specifier without its file's extension (`./lib/x.js` → `./lib/x`); a package's name as it is (`highlight.js`). */
function jsPath(spec: string): string {
  // `node:fs` is the built-in `fs`, as @types/node declares it (`declare module 'fs'`).
  return spec.startsWith('.') ? spec.replace(/\.[cm]?[jt]sx?$/, '') : spec.replace(/^node:/, '');
}

/** An import list's entries, comments out (`{ a, // note⏎ b as c }`). */
function listEntries(list: string): string[] {
  return list.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ').split(',');
}

export function importBindings(text: string, language: 'javascript' | 'typescript' | 'python' | 'go' | 'rust' | string): ImportBindings {
  if (language === 'go') return goBindings(text);
  if (language === 'rust') return rustBindings(text);
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
  for (const m of text.matchAll(JS_REQUIRE)) out.set(m[1]!, m[3] ? { spec: jsPath(m[2]!), member: m[3] } : { spec: jsPath(m[2]!), member: null, whole: 'default' });
  for (const m of text.matchAll(JS_DEFAULT)) out.set(m[1]!, { spec: jsPath(m[2]!), member: null, whole: 'default' });
  for (const m of text.matchAll(JS_NAMESPACE)) out.set(m[1]!, { spec: jsPath(m[2]!), member: null, whole: 'namespace' });
  for (const rule of [JS_NAMED, JS_DESTRUCTURED]) {
    for (const m of text.matchAll(rule)) {
      for (const part of listEntries(m[1]!)) {
        const [name, alias] = part.replace(/^\s*type\s+/, '').trim().split(/\s+as\s+|\s*:\s*/);
        // `{ default as chalk }` is the module as a whole, as `import chalk from` is.
        if (name && /^[\w$]+$/.test(name)) out.set((alias ?? name).trim(), name === 'default' ? { spec: jsPath(m[2]!), member: null, whole: 'default' } : { spec: jsPath(m[2]!), member: name });
      }
    }
  }
  return out;
}

/**
 * What a name written in the file stands for, through its first part's binding: the module
 * as imported and the path under it (`WS.Server` → `ws` + `Server`, `np.linalg.norm` →
 * `numpy` + `linalg.norm`, `dd` → `collections` + `defaultdict`), or null. The bare name of a
 * module's default binding is its default export first (`express` → `express` + `default`,
 * the module itself when it has none: `orModule`); a member under it is the module's
 * (`express.json`), as a CommonJS module's properties are.
 */
export function boundPath(symbol: string, bindings: ImportBindings): { spec: string; path: string; orModule?: boolean; sep: string } | null {
  const cut = /::|[.#]/.exec(symbol);
  const head = cut ? symbol.slice(0, cut.index) : symbol;
  const bound = bindings.get(head);
  if (bound === undefined) return null;
  const sep = bound.sep ?? '.';
  if (!cut && bound.whole === 'default') return { spec: bound.spec, path: 'default', orModule: true, sep };
  const rest = cut ? symbol.slice(cut.index + cut[0].length).split(/::|[.#]/).join(sep) : null;
  const path = [bound.member, rest].filter(Boolean).join(sep);
  return bound.spec === head && !bound.member ? null : { spec: bound.spec, path, sep };
}
