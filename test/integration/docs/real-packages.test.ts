import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocentSession } from '../../helpers/docent.js';
import { installedVersion, startNpmProject, type NpmProject } from '../../helpers/npm-project.js';

/**
 * Names as two real packages publish them, through a project that declares them, over MCP
 * stdio: ws (plain CommonJS without declarations: its entry point hangs its classes on the one
 * it exports) and zod (a namespace `z` exported from an entry file, `z.infer` a type-only
 * rename in its core). Both are docent's own dependencies, so their installed copies are here;
 * the test copies them into a project of its own (their versions are whatever is installed).
 */

let project: NpmProject;
let session: DocentSession;
const versionOf = installedVersion;
const sc = (r: { structuredContent?: unknown }) => r.structuredContent as Record<string, any>;
const first = async (query: string) => (sc(await session.call('docs_search', { query, scope: 'deps' })).results as { id: string; package: string | null }[])[0];

beforeAll(async () => {
  project = await startNpmProject('docent-real-packages', ['ws', 'zod'], {
    'src/server.js': "const WS = require('ws');\nconst { z } = require('zod');\n\nexports.start = () => new WS.Server({ port: 0 });\nexports.Shape = z.object({});\n",
  });
  session = project.session;
  expect(project.status.state).toBe('ready');
}, 120_000);

afterAll(async () => {
  await project?.close();
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
