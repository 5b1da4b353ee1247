import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { readText } from './types.js';

/**
 * A Go module's `vendor/` folder (`go mod vendor`), where the go command builds from when it is
 * in vendor mode: the copies of the packages the module imports, listed in
 * `vendor/modules.txt` by module and version. A vendored project usually has nothing in the
 * module cache (vendoring is how it builds offline), so these copies are its dependencies.
 */

export interface VendoredModule {
  /** The module path code imports (`github.com/pkg/errors`). */
  module: string;
  /** The version the module builds with: a `=> new v1.2.0` replacement's, else the required one. */
  version: string;
  /** The import paths of its packages that were vendored, each a folder below `vendor/`. */
  packages: string[];
}

/**
 * The modules `vendor/modules.txt` lists with at least one vendored package. A module replaced
 * by a local folder (`=> ../fork`) is the user's own code elsewhere, as in go.mod, and is left out.
 *
 *     # github.com/pkg/errors v0.9.1
 *     ## explicit
 *     github.com/pkg/errors
 *     # golang.org/x/text v0.3.0 => golang.org/x/text v0.3.8
 */
export function parseModulesTxt(text: string): VendoredModule[] {
  const out: VendoredModule[] = [];
  let current: VendoredModule | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('## ')) continue;
    if (line.startsWith('# ')) {
      current = null;
      const m = /^#\s+(\S+)(?:\s+(v\S+))?(?:\s+=>\s+(\S+)(?:\s+(v\S+))?)?\s*$/.exec(line);
      if (!m) continue;
      const [, module, version, target, targetVersion] = m;
      if (target && !targetVersion) continue; // a local folder
      // (A replacement of every version, `# old => new v1.0.0`, closes the file with no packages of its own.)
      const v = targetVersion ?? version;
      if (!v) continue;
      current = { module: module!, version: v, packages: [] };
      out.push(current);
      continue;
    }
    if (current && !line.startsWith('#') && (line === current.module || line.startsWith(`${current.module}/`))) current.packages.push(line);
  }
  return out.filter((m) => m.packages.length);
}

/** Whether a `go` directive (`go 1.21`, `go 1.21.3`) is at least 1.14, from which vendor mode is the default. */
function vendorByDefault(goMod: string): boolean {
  const m = /^go\s+(\d+)\.(\d+)/m.exec(goMod);
  if (!m) return true; // no directive: the go command assumes a recent language version
  return Number(m[1]) > 1 || Number(m[2]) >= 14;
}

/**
 * The vendored modules a root builds with, or null when the go command would not use `vendor/`
 * there: no `vendor/modules.txt`; `-mod=mod` or `-mod=readonly` in GOFLAGS; a go.mod older than
 * Go 1.14 (unless GOFLAGS says `-mod=vendor`); a go.work whose `vendor/` is not the workspace's
 * (`go work vendor` marks its modules.txt `## workspace`).
 */
export function vendoredModules(root: string, env: NodeJS.ProcessEnv = process.env): VendoredModule[] | null {
  const text = readText(path.join(root, 'vendor', 'modules.txt'));
  if (text === null) return null;
  const flag = /(?:^|\s)-mod=(\w+)/.exec(env.GOFLAGS ?? '')?.[1];
  if (flag && flag !== 'vendor') return null;
  const work = readText(path.join(root, 'go.work'));
  if (work !== null && env.GOWORK !== 'off' && !/^## workspace\s*$/m.test(text)) return null;
  const goMod = readText(path.join(root, 'go.mod')) ?? '';
  if (flag !== 'vendor' && !vendorByDefault(goMod)) return null;
  return parseModulesTxt(text);
}

/** Tells two vendored copies of one module version apart when they vendor different packages of it. */
export function vendorVariant(m: VendoredModule): string {
  return `vendor:${createHash('sha256').update([...m.packages].sort().join('\n')).digest('hex').slice(0, 10)}`;
}

/** The vendored Go files of a module, relative to its folder `vendor/<module>` (tests are not vendored; a nested module's packages are its own). */
export function vendoredFiles(root: string, m: VendoredModule): string[] {
  const out: string[] = [];
  for (const pkg of m.packages) {
    const rel = pkg === m.module ? '' : pkg.slice(m.module.length + 1);
    let names: string[];
    try {
      names = readdirSync(path.join(root, 'vendor', ...pkg.split('/')));
    } catch {
      continue;
    }
    for (const n of names.sort()) if (n.endsWith('.go') && !n.endsWith('_test.go')) out.push(rel ? `${rel}/${n}` : n);
  }
  return out;
}
