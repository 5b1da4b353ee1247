import { existsSync } from 'node:fs';
import path from 'node:path';
import { typedPackagePath } from '../extract/lang/js-module-name.js';
import { npmManifest, npmPackageDir } from './npm-manifest.js';

/**
 * Which import path an installed npm package's file answers to, from its package.json: `main`,
 * `module`, `types`/`typings`, a string `browser`, and `exports` (every condition's file, and
 * subpaths, `*` patterns included). A file is named by where it lies (`underscore/underscore-esm`,
 * `rxjs/dist/types`, `commander/typings`), but users write the package (`underscore.debounce`,
 * `import { map } from 'rxjs'`): the indexer records the entry as re-exporting the file's names
 * under the package's path, so search shows and resolve finds them as written.
 */

interface Entries {
  /** File stem (package-relative, no extension) → the import path it is an entry of. */
  exact: Map<string, string>;
  /** `exports` patterns: `./modules/*` → `./cjs/*.js` as (public prefix, public suffix, file prefix, file suffix). */
  patterns: { pub: [string, string]; file: [string, string] }[];
  /** The package names its declaration files (`types`, `typings`, or a `.d.ts` in `exports`). */
  typed: boolean;
}

const cache = new Map<string, Entries | null>();
const DTS = /\.d\.[cm]?ts$/;

/** The entries of the package a file lies in (read once per package), and the file's stem there. */
function entriesFor(absFile: string): { entries: Entries; stem: string } | null {
  const parts = absFile.split(/[\\/]+/);
  const pkg = npmPackageDir(parts);
  if (!pkg) return null;
  const { dir, at, depth } = pkg;
  let entries = cache.get(dir);
  if (entries === undefined) {
    try {
      entries = entriesOf(dir);
    } catch {
      entries = null;
    }
    if (cache.size > 2000) cache.clear();
    cache.set(dir, entries);
  }
  return entries ? { entries, stem: stem(parts.slice(at + 1 + depth).join('/')) } : null;
}

/**
 * A JavaScript entry point of a package that names no declaration files: the only place that
 * says under which names its files are imported (with declarations, they say it, and the
 * JavaScript's undocumented copies of their items would only compete with them).
 */
export function untypedNpmEntry(absFile: string): boolean {
  const found = entriesFor(absFile);
  // TypeScript also finds `index.d.ts` beside `index.js` without a `types` field.
  return found !== null && !found.entries.typed && !existsSync(absFile.replace(/\.([cm]?)js$/, '.d.$1ts')) && npmEntryOf(absFile) !== null;
}

/** `./dist/index.d.ts` → `dist/index`; the extensions TypeScript and Node resolve alike. */
function stem(p: string): string {
  return p.replace(/\\/g, '/').replace(/^\.\//, '').replace(/(\.d)?\.[cm]?[jt]sx?$/, '').replace(/\/$/, '');
}

/** Every file named by an `exports` value: a string, conditions (nested), or a fallback array. */
function leaves(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) leaves(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) leaves(x, out);
  return out;
}

function entriesOf(pkgDir: string): Entries | null {
  const json = npmManifest(pkgDir);
  if (!json || typeof json.name !== 'string') return null;
  const name = typedPackagePath(json.name);
  const e: Entries = { exact: new Map(), patterns: [], typed: typeof json.types === 'string' || typeof json.typings === 'string' || leaves(json.exports).some((f) => DTS.test(f) && existsSync(path.join(pkgDir, f))) };
  const add = (file: string, pub: string) => {
    const s = stem(file);
    if (!s || s.startsWith('..')) return;
    if (!e.exact.has(s)) e.exact.set(s, pub);
    // A directory entry (`"main": "lib"`) is its index file.
    if (!/\/index$|^index$/.test(s) && !e.exact.has(`${s}/index`)) e.exact.set(`${s}/index`, pub);
  };
  for (const f of ['types', 'typings', 'module', 'main', 'browser']) if (typeof json[f] === 'string') add(json[f] as string, name);
  const exp = json.exports;
  // Without `main` or `exports`, Node loads the package's `index.js` (express has neither).
  if (typeof json.main !== 'string' && exp === undefined) add('index.js', name);
  const subpaths = exp && typeof exp === 'object' && !Array.isArray(exp) && Object.keys(exp).some((k) => k.startsWith('.'));
  if (!subpaths) {
    for (const f of leaves(exp)) add(f, name);
    return e;
  }
  for (const [key, value] of Object.entries(exp as Record<string, unknown>)) {
    if (!key.startsWith('.') || /\.json$/.test(key)) continue;
    const pub = key === '.' ? name : `${name}/${stem(key)}`;
    const star = key.indexOf('*');
    if (star < 0) {
      for (const f of leaves(value)) add(f, pub);
      continue;
    }
    const k = key.replace(/^\.\//, '');
    for (const f of leaves(value)) {
      const fs = f.replace(/^\.\//, '');
      const i = fs.indexOf('*');
      if (i < 0) continue;
      e.patterns.push({ pub: [`${name}/${k.slice(0, k.indexOf('*'))}`, stem(k.slice(k.indexOf('*') + 1))], file: [fs.slice(0, i), stem(fs.slice(i + 1))] });
    }
  }
  return e;
}

/**
 * The import path an installed package's file is an entry of (`underscore` for
 * `node_modules/underscore/underscore-esm.js`, `underscore/modules/debounce` for
 * `cjs/debounce.js` through `"./modules/*": {"require": "./cjs/*"}`), or null.
 */
export function npmEntryOf(absFile: string): string | null {
  const found = entriesFor(absFile);
  if (!found) return null;
  const { entries } = found;
  const s = found.stem;
  const exact = entries.exact.get(s);
  if (exact) return exact;
  for (const p of entries.patterns) {
    const [pre, suf] = p.file;
    if (s.length > pre.length + suf.length && s.startsWith(pre) && s.endsWith(suf)) {
      const mid = s.slice(pre.length, s.length - suf.length);
      return `${p.pub[0]}${mid}${p.pub[1]}`.replace(/\/index$/, '');
    }
  }
  return null;
}
