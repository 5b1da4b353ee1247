import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startDocent } from '../../helpers/docent.js';
import { startHttpDocent } from '../../helpers/http-server.js';

const RUN_TOOLS = ['build', 'test_list', 'test_run', 'test_coverage'];
let root: string;
let plain: Awaited<ReturnType<typeof startHttpDocent>>;
let allowed: Awaited<ReturnType<typeof startHttpDocent>>;

async function toolNames(url: string): Promise<string[]> {
  const client = new Client({ name: 'policy-test', version: '0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    return (await client.listTools()).tools.map((t) => t.name);
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-run-policy-'));
  writeFileSync(path.join(root, 'a.txt'), 'a\n');
  [plain, allowed] = await Promise.all([startHttpDocent(['--root', root, '--no-index']), startHttpDocent(['--root', root, '--no-index', '--allow-run'])]);
});
afterAll(async () => {
  await Promise.all([plain?.stop(), allowed?.stop()]);
  rmSync(root, { recursive: true, force: true });
});

describe('the run group and allowRun', () => {
  it('is off over HTTP unless --allow-run', async () => {
    const names = await toolNames(plain.url);
    expect(names).toContain('workspace_files');
    for (const t of RUN_TOOLS) expect(names).not.toContain(t);
    const withRun = await toolNames(allowed.url);
    for (const t of RUN_TOOLS) expect(withRun).toContain(t);
  });

  it('is on over stdio, annotated as not read-only, and refused with E_RUN_DENIED when allowRun is false', async () => {
    const on = await startDocent(['--root', root, '--no-index']);
    try {
      const tools = (await on.client.listTools()).tools.filter((t) => RUN_TOOLS.includes(t.name));
      expect(tools.map((t) => t.name).sort()).toEqual([...RUN_TOOLS].sort());
      for (const t of tools) expect(t.annotations?.readOnlyHint).toBe(false);
    } finally {
      await on.close();
    }
    const off = await startDocent(['--root', root, '--no-index'], { DOCENT_ALLOW_RUN: 'false' });
    try {
      // One rule with the debug tools: still listed over stdio, so a call says why it is refused.
      const r = await off.call('test_list', {});
      expect(r.isError).toBe(true);
      expect(errorOf(r).code).toBe('E_RUN_DENIED');
    } finally {
      await off.close();
    }
  });
});
