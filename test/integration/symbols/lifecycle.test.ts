import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { which } from '../../../src/core/lsp/resolve-command.js';
import { probeServers } from '../../../src/core/lsp/probe.js';
import { isAlive, makeContext, MOCK_SERVER, waitFor } from './helpers.js';

/**
 * Lifecycle behaviour that needs a server to misbehave on cue (hang, ignore cancellation) uses
 * a tiny LSP server (fixtures/symbols/mock-lsp) configured like any user-defined server.
 */
function mockWorkspace(mockArgs: string[], lsp: Record<string, unknown> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'docent-lsp-'));
  writeFileSync(path.join(dir, 'a.mock'), 'function fastThing() {}\n');
  const log = path.join(dir, 'server.log');
  const env = makeContext([dir], {
    lsp: {
      requestTimeoutMs: 800,
      ...lsp,
      servers: { mock: { command: process.execPath, args: [MOCK_SERVER, `--log=${log}`, ...mockArgs], extensions: ['.mock'], languages: ['mock'] } },
    },
  });
  return { dir, log, env, logText: () => (existsSync(log) ? readFileSync(log, 'utf8') : '') };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('language-server lifecycle', () => {
  it('a slow hover for details is not cancelled: the answer comes without it, says so, and the next call has it from the cache', async () => {
    const m = mockWorkspace(['--hover-delay=1500'], { requestTimeoutMs: 8000 });
    cleanups.push(() => m.env.services.disposeAll());
    const first = await m.env.search({ query: 'fast' });
    expect(first.symbols.map((s) => s.name)).toEqual(['fastThing']);
    expect(first.symbols[0]!.documentation).toBeUndefined();
    expect(first.warnings.join(' ')).toMatch(/No signature or documentation for 1 of the top 1 symbols \(fastThing\).*hover did not answer within 150 ms/);
    expect(await waitFor(() => m.logText().includes('hover answered'), 10_000)).toBe(true);
    const second = await m.env.search({ query: 'fast' });
    expect(second.symbols[0]!.documentation).toBe('Does fast things.');
    expect(second.warnings.filter((w) => w.includes('No signature'))).toEqual([]);
    expect(m.logText()).not.toContain('hover cancelled');
  });

  it('a reference count still running when the budget ends is not cancelled: the answer says so and the server lives on', async () => {
    const m = mockWorkspace(['--references-delay=2000']);
    cleanups.push(() => m.env.services.disposeAll());
    const r = await m.env.search({ query: 'fast', include_references: true });
    expect(r.symbols.map((s) => s.name)).toEqual(['fastThing']);
    expect(r.symbols[0]!.references_count).toBeUndefined();
    expect(r.warnings.join(' ')).toMatch(/references_count was counted for 0 of the top 1 symbols before the time budget ran out/);
    const pid = m.env.manager().list()[0]!.pid;
    expect(await waitFor(() => m.logText().includes('references answered'), 10_000)).toBe(true);
    expect(m.logText()).not.toContain('references cancelled');
    expect(m.env.manager().list()[0]!.pid).toBe(pid);
  });

  it('a timed-out request is cancelled with $/cancelRequest and the caller gets E_TIMEOUT', async () => {
    const m = mockWorkspace([]);
    cleanups.push(() => m.env.services.disposeAll());
    expect((await m.env.search({ query: 'fast', include_details: false })).symbols.map((s) => s.name)).toEqual(['fastThing']);
    const t0 = Date.now();
    await expect(m.env.search({ query: 'slow', include_details: false })).rejects.toMatchObject({ code: 'E_TIMEOUT' });
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(await waitFor(() => m.logText().includes('cancelled slow'))).toBe(true);
    // The server is still healthy and answers the next request.
    expect((await m.env.search({ query: 'fast', include_details: false })).symbols).toHaveLength(1);
  });

  it('a server that ignores the cancellation is killed, and restarts on the next request', async () => {
    const m = mockWorkspace(['--deaf']);
    cleanups.push(() => m.env.services.disposeAll());
    await m.env.search({ query: 'fast', include_details: false });
    const server = m.env.manager().list()[0]!;
    const pid = server.pid!;
    await expect(m.env.search({ query: 'hang', include_details: false })).rejects.toMatchObject({ code: 'E_TIMEOUT' });
    expect(await waitFor(() => !isAlive(pid), 5000)).toBe(true);
    const r = await m.env.search({ query: 'fast', include_details: false });
    expect(r.symbols).toHaveLength(1);
    expect(server.pid).not.toBe(pid);
  });

  it('the caller\'s abort signal cancels the request in the server', async () => {
    const m = mockWorkspace([], { requestTimeoutMs: 30_000 });
    cleanups.push(() => m.env.services.disposeAll());
    await m.env.search({ query: 'fast', include_details: false });
    const ac = new AbortController();
    const p = m.env.search({ query: 'abortme', include_details: false }, ac.signal);
    await waitFor(() => m.logText().includes('workspace/symbol abortme'));
    ac.abort();
    await expect(p).rejects.toMatchObject({ code: 'E_CANCELLED' });
    expect(await waitFor(() => m.logText().includes('cancelled abortme'))).toBe(true);
  });

  it('a configured server whose program does not exist is E_NO_SERVER with a hint', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docent-lsp-'));
    writeFileSync(path.join(dir, 'a.mock'), 'x\n');
    const env = makeContext([dir], { lsp: { servers: { mock: { command: 'docent-no-such-language-server', extensions: ['.mock'] } } } });
    cleanups.push(() => env.services.disposeAll());
    const err = await env.search({ query: 'x' }).catch((e) => e);
    expect(err.code).toBe('E_NO_SERVER');
    expect(err.hint).toMatch(/docent-no-such-language-server/);
    const file = await env.search({ query: 'x', files: ['a.mock'] }).catch((e) => e);
    expect(file.code).toBe('E_NO_SERVER');
  });

  it.skipIf(Boolean(which('gopls')))('a missing built-in server names its install command', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docent-lsp-'));
    writeFileSync(path.join(dir, 'go.mod'), 'module example.com/x\n\ngo 1.21\n');
    writeFileSync(path.join(dir, 'main.go'), 'package main\n\nfunc main() {}\n');
    const env = makeContext([dir]);
    cleanups.push(() => env.services.disposeAll());
    const err = await env.search({ query: 'main' }).catch((e) => e);
    expect(err.code).toBe('E_NO_SERVER');
    expect(err.hint).toBe('go install golang.org/x/tools/gopls@latest');
  });

  it('a file type no server handles is E_NO_SERVER', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docent-lsp-'));
    writeFileSync(path.join(dir, 'notes.xyz'), 'x\n');
    const env = makeContext([dir]);
    cleanups.push(() => env.services.disposeAll());
    await expect(env.search({ query: 'x', files: ['notes.xyz'] })).rejects.toMatchObject({ code: 'E_NO_SERVER' });
    // A workspace with nothing to search says so instead of answering silently empty.
    const r = await env.search({ query: 'x' });
    expect(r.index_status).toBe('unavailable');
    expect(r.warnings[0]).toMatch(/No source files/);
  });

  it('idle servers are shut down cleanly, and start again when needed', async () => {
    const m = mockWorkspace([], { idleShutdownMs: 1000 });
    cleanups.push(() => m.env.services.disposeAll());
    await m.env.search({ query: 'fast', include_details: false });
    const server = m.env.manager().list()[0]!;
    const pid = server.pid!;
    expect(await waitFor(() => !server.running, 8000)).toBe(true);
    expect(await waitFor(() => !isAlive(pid))).toBe(true);
    expect(m.logText()).toMatch(/shutdown/);
    expect((await m.env.search({ query: 'fast', include_details: false })).symbols).toHaveLength(1);
  });

  it('dispose shuts every server down (shutdown request, no orphan)', async () => {
    const m = mockWorkspace([]);
    await m.env.search({ query: 'fast', include_details: false });
    const pid = m.env.manager().list()[0]!.pid!;
    await m.env.services.disposeAll();
    expect(isAlive(pid)).toBe(false);
    expect(m.logText()).toMatch(/shutdown/);
  });

  it('probeServers reports each built-in server with path, version and install hint', async () => {
    const probes = await probeServers();
    expect(probes.map((p) => p.name)).toEqual(['clangd', 'typescript', 'pyright', 'rust-analyzer', 'gopls']);
    const clangd = probes.find((p) => p.name === 'clangd')!;
    expect(clangd.ok).toBe(true);
    expect(clangd.version).toMatch(/clangd version \d+/);
    const pyright = probes.find((p) => p.name === 'pyright')!;
    expect(pyright.command).toMatch(/node_modules\/pyright/);
    expect(pyright.version).toMatch(/^pyright \d/);
    for (const p of probes) expect(p.install.length).toBeGreaterThan(5);
    const gopls = probes.find((p) => p.name === 'gopls')!;
    if (!which('gopls')) expect(gopls).toMatchObject({ command: null, ok: false });
  });
});
