import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { homedir } from 'node:os';
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
 * by a local folder (`=> ../fork`) gets the version it requires marked `+local`: its copy in
 * vendor/ is that folder's code, not the published version's.
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
      // A module replaced by a local folder (`=> ../fork`): the copy of that folder is what builds,
      // at no version of its own; named after the required one, marked as the local folder's.
      const local = target && !targetVersion ? target : undefined;
      // (A replacement of every version, `# old => new v1.0.0`, closes the file with no packages of its own.)
      const v = local ? `${version ?? 'v0.0.0'}+local` : (targetVersion ?? version);
      if (!v) continue;
      current = { module: module!, version: v, packages: [] };
      out.push(current);
      continue;
    }
    if (current && !line.startsWith('#') && (line === current.module || line.startsWith(`${current.module}/`))) current.packages.push(line);
  }
  return out.filter((m) => m.packages.length);
}

/** Whether a `go` directive (`go 1.21`, `go 1.21.3`) says at least `major.minor`; false without one (the go command then takes the version as unspecified). */
function goAtLeast(text: string, major: number, minor: number): boolean {
  const m = /^go\s+(\d+)\.(\d+)/m.exec(text);
  return !!m && (Number(m[1]) > major || (Number(m[1]) === major && Number(m[2]) >= minor));
}

/** The go.work that puts a module folder in workspace mode: GOWORK (`off`: none), else the nearest one in the folder or above. */
export function goWorkFile(root: string, env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.GOWORK === 'off') return null;
  if (env.GOWORK && path.isAbsolute(env.GOWORK)) return readText(env.GOWORK) === null ? null : env.GOWORK;
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    if (readText(path.join(dir, 'go.work')) !== null) return path.join(dir, 'go.work');
    if (path.dirname(dir) === dir) return null;
  }
}

export interface VendorFolder {
  /** The `vendor/` folder the go command builds from. */
  dir: string;
  modules: VendoredModule[];
}

/**
 * GOFLAGS as the go command takes it: the environment's, else what `go env -w` wrote to the
 * go env file (`$GOENV`, else `$XDG_CONFIG_HOME/go/env`, `~/.config/go/env`; `GOENV=off`: none).
 */
export function goFlags(env: NodeJS.ProcessEnv = process.env): string {
  if (env.GOFLAGS !== undefined) return env.GOFLAGS;
  if (env.GOENV === 'off') return '';
  const file = env.GOENV || path.join(env.XDG_CONFIG_HOME || path.join(env.HOME || homedir(), '.config'), 'go', 'env');
  return /^GOFLAGS=(.*)$/m.exec(readText(file) ?? '')?.[1]?.trim() ?? '';
}

/**
 * The vendor folder a root builds from, with the modules it holds, or null when the go command
 * would not use one (modload's setDefaultBuildMod): the last `-mod=` in GOFLAGS (goFlags) decides when
 * there is one (`vendor`, else not); otherwise a single module uses its `vendor/` when its go.mod
 * says `go 1.14` or later (no `go` line: not), and a workspace (a go.work here or above, or
 * GOWORK) uses the `vendor/` beside its go.work when that says `go 1.22` or later and `go work
 * vendor` made it (modules.txt marked `## workspace`). A folder without `modules.txt` names no
 * versions and is not read.
 */
export function vendoredModules(root: string, env: NodeJS.ProcessEnv = process.env): VendorFolder | null {
  const flags = [...goFlags(env).matchAll(/(?:^|\s)-mod=(\w+)/g)];
  const flag = flags.length ? flags[flags.length - 1]![1] : undefined;
  if (flag && flag !== 'vendor') return null;
  const work = goWorkFile(root, env);
  const dir = path.join(work ? path.dirname(work) : root, 'vendor');
  const text = readText(path.join(dir, 'modules.txt'));
  if (text === null) return null;
  if (work) {
    if (!/^## workspace\s*$/m.test(text) || (flag !== 'vendor' && !goAtLeast(readText(work) ?? '', 1, 22))) return null;
  } else if (flag !== 'vendor' && !goAtLeast(readText(path.join(root, 'go.mod')) ?? '', 1, 14)) {
    return null;
  }
  return { dir, modules: parseModulesTxt(text) };
}

/** Tells two vendored copies of one module version apart when they vendor different packages of it. */
export function vendorVariant(m: VendoredModule): string {
  return `vendor:${createHash('sha256').update([...m.packages].sort().join('\n')).digest('hex').slice(0, 10)}`;
}

/** The vendored Go files of a module, relative to its folder `<vendor>/<module>` (tests are not vendored; a nested module's packages are its own). */
export function vendoredFiles(vendor: string, m: VendoredModule): string[] {
  const out: string[] = [];
  for (const pkg of m.packages) {
    const rel = pkg === m.module ? '' : pkg.slice(m.module.length + 1);
    let names: string[];
    try {
      names = readdirSync(path.join(vendor, ...pkg.split('/')));
    } catch {
      continue;
    }
    for (const n of names.sort()) if (n.endsWith('.go') && !n.endsWith('_test.go')) out.push(rel ? `${rel}/${n}` : n);
  }
  return out;
}
