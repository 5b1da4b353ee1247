import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO, startDocent, type DocentSession } from './docent.js';

/**
 * A project of its own that declares some of docent's own npm dependencies, their installed
 * copies copied into its node_modules (at whatever versions are installed here), with a few
 * source files, served by a docent spawned on it with an index folder of its own.
 */
export interface NpmProject {
  root: string;
  session: DocentSession;
  /** index_status's structured answer once the index is ready (`wait: true`). */
  status: Record<string, any>;
  /** Stop docent and remove the project and its index. */
  close(): Promise<void>;
}

export function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(path.join(REPO, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
}

export async function startNpmProject(prefix: string, packages: readonly string[], files: Record<string, string>): Promise<NpmProject> {
  const root = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  const indexDir = mkdtempSync(path.join(tmpdir(), `${prefix}-idx-`));
  let session: DocentSession | undefined;
  const close = async () => {
    await session?.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(indexDir, { recursive: true, force: true });
  };
  try {
    for (const name of packages) cpSync(path.join(REPO, 'node_modules', name), path.join(root, 'node_modules', name), { recursive: true });
    const dependencies = Object.fromEntries(packages.map((n) => [n, `^${installedVersion(n)}`]));
    writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true, dependencies }, null, 2));
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), text);
    }
    session = await startDocent(['--root', root], { DOCENT_INDEX_DIR: indexDir });
    const status = (await session.call('index_status', { wait: true })).structuredContent as Record<string, any>;
    return { root, session, status, close };
  } catch (err) {
    await close();
    throw err;
  }
}
