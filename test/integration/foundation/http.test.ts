import { request } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpDocent } from '../../helpers/http-server.js';

let root: string;
let server: Awaited<ReturnType<typeof startHttpDocent>>;
let secured: Awaited<ReturnType<typeof startHttpDocent>>;

const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
});

/** A raw POST with chosen headers (fetch will not let us forge Host). */
function rawPost(url: string, headers: Record<string, string>): Promise<number> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(INIT);
  });
}

async function connect(url: string, token?: string): Promise<Client> {
  const client = new Client({ name: 'http-test', version: '0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), token ? { requestInit: { headers: { Authorization: `Bearer ${token}` } } } : undefined);
  await client.connect(transport);
  return client;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-http-'));
  writeFileSync(path.join(root, 'a.txt'), 'a\n');
  [server, secured] = await Promise.all([
    startHttpDocent(['--root', root, '--no-index']),
    startHttpDocent(['--root', root, '--no-index', '--token', 's3cret']),
  ]);
});

afterAll(async () => {
  await Promise.all([server?.stop(), secured?.stop()]);
});

describe('docent serve --http', () => {
  it('listens on 127.0.0.1 by default', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it('serves initialize, tools/list and tools/call through the SDK client', async () => {
    const client = await connect(server.url);
    try {
      expect(client.getServerVersion()?.name).toBe('docent');
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('workspace_files');
      const r = await client.callTool({ name: 'workspace_files', arguments: {} });
      expect((r.structuredContent as { files: string[] }).files).toEqual(['a.txt']);
    } finally {
      await client.close();
    }
  });

  it('serves two sessions at once', async () => {
    const [a, b] = await Promise.all([connect(server.url), connect(server.url)]);
    try {
      const [ra, rb] = await Promise.all([a.listTools(), b.listTools()]);
      expect(ra.tools.length).toBe(rb.tools.length);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('rejects a foreign Host or Origin (DNS-rebinding protection) and accepts localhost', async () => {
    const port = new URL(server.url).port;
    expect(await rawPost(server.url, { Host: 'evil.example.com' })).toBe(403);
    expect(await rawPost(server.url, { Host: `localhost:${port}`, Origin: 'http://evil.example.com' })).toBe(403);
    expect(await rawPost(server.url, { Host: `localhost:${port}`, Origin: `http://localhost:${port}` })).toBe(200);
  });

  it('requires the bearer token when --token is set', async () => {
    const port = new URL(secured.url).port;
    expect(await rawPost(secured.url, { Host: `127.0.0.1:${port}` })).toBe(401);
    expect(await rawPost(secured.url, { Host: `127.0.0.1:${port}`, Authorization: 'Bearer wrong' })).toBe(401);
    const client = await connect(secured.url, 's3cret');
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });

  it('answers 404 off the /mcp path', async () => {
    const res = await fetch(server.url.replace(/\/mcp$/, '/other'), { method: 'POST', body: INIT });
    expect(res.status).toBe(404);
  });
});
