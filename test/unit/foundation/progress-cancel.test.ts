import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/core/config/load.js';
import { throwIfAborted } from '../../../src/core/errors.js';
import { createLogger } from '../../../src/core/log.js';
import { ServiceRegistry } from '../../../src/core/services.js';
import { Workspace } from '../../../src/core/workspace/workspace.js';
import { createMcpServer } from '../../../src/mcp/server.js';
import { defineTool } from '../../../src/mcp/tool.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let sawAbort = false;

/** A slow tool: reports progress each step and stops when cancelled. */
const slow = defineTool({
  name: 'slow',
  title: 'Slow',
  description: 'counts slowly',
  group: 'workspace',
  inputSchema: z.object({ steps: z.number().int().min(1) }),
  outputSchema: z.object({ done: z.number().int() }),
  async handler(input, ctx) {
    for (let i = 1; i <= input.steps; i++) {
      if (ctx.signal.aborted) {
        sawAbort = true;
        throwIfAborted(ctx.signal);
      }
      await sleep(120);
      ctx.progress({ progress: i, total: input.steps, message: `step ${i}` });
    }
    return { done: input.steps };
  },
  render: (o) => `done ${o.done}`,
});

async function connect(): Promise<Client> {
  const server = createMcpServer({
    name: 'docent',
    version: '0.0.0',
    workspace: new Workspace([process.cwd()]),
    config: loadConfig({ env: {} }).config,
    services: new ServiceRegistry(),
    tools: [slow],
    log: createLogger('test'),
    rootsFromClient: false,
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: 't', version: '0' });
  await client.connect(b);
  return client;
}

describe('MCP progress and cancellation reach the feature layer', () => {
  it('sends progress notifications with the request progress token', async () => {
    const client = await connect();
    const seen: { progress: number; total?: number; message?: string }[] = [];
    const r = await client.callTool({ name: 'slow', arguments: { steps: 4 } }, undefined, { onprogress: (p) => seen.push(p) });
    expect(r.structuredContent).toEqual({ done: 4 });
    expect(seen.length).toBe(4);
    expect(seen.map((p) => p.progress)).toEqual([1, 2, 3, 4]);
    expect(seen[3]).toMatchObject({ total: 4, message: 'step 4' });
  });

  it('turns a client cancellation into an aborted ctx.signal', async () => {
    const client = await connect();
    const ac = new AbortController();
    sawAbort = false;
    const call = client.callTool({ name: 'slow', arguments: { steps: 50 } }, undefined, { signal: ac.signal });
    await sleep(300);
    ac.abort();
    await expect(call).rejects.toThrow();
    await sleep(300);
    expect(sawAbort).toBe(true);
  });
});
