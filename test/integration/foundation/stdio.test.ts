import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCENT_BIN, errorOf, startDocent, type DocentSession } from '../../helpers/docent.js';

let root: string;
let session: DocentSession;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-e2e-'));
  mkdirSync(path.join(root, 'src'));
  mkdirSync(path.join(root, 'ignored-dir'));
  writeFileSync(path.join(root, '.gitignore'), 'ignored-dir/\n*.log\n');
  writeFileSync(path.join(root, 'src', 'main.ts'), 'export {};\n');
  writeFileSync(path.join(root, 'src', 'util.ts'), 'export {};\n');
  writeFileSync(path.join(root, 'README.md'), '# x\n');
  writeFileSync(path.join(root, 'debug.log'), 'noise\n');
  writeFileSync(path.join(root, 'ignored-dir', 'x.ts'), 'export {};\n');
  symlinkSync(tmpdir(), path.join(root, 'escape'));
  session = await startDocent(['--root', root, '--no-index']);
});

afterAll(async () => {
  await session?.close();
});

describe('docent serve over stdio, driven by the MCP SDK client', () => {
  it('initializes with server info and instructions', () => {
    const info = session.client.getServerVersion();
    expect(info?.name).toBe('docent');
    expect(info?.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(session.client.getInstructions()).toContain('docent');
    expect(session.client.getServerCapabilities()?.tools).toBeDefined();
  });

  it('lists tools whose names are valid and whose schemas are objects', async () => {
    const { tools } = await session.client.listTools();
    expect(tools.length).toBeGreaterThan(0);
    for (const t of tools) {
      expect(t.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
      expect(t.description?.length).toBeGreaterThan(20);
    }
    expect(tools.map((t) => t.name)).toContain('workspace_files');
  });

  it('answers a tools/call with structuredContent and text, honouring .gitignore', async () => {
    const r = await session.call('workspace_files', {});
    expect(r.isError).toBeFalsy();
    const out = r.structuredContent as { files: string[]; truncated: boolean };
    expect(out.files).toEqual(['.gitignore', 'README.md', 'src/main.ts', 'src/util.ts']);
    expect(out.truncated).toBe(false);
    expect((r.content[0] as { text: string }).text).toContain('src/main.ts');
  });

  it('pages a truncated answer with offset', async () => {
    const first = (await session.call('workspace_files', { max_results: 2 })).structuredContent as { files: string[]; truncated: boolean; next_offset: number };
    expect(first.files).toHaveLength(2);
    expect(first.truncated).toBe(true);
    const second = (await session.call('workspace_files', { max_results: 2, offset: first.next_offset })).structuredContent as { files: string[]; truncated: boolean };
    expect(second.files).toEqual(['src/main.ts', 'src/util.ts']);
    expect(second.truncated).toBe(false);
  });

  it('refuses paths outside the roots with E_OUTSIDE_WORKSPACE', async () => {
    for (const p of ['..', '/etc', 'escape', '..\\..\\etc']) {
      const r = await session.call('workspace_files', { path: p });
      expect(r.isError, p).toBe(true);
      expect(errorOf(r).code, p).toBe('E_OUTSIDE_WORKSPACE');
      expect(errorOf(r).hint.length).toBeGreaterThan(0);
    }
  });

  it('refuses patterns that lead out of the roots, takes absolute ones inside, and says why a listing is empty', async () => {
    for (const pattern of ['../**', '/etc/*', 'src/../../*']) {
      const r = await session.call('workspace_files', { pattern });
      expect(errorOf(r).code, pattern).toBe('E_OUTSIDE_WORKSPACE');
    }
    const abs = (await session.call('workspace_files', { pattern: `${root}/src/*.ts` })).structuredContent as { files: string[]; warnings: string[] };
    expect(abs.files).toEqual(['src/main.ts', 'src/util.ts']);
    // Anchored at the root: top-level files only, no basename matching anywhere below.
    const top = (await session.call('workspace_files', { pattern: `${root}/*.ts` })).structuredContent as { files: string[] };
    expect(top.files).toEqual([]);
    expect(((await session.call('workspace_files', { pattern: `${root}/*.md` })).structuredContent as { files: string[] }).files).toEqual(['README.md']);
    expect(abs.warnings).toEqual([]);
    const none = await session.call('workspace_files', { pattern: '*.rs' });
    expect((none.structuredContent as { files: string[] }).files).toEqual([]);
    expect((none.structuredContent as { warnings: string[] }).warnings[0]).toMatch(/^None of the 4 file\(s\) listed matches "\*\.rs"/);
    expect((none.content as Array<{ text: string }>)[0]!.text).toContain('note: None of the 4 file(s)');
  });

  it('answers bad input with E_BAD_INPUT and a hint', async () => {
    const r = await session.call('workspace_files', { max_results: 'lots' });
    expect(r.isError).toBe(true);
    expect(errorOf(r).code).toBe('E_BAD_INPUT');
    expect(errorOf(r).message).toContain('max_results');
  });

  it('answers an unknown tool with a protocol error naming the tools', async () => {
    await expect(session.call('no_such_tool', {})).rejects.toThrow(/Unknown tool/);
  });

});

describe('--tools', () => {
  it('exposes only the selected tools', async () => {
    const s = await startDocent(['--root', root, '--no-index', '--tools', 'workspace']);
    try {
      const names = (await s.client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(['workspace_files']);
    } finally {
      await s.close();
    }
  });
});

describe('stdout carries only JSON-RPC, even with debug logging', () => {
  it('writes logs to stderr and nothing else to stdout', async () => {
    const child = spawn(process.execPath, [DOCENT_BIN, 'serve', '--root', root, '--no-index'], {
      env: { ...process.env, DOCENT_LOG: 'debug' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const send = (m: object) => child.stdin.write(JSON.stringify(m) + '\n');
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'workspace_files', arguments: { path: '..' } } });
    const deadline = Date.now() + 20_000;
    while (!out.includes('"id":3') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    child.stdin.end();
    await new Promise((r) => child.once('exit', r));
    const lines = out.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    // Verbose logging was on and did go somewhere: stderr.
    expect(err).toMatch(/\[docent[^\]]*\] (info|debug): /);
  });
});
