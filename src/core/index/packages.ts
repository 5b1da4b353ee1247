import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { npmManifest, npmPackageDir } from './npm-manifest.js';

/**
 * Which installed package a file belongs to, from where it lies: the nearest package.json
 * under a `node_modules/`, a Python `site-packages/<name>/` with its `<name>-<version>.dist-info`,
 * a Cargo registry crate directory `name-version/`, a Go module cache directory `module@version/`.
 * Files outside any of these are the project's own (null). Answers are cached per package
 * directory, since every file of a package asks the same question.
 */

export interface PackageRef {
  name: string;
  version: string;
}

const cache = new Map<string, PackageRef | null>();

function cached(key: string, compute: () => PackageRef | null): PackageRef | null {
  let v = cache.get(key);
  if (v === undefined) {
    try {
      v = compute();
    } catch {
      v = null;
    }
    if (cache.size > 5000) cache.clear();
    cache.set(key, v);
  }
  return v;
}

/** The package an absolute file path belongs to, or null for a project file. */
export function packageOf(absFile: string): PackageRef | null {
  const parts = absFile.split(/[\\/]+/);
  return npmPackage(parts) ?? pythonPackage(parts) ?? cargoCrate(parts) ?? goModule(parts);
}

/** `…/node_modules/(@scope/)name/…`: the package.json of the innermost package directory. */
function npmPackage(parts: string[]): PackageRef | null {
  const pkg = npmPackageDir(parts);
  if (!pkg) return null;
  const json = npmManifest(pkg.dir);
  if (!json || typeof json.name !== 'string') return null;
  return { name: json.name, version: typeof json.version === 'string' ? json.version : '' };
}

/** Distribution names compare with `-`, `_` and `.` alike and case-insensitively (PEP 503): `Python-DateUtil` and `python_dateutil` are one key. */
export function normalizeDist(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '_');
}

/** `…/site-packages/<name>/…` or `…/site-packages/<name>.py`, with `<name>-<version>.dist-info/METADATA` beside it. */
function pythonPackage(parts: string[]): PackageRef | null {
  const at = Math.max(parts.lastIndexOf('site-packages'), parts.lastIndexOf('dist-packages'));
  if (at < 0 || at + 1 >= parts.length) return null;
  const top = parts[at + 1]!.replace(/\.(py|pyi|so)$/, '');
  const sp = parts.slice(0, at + 1).join('/');
  return cached(`${sp}/${top}`, () => {
    const want = normalizeDist(top.replace(/-stubs$/, ''));
    for (const e of readdirSync(sp)) {
      const m = /^(.+?)-([^-]+)\.(dist-info|egg-info)$/.exec(e);
      if (!m) continue;
      const owns = normalizeDist(m[1]!) === want || topLevelNames(path.join(sp, e)).includes(top);
      if (!owns) continue;
      return metadata(path.join(sp, e)) ?? { name: m[1]!, version: m[2]! };
    }
    return null;
  });
}

/** The import names a distribution installs (top_level.txt), for packages named unlike their distribution. */
function topLevelNames(distInfo: string): string[] {
  try {
    return readFileSync(path.join(distInfo, 'top_level.txt'), 'utf8').split(/\r?\n/).map((s) => s.trim()).filter(Boolean);
  } catch {
    return [];
  }
}

function metadata(distInfo: string): PackageRef | null {
  let text: string;
  try {
    text = readFileSync(path.join(distInfo, 'METADATA'), 'utf8');
  } catch {
    try {
      text = readFileSync(path.join(distInfo, 'PKG-INFO'), 'utf8');
    } catch {
      return null;
    }
  }
  const head = text.split(/\r?\n\r?\n/, 1)[0]!;
  const name = /^Name:\s*(.+)$/m.exec(head)?.[1]?.trim();
  const version = /^Version:\s*(.+)$/m.exec(head)?.[1]?.trim();
  return name && version ? { name, version } : null;
}

/** `…/.cargo/registry/src/<index>/<name>-<version>/…`. */
function cargoCrate(parts: string[]): PackageRef | null {
  const at = parts.lastIndexOf('registry');
  if (at < 0 || parts[at + 1] !== 'src' || at + 4 >= parts.length) return null;
  const m = /^(.+?)-(\d+\.\d+\.\d+.*)$/.exec(parts[at + 3]!);
  return m ? { name: m[1]!, version: m[2]! } : null;
}

/** `…/pkg/mod/<module path>@<version>/…`; upper-case letters are escaped as `!x` there. */
function goModule(parts: string[]): PackageRef | null {
  let at = -1;
  for (let i = 1; i < parts.length; i++) if (parts[i] === 'mod' && parts[i - 1] === 'pkg') at = i;
  if (at < 0) return null;
  for (let i = at + 1; i < parts.length - 1; i++) {
    const seg = parts[i]!;
    const k = seg.indexOf('@');
    if (k < 0) continue;
    const mod = [...parts.slice(at + 1, i), seg.slice(0, k)].join('/');
    const unescape = (s: string) => s.replace(/!([a-z])/g, (_, c: string) => c.toUpperCase());
    return { name: unescape(mod), version: unescape(seg.slice(k + 1)) };
  }
  return null;
}
