import { chmodSync, existsSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectTrees } from './project-trees.js';
import { pipenvVirtualenv, poetryEnvName, poetryVirtualenv, pyenvVersionDir } from '../../../src/core/index/deps/python-managers.js';
import { declaredPythonNames, pythonEnvironment } from '../../../src/core/index/deps/python-env.js';
import { condaEnvironment, condaEnvName, condaEnvsDirs } from '../../../src/core/index/deps/conda-env.js';

/** The interpreter a project's Python tool picks for it outside the project: Poetry's virtualenv, pyenv's version. */

const { dir, project } = projectTrees('docent-pytools-');

function venv(at: string): string {
  mkdirSync(path.join(at, 'lib', 'python3.11', 'site-packages'), { recursive: true });
  writeFileSync(path.join(at, 'pyvenv.cfg'), 'home = /usr/bin\ninclude-system-site-packages = false\n');
  return at;
}

const POETRY = '[tool.poetry]\nname = "My App"\nversion = "0.1.0"\n\n[tool.poetry.dependencies]\npython = "^3.9"\n';

describe("Poetry's virtualenv", () => {
  it("is named as Poetry names it: the project's name, made safe, and a hash of its real path", () => {
    const root = project('poetry-name', { 'pyproject.toml': POETRY });
    const hash = createHash('sha256').update(realpathSync(root)).digest('base64url').slice(0, 8);
    expect(poetryEnvName('My App!', root)).toBe(`my_app_-${hash}`);
    expect(poetryEnvName('x'.repeat(50), root)).toBe(`${'x'.repeat(42)}-${hash}`);
    // Canonicalised as a package name first, as Poetry holds it.
    expect(poetryEnvName('Poet_App..core', root)).toBe(`poet-app-core-${hash}`);
  });

  it("is found under Poetry's cache, at the version envs.toml records, else the newest", () => {
    const root = project('poetry-app', { 'pyproject.toml': POETRY });
    const cache = path.join(dir, 'xdg-cache');
    const venvs = path.join(cache, 'pypoetry', 'virtualenvs');
    const name = poetryEnvName('My App', root);
    const env = { HOME: path.join(dir, 'home'), XDG_CACHE_HOME: cache };
    expect(poetryVirtualenv(root, env)).toBeNull();
    venv(path.join(venvs, `${name}-py3.9`));
    venv(path.join(venvs, `${name}-py3.12`));
    venv(path.join(venvs, `${name}-py3.10`));
    expect(poetryVirtualenv(root, env)).toBe(path.join(venvs, `${name}-py3.12`));
    writeFileSync(path.join(venvs, 'envs.toml'), `[${name}]\nminor = "3.10"\npatch = "3.10.4"\n`);
    expect(poetryVirtualenv(root, env)).toBe(path.join(venvs, `${name}-py3.10`));
    // Another project's environments do not count, nor does a project that is not Poetry's.
    expect(poetryVirtualenv(project('poetry-other', { 'pyproject.toml': POETRY.replace('My App', 'Other') }), env)).toBeNull();
    expect(poetryVirtualenv(project('not-poetry', { 'pyproject.toml': '[project]\nname = "My App"\n' }), env)).toBeNull();
    // A PEP 621 name with a poetry.lock is Poetry's too (Poetry 2).
    const pep621 = project('poetry-2', { 'pyproject.toml': '[project]\nname = "Two"\n', 'poetry.lock': '' });
    venv(path.join(venvs, `${poetryEnvName('Two', pep621)}-py3.11`));
    expect(poetryVirtualenv(pep621, env)).toBe(path.join(venvs, `${poetryEnvName('Two', pep621)}-py3.11`));
  });

  it('takes virtualenvs.path from POETRY_VIRTUALENVS_PATH, the project’s poetry.toml, then Poetry’s config.toml (with {cache-dir})', () => {
    const root = project('poetry-config', { 'pyproject.toml': POETRY });
    const name = poetryEnvName('My App', root);
    const config = path.join(dir, 'xdg-config');
    mkdirSync(path.join(config, 'pypoetry'), { recursive: true });
    writeFileSync(path.join(config, 'pypoetry', 'config.toml'), `cache-dir = "${path.join(dir, 'pc')}"\n[virtualenvs]\npath = "{cache-dir}/envs"\n`);
    const env = { HOME: path.join(dir, 'home'), XDG_CONFIG_HOME: config };
    venv(path.join(dir, 'pc', 'envs', `${name}-py3.11`));
    expect(poetryVirtualenv(root, env)).toBe(path.join(dir, 'pc', 'envs', `${name}-py3.11`));
    writeFileSync(path.join(root, 'poetry.toml'), `[virtualenvs]\npath = "${path.join(dir, 'local-envs')}"\n`);
    expect(poetryVirtualenv(root, env)).toBeNull();
    venv(path.join(dir, 'local-envs', `${name}-py3.11`));
    expect(poetryVirtualenv(root, env)).toBe(path.join(dir, 'local-envs', `${name}-py3.11`));
    venv(path.join(dir, 'env-envs', `${name}-py3.11`));
    expect(poetryVirtualenv(root, { ...env, POETRY_VIRTUALENVS_PATH: path.join(dir, 'env-envs') })).toBe(path.join(dir, 'env-envs', `${name}-py3.11`));
  });

  it('comes after a virtualenv in the root and VIRTUAL_ENV, before python3', () => {
    const root = project('poetry-order', { 'pyproject.toml': POETRY });
    const cache = path.join(dir, 'order-cache');
    const env = { HOME: path.join(dir, 'home'), XDG_CACHE_HOME: cache };
    const poetry = venv(path.join(cache, 'pypoetry', 'virtualenvs', `${poetryEnvName('My App', root)}-py3.11`));
    expect(pythonEnvironment(root, env)?.origin).toBe(poetry);
    const active = venv(path.join(dir, 'order-active'));
    expect(pythonEnvironment(root, { ...env, VIRTUAL_ENV: active })?.origin).toBe(active);
    const own = venv(path.join(root, '.venv'));
    expect(pythonEnvironment(root, { ...env, VIRTUAL_ENV: active })?.origin).toBe(own);
  });
});

describe("Pipenv's virtualenv", () => {
  const hashOf = (pipfile: string) => createHash('sha256').update(pipfile).digest().subarray(0, 6).toString('base64url').slice(0, 8);

  it('is <folder name>-<hash of the Pipfile path> under WORKON_HOME or XDG_DATA_HOME, with or without a python suffix; PIPENV_CUSTOM_VENV_NAME names it', () => {
    const root = project('pipenv app', { Pipfile: '[[source]]\nurl = "https://pypi.org/simple"\nverify_ssl = true\nname = "pypi"\n\n[packages]\nrequests = "*"\n"ruamel.yaml" = {version = "*"}\n\n[packages.torch]\nversion = "*"\nindex = "pytorch"\n\n[[source]]\nurl = "https://download.pytorch.org/whl"\nverify_ssl = true\nname = "pytorch"\n\n[dev-packages]\npytest = "*"\n\n[requires]\npython_version = "3.11"\n\n[scripts]\nserve = "python app.py"\n' });
    const data = path.join(dir, 'xdg-data');
    const name = `pipenv_app-${hashOf(path.join(root, 'Pipfile'))}`;
    const env = { HOME: path.join(dir, 'home'), XDG_DATA_HOME: data };
    expect(pipenvVirtualenv(root, env)).toBeNull();
    const made = venv(path.join(data, 'virtualenvs', `${name}-python3.11`));
    expect(pipenvVirtualenv(root, env)).toBe(made);
    const exact = venv(path.join(data, 'virtualenvs', name));
    expect(pipenvVirtualenv(root, env)).toBe(exact);
    const workon = venv(path.join(dir, 'workon', name));
    expect(pipenvVirtualenv(root, { ...env, WORKON_HOME: path.join(dir, 'workon') })).toBe(workon);
    const custom = venv(path.join(dir, 'workon', 'mine'));
    expect(pipenvVirtualenv(root, { ...env, WORKON_HOME: path.join(dir, 'workon'), PIPENV_CUSTOM_VENV_NAME: 'mine' })).toBe(custom);
    expect(pipenvVirtualenv(project('no-pipfile', { 'app.py': '' }), env)).toBeNull();
    // Its package tables are declarations; its settings are not.
    expect(declaredPythonNames(root)).toEqual(['pytest', 'requests', 'ruamel.yaml', 'torch']);
  });
});

describe('the conda environment an environment.yml names', () => {
  const ENV_YML = 'name: geo-tools\nchannels:\n  - conda-forge\ndependencies:\n  - python=3.11\n  - numpy>=1.26\n  - conda-forge::requests\n  - pip\n  - pip:\n      - tinywheel==0.3.1\n      - "ruamel.yaml"\nvariables:\n  - notadep\n';

  it('is found in conda’s environment folders, read as a whole Python prefix; its packages are declared', () => {
    const envs = path.join(dir, 'conda-envs');
    const prefix = path.join(envs, 'geo-tools');
    mkdirSync(path.join(prefix, 'conda-meta'), { recursive: true });
    writeFileSync(path.join(prefix, 'conda-meta', 'python-3.11.5-hab00c5b_0_cpython.json'), '{}');
    writeFileSync(path.join(prefix, 'conda-meta', 'numpy-1.26.0-py311h.json'), '{}');
    mkdirSync(path.join(prefix, 'lib', 'python3.11', 'site-packages'), { recursive: true });
    writeFileSync(path.join(prefix, 'lib', 'python3.11', 'os.py'), '');
    const root = project('conda-app', { 'environment.yml': ENV_YML, 'app.py': 'import numpy\n' });
    expect(condaEnvName(root)).toBe('geo-tools');
    const env = { HOME: path.join(dir, 'home'), CONDA_ENVS_PATH: envs };
    const expected = { origin: prefix, sitePackages: [path.join(prefix, 'lib', 'python3.11', 'site-packages')], stdlib: { dir: path.join(prefix, 'lib', 'python3.11'), version: '3.11.5' } };
    expect(condaEnvironment(root, env)).toEqual(expected);
    expect(pythonEnvironment(root, env)).toEqual(expected);
    expect(declaredPythonNames(root)).toEqual(['numpy', 'requests', 'ruamel.yaml', 'tinywheel']);
    // Not created yet: none (python3's, further down the order).
    expect(condaEnvironment(root, { HOME: path.join(dir, 'home'), CONDA_ENVS_PATH: path.join(dir, 'elsewhere') })).toBeNull();
  });

  it('looks where conda looks: CONDA_ENVS_PATH, ~/.condarc envs_dirs, the installation in use and the usual ones; a name that could be a path is none', () => {
    const home = project('conda-home', { '.condarc': 'channels:\n  - defaults\nenvs_dirs:\n  - ~/my-envs\n  - /srv/envs\nauto_activate_base: false\n' });
    const dirs = condaEnvsDirs({ HOME: home, CONDA_ENVS_PATH: '/a/envs', CONDA_EXE: '/opt/mc/bin/conda' });
    expect(dirs.slice(0, 4)).toEqual(['/a/envs', path.join(home, 'my-envs'), '/srv/envs', '/opt/mc/envs']);
    expect(dirs).toContain(path.join(home, 'miniconda3', 'envs'));
    expect(dirs[dirs.length - 1]).toBe(path.join(home, '.conda', 'envs'));
    expect(condaEnvName(project('conda-escape', { 'environment.yml': 'name: ../../tmp/x\n' }))).toBeNull();
    expect(condaEnvName(project('conda-dots', { 'environment.yml': 'name: ..\n' }))).toBeNull();
  });
});

describe("pyenv's version", () => {
  const pyenvRoot = path.join(dir, 'pyenv');

  it('is PYENV_VERSION, else the nearest .python-version; `system`, a path or a version not installed is none', () => {
    mkdirSync(path.join(pyenvRoot, 'versions', '3.12.1'), { recursive: true });
    mkdirSync(path.join(pyenvRoot, 'versions', '3.10.4'), { recursive: true });
    project('pyenv-parent', { '.python-version': '# pinned\n3.12.1\n3.10.4\n' });
    const child = project('pyenv-parent/sub/app', { 'app.py': '' });
    const env = { PYENV_ROOT: pyenvRoot };
    expect(pyenvVersionDir(child, env)).toBe(path.join(pyenvRoot, 'versions', '3.12.1'));
    expect(pyenvVersionDir(child, { ...env, PYENV_VERSION: '3.10.4:3.12.1' })).toBe(path.join(pyenvRoot, 'versions', '3.10.4'));
    expect(pyenvVersionDir(project('pyenv-system', { '.python-version': 'system\n' }), env)).toBeNull();
    expect(pyenvVersionDir(project('pyenv-missing', { '.python-version': '3.7.0\n' }), env)).toBeNull();
  });

  it('takes a prefix as its newest installed release, drops a python- prefix, and skips a name it cannot use for the next', () => {
    for (const v of ['3.11.9', '3.11.10', '3.11.2', '3.11.12rc1', '3.110.1']) mkdirSync(path.join(pyenvRoot, 'versions', v), { recursive: true });
    const env = { PYENV_ROOT: pyenvRoot };
    expect(pyenvVersionDir(project('pyenv-prefix', { '.python-version': '3.11\n' }), env)).toBe(path.join(pyenvRoot, 'versions', '3.11.10'));
    expect(pyenvVersionDir(project('pyenv-prefixed', { '.python-version': 'python-3.11.2\n' }), env)).toBe(path.join(pyenvRoot, 'versions', '3.11.2'));
    expect(pyenvVersionDir(project('pyenv-next', { '.python-version': '3.6.1\n3.11.9\n' }), env)).toBe(path.join(pyenvRoot, 'versions', '3.11.9'));
  });

  it("asks an interpreter isolated, so a project's own json.py never runs in place of the module", () => {
    // A real interpreter (a new one to the process's cache) asked while the working folder is a
    // project whose json.py would leave a mark.
    const bin = path.join(pyenvRoot, 'versions', '3.98.0', 'bin');
    mkdirSync(bin, { recursive: true });
    symlinkSync('/usr/bin/python3', path.join(bin, 'python3'));
    const mark = path.join(dir, 'ran-json-py');
    const root = project('pyenv-shadow', { '.python-version': '3.98.0\n', 'json.py': `open(${JSON.stringify(mark)}, 'w').close()\n`, 'platform.py': `open(${JSON.stringify(mark)}, 'w').close()\n` });
    const before = process.cwd();
    process.chdir(root);
    try {
      const got = pythonEnvironment(root, { PYENV_ROOT: pyenvRoot });
      expect(got?.origin).toBe(path.join(bin, 'python3'));
      expect(got?.stdlib?.dir).toMatch(/python3\.\d+$/);
    } finally {
      process.chdir(before);
    }
    expect(existsSync(mark)).toBe(false);
  });

  it("never runs a program a project's version name points at outside the versions folder", () => {
    // `../escape` would be $PYENV_ROOT/escape: an interpreter there leaves a mark if run.
    const escape = path.join(pyenvRoot, 'escape', 'bin');
    mkdirSync(escape, { recursive: true });
    const mark = path.join(dir, 'ran-escape');
    writeFileSync(path.join(escape, 'python3'), `#!/bin/sh\ntouch '${mark}'\necho '{}'\n`);
    chmodSync(path.join(escape, 'python3'), 0o755);
    const root = project('pyenv-escape', { '.python-version': '../escape\n', 'app.py': '' });
    expect(pyenvVersionDir(root, { PYENV_ROOT: pyenvRoot })).toBeNull();
    expect(pythonEnvironment(root, { PYENV_ROOT: pyenvRoot })?.origin).not.toContain('escape');
    expect(existsSync(mark)).toBe(false);
  });

  it("an installed version's interpreter is asked for its folders; a pyenv-virtualenv is read as a virtualenv", () => {
    // An interpreter that answers as python3 does (SYSTEM_SCRIPT's JSON), to tell it from the PATH's.
    const bin = path.join(pyenvRoot, 'versions', '3.99.0', 'bin');
    mkdirSync(bin, { recursive: true });
    const site = path.join(dir, 'fake-site');
    const stdlib = path.join(dir, 'fake-stdlib');
    mkdirSync(site, { recursive: true });
    mkdirSync(stdlib, { recursive: true });
    writeFileSync(path.join(bin, 'python3'), `#!/bin/sh\necho '${JSON.stringify({ site: [site], stdlib, version: '3.99.0' })}'\n`);
    chmodSync(path.join(bin, 'python3'), 0o755);
    const root = project('pyenv-installed', { '.python-version': '3.99.0\n', 'app.py': 'import x\n' });
    expect(pythonEnvironment(root, { PYENV_ROOT: pyenvRoot })).toEqual({ origin: path.join(bin, 'python3'), sitePackages: [site], stdlib: { dir: stdlib, version: '3.99.0' } });
    const named = venv(path.join(pyenvRoot, 'versions', 'proj-env'));
    const withVenv = project('pyenv-venv', { '.python-version': 'proj-env\n' });
    expect(pythonEnvironment(withVenv, { PYENV_ROOT: pyenvRoot })).toEqual({ origin: named, sitePackages: [path.join(named, 'lib', 'python3.11', 'site-packages')] });
  });
});
