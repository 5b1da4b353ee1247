import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, startDocent, type DocentSession } from '../../helpers/docent.js';

/**
 * Names as two real packages publish them, through a project that declares them, over MCP
 * stdio: ws (plain CommonJS without declarations: its entry point hangs its classes on the one
 * it exports) and zod (a namespace `z` exported from an entry file, `z.infer` a type-only
 * rename in its core). Both are docent's own dependencies, so their installed copies are here;
 * the test copies them into a project of its own (their versions are whatever is installed).
 */

let root: string;
let indexDir: string;
let session: DocentSession;
const versionOf = (name: string) => (JSON.parse(readFileSync(path.join(REPO, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
const sc = (r: { structuredContent?: unknown }) => r.structuredContent as Record<string, any>;
const first = async (query: string) => (sc(await session.call('docs_search', { query, scope: 'deps' })).results as { id: string; package: string | null }[])[0];

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-real-packages-'));
  for (const name of ['ws', 'zod']) cpSync(path.join(REPO, 'node_modules', name), path.join(root, 'node_modules', name), { recursive: true });
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true, dependencies: { ws: `^${versionOf('ws')}`, zod: `^${versionOf('zod')}` } }, null, 2));
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'src/server.js'), "const WS = require('ws');\nconst { z } = require('zod');\n\nexports.start = () => new WS.Server({ port: 0 });\nexports.Shape = z.object({});\n");
  indexDir = mkdtempSync(path.join(tmpdir(), 'docent-real-packages-idx-'));
  session = await startDocent(['--root', root], { DOCENT_INDEX_DIR: indexDir });
  const s = await session.call('index_status', { wait: true });
  expect(sc(s).state).toBe('ready');
}, 120_000);

afterAll(async () => {
  await session?.close();
  if (root) rmSync(root, { recursive: true, force: true });
  if (indexDir) rmSync(indexDir, { recursive: true, force: true });
});

describe('real packages through a project', () => {
  it('indexes both at their installed versions', async () => {
    const packages = sc(await session.call('index_status', {})).packages as { name: string; version: string; state: string }[];
    for (const name of ['ws', 'zod']) expect(packages).toEqual(expect.arrayContaining([expect.objectContaining({ name, version: versionOf(name), state: 'indexed' })]));
  });

  it("finds ws's classes under the names its entry point gives them", async () => {
    expect(await first('ws.Server')).toMatchObject({ id: 'ws.Server', package: 'ws' });
    expect(await first('ws.WebSocketServer')).toMatchObject({ id: 'ws.WebSocketServer', package: 'ws' });
    expect((await first('ws.createWebSocketStream'))?.id).toBe('ws.createWebSocketStream');
    const d = sc(await session.call('docs_get', { id: 'ws.Server' }));
    expect(d).toMatchObject({ kind: 'class', name: 'WebSocketServer', package: 'ws', version: versionOf('ws') });
  });

  it("finds zod's API as code writes it", async () => {
    expect((await first('z.object'))?.id).toBe('zod.object');
    expect((await first('z.infer'))?.id).toBe('zod.infer');
  });

  it("docs_resolve reads the file's own names for what it requires", async () => {
    const r = sc(await session.call('docs_resolve', { symbol: 'WS.Server', context: 'src/server.js' }));
    expect(r).toMatchObject({ id: 'ws/lib/websocket-server.WebSocketServer', package: 'ws', version: versionOf('ws') });
    expect(sc(await session.call('docs_resolve', { symbol: 'z.object', context: 'src/server.js' }))).toMatchObject({ public_id: 'zod.object', package: 'zod' });
  });
});
