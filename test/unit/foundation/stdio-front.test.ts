import { PassThrough } from 'node:stream';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../../src/core/config/load.js';
import { createLogger } from '../../../src/core/log.js';
import { ServiceRegistry } from '../../../src/core/services.js';
import { Workspace } from '../../../src/core/workspace/workspace.js';
import { initializeResult, SUPPORTED_PROTOCOL_VERSIONS as OURS } from '../../../src/mcp/identity.js';
import { createMcpServer } from '../../../src/mcp/server.js';
import { StdioFront, swallowReply } from '../../../src/mcp/stdio-front.js';
import { defineTool } from '../../../src/mcp/tool.js';

const echo = defineTool({
  name: 'echo',
  title: 'Echo',
  description: 'echoes',
  group: 'workspace',
  inputSchema: z.object({ text: z.string() }),
  outputSchema: z.object({ text: z.string() }),
  handler: async (i) => i,
  render: (o) => o.text,
});

/** What the SDK's own server answers to initialize, built the way `docent serve` builds it. */
async function sdkInitialize(protocolVersion: string): Promise<unknown> {
  const server = createMcpServer({
    name: 'docent', version: '9.9.9', workspace: new Workspace([process.cwd()]), config: loadConfig({ env: {} }).config,
    services: new ServiceRegistry(), tools: [echo], log: createLogger('test'), rootsFromClient: false,
  });
  const [ours, theirs] = InMemoryTransport.createLinkedPair();
  await server.connect(ours);
  const answer = new Promise<JSONRPCMessage>((resolve) => (theirs.onmessage = resolve));
  await theirs.start();
  await theirs.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '0' } } });
  const reply = (await answer) as { result: unknown };
  await server.close();
  return reply.result;
}

const line = (m: object) => JSON.stringify(m) + '\n';
const init = (id: number | string, protocolVersion = '2025-06-18') => line({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '0' } } });

function frontOn() {
  const input = new PassThrough();
  const output = new PassThrough();
  const needs: string[] = [];
  const front = new StdioFront({ initialize: (v) => initializeResult('docent', '9.9.9', v), toolsList: () => ({ tools: [{ name: 'echo' }] }) }, (why) => needs.push(why), input, output);
  front.listen();
  const written = () => (output.read() as Buffer | null)?.toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id: unknown; result: unknown }) ?? [];
  const tick = () => new Promise((r) => setImmediate(r));
  return { input, front, needs, written, tick };
}

describe('the stdio front answers as the SDK server would', () => {
  it('knows the protocol versions the SDK supports', () => {
    expect(OURS).toEqual(SUPPORTED_PROTOCOL_VERSIONS);
    expect(OURS[0]).toBe(LATEST_PROTOCOL_VERSION);
  });

  it.each(['2025-06-18', '2024-11-05', LATEST_PROTOCOL_VERSION, '1999-01-01'])('gives the SDK server’s initialize answer for %s', async (v) => {
    expect(initializeResult('docent', '9.9.9', v)).toEqual(await sdkInitialize(v));
  });
});

describe('the stdio front', () => {
  it('answers initialize, ping and tools/list itself and keeps everything else, in order, for the SDK', async () => {
    const { input, front, needs, written, tick } = frontOn();
    input.write(init(1));
    input.write(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    input.write(line({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }) + line({ jsonrpc: '2.0', id: 3, method: 'ping' }));
    await tick();
    expect(written().map((m) => [m.id, m.result])).toEqual([
      [1, initializeResult('docent', '9.9.9', '2025-06-18')],
      [2, { tools: [{ name: 'echo' }] }],
      [3, {}],
    ]);
    expect(needs).toEqual(['listed']); // a notification does not call for the server
    input.write(line({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'echo', arguments: { text: 'é' } } }));
    input.write('{"jsonrpc":"2.0","id":5,"method":"to'); // a partial line
    await tick();
    expect(needs).toEqual(['listed', 'unanswered']);
    expect(written()).toEqual([]);

    const { initializeId } = front.handOver();
    expect(initializeId).toBe(1);
    input.write('ols/list"}\n');
    input.end();
    const rest = Buffer.concat(await input.toArray()).toString('utf8').split('\n');
    expect(rest.map((l) => (l ? (JSON.parse(l) as { id?: number; method: string }).method : l))).toEqual(['initialize', 'notifications/initialized', 'tools/call', 'tools/list', '']);
    expect(rest[2]).toContain('"text":"é"');
  });

  it('keeps a UTF-8 character split across reads intact', async () => {
    const { input, front, tick } = frontOn();
    const bytes = Buffer.from(line({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: { text: 'naïve ☃' } } }));
    const cut = bytes.indexOf(0xe2) + 1; // inside the snowman's three bytes
    input.write(bytes.subarray(0, cut));
    await tick();
    input.write(bytes.subarray(cut, bytes.length - 3));
    await tick();
    front.handOver();
    input.write(bytes.subarray(bytes.length - 3));
    input.end();
    expect(Buffer.concat(await input.toArray()).equals(bytes)).toBe(true);
  });

  it('leaves tools/list before initialize, a paged tools/list and unparsable lines to the SDK', async () => {
    const { input, front, needs, written, tick } = frontOn();
    input.write(line({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    input.write('not json\n');
    input.write(init('a'));
    input.write(line({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { cursor: 'x' } }));
    await tick();
    expect(written().map((m) => m.id)).toEqual(['a']);
    expect(needs).toEqual(['unanswered', 'unanswered', 'unanswered']);
    expect(front.handOver().initializeId).toBe('a');
  });

  it('drops only the SDK’s second answer to the initialize the front answered', async () => {
    const sent: object[] = [];
    const dropped: object[] = [];
    const transport = { send: async (m: object) => void sent.push(m) };
    swallowReply(transport, 1, (m) => dropped.push(m));
    await transport.send({ jsonrpc: '2.0', method: 'notifications/message' });
    await transport.send({ jsonrpc: '2.0', id: 1, result: { protocolVersion: 'x' } });
    await transport.send({ jsonrpc: '2.0', id: 1, result: {} });
    expect(dropped).toEqual([{ jsonrpc: '2.0', id: 1, result: { protocolVersion: 'x' } }]);
    expect(sent).toHaveLength(2);
  });
});
