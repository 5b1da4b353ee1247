import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { walkFiles } from '../../workspace/files.js';
import { goEnv, goStdDependency } from './go-std.js';
import { vendoredFiles, vendoredModules, vendorVariant } from './go-vendor.js';
import { readText, type DiscoveredDependencies } from './types.js';

/**
 * The Go modules a root's go.sum lists (the source entries, not the `/go.mod`-only ones that
 * only took part in version selection; go.mod's require lines when there is no go.sum), as
 * extracted in the module cache: `$GOMODCACHE/<escaped path>@<escaped version>/`; in vendor mode,
 * the copies `go mod vendor` made in `vendor/` (go-vendor.ts).
 */

export function goModCache(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.GOMODCACHE && path.isAbsolute(env.GOMODCACHE)) return env.GOMODCACHE;
  if (env.GOPATH && path.isAbsolute(env.GOPATH.split(path.delimiter)[0]!)) return path.join(env.GOPATH.split(path.delimiter)[0]!, 'pkg', 'mod');
  return goEnv('GOMODCACHE') ?? path.join(homedir(), 'go', 'pkg', 'mod');
}

/** Every folder a root's go.work uses (`use ./a`, `use ../common` or a `use ( … )` block), as written relative to the root ('' for the root itself). */
function workspaceUses(root: string): string[] {
  const text = readText(path.join(root, 'go.work'))?.replace(/\/\/.*$/gm, '');
  if (!text) return [];
  const dirs = [...text.matchAll(/^use\s*\(([^)]*)\)/gm)].flatMap((m) => m[1]!.split(/\s+/));
  for (const m of text.matchAll(/^use\s+([^\s(]+)/gm)) dirs.push(m[1]!);
  return [...new Set(dirs.map((d) => d.replace(/^"|"$/g, '').trim()).filter(Boolean).map((d) => path.posix.normalize(d).replace(/\/+$/, '')).map((d) => (d === '.' ? '' : d)))];
}

/**
 * The module folders a root's go.work uses that lie inside the root and have a go.mod, relative
 * to the root. (A module it uses from outside, `use ../common`, is the workspace's code too: not
 * a dependency, and not this root's to index.)
 */
export function workspaceModules(root: string, uses = workspaceUses(root)): string[] {
  return uses
    .filter((d) => !path.isAbsolute(d) && d !== '..' && !d.startsWith('../'))
    .filter((d) => existsSync(path.join(root, d, 'go.mod')))
    .sort();
}

/** The modules a root's go.work uses, by folder relative to the root, with the module path each declares. */
export function workspaceModulePaths(root: string): { dir: string; module: string }[] {
  return workspaceModules(root).map((dir) => ({ dir, module: goModuleName(path.join(root, dir)) })).filter((m) => m.module);
}

/** The module path a folder's go.mod declares ('' when none). */
export function goModuleName(dir: string): string {
  return /^module\s+(\S+)/m.exec(readText(path.join(dir, 'go.mod')) ?? '')?.[1]?.replace(/^"|"$/g, '') ?? '';
}

/** Go module versions in order: vMAJOR.MINOR.PATCH by number, a release after its pre-releases (pseudo-versions included), then as text. */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => /^v(\d+)\.(\d+)\.(\d+)(.*)$/.exec(v);
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return a < b ? -1 : a > b ? 1 : 0;
  for (let i = 1; i <= 3; i++) if (Number(x[i]) !== Number(y[i])) return Number(x[i]) - Number(y[i]);
  const [sx, sy] = [x[4]!.replace(/\+.*$/, ''), y[4]!.replace(/\+.*$/, '')];
  if (sx === sy) return 0;
  if (!sx) return 1;
  if (!sy) return -1;
  // Pre-release identifiers, dot by dot: numbers by value (`rc.10` after `rc.9`), below words.
  const [px, py] = [sx.slice(1).split('.'), sy.slice(1).split('.')];
  for (let i = 0; i < Math.min(px.length, py.length); i++) {
    const [a, b] = [px[i]!, py[i]!];
    if (a === b) continue;
    const [na, nb] = [/^\d+$/.test(a), /^\d+$/.test(b)];
    if (na && nb) return Number(a) - Number(b);
    if (na !== nb) return na ? -1 : 1;
    return a < b ? -1 : 1;
  }
  return px.length - py.length;
}

/** Upper-case letters are stored as `!` + lower case in the module cache (case-insensitive file systems). */
export function escapeModulePath(p: string): string {
  return p.replace(/[A-Z]/g, (c) => `!${c.toLowerCase()}`);
}

/** Module → version: go.sum's source entries, at the version go.mod requires where it names one. */
export function requiredModules(root: string): Map<string, string> {
  const out = new Map<string, string>();
  let sum = '';
  try {
    sum = readFileSync(path.join(root, 'go.sum'), 'utf8');
  } catch {
    /* no go.sum */
  }
  for (const line of sum.split(/\r?\n/)) {
    const [mod, ver] = line.trim().split(/\s+/);
    if (!mod || !ver || ver.endsWith('/go.mod')) continue;
    out.set(mod, ver); // later lines of a module are newer versions (go.sum is sorted)
  }
  let gomod = '';
  try {
    gomod = readFileSync(path.join(root, 'go.mod'), 'utf8');
  } catch {
    return out;
  }
  const lines = [...gomod.matchAll(/^require\s*\(([^)]*)\)/gm)].flatMap((m) => m[1]!.split(/\r?\n/));
  for (const m of gomod.matchAll(/^require\s+([^\s(]+)\s+(\S+)/gm)) lines.push(`${m[1]} ${m[2]}`);
  for (const l of lines) {
    const [mod, ver] = l.replace(/\/\/.*$/, '').trim().split(/\s+/);
    if (mod && ver && (out.has(mod) || !sum)) out.set(mod, ver);
  }
  // `replace old => ../dir` points at local code (not in the cache: the project's own, or a
  // sibling checkout); `replace old => new v1.2.3` is another module at another version.
  const replaces = [...gomod.matchAll(/^replace\s*\(([^)]*)\)/gm)].flatMap((m) => m[1]!.split(/\r?\n/));
  for (const m of gomod.matchAll(/^replace\s+([^(\n][^\n]*)$/gm)) replaces.push(m[1]!);
  for (const l of replaces) {
    const m = /^\s*(\S+)(?:\s+\S+)?\s*=>\s*(\S+)(?:\s+(\S+))?/.exec(l.replace(/\/\/.*$/, ''));
    if (!m || !out.has(m[1]!)) continue;
    out.delete(m[1]!);
    if (m[3] && !/^[./]/.test(m[2]!)) out.set(m[2]!, m[3]);
  }
  return out;
}

export function goDependencies(root: string, env: NodeJS.ProcessEnv = process.env): DiscoveredDependencies {
  const out: DiscoveredDependencies = { installed: [], missing: [] };
  const own = existsSync(path.join(root, 'go.mod')) || existsSync(path.join(root, 'go.sum'));
  const uses = workspaceUses(root);
  const workspace = workspaceModules(root, uses);
  if (!own && !workspace.length) return out;
  // Every Go module depends on the standard library of the toolchain that builds it (go-std.ts).
  const std = goStdDependency(root, env);
  if (std) out.installed.push(std);
  const mods = own ? requiredModules(root) : new Map<string, string>();
  // A go.work's modules (`use ./svc/api`) each require theirs; the workspace builds with the
  // highest version any of them requires (minimal version selection), and a module of the
  // workspace is its own code, not a dependency.
  const local = new Set(uses.map((dir) => goModuleName(path.join(root, dir))).filter(Boolean));
  for (const dir of workspace) {
    for (const [mod, version] of requiredModules(path.join(root, dir))) {
      const had = mods.get(mod);
      if (!had || compareVersions(version, had) > 0) mods.set(mod, version);
    }
  }
  for (const mod of local) mods.delete(mod);
  // In vendor mode the go command builds from the copies in vendor/, not the module cache.
  const vendor = vendoredModules(root, env);
  if (vendor) {
    for (const m of vendor.modules) {
      if (local.has(m.module)) continue;
      out.installed.push({
        ecosystem: 'go',
        name: m.module,
        version: m.version,
        base: path.join(vendor.dir, ...m.module.split('/')),
        variant: vendorVariant(m),
        // Named by the path code imports, which a replaced module's copy keeps (`# old v1 => new v2`).
        naming: { goModule: m.module },
        list: async function* () {
          yield* vendoredFiles(vendor.dir, m);
        },
      });
    }
    return out;
  }
  if (!mods.size) return out;
  const cache = goModCache(env);
  for (const [mod, version] of mods) {
    const dir = cache ? path.join(cache, `${escapeModulePath(mod)}@${escapeModulePath(version)}`) : null;
    if (!dir || !existsSync(dir)) {
      // `go mod download` unpacks it there (followed while serving).
      if (dir) (out.installFolders ??= []).push(dir);
      out.missing.push({ ecosystem: 'go', name: mod, reason: `${mod}@${version} is not in the module cache${cache ? ` ${cache}` : ''} (run go mod download)` });
      continue;
    }
    out.installed.push({
      ecosystem: 'go',
      name: mod,
      version,
      base: dir,
      // A module without a go.mod of its own (one written before modules) is named by its path;
      // one with a go.mod by what that says, which for a replacement (`old => fork v1.2.3`) is
      // usually still the path code imports.
      ...(existsSync(path.join(dir, 'go.mod')) ? {} : { naming: { goModule: mod } }),
      list: async function* (signal) {
        for await (const rel of walkFiles(dir, { signal, exclude: ['testdata/', 'vendor/'] })) if (rel.endsWith('.go') && !rel.endsWith('_test.go')) yield rel;
      },
    });
  }
  return out;
}
