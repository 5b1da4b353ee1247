import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { condaDeclaredNames, condaEnvironment } from './conda-env.js';
import { pipenvVirtualenv, poetryVirtualenv, pyenvVersionDir } from './python-managers.js';
import { parseToml, tomlTable } from './toml-file.js';
import { sections, tomlArray } from './toml-lite.js';
import { readText as read } from './types.js';

/**
 * Where a project's Python packages are installed: the site-packages of the interpreter the
 * project uses. A virtualenv in the root (`.venv`, `venv`, told by its pyvenv.cfg) comes
 * first, then the one `VIRTUAL_ENV` names, then Poetry's or Pipenv's virtualenv for the project, the
 * conda environment its environment.yml names (conda-env.ts), and the
 * pyenv version its `.python-version` selects (python-managers.ts), else `python3`'s own
 * (each interpreter asked once per process).
 */

export interface PythonEnvironment {
  /** What was used: the virtualenv's directory, or the interpreter's name. */
  origin: string;
  sitePackages: string[];
  /** The interpreter's standard library (`…/lib/python3.11`) and its version (`3.11.7`), when found. */
  stdlib?: { dir: string; version: string };
}

/** A project's own virtualenv, in the folders the tools make it in. */
export const VENV_DIRS = ['.venv', 'venv'];

/** `<venv>/lib/python3.X/site-packages` (posix) or `<venv>/Lib/site-packages` (Windows). */
function venvSitePackages(venv: string): string[] {
  const out: string[] = [];
  for (const lib of ['lib', 'lib64', 'Lib']) {
    const dir = path.join(venv, lib);
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      continue;
    }
    if (entries.includes('site-packages')) out.push(path.join(dir, 'site-packages'));
    for (const e of entries.sort()) if (/^python\d/.test(e) && existsSync(path.join(dir, e, 'site-packages'))) out.push(path.join(dir, e, 'site-packages'));
  }
  // lib64 is usually a symlink to lib: one site-packages, named the first way found.
  const seen = new Set<string>();
  return out.filter((d) => {
    let real = d;
    try {
      real = realpathSync(d);
    } catch {
      /* keep as is */
    }
    if (seen.has(real)) return false;
    seen.add(real);
    return true;
  });
}

/** What each interpreter said, by its command: asked once per process. */
const interpreters = new Map<string, PythonEnvironment | null>();

/** What `python3` is asked: its site-packages, its standard library and its version, as JSON. */
const SYSTEM_SCRIPT = 'import json,platform,site,sysconfig;print(json.dumps({"site":site.getsitepackages()+[site.getusersitepackages()],"stdlib":sysconfig.get_paths()["stdlib"],"version":platform.python_version()}))';

function systemSitePackages(python = 'python3'): PythonEnvironment | null {
  if (interpreters.has(python)) return interpreters.get(python)!;
  interpreters.set(python, null);
  try {
    // Isolated (-I) and outside any project: with `-c` Python puts its working folder first on
    // sys.path, and a project's own `json.py` would run in place of the module the script imports.
    const text = execFileSync(python, ['-I', '-c', SYSTEM_SCRIPT], {
      cwd: tmpdir(),
      encoding: 'utf8',
      timeout: 10_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const got = JSON.parse(text.trim()) as { site?: unknown[]; stdlib?: unknown; version?: unknown };
    const dirs = (got.site ?? []).filter((d): d is string => typeof d === 'string' && existsSync(d));
    const stdlib = typeof got.stdlib === 'string' && typeof got.version === 'string' && existsSync(got.stdlib) ? { dir: got.stdlib, version: got.version } : undefined;
    interpreters.set(python, { origin: python, sitePackages: [...new Set(dirs)], ...(stdlib ? { stdlib } : {}) });
  } catch {
    // no such interpreter: no system packages
  }
  return interpreters.get(python)!;
}

/** A virtualenv's packages, then (with `include-system-site-packages = true`) the interpreter's own. */
function virtualenv(venv: string, env: NodeJS.ProcessEnv): PythonEnvironment {
  const dirs = venvSitePackages(venv);
  let cfg = '';
  try {
    cfg = readFileSync(path.join(venv, 'pyvenv.cfg'), 'utf8');
  } catch {
    /* checked by the caller */
  }
  if (/^\s*include-system-site-packages\s*=\s*true\s*$/im.test(cfg)) dirs.push(...(baseSitePackages(cfg, env.HOME) ?? systemSitePackages()?.sitePackages ?? []).filter((d) => !dirs.includes(d)));
  const stdlib = venvStdlib(cfg);
  return { origin: venv, sitePackages: dirs, ...(stdlib ? { stdlib } : {}) };
}

/**
 * The package folders of a virtualenv's base interpreter, found from pyvenv.cfg alone as its
 * library is (`home` is `<prefix>/bin`): `<prefix>/lib/python3.X/site-packages`, and Debian's
 * `<prefix>/local/lib/python3.X/dist-packages`, `<prefix>/lib/python3/dist-packages`, with the
 * user's own (under `userHome`) first, as the interpreter orders them; those that exist. Not
 * `python3`'s from the PATH, which can be another interpreter: a Debian venv on a machine with
 * pyenv's python3 first took pyenv's PyYAML 6.0.3 for the system's 6.0. Undefined without
 * `home` and `version`.
 */
function baseSitePackages(cfg: string, userHome: string | undefined): string[] | undefined {
  const bin = /^\s*home\s*=\s*(.+?)\s*$/m.exec(cfg)?.[1];
  const version = /^\s*(?:version|version_info)\s*=\s*(\d+\.\d+)/m.exec(cfg)?.[1];
  if (!bin || !version) return undefined;
  const prefix = path.dirname(bin);
  const user = userHome ? [path.join(userHome, '.local', 'lib', `python${version}`, 'site-packages')] : [];
  const dirs = [
    ...user,
    path.join(prefix, 'lib', `python${version}`, 'site-packages'),
    path.join(prefix, 'local', 'lib', `python${version}`, 'dist-packages'),
    path.join(prefix, 'lib', 'python3', 'dist-packages'),
    path.join(prefix, 'lib', `python${version}`, 'dist-packages'),
  ];
  return dirs.filter((d) => existsSync(d));
}

/**
 * A virtualenv's standard library is its base interpreter's, found from pyvenv.cfg alone (`home`
 * is the directory of that interpreter, `version` or `version_info` its version): the venv's own
 * `python` is never run, since a cloned tree can ship one.
 */
function venvStdlib(cfg: string): { dir: string; version: string } | undefined {
  const home = /^\s*home\s*=\s*(.+?)\s*$/m.exec(cfg)?.[1];
  const version = /^\s*(?:version|version_info)\s*=\s*(\d+\.\d+(?:\.\d+)?)/m.exec(cfg)?.[1];
  if (!home || !version) return undefined;
  const minor = version.split('.').slice(0, 2).join('.');
  const dir = path.join(path.dirname(home), 'lib', `python${minor}`);
  return existsSync(path.join(dir, 'os.py')) ? { dir, version } : undefined;
}

export function pythonEnvironment(root: string, env: NodeJS.ProcessEnv = process.env): PythonEnvironment | null {
  for (const d of VENV_DIRS) {
    const venv = path.join(root, d);
    if (existsSync(path.join(venv, 'pyvenv.cfg'))) return virtualenv(venv, env);
  }
  const active = env.VIRTUAL_ENV;
  if (active && existsSync(path.join(active, 'pyvenv.cfg'))) return virtualenv(active, env);
  // What the project's tools pick for it outside the project (python-managers.ts).
  const managed = poetryVirtualenv(root, env) ?? pipenvVirtualenv(root, env);
  if (managed) return virtualenv(managed, env);
  const conda = condaEnvironment(root, env);
  if (conda) return conda;
  const pyenv = pyenvVersionDir(root, env);
  if (pyenv) {
    // A pyenv-virtualenv environment is a virtualenv; an installed version is asked like python3.
    if (existsSync(path.join(pyenv, 'pyvenv.cfg'))) return virtualenv(pyenv, env);
    const python = ['python3', 'python'].map((n) => path.join(pyenv, 'bin', n)).find((f) => existsSync(f));
    const got = python ? systemSitePackages(python) : null;
    if (got) return got;
  }
  return systemSitePackages();
}

/** Requirement strings → distribution names (`requests[socks]>=2; python_version<"4"` → `requests`). */
function requirementName(spec: string): string | null {
  const s = spec.trim();
  if (!s || s.startsWith('#') || s.startsWith('-') || /^[a-z+]+:\/\//i.test(s) || s.startsWith('.') || s.startsWith('/')) return null;
  const m = /^([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(s);
  return m ? m[1]! : null;
}


/**
 * The distributions a root declares: pyproject.toml (`[project] dependencies` and
 * `optional-dependencies`, Poetry's dependency tables), a Pipfile's package tables, an
 * environment.yml's conda and pip packages, requirements*.txt (in the root and a requirements/ folder) and setup.cfg's install_requires.
 */
export function declaredPythonNames(root: string): string[] {
  const names = new Set<string>();
  const add = (spec: string) => {
    const n = requirementName(spec);
    if (n && n.toLowerCase() !== 'python') names.add(n);
  };
  const pyproject = read(path.join(root, 'pyproject.toml'));
  if (pyproject) {
    const secs = sections(pyproject);
    const project = secs.get('project');
    if (project) {
      const m = /^\s*dependencies\s*=\s*\[/m.exec(project);
      if (m) for (const s of tomlArray(project, m.index + m[0].length)) add(s);
    }
    const optional = secs.get('project.optional-dependencies');
    if (optional) for (const m of optional.matchAll(/=\s*\[/g)) for (const s of tomlArray(optional, m.index! + m[0].length)) add(s);
    for (const [head, body] of secs) {
      if (!/^tool\.poetry\.(dependencies|dev-dependencies|group\.[^.]+\.dependencies)$/.test(head)) continue;
      for (const m of body.matchAll(/^\s*"?([A-Za-z0-9][A-Za-z0-9._-]*)"?\s*=/gm)) add(m[1]!);
    }
  }
  // A Pipfile's package tables: [packages], [dev-packages] and any other category, not its
  // settings ([[source]], [requires], [pipenv], [scripts]). Parsed as TOML: a package may be a
  // table of its own (`[packages.torch]`), and [[source]] arrays may come after the packages.
  const pipfile = read(path.join(root, 'Pipfile'));
  if (pipfile) {
    // (A Pipfile Pipenv itself would reject declares nothing.)
    for (const [head, value] of Object.entries(parseToml(pipfile) ?? {})) {
      const packages = tomlTable(value);
      if (!packages || ['source', 'requires', 'pipenv', 'scripts'].includes(head)) continue;
      for (const name of Object.keys(packages)) add(name);
    }
  }
  for (const name of condaDeclaredNames(root)) add(name);
  const reqFiles: string[] = [];
  for (const dir of [root, path.join(root, 'requirements')]) {
    try {
      for (const e of readdirSync(dir)) if (/^requirements.*\.(txt|in)$/.test(e) || (dir !== root && /\.(txt|in)$/.test(e))) reqFiles.push(path.join(dir, e));
    } catch {
      /* no such folder */
    }
  }
  for (const f of reqFiles) for (const line of (read(f) ?? '').split(/\r?\n/)) add(line.replace(/\s+#.*$/, ''));
  const setupCfg = read(path.join(root, 'setup.cfg'));
  if (setupCfg) {
    const options = sections(setupCfg).get('options') ?? '';
    const m = /^install_requires\s*=\s*(.*(?:\n[ \t]+.*)*)/m.exec(options);
    if (m) for (const line of m[1]!.split(/\r?\n/)) add(line);
  }
  return [...names].sort();
}
