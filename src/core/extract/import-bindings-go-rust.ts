import type { ImportBinding } from './import-bindings.js';

/**
 * A Go or Rust file's names for what it imports (import-bindings.ts reads JavaScript's and
 * Python's). Go code names an imported package by its package name, which is not its import
 * path (`tinymod.ReverseWords` for `example.com/TinyMod`, `json.Marshal` for `encoding/json`),
 * or by the alias the import gives it (`tm "example.com/TinyMod"`); Rust code by the last
 * segment a `use` brings in, or its `as` name (`use tinycrate::checksum_bytes as cks`).
 */

/** One import of a declaration (`tm "path"`, `"path"`), or each line of an `import ( … )` block. */
const GO_IMPORT_LINE = /^[ \t(]*(?:([A-Za-z_]\w*|\.)[ \t]+)?"([^"\n]+)"/gm;
const GO_IMPORT = /^[ \t]*import[ \t]*(\([^)]*\)|(?:[A-Za-z_]\w*[ \t]+|\.[ \t]+)?"[^"\n]+")/gm;

/**
 * The name a Go package is imported under when the import gives none: the package clause of its
 * files, which by convention is the path's last element without a major version (`/v2`,
 * `yaml.v3`) or a `go-` prefix (`github.com/mattn/go-sqlite3` is `sqlite3`).
 */
export function goPackageName(importPath: string): string {
  const parts = importPath.split('/');
  let last = parts.pop() ?? importPath;
  if (/^v\d+$/.test(last) && parts.length) last = parts.pop()!;
  return last
    .replace(/\.v\d+$/, '')
    .replace(/^go-/, '')
    .replace(/[-.]go$/, '')
    .replace(/[^\w]/g, '_')
    .toLowerCase();
}

export function goBindings(text: string): Map<string, ImportBinding> {
  const out = new Map<string, ImportBinding>();
  for (const block of text.matchAll(GO_IMPORT)) {
    for (const m of block[1]!.matchAll(GO_IMPORT_LINE)) {
      const [, alias, spec] = m as unknown as [string, string | undefined, string];
      // `_` imports for side effects; `.` puts the package's names in the file's own scope (no prefix to read).
      if (alias === '_' || alias === '.') continue;
      out.set(alias ?? goPackageName(spec), { spec, member: null, whole: 'namespace' });
    }
  }
  return out;
}

/** A `use` declaration, up to its semicolon (one level of braces read; deeper groups are skipped). */
const RUST_USE = /^[ \t]*(?:pub(?:\([^)]*\))?[ \t]+)?use[ \t]+([^;]+);/gm;

export function rustBindings(text: string): Map<string, ImportBinding> {
  const out = new Map<string, ImportBinding>();
  const bind = (path: string[], alias: string | undefined) => {
    const name = path[path.length - 1]!;
    if (name === '*' || !/^[A-Za-z_]\w*$/.test(alias ?? name)) return;
    if (name === 'self') {
      // `use tinycrate::{self}`: the module under its own name.
      if (path.length >= 2) out.set(alias ?? path[path.length - 2]!, { spec: path.slice(0, -1).join('::'), member: null, whole: 'namespace', sep: '::' });
      return;
    }
    if (path.length === 1) {
      if (alias) out.set(alias, { spec: name, member: null, whole: 'namespace', sep: '::' });
      return;
    }
    out.set(alias ?? name, { spec: path.slice(0, -1).join('::'), member: name, sep: '::' });
  };
  for (const m of text.matchAll(RUST_USE)) {
    const decl = m[1]!.replace(/\s+/g, ' ').trim().replace(/^::/, '');
    // A path within the crate names the project's own modules, which its index names otherwise.
    if (/^(crate|self|super)\b/.test(decl)) continue;
    const group = /^([\w:]+)::\{(.*)\}$/.exec(decl);
    if (group) {
      const base = group[1]!.split('::');
      if (group[2]!.includes('{')) continue;
      for (const part of group[2]!.split(',')) {
        const [p, alias] = part.trim().split(/\s+as\s+/);
        if (p) bind([...base, ...p.split('::')], alias?.trim());
      }
      continue;
    }
    const [p, alias] = decl.split(/\s+as\s+/);
    if (p && /^[\w:]+$/.test(p)) bind(p.split('::'), alias?.trim());
  }
  return out;
}
