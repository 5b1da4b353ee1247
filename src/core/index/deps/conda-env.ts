import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import type { PythonEnvironment } from './python-env.js';
import { expandHome, readText } from './types.js';

/**
 * A conda environment a project names in its `environment.yml` (`name: geo`), created with
 * `conda env create` under one of conda's environment folders, not in the project. It is a whole
 * Python prefix, not a virtualenv: its own standard library and site-packages under
 * `lib/python3.X`, its Python's version in `conda-meta/python-<version>-<build>.json`. Read from
 * those files alone; nothing in it is run.
 */

/** The environment a root's environment.yml (or .yaml) names, or null; a name that could be a path is none. */
export function condaEnvName(root: string): string | null {
  for (const f of ['environment.yml', 'environment.yaml']) {
    const text = readText(path.join(root, f));
    if (text === null) continue;
    const name = /^name:\s*["']?([^"'\s#]+)["']?\s*(?:#.*)?$/m.exec(text)?.[1];
    return name && /^[\w.+-]+$/.test(name) && !/^\.+$/.test(name) ? name : null;
  }
  return null;
}

/** The distributions an environment.yml lists: its conda packages (`numpy=1.26`, `conda-forge::requests`) and its `pip:` ones; not python or pip. */
export function condaDeclaredNames(root: string): string[] {
  const text = readText(path.join(root, 'environment.yml')) ?? readText(path.join(root, 'environment.yaml'));
  if (text === null) return [];
  const deps = /^dependencies:\s*$/m.exec(text);
  if (!deps) return [];
  const out: string[] = [];
  for (const line of text.slice(deps.index + deps[0].length).split(/\r?\n/)) {
    if (/^\S/.test(line)) break; // the next top-level key
    const m = /^\s*-\s+["']?([^"'\s#]+)/.exec(line);
    if (!m || /^pip:?$/.test(m[1]!)) continue;
    const name = m[1]!.replace(/^[^:]+::/, '').split(/[=<>!~\[;]/)[0]!;
    if (name && name !== 'python' && /^[A-Za-z0-9][\w.-]*$/.test(name)) out.push(name);
  }
  return out;
}

/**
 * Where conda keeps environments, as conda looks: CONDA_ENVS_PATH, the `envs_dirs` of
 * `~/.condarc`, `<prefix>/envs` of the installation in use (CONDA_EXE, CONDA_ROOT,
 * MAMBA_ROOT_PREFIX) and of the usual installation folders, then `~/.conda/envs`.
 */
export function condaEnvsDirs(env: NodeJS.ProcessEnv = process.env): string[] {
  const home = env.HOME || homedir();
  const out: string[] = [];
  const add = (d: string | undefined) => {
    const dir = d && expandHome(d, env);
    if (dir && path.isAbsolute(dir)) out.push(dir);
  };
  for (const d of (env.CONDA_ENVS_PATH ?? '').split(path.delimiter)) add(d);
  const condarc = readText(path.join(home, '.condarc')) ?? '';
  const listed = /^envs_dirs:\s*$/m.exec(condarc);
  if (listed) {
    for (const line of condarc.slice(listed.index + listed[0].length).split(/\r?\n/)) {
      if (/^\S/.test(line)) break;
      add(/^\s*-\s+["']?([^"'#]+?)["']?\s*$/.exec(line)?.[1]);
    }
  }
  const prefixes = [env.CONDA_EXE ? path.dirname(path.dirname(env.CONDA_EXE)) : undefined, env.CONDA_ROOT, env.MAMBA_ROOT_PREFIX];
  for (const name of ['miniconda3', 'anaconda3', 'miniforge3', 'mambaforge', 'micromamba']) prefixes.push(path.join(home, name));
  prefixes.push('/opt/conda', '/opt/miniconda3', '/opt/anaconda3', '/opt/miniforge3');
  for (const p of prefixes) if (p) add(path.join(p, 'envs'));
  add(path.join(home, '.conda', 'envs'));
  return [...new Set(out)];
}

/** The conda environment a root names, as a Python environment, or null when it names none or none is created. */
export function condaEnvironment(root: string, env: NodeJS.ProcessEnv = process.env): PythonEnvironment | null {
  const name = condaEnvName(root);
  if (!name) return null;
  const prefix = condaEnvsDirs(env).map((d) => path.join(d, name)).find((d) => existsSync(path.join(d, 'conda-meta')));
  if (!prefix) return null;
  let version: string | undefined;
  try {
    version = readdirSync(path.join(prefix, 'conda-meta')).map((f) => /^python-(\d+\.\d+(?:\.\d+)?)-.*\.json$/.exec(f)?.[1]).find(Boolean);
  } catch {
    /* unreadable: no Python known */
  }
  if (!version) return null;
  const lib = path.join(prefix, 'lib', `python${version.split('.').slice(0, 2).join('.')}`);
  const site = path.join(lib, 'site-packages');
  return {
    origin: prefix,
    sitePackages: existsSync(site) ? [site] : [],
    ...(existsSync(path.join(lib, 'os.py')) ? { stdlib: { dir: lib, version } } : {}),
  };
}
