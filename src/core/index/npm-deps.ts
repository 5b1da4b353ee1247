import { openSync, readFileSync, readSync, closeSync, statSync } from 'node:fs';
import path from 'node:path';
import { walkFiles } from '../workspace/files.js';
import { realPath } from './deps/types.js';
import { npmWorkspaces } from './npm-workspaces.js';
import { untypedNpmEntry } from './npm-entries.js';

/**
 * The npm packages a root's package.json declares (dependencies, devDependencies,
 * peerDependencies), as installed under its node_modules. Only these are indexed from
 * node_modules: everything else there (transitive packages, nested node_modules) stays out,
 * since an agent asks about what its project uses, and a full node_modules can hold more
 * code than the project by orders of magnitude.
 */

export interface DeclaredPackage {
  name: string;
  /** The installed package directory, relative to the root (forward slashes), or null when not installed. */
  dir: string | null;
}

const FIELDS = ['dependencies', 'devDependencies', 'peerDependencies'] as const;

/**
 * The packages the root's package.json declares and, in a monorepo, those its workspaces'
 * package.json files declare (npm-workspaces.ts), each resolved as Node would from the folder
 * that declares it: its own node_modules, then its parents' up to the root (where npm, yarn and
 * pnpm hoist them). A workspace's dependency on another workspace is the project's own code,
 * indexed with the root, not a package.
 */
export function declaredNpmPackages(root: string): DeclaredPackage[] {
  const json = readJson(path.join(root, 'package.json'));
  if (!json) return [];
  const manifests = [{ dir: '', json }];
  for (const dir of npmWorkspaces(root, json)) {
    const ws = readJson(path.join(root, dir, 'package.json'));
    if (ws) manifests.push({ dir, json: ws });
  }
  const internal = new Set(manifests.map((m) => m.json.name).filter((n): n is string => typeof n === 'string'));
  const rootReal = realPath(root) ?? root;
  const out = new Map<string, DeclaredPackage>();
  for (const m of manifests) {
    for (const [name, spec] of declaredNames(m.json)) {
      if (internal.has(name) || LOCAL_SPEC.test(spec)) continue;
      const dir = installedDir(root, rootReal, name, m.dir);
      // Resolved into the project's own folders (a workspace symlinked into node_modules that the
      // workspace patterns did not name): its code is indexed with the root already.
      if (dir && !dir.split('/').includes('node_modules')) continue;
      // Once per installed copy (two workspaces may use two versions); a name installed nowhere, once.
      const key = `${name}\0${dir ?? ''}`;
      if (!out.has(key) && (dir || ![...out.values()].some((p) => p.name === name))) out.set(key, { name, dir });
    }
  }
  // A name first reported missing and found under a later workspace is not missing.
  for (const [key, p] of out) if (!p.dir && [...out.values()].some((q) => q.name === p.name && q.dir)) out.delete(key);
  return [...out.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : (a.dir ?? '') < (b.dir ?? '') ? -1 : 1));
}

/**
 * Where the root's packages are installed: the node_modules of the root and of each workspace
 * (npm-workspaces.ts), whether made yet or not. Watched while serving (deps/install-watch.ts).
 */
export function npmInstallFolders(root: string): string[] {
  const json = readJson(path.join(root, 'package.json'));
  if (!json) return [];
  return ['', ...npmWorkspaces(root, json)].map((dir) => path.join(root, dir, 'node_modules'));
}

function readJson(file: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A version spec that names a folder of the project, not a package to install (`workspace:*`,
 * `file:../x`, `link:../x`). A `file:` tarball (`file:vendor/x-1.2.0.tgz`) is unpacked into
 * node_modules like a package from the registry, and is one.
 */
const LOCAL_SPEC = /^(?:workspace|link|portal):|^file:(?!.*\.(?:tgz|tar\.gz|tar)$)/;

/** A manifest's declared packages with their version specs. */
function declaredNames(json: Record<string, unknown>): [string, string][] {
  const names: [string, string][] = [];
  for (const f of FIELDS) {
    const deps = json[f];
    if (deps && typeof deps === 'object') for (const [n, spec] of Object.entries(deps)) if (/^(@[\w.-]+\/)?[\w.-]+$/.test(n)) names.push([n, typeof spec === 'string' ? spec : '']);
  }
  return names;
}


/**
 * node_modules/<name> of the declaring folder `from` (relative to the root), else of each folder
 * above it up to the root, followed through a symlink (pnpm) only while it stays inside the root.
 */
function installedDir(root: string, rootReal: string, name: string, from = ''): string | null {
  for (let at = from; ; at = path.dirname(at)) {
    const found = installedAt(rootReal, path.join(root, at === '.' ? '' : at, 'node_modules', name));
    if (found) return found;
    if (!at || at === '.' || at === '/') return null;
  }
}

function installedAt(rootReal: string, candidate: string): string | null {
  const real = realPath(candidate);
  if (!real) return null;
  const rel = path.relative(rootReal, real);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  try {
    if (!statSync(real).isDirectory()) return null;
  } catch {
    return null;
  }
  return rel.split(path.sep).join('/');
}

/**
 * Declaration files always; JavaScript with a doc comment near its start (most shipped JS has
 * none): a JSDoc block, or a plain `//` line right above a function (underscore documents its
 * functions so, and the extractor reads such lines as JavaScript's docs); and a small entry
 * point of a package without declarations (npm-entries.ts untypedNpmEntry).
 */
const DTS = /\.d\.[cm]?ts$/;
const JS = /\.[cm]?js$/;
const LINE_DOC = /^[ \t]*\/\/[ \t]*[A-Za-z][^\n]*\n[ \t]*(?:export[ \t]+(?:default[ \t]+)?)?(?:async[ \t]+)?function\b/m;

function wantedFile(abs: string, rel: string): boolean {
  if (DTS.test(rel)) return true;
  if (!JS.test(rel) || /\.min\.js$/.test(rel)) return false;
  let fd: number | undefined;
  try {
    fd = openSync(abs, 'r');
    const buf = Buffer.alloc(64 * 1024);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const head = buf.subarray(0, n);
    if (head.includes('/**') || LINE_DOC.test(head.toString('latin1'))) return true;
    // A small entry point without docs of a package without declarations still says under
    // which names its files are imported (ws's index.js: `WebSocket.Server = WebSocketServer;
    // module.exports = WebSocket`); a large one is a bundle.
    return n < buf.length && untypedNpmEntry(abs);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The files of the declared, installed packages worth indexing, relative to the root. */
export async function* declaredPackageFiles(root: string, packages: readonly DeclaredPackage[], signal?: AbortSignal): AsyncGenerator<string> {
  for (const p of packages) {
    if (!p.dir) continue;
    const base = path.join(root, p.dir);
    for await (const rel of walkFiles(base, { signal, exclude: ['node_modules/', 'test/', 'tests/', '__tests__/'] })) {
      if (wantedFile(path.join(base, rel), rel)) yield `${p.dir}/${rel}`;
    }
  }
}

/** The version in an installed package's package.json ('' when unreadable). */
export function installedVersion(root: string, dir: string): string {
  try {
    const v = (JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as { version?: unknown }).version;
    return typeof v === 'string' ? v : '';
  } catch {
    return '';
  }
}
