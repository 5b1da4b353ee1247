import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { readToml as tomlFile, tomlTable as table } from './toml-file.js';
import { expandHome, readText, realPath } from './types.js';

/**
 * The interpreter a project's Python tool picks for it, where that is not in the project
 * itself: Poetry's and Pipenv's virtualenvs (by default under their own folders, named from
 * the project's name and path) and the pyenv version a `.python-version` selects. Found from their files alone,
 * as the tools compute them, without running either tool.
 */

/** Poetry's own folders (platformdirs' user cache and config folders for "pypoetry"), as Poetry reads them. */
function poetryDirs(env: NodeJS.ProcessEnv): { cache: string; config: string } {
  const home = env.HOME || homedir();
  const mac = process.platform === 'darwin';
  const cache = env.POETRY_CACHE_DIR || (mac ? path.join(home, 'Library', 'Caches', 'pypoetry') : path.join(env.XDG_CACHE_HOME || path.join(home, '.cache'), 'pypoetry'));
  const config = env.POETRY_CONFIG_DIR || (mac ? path.join(home, 'Library', 'Application Support', 'pypoetry') : path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), 'pypoetry'));
  return { cache, config };
}

/**
 * The name Poetry gives a project's virtualenvs (EnvManager.generate_env_name): the project's
 * name canonicalised (`Poet_App.core` → `poet-app-core`) with shell-unsafe characters as `_`
 * (42 at most), `-`, and the first
 * eight characters of the URL-safe base64 SHA-256 of the project folder's real path.
 */
export function poetryEnvName(name: string, root: string): string {
  const real = realPath(root) ?? root;
  // The package's name as Poetry holds it (canonicalised: runs of `-`, `_`, `.` as one `-`), then made safe for a shell.
  const sanitized = name.replace(/[-_.]+/g, '-').toLowerCase().replace(/[ $`!*@"\\\r\n\t]/g, '_').slice(0, 42);
  const hash = createHash('sha256').update(real).digest('base64url').slice(0, 8);
  return `${sanitized}-${hash}`;
}

/**
 * A Poetry project's virtualenv outside the project: `<virtualenvs.path>/<env name>-py3.X`,
 * the Python version `poetry env use` recorded in `envs.toml`, else the newest there is.
 * `virtualenvs.path` comes from POETRY_VIRTUALENVS_PATH, the project's poetry.toml, Poetry's
 * config.toml, else `<cache-dir>/virtualenvs`. Null for a project that is not Poetry's, or has
 * no such virtualenv (an in-project one is `.venv`, which the caller looks at first).
 */
export function poetryVirtualenv(root: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const pyproject = tomlFile(path.join(root, 'pyproject.toml'));
  const poetry = table(table(pyproject?.tool)?.poetry);
  if (!poetry && !existsSync(path.join(root, 'poetry.lock'))) return null;
  // Poetry 2 reads [project] first; a project with no package (package-mode = false) is `non-package-mode`.
  const name = table(pyproject?.project)?.name ?? poetry?.name ?? (poetry?.['package-mode'] === false ? 'non-package-mode' : undefined);
  if (typeof name !== 'string' || !name) return null;
  const dirs = poetryDirs(env);
  const local = tomlFile(path.join(root, 'poetry.toml'));
  const global = tomlFile(path.join(dirs.config, 'config.toml'));
  const cacheDir = env.POETRY_CACHE_DIR || (typeof local?.['cache-dir'] === 'string' ? local['cache-dir'] : typeof global?.['cache-dir'] === 'string' ? global['cache-dir'] : dirs.cache);
  const configured = [env.POETRY_VIRTUALENVS_PATH, table(local?.virtualenvs)?.path, table(global?.virtualenvs)?.path].find((p): p is string => typeof p === 'string' && p.length > 0);
  // As Poetry expands it: `{cache-dir}`, a leading `~`, and a relative path from the project.
  const venvs = path.resolve(root, expandHome(configured ? configured.replace('{cache-dir}', cacheDir) : path.join(cacheDir, 'virtualenvs'), env));
  const envName = poetryEnvName(name, root);
  const minor = table(tomlFile(path.join(venvs, 'envs.toml'))?.[envName])?.minor;
  if (typeof minor === 'string' && existsSync(path.join(venvs, `${envName}-py${minor}`, 'pyvenv.cfg'))) return path.join(venvs, `${envName}-py${minor}`);
  let found: string[] = [];
  try {
    found = readdirSync(venvs).filter((d) => d.startsWith(`${envName}-py`) && existsSync(path.join(venvs, d, 'pyvenv.cfg')));
  } catch {
    return null;
  }
  const version = (d: string) => d.slice(`${envName}-py`.length);
  found.sort((a, b) => compareNumeric(version(b), version(a)));
  return found.length ? path.join(venvs, found[0]!) : null;
}

/**
 * A Pipenv project's virtualenv outside the project: `<WORKON_HOME>/<name>-<hash>` (WORKON_HOME
 * defaults to `$XDG_DATA_HOME/virtualenvs`, `~/.local/share/virtualenvs`), the name being the
 * project folder's with shell-unsafe characters as `_` (42 at most), the hash the first eight
 * characters of the URL-safe base64 of the first six bytes of the Pipfile path's SHA-256
 * (Project.virtualenv_name); a `-<python>` suffix (PIPENV_PYTHON) is allowed, and
 * PIPENV_CUSTOM_VENV_NAME names it outright. Null without a Pipfile or such a virtualenv.
 */
export function pipenvVirtualenv(root: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const pipfile = path.join(root, 'Pipfile');
  if (!existsSync(pipfile)) return null;
  const home = env.HOME || homedir();
  const workon = env.WORKON_HOME ? expandHome(env.WORKON_HOME, env) : path.join(env.XDG_DATA_HOME || path.join(home, '.local', 'share'), 'virtualenvs');
  const isVenv = (d: string) => existsSync(path.join(workon, d, 'pyvenv.cfg'));
  if (env.PIPENV_CUSTOM_VENV_NAME) return isVenv(env.PIPENV_CUSTOM_VENV_NAME) ? path.join(workon, env.PIPENV_CUSTOM_VENV_NAME) : null;
  let entries: string[];
  try {
    entries = readdirSync(workon).sort();
  } catch {
    return null;
  }
  // Pipenv names the virtualenv from the Pipfile's real path (normalize_pipfile_path resolves
  // links): its folder's name and the path's hash. The path as given is tried after it.
  const real = realPath(pipfile) ?? pipfile;
  for (const location of new Set([real, path.resolve(pipfile)])) {
    const name = path.basename(path.dirname(location)).replace(/[ &$`!*@"()[\]\\\r\n\t]/g, '_').slice(0, 42);
    const prefix = `${name}-${createHash('sha256').update(location).digest().subarray(0, 6).toString('base64url').slice(0, 8)}`;
    const found = entries.find((d) => (d === prefix || d.startsWith(`${prefix}-`)) && isVenv(d));
    if (found) return path.join(workon, found);
  }
  return null;
}

/**
 * The pyenv version a project selects: PYENV_VERSION (`:`-separated), else the nearest
 * `.python-version` in the root or a folder above it (each line's first word, comments and blank
 * lines skipped), as pyenv's shims resolve it with the project as their working folder: the
 * first name that is installed under `$PYENV_ROOT/versions` (`~/.pyenv` by default), a `python-`
 * prefix dropped, a prefix (`3.12`) meaning its newest release there. `system` means none; a
 * name that is a path is skipped, so only a folder under `versions/` can ever be chosen.
 */
export function pyenvVersionDir(root: string, env: NodeJS.ProcessEnv = process.env): string | null {
  let names = (env.PYENV_VERSION ?? '').split(':').map((v) => v.trim()).filter(Boolean);
  if (!names.length) {
    for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
      const text = readText(path.join(dir, '.python-version'));
      if (text !== null) {
        names = text.split(/\r?\n/).map((l) => l.trim().split(/\s+/)[0]!).filter((v) => v && !v.startsWith('#'));
        break;
      }
      if (path.dirname(dir) === dir) break;
    }
  }
  const versions = path.join(env.PYENV_ROOT || path.join(env.HOME || homedir(), '.pyenv'), 'versions');
  let installed: string[] | null = null;
  for (const raw of names) {
    if (raw === 'system') return null;
    const name = raw.replace(/^python-/, '');
    if (!name || name.includes('/') || name.includes('\\') || name.startsWith('.')) continue;
    if (existsSync(path.join(versions, name))) return path.join(versions, name);
    // `3.12`: the newest installed 3.12.x release (pyenv latest), not a pre-release.
    try {
      installed ??= readdirSync(versions);
    } catch {
      return null;
    }
    const releases = installed.filter((v) => v.startsWith(`${name}.`) && /^\d+(\.\d+)*$/.test(v.slice(name.length + 1)));
    const newest = releases.sort((a, b) => compareNumeric(b, a))[0];
    if (newest) return path.join(versions, newest);
  }
  return null;
}

/** Dotted version numbers compared part by part as numbers. */
function compareNumeric(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? -1) !== (y[i] ?? -1)) return (x[i] ?? -1) - (y[i] ?? -1);
  return 0;
}
