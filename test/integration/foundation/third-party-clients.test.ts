import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCENT_BIN, REPO } from '../../helpers/docent.js';
import { startHttpDocent } from '../../helpers/http-server.js';

const bin = (name: string) => path.join(REPO, 'node_modules', '.bin', name);
let root: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-3p-'));
  writeFileSync(path.join(root, 'a.txt'), 'a\n');
});

describe('MCP Inspector CLI (stdio)', () => {
  it('lists docent tools', () => {
    const r = spawnSync(bin('mcp-inspector'), ['--cli', process.execPath, DOCENT_BIN, 'serve', '--root', root, '--no-index', '--method', 'tools/list'], {
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { tools: { name: string }[] };
    expect(out.tools.map((t) => t.name)).toContain('workspace_files');
  });

  it('calls a tool', () => {
    const r = spawnSync(
      bin('mcp-inspector'),
      ['--cli', process.execPath, DOCENT_BIN, 'serve', '--root', root, '--no-index', '--method', 'tools/call', '--tool-name', 'workspace_files', '--tool-arg', 'pattern=*.txt'],
      { encoding: 'utf8', timeout: 90_000 },
    );
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { structuredContent: { files: string[] } };
    expect(out.structuredContent.files).toEqual(['a.txt']);
  });
});

describe('MCP conformance suite (Streamable HTTP)', () => {
  let server: Awaited<ReturnType<typeof startHttpDocent>>;
  beforeAll(async () => {
    server = await startHttpDocent(['--root', root, '--no-index']);
  });
  afterAll(async () => {
    await server?.stop();
  });

  for (const scenario of ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection']) {
    it(`passes ${scenario}`, () => {
      // The suite requires a localhost URL for the DNS-rebinding scenario.
      const url = server.url.replace('127.0.0.1', 'localhost');
      const r = spawnSync(bin('conformance'), ['server', '--url', url, '--scenario', scenario], { encoding: 'utf8', timeout: 90_000 });
      const output = r.stdout + r.stderr;
      expect(r.status, output).toBe(0);
      expect(output).toMatch(/Passed: (\d+)\/\1, 0 failed/);
    });
  }
});
