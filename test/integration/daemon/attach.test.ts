import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCENT_BIN } from '../../helpers/docent.js';
import { childrenNamed, copyCppFixture, copyFixture, daemonWorld, mockProject, waitFor, type DaemonWorld } from './helpers.js';

/**
 * `docent serve --attach`: MCP clients share the daemon's language servers while their
 * sessions (roots, cancellation) stay their own.
 */

let w: DaemonWorld;
let cpp: string;
let ts: string;
const clients: Client[] = [];

async function attach(args: string[], cwd: string): Promise<{ client: Client; transport: StdioClientTransport }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [DOCENT_BIN, 'serve', '--attach', ...args], cwd, env: { ...(process.env as Record<string, string>), ...w.env }, stderr: 'pipe' });
  const client = new Client({ name: 'attach-test', version: '0.0.0' });
  await client.connect(transport);
  clients.push(client);
  return { client, transport };
}

const call = (c: Client, name: string, args: Record<string, unknown> = {}) => c.callTool({ name, arguments: args }) as Promise<CallToolResult>;

beforeAll(() => {
  w = daemonWorld();
  cpp = copyCppFixture(w.base);
  ts = copyFixture('test/fixtures/navigation/ts', w.base, 'ts');
});
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await w.cleanup();
});

describe('serve --attach', () => {
  it('starts the daemon; two clients on a C++ project share one clangd, and a third keeps its own roots', async () => {
    const a = await attach(['--root', cpp], w.base);
    const b = await attach([], cpp);
    const c = await attach([], ts);
    const status = await w.status();
    expect(status.running).toBe(true);
    expect(status.sessions).toBe(3);
    const ra = await call(a.client, 'search_symbols', { query: 'Circle', include_details: false });
    const rb = await call(b.client, 'search_symbols', { query: 'Circle', include_details: false });
    expect(ra.isError, JSON.stringify(ra.content)).toBeFalsy();
    expect(rb.structuredContent).toEqual(ra.structuredContent);
    expect((ra.structuredContent as { total_matches: number }).total_matches).toBeGreaterThan(0);
    expect(childrenNamed(status.pid!, 'clangd')).toHaveLength(1);
    // Roots stay per session.
    const files = async (cl: Client) => (await call(cl, 'workspace_files', {})).structuredContent as { roots: string[]; files: string[] };
    expect((await files(a.client)).roots).toEqual([cpp]);
    expect((await files(b.client)).roots).toEqual([cpp]);
    const tsFiles = await files(c.client);
    expect(tsFiles.roots).toEqual([ts]);
    expect(tsFiles.files).toContain('src/app.ts');
    expect(tsFiles.files).not.toContain('src/shapes.cpp');
  });

  it('a client that goes away mid-request has its request cancelled in the daemon', async () => {
    const mock = mockProject(w.base);
    const m = await attach([], mock.dir);
    const before = (await w.status()).sessions!;
    const pending = call(m.client, 'search_symbols', { query: 'slow', include_details: false }).catch((e: Error) => e);
    expect(await waitFor(() => mock.logText().includes('workspace/symbol slow'))).toBe(true);
    // The attach process dies without a goodbye (as when an agent is killed).
    process.kill(m.transport.pid!, 'SIGKILL');
    expect(await waitFor(() => mock.logText().includes('cancelled slow'), 20_000)).toBe(true);
    expect(await pending).toBeInstanceOf(Error);
    expect((await w.status()).sessions).toBe(before - 1);
  });
});
