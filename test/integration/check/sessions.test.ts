import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpDocent } from '../../helpers/http-server.js';
import { materialize, ok, type Diag } from './helpers.js';

// One HTTP daemon, one shared clangd, three MCP sessions: two overlay the same file in different
// ways and ask at the same time, the third has no overlay. Each must get the diagnostics of its
// own view, never those of content another session put into the shared server.
let fx: ReturnType<typeof materialize>;
let daemon: Awaited<ReturnType<typeof startHttpDocent>>;
const clients: Client[] = [];

async function session(): Promise<(name: string, args?: Record<string, unknown>) => Promise<any>> {
  const client = new Client({ name: 'check-sessions', version: '0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(daemon.url)));
  clients.push(client);
  return async (name, args = {}) => ok((await client.callTool({ name, arguments: args })) as CallToolResult);
}

beforeAll(async () => {
  fx = materialize('cpp');
  daemon = await startHttpDocent(['--root', fx.root, '--no-index']);
}, 90_000);
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await daemon?.stop();
  fx?.cleanup();
});

const codes = (r: { diagnostics: Diag[] }) => r.diagnostics.map((d) => `${d.code}:${d.span.line}`);

describe('overlays per MCP session on one daemon', () => {
  it('two sessions with different overlays of one file each get their own diagnostics', async () => {
    const [a, b, c] = await Promise.all([session(), session(), session()]);
    await a('overlay_apply', { file: 'src/shapes.cpp', edits: [{ anchor: 'int leaf() { return 1; }', new_text: 'int leaf() { int spare = 2; return 1; }' }] });
    await b('overlay_apply', { file: 'src/shapes.cpp', edits: [{ anchor: 'return leaf() + 1;', new_text: 'return leaf() + 1' }] });
    for (let round = 0; round < 3; round++) {
      const [ra, rb, rc] = await Promise.all([a('diagnostics', { files: ['src/shapes.cpp'] }), b('diagnostics', { files: ['src/shapes.cpp'] }), c('diagnostics', { files: ['src/shapes.cpp'] })]);
      expect(codes(ra)).toEqual(['clang:-Wunused-variable:8']);
      expect(codes(rb)).toEqual(['clang:expected_semi_after_stmt:9']);
      expect(codes(rc)).toEqual([]);
      expect([ra.computed_on[0].origin, rb.computed_on[0].origin, rc.computed_on[0].origin]).toEqual(['overlay', 'overlay', 'disk']);
      expect(new Set([ra.computed_on[0].hash, rb.computed_on[0].hash, rc.computed_on[0].hash]).size).toBe(3);
    }
    // Each session lists only its own overlay.
    expect((await a('overlay_list')).overlays.map((o: { file: string }) => o.file)).toEqual(['src/shapes.cpp']);
    expect((await c('overlay_list')).overlays).toEqual([]);
  });
});
