import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocent, type DocentSession } from '../../helpers/docent.js';

/**
 * An npm package upgraded in node_modules while docent serves, by the real npm, with neither
 * package.json nor package-lock.json changed (`npm install --no-save`, or `npm ci` after a pull
 * moved only the lock): the root's watcher never walks node_modules, so only the watch of where
 * packages are installed (deps/install-watch.ts) can see it.
 */

let work: string;
let root: string;
let session: DocentSession;
type Pkg = { name: string; version: string; ecosystem: string; state: string };
type Hit = { name: string; package: string | null; version: string | null };

const sc = (r: { structuredContent?: unknown }) => r.structuredContent as Record<string, any>;

/** A package tarball as `npm pack` makes it, of a package with a declaration file. */
function packTarball(version: string, declarations: string): string {
  const src = path.join(work, `src-${version}`);
  mkdirSync(src);
  writeFileSync(path.join(src, 'package.json'), JSON.stringify({ name: 'tinyjs', version, main: 'index.js', types: 'index.d.ts' }));
  writeFileSync(path.join(src, 'index.js'), 'module.exports = {};\n');
  writeFileSync(path.join(src, 'index.d.ts'), declarations);
  npm(['pack', src, '--pack-destination', work], work);
  return path.join(work, `tinyjs-${version}.tgz`);
}

function npm(args: string[], cwd: string): void {
  execFileSync('npm', [...args, '--offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd, env: { ...process.env, npm_config_cache: path.join(work, 'npm-cache') }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function packages(): Promise<Pkg[]> {
  return sc(await session.call('index_status', {})).packages as Pkg[];
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'docent-installs-'));
  root = path.join(work, 'project');
  mkdirSync(root);
  packTarball('1.0.0', '/** Split a string into words at spaces and punctuation. */\nexport declare function splitWords(text: string): string[];\n');
  packTarball('1.1.0', '/** Split a string into words at spaces and punctuation. */\nexport declare function splitWords(text: string): string[];\n/** Turn the first letter of every word into a capital. */\nexport declare function capitalizeWords(text: string): string;\n');
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true, dependencies: { tinyjs: 'file:../tinyjs-1.0.0.tgz' } }));
  writeFileSync(path.join(root, 'main.ts'), "import { splitWords } from 'tinyjs';\n\n/** Count the words of a title. */\nexport function titleWords(t: string): number {\n  return splitWords(t).length;\n}\n");
  npm(['install'], root);
  session = await startDocent(['--root', root], { DOCENT_INDEX_DIR: path.join(work, 'index') });
  expect(sc(await session.call('index_status', { wait: true })).state).toBe('ready');
}, 120_000);

afterAll(async () => {
  await session?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('packages installed while serving', () => {
  it('an npm package upgraded with no manifest changed is followed to the new version', async () => {
    expect((await packages()).find((p) => p.name === 'tinyjs')).toMatchObject({ ecosystem: 'npm', version: '1.0.0', state: 'indexed' });
    npm(['install', '--no-save', '../tinyjs-1.1.0.tgz'], root);
    let found: Pkg | undefined;
    for (let i = 0; i < 300 && !(found?.version === '1.1.0' && found.state === 'indexed'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      found = (await packages()).find((p) => p.name === 'tinyjs');
    }
    expect(found).toMatchObject({ ecosystem: 'npm', version: '1.1.0', state: 'indexed' });
    const hits = sc(await session.call('docs_search', { query: 'capital first letter of every word', limit: 10 })).results as Hit[];
    expect(hits.find((h) => h.name === 'capitalizeWords')).toMatchObject({ package: 'tinyjs', version: '1.1.0' });
  }, 60_000);
});
