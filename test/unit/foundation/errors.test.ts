import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { DocentError, ERROR_CODES, toDocentError } from '../../../src/core/errors.js';
import { EXIT, exitCodeFor } from '../../../src/cli/output.js';
import { runTool } from '../../../src/mcp/server.js';
import { outputJsonSchema } from '../../../src/mcp/schema.js';
import { defineTool } from '../../../src/mcp/tool.js';
import { selectTools } from '../../../src/mcp/tools/index.js';
import { createLogger } from '../../../src/core/log.js';
import { ServiceRegistry } from '../../../src/core/services.js';
import { Workspace } from '../../../src/core/workspace/workspace.js';
import { loadConfig } from '../../../src/core/config/load.js';

const echo = defineTool({
  name: 'echo',
  title: 'Echo',
  description: 'test tool',
  group: 'workspace',
  inputSchema: z.object({ text: z.string().min(1), fail: z.enum(['none', 'not_found', 'crash', 'bad_output']).default('none') }),
  outputSchema: z.object({ text: z.string(), length: z.number().int() }),
  async handler(input) {
    if (input.fail === 'not_found') throw new DocentError('E_NOT_FOUND', 'no such thing', 'try another');
    if (input.fail === 'crash') throw new TypeError('boom');
    if (input.fail === 'bad_output') return { text: input.text, length: 'many' as unknown as number };
    return { text: input.text, length: input.text.length };
  },
  render: (o) => `${o.text} (${o.length})`,
});

function ctx(signal = new AbortController().signal) {
  return { workspace: new Workspace([process.cwd()]), config: loadConfig({ env: {} }).config, services: new ServiceRegistry(), signal, log: createLogger('test') };
}

describe('error mapping', () => {
  it('maps every code to a CLI exit code in 0..4', () => {
    for (const code of ERROR_CODES) expect([1, 2, 3, 4]).toContain(exitCodeFor(code));
    expect(exitCodeFor('E_NOT_FOUND')).toBe(EXIT.notFound);
    expect(exitCodeFor('E_BAD_INPUT')).toBe(EXIT.usage);
    expect(exitCodeFor('E_NO_SERVER')).toBe(EXIT.environment);
  });

  it('wraps unknown throwables as E_INTERNAL and keeps DocentErrors', () => {
    expect(toDocentError(new Error('x')).code).toBe('E_INTERNAL');
    expect(toDocentError('str').message).toBe('str');
    const e = new DocentError('E_TIMEOUT', 'slow');
    expect(toDocentError(e)).toBe(e);
    expect(e.hint.length).toBeGreaterThan(10);
  });

  it('returns structuredContent and text for a good call', async () => {
    const r = await runTool(echo, { text: 'hi' }, ctx());
    expect(r.isError).toBeUndefined();
    expect(r.structuredContent).toEqual({ text: 'hi', length: 2 });
    expect(r.content).toEqual([{ type: 'text', text: 'hi (2)' }]);
  });

  it('refuses an argument the tool does not take, naming the likely intended one', async () => {
    const r = await runTool(echo, { text: 'hi', fial: 'crash' }, ctx());
    expect(r.isError).toBe(true);
    const err = (r.structuredContent as { error: { code: string; message: string; hint: string } }).error;
    expect(err.code).toBe('E_BAD_INPUT');
    expect(err.message).toBe('echo does not take the argument "fial" (did you mean "fail"?).');
    expect(err.hint).toBe('echo takes: text, fail.');
    const far = await runTool(echo, { text: 'hi', colour: 'red' }, ctx());
    expect((far.structuredContent as { error: { message: string } }).error.message).toBe('echo does not take the argument "colour".');
  });

  it('maps invalid input to E_BAD_INPUT without calling the feature', async () => {
    const r = await runTool(echo, { text: '' }, ctx());
    expect(r.isError).toBe(true);
    expect((r.structuredContent as { error: { code: string } }).error.code).toBe('E_BAD_INPUT');
  });

  it('maps a thrown DocentError to isError with code, message and hint', async () => {
    const r = await runTool(echo, { text: 'a', fail: 'not_found' }, ctx());
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toEqual({ error: { code: 'E_NOT_FOUND', message: 'no such thing', hint: 'try another' } });
    expect((r.content[0] as { text: string }).text).toContain('E_NOT_FOUND');
  });

  it('maps a crash to E_INTERNAL and bad output to E_INTERNAL', async () => {
    expect((await runTool(echo, { text: 'a', fail: 'crash' }, ctx())).structuredContent).toMatchObject({ error: { code: 'E_INTERNAL' } });
    expect((await runTool(echo, { text: 'a', fail: 'bad_output' }, ctx())).structuredContent).toMatchObject({ error: { code: 'E_INTERNAL' } });
  });

  it('reports E_CANCELLED when the request was aborted', async () => {
    const ac = new AbortController();
    const slow = { ...echo, handler: async () => { ac.abort(); throw new Error('aborted mid-way'); } };
    const r = await runTool(slow, { text: 'a' }, ctx(ac.signal));
    expect(r.structuredContent).toMatchObject({ error: { code: 'E_CANCELLED' } });
  });

  it('publishes an output schema that admits either the result or an error', () => {
    const json = outputJsonSchema(echo.outputSchema) as { properties: Record<string, unknown>; anyOf: unknown[] };
    expect(Object.keys(json.properties)).toEqual(['text', 'length', 'error']);
    expect(json.anyOf).toEqual([{ required: ['text', 'length'] }, { required: ['error'] }]);
  });
});

describe('--tools selection', () => {
  const all = [echo, { ...echo, name: 'other', group: 'info' as const }];
  it('selects by name and by group, all when empty', () => {
    expect(selectTools([], all).map((t) => t.name)).toEqual(['echo', 'other']);
    expect(selectTools(['info'], all).map((t) => t.name)).toEqual(['other']);
    expect(selectTools(['echo'], all).map((t) => t.name)).toEqual(['echo']);
  });
  it('rejects an unknown name', () => {
    expect(() => selectTools(['nope'], all)).toThrow(/Unknown tool or group/);
  });
  it('rejects a selection that leaves no tools', () => {
    expect(() => selectTools(['analysis'], all)).toThrow(/selects no tools/);
  });
});
