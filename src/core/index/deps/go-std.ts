import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { walkFiles } from '../../workspace/files.js';
import { isWithin, realPath, type InstalledDependency } from './types.js';

/**
 * Go's standard library as a dependency of every Go module (`std@go1.19.8`): `os.ReadFile`,
 * `strings.TrimSpace` and `encoding/json.Marshal` are most of what a Go program calls, and a
 * question in words ("read a whole file into memory") is most often answered there. Read from
 * the toolchain's `$GOROOT/src`, indexed once per machine and version like any module.
 */

/** The package name the standard library is listed under (its go.mod says `module std`). */
export const GO_STD_PACKAGE = 'std';

/**
 * What a program cannot import or does not call: the toolchain's own commands, vendored copies,
 * internal packages (importable only from inside the library), test data.
 */
const NOT_LIBRARY = ['cmd/', 'vendor/', 'internal/', 'testdata/'];

const goEnvCache = new Map<string, string | null>();

/** An absolute path `go env <key>` prints (asked once per process and key), or null (no go on the PATH). */
export function goEnv(key: 'GOMODCACHE' | 'GOROOT'): string | null {
  if (!goEnvCache.has(key)) {
    let found: string | null = null;
    try {
      const out = execFileSync('go', ['env', key], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
      if (out && path.isAbsolute(out)) found = out;
    } catch {
      /* no go on PATH */
    }
    goEnvCache.set(key, found);
  }
  return goEnvCache.get(key)!;
}

/** `$GOROOT` when absolute, else what `go env GOROOT` says, else null. */
export function goRoot(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.GOROOT && path.isAbsolute(env.GOROOT)) return env.GOROOT;
  return goEnv('GOROOT');
}

/** The toolchain's version from `$GOROOT/VERSION` (`go1.19.8`), without running anything. */
function goVersion(goroot: string): string | null {
  try {
    const first = readFileSync(path.join(goroot, 'VERSION'), 'utf8').split(/\r?\n/, 1)[0]!.trim();
    return /^go\d/.test(first) ? first : null;
  } catch {
    return null;
  }
}

/** The standard library of the Go toolchain on this machine, or null when there is none (or `root` is that library). */
export function goStdDependency(root: string, env: NodeJS.ProcessEnv = process.env): InstalledDependency | null {
  const goroot = goRoot(env);
  if (!goroot) return null;
  const src = realPath(path.join(goroot, 'src'));
  if (!src) return null;
  const version = goVersion(goroot);
  if (!version || !existsSync(path.join(src, 'builtin', 'builtin.go'))) return null;
  if (isWithin(root, src)) return null;
  return {
    ecosystem: 'go',
    name: GO_STD_PACKAGE,
    version,
    base: src,
    // Two toolchains of one version can differ (a distribution's patches).
    variant: src,
    standardLibrary: true,
    async *list(signal) {
      for await (const rel of walkFiles(src, { signal, exclude: NOT_LIBRARY })) if (rel.endsWith('.go') && !rel.endsWith('_test.go')) yield rel;
    },
  };
}
