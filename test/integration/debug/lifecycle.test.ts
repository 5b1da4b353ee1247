import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, runCli, startDocent } from '../../helpers/docent.js';
import { startHttpDocent } from '../../helpers/http-server.js';
import { alive, compileCpp, descendants, fixtureCopy, ok, waitGone } from './setup.js';

/**
 * Debug sessions die with their client: a closed stdio client (docent exits), a closed HTTP
 * session (docent stays), a cancelled call; and the debug group is off over HTTP unless --allow-run.
 */

let root: string;

beforeAll(() => {
  root = fixtureCopy('python');
});

async function httpClient(url: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(url));
  const client = new Client({ name: 'debug-test', version: '0' });
  await client.connect(transport);
  return { client, transport };
}

describe('debug session lifetime', () => {
  it('leaves no process behind when a stdio client disconnects mid-session', async () => {
    const all = fixtureCopy();
    compileCpp(path.join(all, 'cpp'), ['app']);
    const before = new Set(descendants(process.pid));
    const docent = await startDocent(['--root', all, '--no-index']);
    const stopped = ok(await docent.call('debug_start', { program: 'python/app.py', breakpoints: [{ file: 'python/app.py', line: 13 }] }));
    expect(stopped.stop.state).toBe('stopped');
    const running = ok(await docent.call('debug_start', { program: 'python/loop.py', timeout_s: 2 }));
    expect(running.stop.state).toBe('running');
    const native = ok(await docent.call('debug_start', { program: 'cpp/app', breakpoints: [{ file: 'cpp/app.cpp', line: 13 }] }));
    expect(native.stop.state).toBe('stopped');
    const node = ok(await docent.call('debug_start', { program: 'js/app.js', breakpoints: [{ file: 'js/app.js', line: 13 }] }));
    expect(node.stop.state).toBe('stopped');
    const started = descendants(process.pid).filter((p) => !before.has(p));
    // docent, three adapters, four debuggees (and debugpy's launchers).
    expect(started.length).toBeGreaterThanOrEqual(8);
    await docent.close();
    expect(await waitGone(started)).toEqual([]);
  });

  it('kills the session of a cancelled call', async () => {
    const docent = await startDocent(['--root', root, '--no-index']);
    const before = descendants(process.pid);
    const controller = new AbortController();
    const call = docent.client.callTool({ name: 'debug_start', arguments: { program: 'loop.py', timeout_s: 60 } }, CallToolResultSchema, { signal: controller.signal });
    call.catch(() => {});
    // Wait until the debuggee prints, then give up on the call.
    const until = Date.now() + 20_000;
    while (descendants(process.pid).length < before.length + 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    const during = descendants(process.pid).filter((p) => !before.includes(p));
    expect(during.length).toBeGreaterThanOrEqual(2);
    controller.abort();
    await expect(call).rejects.toThrow();
    expect(await waitGone(during)).toEqual([]);
    expect(ok(await docent.call('debug_sessions', {})).sessions).toEqual([]);
    await docent.close();
  });

  it('kills an HTTP session\'s debuggees when that session closes, and docent stays up', async () => {
    const server = await startHttpDocent(['--root', root, '--no-index', '--allow-run']);
    try {
      const { client, transport } = await httpClient(server.url);
      const r = (await client.callTool({ name: 'debug_start', arguments: { program: 'loop.py', timeout_s: 2 } })) as CallToolResult;
      expect(ok(r).stop.state).toBe('running');
      const started = descendants(server.proc.pid!);
      expect(started.length).toBeGreaterThanOrEqual(2);
      await transport.terminateSession();
      await client.close();
      expect(await waitGone(started)).toEqual([]);
      expect(alive(server.proc.pid!)).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it('offers the debug tools over HTTP only with --allow-run', async () => {
    const closed = await startHttpDocent(['--root', root, '--no-index']);
    const open = await startHttpDocent(['--root', root, '--no-index', '--allow-run']);
    try {
      const a = await httpClient(closed.url);
      const b = await httpClient(open.url);
      const names = async (c: Client) => (await c.listTools()).tools.map((t) => t.name);
      expect((await names(a.client)).filter((n) => n.startsWith('debug_'))).toEqual([]);
      expect(await names(b.client)).toContain('debug_start');
      await Promise.all([a.client.close(), b.client.close()]);
    } finally {
      await Promise.all([closed.stop(), open.stop()]);
    }
  });

  it('refuses to debug when allowRun is off: the tools are not listed, and the CLI says E_RUN_DENIED', async () => {
    const docent = await startDocent(['--root', root, '--no-index'], { DOCENT_ALLOW_RUN: 'false' });
    try {
      const names = (await docent.client.listTools()).tools.map((t) => t.name);
      expect(names).not.toContain('debug_start');
      expect(names).toContain('docs_search');
    } finally {
      await docent.close();
    }
    const r = runCli(['--root', root, '--json', 'debug', 'app.py', '--break', 'app.py:13'], { cwd: root, env: { DOCENT_ALLOW_RUN: 'false' } });
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout).error.code).toBe('E_RUN_DENIED');
  });
});

describe('docent debug (CLI)', () => {
  it('prints the stop context and ends the session', () => {
    const r = runCli(['--root', root, 'debug', 'app.py', '--break', 'app.py:13'], { cwd: root });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('stopped (breakpoint) in line_total at app.py:13');
    expect(r.stdout).toMatch(/locals:\n\s+item \(Item\)/);
    expect(r.stdout).toContain('#2 main app.py:26');
  });

  it('says when a breakpoint does not bind', () => {
    const r = runCli(['--root', root, 'debug', 'app.py', '--break', 'app.py:999'], { cwd: root });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/app.py:999 NOT bound \(line 999 is past the end/);
    expect(r.stdout).toContain('exited with code 0');
  });
});
