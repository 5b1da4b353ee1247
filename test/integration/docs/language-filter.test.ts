import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, runCli, startDocent, type DocentSession } from '../../helpers/docent.js';
import { FIXTURES } from './fixtures.js';

/** `language` on docs_search and docs_list (and `docent search --language`): one of the index's languages. */

let root: string;
let indexDir: string;
let session: DocentSession;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-docs-lang-'));
  for (const dir of ['python', 'cpp', 'ts']) cpSync(path.join(FIXTURES, dir), path.join(root, dir), { recursive: true });
  indexDir = mkdtempSync(path.join(tmpdir(), 'docent-docs-lang-idx-'));
  session = await startDocent(['--root', root], { DOCENT_INDEX_DIR: indexDir });
  await session.call('index_status', { wait: true });
});

afterAll(async () => {
  await session?.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(indexDir, { recursive: true, force: true });
});

const sc = (r: { structuredContent?: unknown }) => r.structuredContent as Record<string, any>;
const ids = (r: { structuredContent?: unknown }) => (sc(r).results as { id: string }[]).map((x) => x.id);

describe('the language filter of the docs tools', () => {
  it('docs_search keeps the items of one language', async () => {
    const query = 'distance between two points';
    const all = ids(await session.call('docs_search', { query, limit: 20 }));
    const pyAnswer = await session.call('docs_search', { query, limit: 20, language: 'python' });
    const cppAnswer = await session.call('docs_search', { query, limit: 20, language: 'cpp' });
    const files = (r: typeof pyAnswer) => (sc(r).results as { file: string }[]).map((x) => x.file);
    const python = ids(pyAnswer);
    const cpp = ids(cppAnswer);
    expect(python).toContain('geo.distance');
    // Python source, or a module of the interpreter's standard library that only the interpreter describes.
    expect(files(pyAnswer).every((f) => f.endsWith('.py') || /\.so:?|<built-in>/.test(f))).toBe(true);
    expect(cpp.length).toBeGreaterThan(0);
    expect(files(cppAnswer).every((f) => /\.(hpp|cpp|h)$/.test(f))).toBe(true);
    expect(all).toEqual(expect.arrayContaining([python[0], cpp[0]]));
    // As the index names it, in any case.
    expect(ids(await session.call('docs_search', { query, limit: 20, language: 'Python' }))).toEqual(python);
  });

  it('a language the index does not have is a clear error listing the ones it has', async () => {
    const languages = Object.keys(sc(await session.call('index_status', {})).languages).sort();
    expect(languages).toEqual(expect.arrayContaining(['cpp', 'python', 'typescript']));
    for (const tool of ['docs_search', 'docs_list'] as const) {
      const r = await session.call(tool, tool === 'docs_search' ? { query: 'distance', language: 'cobol' } : { module: 'geo', language: 'cobol' });
      expect(r.isError).toBe(true);
      const e = errorOf(r) as ReturnType<typeof errorOf> & { details?: { languages: string[] } };
      expect(e.code).toBe('E_BAD_INPUT');
      expect(e.message).toContain('"cobol"');
      expect(e.message).toContain(languages.join(', '));
      expect(e.details?.languages).toEqual(languages);
    }
  });

  it('docs_list lists a module\'s items of one language', async () => {
    const all = sc(await session.call('docs_list', { module: 'geo' }));
    const python = sc(await session.call('docs_list', { module: 'geo', language: 'python' }));
    const ts = sc(await session.call('docs_list', { module: 'geo', language: 'typescript' }));
    expect(python.total).toBeGreaterThan(0);
    expect(python.total).toBe(python.items.length);
    expect(python.items.map((i: { id: string }) => i.id)).toContain('geo.distance');
    expect(ts.total).toBe(0);
    expect(all.total).toBeGreaterThanOrEqual(python.total);
  });

  it('docent search --language does the same on the command line', async () => {
    const env = { DOCENT_INDEX_DIR: indexDir };
    const r = runCli(['search', 'distance', 'between', 'two', 'points', '--language', 'python', '--json', '--root', root, '--no-daemon'], { env });
    expect(r.status, r.stderr).toBe(0);
    const got = (JSON.parse(r.stdout) as { results: { id: string }[] }).results.map((x) => x.id);
    expect(got).toContain('geo.distance');
    expect(got.every((id) => !id.includes('::'))).toBe(true);
    const bad = runCli(['search', 'distance', '-l', 'cobol', '--root', root, '--no-daemon'], { env });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/languages are: .*python/);
  });
});
