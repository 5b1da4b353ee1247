import { existsSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { indexDbPath } from '../../../src/core/index/paths.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocent, type DocentSession } from '../../helpers/docent.js';

let root: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-serve-index-'));
  writeFileSync(
    path.join(root, 'retry.ts'),
    '/**\n * Retries an async operation with exponential backoff.\n * @param attempts How many times to try.\n */\nexport async function retryWithBackoff(attempts: number): Promise<void> {}\n',
  );
});

async function waitForReady(s: DocentSession): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const st = (await s.call('index_status', {})).structuredContent as Record<string, unknown>;
    if (st.state === 'ready' || Date.now() > deadline) return st;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('docent serve indexes its roots in the background', () => {
  let s: DocentSession;
  afterAll(async () => {
    await s?.close();
  });

  it('becomes ready without any docs call and finds the item', async () => {
    const indexDir = mkdtempSync(path.join(tmpdir(), 'docent-serve-index-db-'));
    s = await startDocent(['--root', root], { DOCENT_INDEX_DIR: indexDir });
    // No tool is called: the item must reach the database on disk by itself.
    const db = indexDbPath(realpathSync(root), indexDir);
    let items = 0;
    for (const deadline = Date.now() + 60_000; items === 0 && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 200));
      if (!existsSync(db)) continue;
      const conn = new Database(db, { readonly: true, fileMustExist: true });
      try {
        items = (conn.prepare('SELECT count(*) AS n FROM items').get() as { n: number }).n;
      } catch {
        items = 0; // schema not created yet
      } finally {
        conn.close();
      }
    }
    expect(items).toBeGreaterThan(0);
    const st = await waitForReady(s);
    expect(st.state).toBe('ready');
    expect(st.files).toBe(1);
    const r = (await s.call('docs_search', { query: 'retry with exponential backoff' })).structuredContent as { results: { name: string }[] };
    expect(r.results[0]?.name).toBe('retryWithBackoff');
  });

  it('does not index with --no-index', async () => {
    const other = await startDocent(['--root', root, '--no-index']);
    try {
      await new Promise((r) => setTimeout(r, 1500));
      const st = (await other.call('index_status', {})).structuredContent as Record<string, unknown>;
      expect(st.items).toBe(0);
      expect(st.state).not.toBe('indexing');
    } finally {
      await other.close();
    }
  });
});
