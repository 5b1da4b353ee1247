import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poetryEnvName } from '../../../src/core/index/deps/python-managers.js';
import { startDocent, type DocentSession } from '../../helpers/docent.js';
import { buildWheel, pipInstall } from '../../helpers/python-wheel.js';

/**
 * A Python project whose interpreter its tool keeps outside the project: the virtualenvs the real
 * Poetry (Debian's python3-poetry) makes under its cache and the real Pipenv (Debian's pipenv)
 * under WORKON_HOME, a conda environment an environment.yml names, and a pyenv-virtualenv environment a
 * `.python-version` selects. docent finds each from the tool's own files, with no VIRTUAL_ENV
 * and without running the tool, and indexes the packages installed there.
 */

const WHEEL_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/docs-deps-eco/wheel');

let work: string;
let wheel: string;

const sc = (r: { structuredContent?: unknown }) => r.structuredContent as Record<string, any>;
type Pkg = { name: string; version: string; ecosystem: string; files: number; state: string; error?: string };
type Hit = { id: string; name: string; file: string; package: string | null; version: string | null };

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'docent-pytools-'));
  wheel = buildWheel(WHEEL_SRC, work, 'tinywheel', '0.3.1');
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/**
 * The environment a Python tool runs in here: no virtualenv active. Not VIRTUAL_ENV set empty:
 * Poetry 1.3 then takes itself to be in one and runs `python`, which Debian does not have.
 */
function toolEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.VIRTUAL_ENV;
  return env;
}

async function tinywheel(root: string, env: Record<string, string>): Promise<{ pkg: Pkg | undefined; hit: Hit | undefined }> {
  const session = await startDocent(['--root', root], { DOCENT_INDEX_DIR: path.join(work, 'index'), VIRTUAL_ENV: '', ...env });
  try {
    expect(sc(await session.call('index_status', { wait: true })).state).toBe('ready');
    const pkg = (sc(await session.call('index_status', {})).packages as Pkg[]).find((p) => p.ecosystem === 'python' && p.name === 'tinywheel');
    const hits = sc(await session.call('docs_search', { query: 'scale rectangle dimensions by a zoom factor', limit: 10 })).results as Hit[];
    return { pkg, hit: hits.find((h) => h.name === 'scale_dimensions') };
  } finally {
    await session.close();
  }
}

describe("Poetry's virtualenv under its cache", () => {
  it('is found as Poetry names it, and its packages are the project’s', async () => {
    const root = path.join(work, 'poetry-app');
    mkdirSync(root);
    writeFileSync(path.join(root, 'pyproject.toml'), '[tool.poetry]\nname = "Poet App"\nversion = "0.1.0"\ndescription = ""\nauthors = ["A <a@example.com>"]\n\n[tool.poetry.dependencies]\npython = "^3.9"\ntinywheel = "^0.3"\n\n[build-system]\nrequires = ["poetry-core"]\nbuild-backend = "poetry.core.masonry.api"\n');
    writeFileSync(path.join(root, 'app.py'), 'from tinywheel.geometry import scale_dimensions\n');
    const env = { XDG_CACHE_HOME: path.join(work, 'cache'), XDG_CONFIG_HOME: path.join(work, 'config') };
    const poetry = (args: string[]) => execFileSync('poetry', args, { cwd: root, env: toolEnv(env), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
    // The real Poetry makes the virtualenv (offline: no dependency is resolved), and says where.
    poetry(['env', 'use', '/usr/bin/python3']);
    const venv = poetry(['env', 'info', '--path']);
    expect(path.dirname(venv)).toBe(path.join(work, 'cache', 'pypoetry', 'virtualenvs'));
    expect(path.basename(venv)).toMatch(new RegExp(`^${poetryEnvName('Poet App', root)}-py3\\.\\d+$`));
    pipInstall(venv, [wheel]);
    const { pkg, hit } = await tinywheel(root, env);
    expect(pkg).toMatchObject({ version: '0.3.1', state: 'indexed', files: 2 });
    expect(hit).toMatchObject({ package: 'tinywheel', version: '0.3.1' });
    expect(hit!.file.startsWith(venv)).toBe(true);
    // The same project, told no cache: the packages are not installed anywhere it looks.
    const elsewhere = await tinywheel(root, { XDG_CACHE_HOME: path.join(work, 'other-cache'), XDG_CONFIG_HOME: path.join(work, 'config') });
    expect(elsewhere.pkg).toMatchObject({ state: 'not_installed' });
  }, 120_000);
});

describe("Pipenv's virtualenv under WORKON_HOME", () => {
  it('is found as Pipenv names it', async () => {
    const root = path.join(work, 'pipenv app');
    mkdirSync(root);
    writeFileSync(path.join(root, 'app.py'), 'from tinywheel.geometry import scale_dimensions\n');
    const env = { WORKON_HOME: path.join(work, 'workon') };
    const pipenv = (args: string[]) => execFileSync('pipenv', args, { cwd: root, env: toolEnv({ ...env, PIPENV_YES: '1', PIPENV_NOSPIN: '1' }), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
    // The real Pipenv makes the virtualenv and a Pipfile (offline: nothing to install yet), and says where.
    pipenv(['--python', '/usr/bin/python3']);
    const venv = pipenv(['--venv']);
    expect(path.dirname(venv)).toBe(path.join(work, 'workon'));
    pipInstall(venv, [wheel]);
    // Declared as `pipenv install tinywheel` would write it (offline, the package was installed above).
    const pipfile = readFileSync(path.join(root, 'Pipfile'), 'utf8');
    expect(pipfile).toContain('[packages]\n');
    writeFileSync(path.join(root, 'Pipfile'), pipfile.replace('[packages]\n', '[packages]\ntinywheel = "*"\n'));
    const { pkg, hit } = await tinywheel(root, env);
    expect(pkg).toMatchObject({ version: '0.3.1', state: 'indexed' });
    expect(hit!.file.startsWith(venv)).toBe(true);
  }, 120_000);
});

describe('the conda environment an environment.yml names', () => {
  it('supplies the packages pip installed into it (its layout as conda creates it: conda-meta, lib/python3.X)', async () => {
    const version = execFileSync('python3', ['-c', 'import platform; print(platform.python_version())'], { encoding: 'utf8' }).trim();
    const minor = version.split('.').slice(0, 2).join('.');
    const prefix = path.join(work, 'conda-envs', 'geo-env');
    mkdirSync(path.join(prefix, 'conda-meta'), { recursive: true });
    writeFileSync(path.join(prefix, 'conda-meta', `python-${version}-h1234567_0_cpython.json`), '{}');
    const site = path.join(prefix, 'lib', `python${minor}`, 'site-packages');
    // The real pip (a virtualenv's: Debian's python3 has none of its own) installs the wheel
    // there, RECORD and all, as `pip install` inside the environment would.
    const tool = path.join(work, 'pip-venv');
    execFileSync('python3', ['-m', 'venv', tool]);
    execFileSync(path.join(tool, 'bin', 'python'), ['-m', 'pip', 'install', '--no-index', '--no-deps', '--disable-pip-version-check', '-q', '--target', site, wheel]);
    const root = path.join(work, 'conda-app');
    mkdirSync(root);
    writeFileSync(path.join(root, 'environment.yml'), 'name: geo-env\ndependencies:\n  - python\n  - pip:\n      - tinywheel\n');
    writeFileSync(path.join(root, 'app.py'), 'from tinywheel.geometry import scale_dimensions\n');
    const { pkg, hit } = await tinywheel(root, { CONDA_ENVS_PATH: path.join(work, 'conda-envs') });
    expect(pkg).toMatchObject({ version: '0.3.1', state: 'indexed' });
    expect(hit!.file.startsWith(site)).toBe(true);
  }, 120_000);
});

describe('the pyenv version a .python-version selects', () => {
  it('a pyenv-virtualenv environment (a virtualenv under $PYENV_ROOT/versions) supplies the packages', async () => {
    const pyenvRoot = path.join(work, 'pyenv');
    const venv = path.join(pyenvRoot, 'versions', 'geometry-env');
    mkdirSync(path.dirname(venv), { recursive: true });
    execFileSync('python3', ['-m', 'venv', venv]);
    pipInstall(venv, [wheel]);
    const root = path.join(work, 'pyenv-app');
    mkdirSync(root);
    cpSync(path.join(WHEEL_SRC, '..', 'project', 'app.py'), path.join(root, 'app.py'));
    writeFileSync(path.join(root, 'requirements.txt'), 'tinywheel>=0.3\n');
    writeFileSync(path.join(root, '.python-version'), 'geometry-env\n');
    const { pkg, hit } = await tinywheel(root, { PYENV_ROOT: pyenvRoot, PYENV_VERSION: '' });
    expect(pkg).toMatchObject({ version: '0.3.1', state: 'indexed' });
    expect(hit).toMatchObject({ package: 'tinywheel', version: '0.3.1' });
    expect(hit!.file.startsWith(venv)).toBe(true);
  }, 120_000);
});
