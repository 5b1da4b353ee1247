import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { extractSource } from '../../../src/core/extract/extract.js';
import { DocsIndex } from '../../../src/core/index/service.js';
import { languageOf } from '../../../src/core/extract/languages.js';
import type { DocItem, FileExtract } from '../../../src/core/extract/types.js';
import { loadConfig } from '../../../src/core/config/load.js';
import { createLogger } from '../../../src/core/log.js';
import { ServiceRegistry } from '../../../src/core/services.js';
import { Workspace } from '../../../src/core/workspace/workspace.js';
import { OwnedSession, type FeatureContext } from '../../../src/features/context.js';
import { docsSearch } from '../../../src/features/docs/search.js';

/** Extraction of the committed per-language fixtures (test/fixtures/docs/<lang>/…). */
export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/docs');

export async function extractFixture(dir: string, file: string, includePrivate = false, engine?: 'fast' | 'tree-sitter'): Promise<FileExtract> {
  const text = readFileSync(path.join(FIXTURES, dir, file), 'utf8');
  return extractSource(languageOf(file)!, text, { file, includePrivate, engine });
}

export function item(x: FileExtract, id: string): DocItem {
  const found = x.items.find((i) => i.id === id);
  if (!found) throw new Error(`no item ${id}; have ${x.items.map((i) => i.id).join(', ')}`);
  return found;
}

/**
 * A feature context over `root` (or several roots) with its own temporary index directory and inline extraction
 * (`index.workers: 0`), plus any other `index` settings: what the docs feature tests call the
 * docs functions with. Dispose with `ctx.services.disposeAll()`.
 */
export function docsContext(root: string | string[], index: Record<string, unknown> = {}): FeatureContext {
  const indexDir = mkdtempSync(path.join(tmpdir(), 'docent-docs-test-'));
  const { config } = loadConfig({ flags: { indexDir, index: { workers: 0, ...index } } as never, env: {} });
  return { workspace: new Workspace(Array.isArray(root) ? root : [root]), config, services: new ServiceRegistry(), signal: new AbortController().signal, progress: () => {}, log: createLogger('test'), session: new OwnedSession('test') };
}

/**
 * A DocsIndex of `root` in a fresh temporary database, built inline (no worker threads), and how
 * to close it: the index, its database folder and `root` itself (a temporary tree the test wrote).
 */
export async function tempIndex(root: string, prefix: string): Promise<{ idx: DocsIndex; close: () => Promise<void> }> {
  const indexDir = mkdtempSync(path.join(tmpdir(), prefix));
  const idx = new DocsIndex({ roots: [root], indexDir, includePrivate: false, maxFileBytes: 1_000_000, exclude: [], workers: 0 });
  await idx.catchUp();
  return {
    idx,
    close: async () => {
      await idx.dispose();
      rmSync(root, { recursive: true, force: true });
      rmSync(indexDir, { recursive: true, force: true });
    },
  };
}

/**
 * A docs context over `root` shared by a test file's tests: made, and its index built by one
 * search, before them; its services disposed after them. A getter, since the context exists
 * only once the file's beforeAll ran.
 */
export function fileDocsContext(root: string | string[], index: Record<string, unknown> = {}): () => FeatureContext {
  let ctx: FeatureContext | undefined;
  beforeAll(async () => {
    ctx = docsContext(root, index);
    await docsSearch({ query: 'warm up', limit: 1 }, ctx);
  }, 60_000);
  afterAll(async () => {
    await ctx?.services.disposeAll();
  });
  return () => {
    if (!ctx) throw new Error('the docs context is made in beforeAll');
    return ctx;
  };
}

/** A temporary tree holding `files` (relative path → text); the caller removes it (tempIndex does). */
export function writeTree(files: Record<string, string>, prefix: string): string {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

/** `files` written to a temporary tree and indexed there (tempIndex). */
export function indexedTree(files: Record<string, string>, prefix: string): Promise<{ idx: DocsIndex; close: () => Promise<void> }> {
  return tempIndex(writeTree(files, `${prefix}src-`), prefix);
}

/**
 * `files` indexed once for a test file's tests: written and indexed in its beforeAll, removed in
 * its afterAll. A getter, since the index exists only once the beforeAll ran.
 */
export function sharedTree(files: Record<string, string>, prefix: string): () => DocsIndex {
  let made: { idx: DocsIndex; close: () => Promise<void> } | undefined;
  beforeAll(async () => {
    made = await indexedTree(files, prefix);
  }, 60_000);
  afterAll(async () => {
    await made?.close();
  });
  return () => {
    if (!made) throw new Error('the tree is indexed in beforeAll');
    return made.idx;
  };
}

/**
 * A Python module's text of `count` one-line functions, `name(n)` with the docstring `doc(n)`:
 * the many items sharing a question's words that a test needs so that only the behaviour
 * under test can bring its answer in.
 */
export function pythonFunctions(count: number, name: (n: number) => string, doc: (n: number) => string, params = 'x'): string {
  return Array.from({ length: count }, (_, n) => `def ${name(n)}(${params}):\n    """${doc(n)}"""\n    return ${params.split(',')[0]!.trim()}\n`).join('\n\n');
}
