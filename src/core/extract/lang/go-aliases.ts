import type { Reexport } from '../types.js';

/**
 * Go type aliases as re-exports: `type FileInfo = fs.FileInfo` in package os makes
 * `os.FileInfo` a second path to `io/fs.FileInfo`, methods included (`os.FileInfo.Size`), as
 * Go itself treats the two as one type. The alias keeps its own item (its docs say what it is
 * for in this package); the re-export is what lets a member be named through it.
 */

/**
 * The names a Go import path may be used under without an alias: its last element, minus a
 * `.vN` suffix; for a path ending in a major version (`…/pgx/v5`) the element before it too,
 * since the package there may be named either way (`k8s.io/api/core/v1` is `v1`).
 */
export function goImportNames(importPath: string): string[] {
  const parts = importPath.split('/');
  const clean = (s: string) => s.replace(/\.v\d+$/, '').replace(/^go-/, '').replace(/[-.]go$/, '').replace(/[^\w]/g, '_');
  const last = parts[parts.length - 1] ?? importPath;
  return /^v\d+$/.test(last) && parts.length > 1 ? [clean(parts[parts.length - 2]!), last] : [clean(last)];
}

/**
 * The re-export an alias makes: `type A = pkg.B` (through the file's import of pkg) or
 * `type A = B` (this package), generic arguments aside; null for any other type (`type A =
 * []byte`, a function type).
 */
export function goAliasReexport(module: string, name: string, aliased: string, imports: ReadonlyMap<string, string>): Reexport | null {
  const m = /^(?:([A-Za-z_]\w*)\.)?([A-Za-z_]\w*)(?:\[.*\])?$/s.exec(aliased.trim());
  if (!m) return null;
  const [, pkg, target] = m;
  if (!pkg) return target === name ? null : { public: `${module}.${name}`, target: `${module}.${target}` };
  const path = imports.get(pkg);
  return path ? { public: `${module}.${name}`, target: `${path}.${target}` } : null;
}
