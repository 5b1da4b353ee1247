import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_EXCLUDES } from '../indexer.js';
import { walkFiles } from '../../workspace/files.js';
import { declaredPythonNames, pythonEnvironment, VENV_DIRS, type PythonEnvironment } from './python-env.js';
import { looksLikeStdlib } from '../python-builtins.js';
import { normalizeDist } from '../packages.js';
import { pythonStdlibDependency } from './python-stdlib.js';
import { isWithin, readText as read, realPath, type DiscoveredDependencies, type InstalledDependency } from './types.js';

/**
 * The Python distributions a project declares or imports, as installed in the environment it
 * uses (python-env.ts). A distribution's files come from its RECORD (what pip installed), else
 * from the top-level names it provides; name and version from its METADATA. Imports that no
 * installed distribution provides (the project's own modules, the standard library's) are not
 * distributions; the standard library of the interpreter is a dependency of its own
 * (python-stdlib.ts).
 */

interface Distribution {
  name: string;
  version: string;
  sitePackages: string;
  distInfo: string;
  /** Import names it provides. */
  topLevel: string[];
}

function metadata(distInfo: string): { name: string; version: string } | null {
  const text = read(path.join(distInfo, 'METADATA')) ?? read(path.join(distInfo, 'PKG-INFO'));
  if (!text) return null;
  const head = text.split(/\r?\n\r?\n/, 1)[0]!;
  const name = /^Name:\s*(.+)$/m.exec(head)?.[1]?.trim();
  const version = /^Version:\s*(.+)$/m.exec(head)?.[1]?.trim();
  return name && version ? { name, version } : null;
}

/** Paths pip recorded, relative to site-packages (the files of the distribution itself, not scripts). */
function recorded(distInfo: string): string[] | null {
  const text = read(path.join(distInfo, 'RECORD')) ?? read(path.join(distInfo, 'installed-files.txt'));
  if (text === null) return null;
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const p = line.startsWith('"') ? line.slice(1, line.indexOf('"', 1)) : line.split(',')[0]!;
    if (p) out.push(p.replace(/\\/g, '/'));
  }
  return out;
}

/** A distribution installed in development mode points at the project's own sources. */
function editable(distInfo: string): boolean {
  const text = read(path.join(distInfo, 'direct_url.json'));
  return text !== null && /"editable"\s*:\s*true/.test(text);
}

function distributions(sitePackages: string): Distribution[] {
  const out: Distribution[] = [];
  let entries: string[];
  try {
    entries = readdirSync(sitePackages);
  } catch {
    return out;
  }
  for (const e of entries) {
    const m = /^(.+?)-([^-]+?)\.(dist-info|egg-info)$/.exec(e);
    if (!m) continue;
    const distInfo = path.join(sitePackages, e);
    if (editable(distInfo)) continue;
    const meta = metadata(distInfo) ?? { name: m[1]!, version: m[2]! };
    let topLevel = (read(path.join(distInfo, 'top_level.txt')) ?? '').split(/\r?\n/).map((s) => s.trim()).filter(Boolean);
    if (!topLevel.length) {
      const tops = new Set<string>();
      for (const p of recorded(distInfo) ?? []) {
        const first = p.split('/')[0]!;
        if (first === '..' || first.endsWith('.dist-info') || first.endsWith('.egg-info') || first === '__pycache__') continue;
        if (p.includes('/') || /\.(py|pyi|so|pyd)$/.test(first)) tops.add(first.replace(/\..*$/, ''));
      }
      topLevel = [...tops];
    }
    if (!topLevel.length) topLevel = [normalizeDist(meta.name)];
    out.push({ ...meta, sitePackages, distInfo, topLevel });
  }
  return out;
}

const SOURCE = /\.(py|pyi)$/;
const SKIPPED_DIRS = /(^|\/)(__pycache__|tests?|testing)\//;

/** What to index of a distribution: its recorded Python sources (stubs included), else its top-level modules walked. */
function distFiles(d: Distribution): (signal?: AbortSignal) => AsyncIterable<string> {
  return async function* (signal) {
    const rec = recorded(d.distInfo);
    if (rec) {
      for (const p of rec) if (SOURCE.test(p) && !p.startsWith('../') && !SKIPPED_DIRS.test(p)) yield p;
      return;
    }
    for (const top of d.topLevel) {
      if (existsSync(path.join(d.sitePackages, `${top}.py`))) yield `${top}.py`;
      const dir = path.join(d.sitePackages, top);
      let isDir = false;
      try {
        isDir = statSync(dir).isDirectory();
      } catch {
        /* a single-module distribution */
      }
      if (!isDir) continue;
      for await (const rel of walkFiles(dir, { signal, exclude: ['__pycache__/', 'tests/', 'test/'] })) if (SOURCE.test(rel)) yield `${top}/${rel}`;
    }
  };
}

/** Files that make a folder a Python project, whatever else it holds. */
const PYTHON_MANIFESTS = ['pyproject.toml', 'setup.py', 'setup.cfg', 'Pipfile', 'requirements.txt', 'environment.yml', 'environment.yaml'];

/** A Python project: it says so (a manifest, its own virtualenv), or most of its source files are Python. */
function isPythonProject(root: string, env: PythonEnvironment | null, pythonShare: number): boolean {
  if (pythonShare >= 0.5 || PYTHON_MANIFESTS.some((f) => existsSync(path.join(root, f)))) return true;
  return !!env && env.origin !== 'python3' && isWithin(env.origin, root);
}

/** Whether `root` is the standard library of the environment's own interpreter. */
function ownsStdlib(pyEnv: PythonEnvironment | null, root: string): boolean {
  const dir = pyEnv?.stdlib?.dir;
  return !!dir && (realPath(dir) ?? dir) === (realPath(root) ?? root);
}

/** An interpreter's folder of installed packages: `site-packages`, or Debian's `dist-packages`. */
export function isSitePackages(root: string): boolean {
  return /^(site|dist)-packages$/.test(path.basename(root));
}

/** Whether the root's own walk covers `dir` (it is the root or below it, outside the folders the walk skips). */
export function insideRoot(root: string, dir: string): boolean {
  const rel = path.relative(root, dir);
  const inside = rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  return inside && !rel.split(path.sep).some((seg) => DEFAULT_EXCLUDES.includes(`${seg}/`));
}

/**
 * `imports` are the modules the project's Python files import (from the root's index), so a
 * package used but never declared is found too.
 */
export function pythonDependencies(root: string, imports: readonly string[], env: NodeJS.ProcessEnv = process.env, pythonShare = 0): DiscoveredDependencies {
  const out: DiscoveredDependencies = { installed: [], missing: [] };
  // An interpreter's package folder indexed as a root (Debian's /usr/lib/python3/dist-packages
  // beside /usr/lib/python3.11) holds its packages already, and what they import comes from
  // that interpreter, not from the python3 the PATH finds first: with pyenv's first, it had
  // pyenv's standard library and its docutils and click as dependencies, a second standard
  // library answering every question twice. Its interpreter's standard library, when the
  // environment found is the one that owns the folder, is its dependency as for any project
  // (and none where another root is that library: dependency-set.ts).
  if (isSitePackages(root)) {
    const pyEnv = pythonEnvironment(root, env);
    const real = realPath(root) ?? root;
    const owned = pyEnv?.sitePackages.some((dir) => (realPath(dir) ?? dir) === real);
    const stdlib = owned ? pythonStdlibDependency(pyEnv) : null;
    if (stdlib) out.installed.push(stdlib);
    return out;
  }
  const declared = declaredPythonNames(root);
  const tops = new Set(imports.filter((i) => i && !i.startsWith('.')).map((i) => i.split('.')[0]!));
  if (!declared.length && !tops.size) return out;
  const pyEnv = pythonEnvironment(root, env);
  // A Python installation indexed as a root (its standard library folder, site-packages inside
  // it) that is not the found interpreter's own imports from itself, not from the python3 the
  // PATH finds first: its own packages are in the root already, and another interpreter's
  // (pyenv's click and docutils beside a copied installation) were searched beside them on
  // every question, three more databases of another installation.
  if (looksLikeStdlib(root) && !ownsStdlib(pyEnv, root)) return out;
  // pip installs, upgrades and removes distributions there; a virtualenv not made yet would take over once it is.
  out.installFolders = [...(pyEnv?.sitePackages ?? []), ...VENV_DIRS.map((d) => path.join(root, d)).filter((d) => !existsSync(d))];
  const dists = (pyEnv?.sitePackages ?? []).flatMap(distributions);
  const byName = new Map(dists.map((d) => [normalizeDist(d.name), d]));
  const byTop = new Map<string, Distribution>();
  for (const d of dists) for (const t of d.topLevel) if (!byTop.has(t)) byTop.set(t, d);
  const chosen = new Map<string, Distribution>();
  for (const n of declared) {
    const d = byName.get(normalizeDist(n));
    if (d) chosen.set(d.distInfo, d);
    else out.missing.push({ ecosystem: 'python', name: n, reason: pyEnv ? `not installed in ${pyEnv.origin}` : 'no Python environment found (no virtualenv, no python3)' });
  }
  for (const t of tops) {
    const d = byTop.get(t);
    if (d) chosen.set(d.distInfo, d);
  }
  for (const d of chosen.values()) {
    // A site-packages the root's own walk covers (a Python installation indexed as a root) is
    // indexed with it already; a virtualenv in the root (`.venv/`, never walked) is not.
    if (insideRoot(root, d.sitePackages)) continue;
    const dep: InstalledDependency = { ecosystem: 'python', name: d.name, version: d.version, base: d.sitePackages, list: distFiles(d) };
    out.installed.push(dep);
  }
  // The standard library, for a Python project (not for a few scripts in another language's
  // tree: Rust's standard library has some), unless the root is that library itself, or another
  // interpreter's (Debian's /usr/lib/python3.11 indexed with pyenv's python3 on the PATH: the
  // root is the library it asks about, and a second one would answer every question twice).
  const stdlib = !looksLikeStdlib(root) && isPythonProject(root, pyEnv, pythonShare) ? pythonStdlibDependency(pyEnv) : null;
  if (stdlib && !isWithin(stdlib.base, root)) out.installed.push(stdlib);
  return out;
}
