import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocsIndex } from '../../../src/core/index/service.js';
import { tempDirs } from '../../helpers/temp-dirs.js';

/**
 * A Python installation whose jedi bundles typeshed's stubs for a distribution that is
 * installed (PyYAML) and one that is not (paramiko): the second is left out, counted as
 * skipped, and indexed once the distribution is installed (and dropped when it goes again),
 * though the stub file itself never changed.
 */

const tmp = tempDirs();

const root = path.join(tmp('docent-bundled-stubs-env-'), 'lib', 'python3.11');
const env = path.join(root, 'site-packages');
const stubs = path.join(env, 'jedi', 'third_party', 'typeshed', 'stubs');
const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
};
write('json/__init__.py', '"""JSON encoder and decoder."""\n\n\ndef dumps(obj):\n    """Serialize obj to a JSON formatted str."""\n');
write('site-packages/yaml/__init__.py', '"""YAML parser and emitter."""\n\n\ndef safe_load(stream):\n    """Parse the first YAML document in a stream, resolving only basic tags."""\n');
mkdirSync(path.join(env, 'PyYAML-6.0.1.dist-info'), { recursive: true });
write('site-packages/jedi/__init__.py', '"""An autocompletion tool for Python."""\n');
mkdirSync(path.join(stubs, 'PyYAML', 'yaml'), { recursive: true });
writeFileSync(path.join(stubs, 'PyYAML', 'yaml', '__init__.pyi'), 'def safe_load(stream: str) -> object: ...\n');
mkdirSync(path.join(stubs, 'paramiko', 'paramiko'), { recursive: true });
writeFileSync(path.join(stubs, 'paramiko', 'paramiko', '__init__.pyi'), 'class SSHClient:\n    def connect(self, hostname: str) -> None: ...\n');

const indexDir = tmp('docent-bundled-stubs-idx-');
const ids = (idx: DocsIndex) => idx.roots[0]!.store.db.prepare(`SELECT id FROM items ORDER BY id`).pluck().all() as string[];
const skipped = (idx: DocsIndex) => idx.roots[0]!.store.db.prepare(`SELECT path FROM files WHERE skipped = 'not-installed'`).pluck().all() as string[];

describe('bundled stubs of distributions not installed', () => {
  it('leaves them out and says so; an installed distribution keeps its stubs', async () => {
    const idx = new DocsIndex({ roots: [root], indexDir, includePrivate: false, maxFileBytes: 1_000_000, exclude: [], workers: 1 });
    try {
      await idx.catchUp();
      expect(idx.lastRun[0]!.skipped['not-installed']).toBe(1);
      expect(skipped(idx)).toEqual(['site-packages/jedi/third_party/typeshed/stubs/paramiko/paramiko/__init__.pyi']);
      const got = ids(idx);
      expect(got.some((id) => id.includes('SSHClient'))).toBe(false);
      // The stub of PyYAML is read (a copy of yaml's API, folded into it by search).
      expect(got.filter((id) => id.endsWith('safe_load')).length).toBe(2);
      expect(got).toContain('json.dumps');
    } finally {
      await idx.dispose();
    }
  });

  it('indexes them once the distribution is installed, and drops them when it is removed', async () => {
    const dist = path.join(env, 'paramiko-3.4.0.dist-info');
    mkdirSync(dist);
    let idx = new DocsIndex({ roots: [root], indexDir, includePrivate: false, maxFileBytes: 1_000_000, exclude: [], workers: 1 });
    try {
      await idx.catchUp();
      expect(idx.lastRun[0]!.parsed).toBe(1);
      expect(ids(idx).filter((id) => id.endsWith('paramiko.SSHClient'))).toEqual(['jedi.third_party.typeshed.stubs.paramiko.paramiko.SSHClient']);
      expect(skipped(idx)).toEqual([]);
    } finally {
      await idx.dispose();
    }
    rmSync(dist, { recursive: true });
    idx = new DocsIndex({ roots: [root], indexDir, includePrivate: false, maxFileBytes: 1_000_000, exclude: [], workers: 1 });
    try {
      await idx.catchUp();
      expect(ids(idx).some((id) => id.includes('SSHClient'))).toBe(false);
      expect(idx.lastRun[0]!.skipped['not-installed']).toBe(1);
      // The other files were not read again.
      expect(idx.lastRun[0]!.parsed).toBe(0);
    } finally {
      await idx.dispose();
    }
  });
});
