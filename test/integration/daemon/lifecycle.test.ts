import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSampleInfo, daemonWorld, waitFor, type DaemonWorld } from './helpers.js';

/** The daemon's lifecycle and its TCP listener. */

const worlds: DaemonWorld[] = [];
afterEach(async () => {
  while (worlds.length) await worlds.pop()!.cleanup();
});

describe('daemon lifecycle', () => {
  it('exits after daemon.idleExitMs without sessions', async () => {
    const w = daemonWorld({ DOCENT_DAEMON_IDLE_EXIT_MS: '1500' });
    worlds.push(w);
    w.env.DOCENT_INFO_DIRS = buildSampleInfo(path.join(w.base, 'info'));
    expect((await w.run(['daemon', 'start'])).status).toBe(0);
    const r = await w.run(['info', 'frob-list', '-m', 'sample']);
    expect(r.status).toBe(0);
    expect(await waitFor(() => /stopping \(no sessions for 1500 ms\)/.test(w.log()), 20_000)).toBe(true);
    expect((await w.status()).running).toBe(false);
  });

  it('--http also serves MCP and the docs browser on TCP, behind the token', async () => {
    const w = daemonWorld();
    worlds.push(w);
    const started = await w.run(['daemon', 'start', '--http', '127.0.0.1:0', '--token', 'sekret']);
    expect(started.status, started.stderr).toBe(0);
    const url = /and (http:\/\/\S+)\/mcp/.exec(started.stdout)![1]!;
    expect((await fetch(`${url}/`)).status).toBe(401);
    const withToken = await fetch(`${url}/?token=sekret`);
    expect(withToken.status).toBe(200);
    expect(withToken.headers.get('set-cookie')).toMatch(/docent_token=sekret; HttpOnly; SameSite=Strict/);
    expect(await withToken.text()).toContain('<form class="search"');
    const mcp = await fetch(`${url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(mcp.status).toBe(401);
    // DNS-rebinding protection holds for the pages too.
    const port = new URL(url).port;
    const rebound = await new Promise<number>((resolve, reject) => {
      // fetch() will not send another Host header; node:http will.
      http.get(`${url}/?token=sekret`, { headers: { Host: `evil.example:${port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on('error', reject);
    });
    expect(rebound).toBe(403);
  });
});
