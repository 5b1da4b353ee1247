import { pythonImportBindings } from './python-imports.js';
import type { LanguageId } from './types.js';

/**
 * What a file uses of other modules, as qualified names (`shutil.rmtree`, `path/filepath.Join`,
 * `lodash.debounce`): its imports bind local names to modules (`import numpy as np`,
 * `from shutil import rmtree`, `import "path/filepath"`, `import * as fs from 'fs'`,
 * `use std::fs;`), and every dotted chain that starts with a bound name is a use. Counted over a
 * whole installation (index/usage.ts), this says which functions and classes other code calls,
 * the API people mean when they describe a task in words.
 *
 * Text-level on purpose: it runs on every file (tests too, which are not extracted but use the
 * API the most) and must cost a fraction of the parse; a chain inside a comment or docstring
 * ("use json.dumps instead") is a mention worth counting as well. Relative imports are the
 * file's own package and left out.
 */

/** At most this many distinct uses per file (a generated file can have thousands). */
const MAX_USES = 400;

export function usesOf(language: LanguageId, text: string): string[] {
  switch (language) {
    case 'python':
      return python(text);
    case 'go':
      return go(text);
    case 'javascript':
    case 'typescript':
      return javascript(text);
    case 'rust':
      return rust(text);
    case 'cpp':
      return cpp(text);
    default:
      return [];
  }
}

/** Identifier characters (`$` too, for JavaScript). */
function isIdent(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;
}

/**
 * Every chain `local.a.b` (or `local::a::b`) whose head is bound, as `module.a`, `module.a.b`.
 * A scan from each separator back to its identifier, rather than a regex over every
 * identifier: most of a file's dotted names (`self.x`) start with a name nothing imported.
 */
function chains(text: string, bound: Map<string, string>, sep: '.' | '::', out: Set<string>): void {
  if (!bound.size) return;
  for (let i = text.indexOf(sep); i >= 0 && out.size < MAX_USES; i = text.indexOf(sep, i + 1)) {
    let start = i;
    while (start > 0 && isIdent(text.charCodeAt(start - 1))) start--;
    if (start === i) continue;
    const before = start > 0 ? text[start - 1] : '';
    // `a.b.c`: only the chain's head counts (`b` is not a name of its own); `x::y` likewise.
    if (before === '.' || before === ':') continue;
    const target = bound.get(text.slice(start, i));
    if (!target) continue;
    // The first two segments: a function or class, and a member of it. Deeper is attribute access on values.
    const rest: string[] = [];
    let j = i;
    while (rest.length < 2 && text.startsWith(sep, j)) {
      let k = j + sep.length;
      const from = k;
      while (k < text.length && isIdent(text.charCodeAt(k))) k++;
      if (k === from || (text.charCodeAt(from) >= 48 && text.charCodeAt(from) <= 57)) break;
      rest.push(text.slice(from, k));
      j = k;
    }
    for (let n = 1; n <= rest.length; n++) out.add(`${target}${sep}${rest.slice(0, n).join(sep)}`);
    i = Math.max(i, j - 1);
  }
}

function python(text: string): string[] {
  const { bound, named } = pythonImportBindings(text);
  const out = new Set(named);
  chains(text, bound, '.', out);
  return [...out].slice(0, MAX_USES);
}

function go(text: string): string[] {
  const bound = new Map<string, string>();
  const spec = /^[ \t]*(?:import[ \t]+)?([A-Za-z_]\w*|\.)?[ \t]*"([^"\n]+)"/;
  const blocks = [...text.matchAll(/^import[ \t]*\(([^)]*)\)/gm)].flatMap((m) => m[1]!.split('\n'));
  const singles = [...text.matchAll(/^import[ \t]+[^(\n][^\n]*/gm)].map((m) => m[0]);
  for (const line of [...blocks, ...singles]) {
    const m = spec.exec(line);
    if (!m || m[1] === '.' || m[1] === '_') continue;
    const p = m[2]!;
    // The package name is the last element, without a major-version suffix (`yaml.v3`, `/v2`).
    const parts = p.split('/').filter((s) => !/^v\d+$/.test(s));
    const last = (parts[parts.length - 1] ?? p).replace(/\.v\d+$/, '').replace(/^go-/, '');
    bound.set(m[1] ?? last, p);
  }
  const out = new Set<string>();
  chains(text, bound, '.', out);
  return [...out].slice(0, MAX_USES);
}

function javascript(text: string): string[] {
  const bound = new Map<string, string>();
  const out = new Set<string>();
  const external = (m: string) => !m.startsWith('.') && !m.startsWith('/');
  const named = (list: string, mod: string, arrow: RegExp) => {
    for (const part of list.split(',')) {
      const [name, alias] = part.trim().replace(/^type\s+/, '').split(arrow);
      if (!name || !/^[A-Za-z_$][\w$]*$/.test(name.trim())) continue;
      out.add(`${mod}.${name.trim()}`);
      bound.set((alias ?? name).trim(), `${mod}.${name.trim()}`);
    }
  };
  for (const m of text.matchAll(/\bimport\s+(?:type\s+)?([^'";]*?)\s+from\s+['"]([^'"\n]+)['"]/g)) {
    const mod = m[2]!;
    if (!external(mod)) continue;
    const clause = m[1]!;
    const ns = /\*\s+as\s+([A-Za-z_$][\w$]*)/.exec(clause);
    if (ns) bound.set(ns[1]!, mod);
    const def = /^([A-Za-z_$][\w$]*)\s*(?:,|$)/.exec(clause);
    if (def) bound.set(def[1]!, mod); // a default export is, for lodash-like modules, the module's namespace
    const braces = /\{([^}]*)\}/.exec(clause);
    if (braces) named(braces[1]!, mod, /\s+as\s+/);
  }
  for (const m of text.matchAll(/\b(?:const|let|var)\s+(\{[^}]*\}|[A-Za-z_$][\w$]*)\s*=\s*require\(\s*['"]([^'"\n]+)['"]\s*\)/g)) {
    const mod = m[2]!;
    if (!external(mod)) continue;
    if (m[1]!.startsWith('{')) named(m[1]!.slice(1, -1), mod, /\s*:\s*/);
    else bound.set(m[1]!, mod);
  }
  chains(text, bound, '.', out);
  return [...out].slice(0, MAX_USES);
}

function rust(text: string): string[] {
  const bound = new Map<string, string>();
  const out = new Set<string>();
  for (const m of text.matchAll(/^[ \t]*(?:pub(?:\([^)]*\))?\s+)?use\s+([^;]+);/gm)) {
    const tree = m[1]!.replace(/\s*(::|\{|\}|,)\s*/g, '$1').replace(/\s+/g, ' ').trim();
    const brace = tree.indexOf('{');
    const base = brace >= 0 ? tree.slice(0, brace).replace(/::$/, '') : '';
    const leaves = brace >= 0 ? tree.slice(brace + 1, tree.lastIndexOf('}')).split(',') : [tree];
    for (const leaf of leaves) {
      if (!leaf || leaf.includes('{') || leaf.endsWith('*')) continue;
      const [p, alias] = leaf.split(/\s+as\s+/);
      const full = base ? (p === 'self' ? base : `${base}::${p}`) : p!;
      if (/^(crate|self|super)(::|$)/.test(full)) continue;
      out.add(full);
      bound.set(alias ?? full.split('::').pop()!, full);
    }
  }
  // Paths written in full (`std::fs::remove_dir_all(…)`) are uses too.
  for (const root of ['std', 'core', 'alloc']) if (!bound.has(root)) bound.set(root, root);
  chains(text, bound, '::', out);
  return [...out].slice(0, MAX_USES);
}

/**
 * C++: what a file names through the standard library's namespace (`std::unique_ptr`,
 * `std::chrono::steady_clock`), written in full as C++ code mostly does. Other namespaces are
 * left out: which of a chain's heads are namespaces, and of which library, text cannot tell.
 */
function cpp(text: string): string[] {
  const out = new Set<string>();
  chains(text, new Map([['std', 'std']]), '::', out);
  return [...out].slice(0, MAX_USES);
}
