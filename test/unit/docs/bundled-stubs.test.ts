import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BundledStubs } from '../../../src/core/index/bundled-stubs.js';
import { normalizeDist } from '../../../src/core/index/packages.js';

/**
 * A tool's bundled typeshed stubs are judged against the distributions installed beside the
 * tool: a stub of one that is not installed describes an API this environment cannot import.
 */

const root = mkdtempSync(path.join(tmpdir(), 'docent-bundled-stubs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const env = path.join(root, 'lib', 'python3.11', 'site-packages');
const stubs = path.join(env, 'jedi', 'third_party', 'typeshed', 'stubs');
mkdirSync(path.join(env, 'PyYAML-6.0.1.dist-info'), { recursive: true });
mkdirSync(path.join(env, 'python_dateutil-2.8.2.dist-info'), { recursive: true });
mkdirSync(path.join(env, 'six.egg-info'), { recursive: true });
mkdirSync(stubs, { recursive: true });

describe('normalizeDist (the key the stubs are judged by)', () => {
  it('folds case and runs of -, _ and . as PEP 503 does', () => {
    expect(normalizeDist('Python_DateUtil')).toBe(normalizeDist('python-dateutil'));
    expect(normalizeDist('zope.interface')).toBe(normalizeDist('zope-interface'));
    expect(normalizeDist('antlr4-python3-runtime')).toBe(normalizeDist('antlr4_python3_runtime'));
    expect(normalizeDist('a__b--c')).toBe(normalizeDist('a-b-c'));
    expect(normalizeDist('a__b--c')).not.toBe(normalizeDist('abc'));
  });
});

describe('BundledStubs', () => {
  const judge = new BundledStubs();

  it('skips the stubs of a distribution not installed in the same environment', () => {
    expect(judge.notInstalled(path.join(stubs, 'paramiko', 'paramiko', 'client.pyi'))).toBe(true);
    expect(judge.notInstalled(path.join(stubs, 'tensorflow', 'tensorflow', '__init__.pyi'))).toBe(true);
  });

  it('keeps the stubs of installed distributions, however their names are spelled', () => {
    expect(judge.notInstalled(path.join(stubs, 'PyYAML', 'yaml', '__init__.pyi'))).toBe(false);
    // Installed as python_dateutil-2.8.2.dist-info, bundled as python-dateutil.
    expect(judge.notInstalled(path.join(stubs, 'python-dateutil', 'dateutil', 'parser.pyi'))).toBe(false);
    // An egg-info without a version.
    expect(judge.notInstalled(path.join(stubs, 'six', 'six', '__init__.pyi'))).toBe(false);
  });

  it('leaves alone what is not a bundled third-party stub', () => {
    // The standard library's stubs: the interpreter is always there.
    expect(judge.notInstalled(path.join(env, 'jedi', 'third_party', 'typeshed', 'stdlib', 'hashlib.pyi'))).toBe(false);
    // A package's own code, and a stub package the user installed.
    expect(judge.notInstalled(path.join(env, 'paramiko', 'client.py'))).toBe(false);
    expect(judge.notInstalled(path.join(env, 'requests-stubs', 'api.pyi'))).toBe(false);
    // A typeshed outside any Python environment (pyright's, in node_modules) has nothing to be judged by.
    expect(judge.notInstalled(path.join(root, 'node_modules', 'x', 'typeshed', 'stubs', 'paramiko', 'paramiko', 'client.pyi'))).toBe(false);
  });

  it('sees a distribution installed since once reset', () => {
    const later = new BundledStubs();
    const stub = path.join(stubs, 'requests', 'requests', 'api.pyi');
    expect(later.notInstalled(stub)).toBe(true);
    mkdirSync(path.join(env, 'requests-2.31.0.dist-info'));
    // Read once per sync: the same answer until the indexer starts the next one.
    expect(later.notInstalled(stub)).toBe(true);
    later.reset();
    expect(later.notInstalled(stub)).toBe(false);
  });
});
