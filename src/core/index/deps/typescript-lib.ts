import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { installedVersion } from '../npm-deps.js';
import { isWithin, realPath, type InstalledDependency } from './types.js';

/**
 * JavaScript's standard library, as TypeScript declares it (`lib.es5.d.ts` … `lib.esnext.*.d.ts`):
 * `String.trim`, `Array.flat`, `Promise.allSettled`, `JSON.stringify` are what most JavaScript
 * and TypeScript code calls, and no package.json declares them. A dependency of every npm or
 * TypeScript project (PROJECT_MARKERS), listed as the package `typescript-lib` at the version of the
 * TypeScript it is read from: the project's own `node_modules/typescript` when installed (the
 * declarations its compiler checks against), else the one docent runs with. Indexed once per
 * machine and version like any package, and searched like every standard library. Items are
 * named by their file, as over the same files indexed as a root (`lib.es5.String.trim`).
 */

/** The package name the declarations are listed under. */
export const TYPESCRIPT_LIB_PACKAGE = 'typescript-lib';

/**
 * What a JavaScript or TypeScript project being worked on has at its root, and a package as
 * published does not (lodash's folder has a package.json and nothing of these): a compiler
 * configuration, a lock file, or its installed packages. A published package read as a root
 * is a library's own docs; the language's declarations beside it took the places of its
 * answers (lodash's questions 0.946 → 0.889).
 */
const PROJECT_MARKERS = ['tsconfig.json', 'jsconfig.json', 'package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lock', 'bun.lockb', 'node_modules'];

/**
 * The ones that declare the language: ECMAScript's editions (`lib.es5`, `lib.es2015.promise`,
 * `lib.esnext.*`) and decorators. The browser's and workers' APIs (`lib.dom`, `lib.webworker`,
 * `lib.scripthost`) are a platform's, not the language's: with them, WebGL constants and GPU
 * methods answered "array without duplicate values" before `_.uniq` in a lodash project
 * (lodash's questions through it 0.946 without any of these files, 0.814 with all of them,
 * 0.848 with the editions alone; see score.ts STANDARD_LIBRARY_DEPENDENCY for the rest). `lib.dom.d.ts`
 * is past index.maxFileBytes anyway (2.3 MB). A project that declares the typescript package
 * gets these from this dependency only; the package keeps the rest (its compiler API, the platforms).
 */
export const LANGUAGE_FILE = /^lib\.(es[\w.-]*|decorators[\w.-]*)\.d\.ts$/;

/** The `lib` folder and version of a TypeScript package folder, or null when it has no lib files. */
function libOf(pkgDir: string): { dir: string; version: string } | null {
  const version = installedVersion(pkgDir, '');
  const dir = path.join(pkgDir, 'lib');
  return version && existsSync(path.join(dir, 'lib.es5.d.ts')) ? { dir, version } : null;
}

/** The TypeScript docent itself runs with (a dependency of docent), or null when it cannot be found. */
function ownTypescript(): string | null {
  try {
    return path.dirname(createRequire(import.meta.url).resolve('typescript/package.json'));
  } catch {
    return null;
  }
}

export function typescriptLibDependency(root: string): InstalledDependency | null {
  if (!PROJECT_MARKERS.some((f) => existsSync(path.join(root, f))) || root.split(path.sep).includes('node_modules')) return null;
  const own = ownTypescript();
  const found = libOf(path.join(root, 'node_modules', 'typescript')) ?? (own ? libOf(own) : null);
  const dir = found ? realPath(found.dir) : null;
  if (!found || !dir || isWithin(root, dir)) return null;
  return {
    ecosystem: 'npm',
    name: TYPESCRIPT_LIB_PACKAGE,
    version: found.version,
    base: dir,
    variant: dir,
    standardLibrary: true,
    async *list() {
      for (const f of readdirSync(dir).sort()) if (LANGUAGE_FILE.test(f)) yield f;
    },
  };
}
