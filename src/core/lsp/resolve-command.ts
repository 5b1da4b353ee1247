import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { which } from '../process/which.js';

/**
 * Finding server programs: docent's own npm dependencies first (so the bundled
 * typescript-language-server and pyright are used without a global install), then PATH, then
 * the usual per-user tool directories that are often missing from PATH (~/go/bin,
 * ~/.cargo/bin, ~/.local/bin).
 */

export interface ResolvedCommand {
  /** What to spawn (process.execPath for a JavaScript entry point). */
  command: string;
  /** Arguments that come before the server's own (the script path for JavaScript bins). */
  prefixArgs: string[];
  /** The program as a user would recognise it, for doctor and messages. */
  display: string;
}

const require = createRequire(import.meta.url);

// One `which` for docent: core/process/which.ts. Re-exported for the LSP resolvers.
export { which };

/** Per-user install directories, searched after PATH. */
export function userToolDirs(): string[] {
  const home = os.homedir();
  const gopath = process.env.GOPATH?.split(path.delimiter)[0];
  return [gopath ? path.join(gopath, 'bin') : path.join(home, 'go', 'bin'), path.join(home, '.cargo', 'bin'), path.join(home, '.local', 'bin')];
}

/** The file of a bin declared by an npm package that docent itself depends on. */
export function npmBin(pkg: string, bin: string): string | undefined {
  try {
    const pkgJson = require.resolve(`${pkg}/package.json`);
    const meta = JSON.parse(readFileSync(pkgJson, 'utf8')) as { bin?: string | Record<string, string> };
    const rel = typeof meta.bin === 'string' ? meta.bin : meta.bin?.[bin];
    if (!rel) return undefined;
    const file = path.join(path.dirname(pkgJson), rel);
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

/** The version of an npm package docent depends on, or undefined. */
export function npmPackageVersion(pkg: string): string | undefined {
  try {
    const meta = JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')) as { version?: string };
    return meta.version;
  } catch {
    return undefined;
  }
}

/** Spawn JavaScript entry points with this very Node, so a missing `node` on PATH cannot matter. */
export function asCommand(file: string): ResolvedCommand {
  return /\.(c|m)?js$/.test(file) ? { command: process.execPath, prefixArgs: [file], display: file } : { command: file, prefixArgs: [], display: file };
}

/** An npm bin from docent's dependencies, else the program on PATH. */
export function resolveNodeServer(pkg: string, bin: string): ResolvedCommand | undefined {
  const own = npmBin(pkg, bin);
  if (own) return asCommand(own);
  const onPath = which(bin, userToolDirs());
  return onPath ? asCommand(realOrSelf(onPath)) : undefined;
}

export function resolveProgram(name: string): ResolvedCommand | undefined {
  const found = which(name, userToolDirs());
  return found ? { command: found, prefixArgs: [], display: found } : undefined;
}

function realOrSelf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/** The version of the npm package a bin file belongs to (for servers without --version). */
export function packageVersionOf(file: string): string | undefined {
  let dir = path.dirname(realOrSelf(file));
  for (let i = 0; i < 6; i++) {
    const pj = path.join(dir, 'package.json');
    if (existsSync(pj)) {
      try {
        const meta = JSON.parse(readFileSync(pj, 'utf8')) as { name?: string; version?: string };
        if (meta.name && meta.version) return `${meta.name} ${meta.version}`;
      } catch {
        // keep looking upwards
      }
    }
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return undefined;
}
