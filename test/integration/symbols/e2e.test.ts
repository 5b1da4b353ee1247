import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, runCli, startDocent, type DocentSession } from '../../helpers/docent.js';
import { FIXTURES, isAlive, waitFor } from './helpers.js';

// Through the real MCP server (dist/, stdio) and the real CLI, on the Python fixture.
const root = path.join(FIXTURES, 'py');
let session: DocentSession;

beforeAll(async () => {
  session = await startDocent(['--root', root]);
  // search_symbols takes signatures and docs from the docs index: let it finish.
  await session.call('index_status', { wait: true, timeout_ms: 60_000 });
});
afterAll(async () => {
  await session?.close();
});

function childPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).split('\n').map((s) => Number(s.trim())).filter(Boolean);
  } catch {
    return [];
  }
}

describe('search_symbols end to end', () => {
  it('answers over MCP with structured content and a text rendering', async () => {
    const res = await session.call('search_symbols', { query: 'Cart' });
    expect(res.isError).toBeFalsy();
    const out = res.structuredContent as { total_matches: number; index_status: string; symbols: Array<{ qualified_name: string; kind: string; documentation?: string }> };
    expect(out.index_status).toBe('ready');
    const cart = out.symbols.find((s) => s.qualified_name === 'Cart')!;
    expect(cart.kind).toBe('class');
    expect(cart.documentation).toBe('A shopping cart.');
    const text = (res.content as Array<{ type: string; text: string }>)[0]!.text;
    expect(text).toMatch(/class Cart {2}shop\/models\.py:20:7/);
  });

  it('bad input is E_BAD_INPUT', async () => {
    const res = await session.call('search_symbols', { query: 'x', kinds: ['gadget'] });
    expect(res.isError).toBe(true);
    expect(errorOf(res).code).toBe('E_BAD_INPUT');
  });

  it('paths outside the workspace are refused', async () => {
    const res = await session.call('search_symbols', { query: 'x', files: ['../../../../../etc/passwd'] });
    expect(res.isError).toBe(true);
    expect(errorOf(res).code).toBe('E_OUTSIDE_WORKSPACE');
  });

  it('the CLI prints text, JSON and exit codes', () => {
    const text = runCli(['--root', root, 'symbols', 'apply_discount', '--kind', 'function']);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/^1 symbol\(s\) for "apply_discount"/);
    expect(text.stdout).toMatch(/function apply_discount {2}shop\/pricing\.py:5:5/);
    const json = runCli(['--root', root, 'symbols', 'Product.price', '--file', 'shop/models.py', '--json', '--no-details']);
    expect(json.status).toBe(0);
    const parsed = JSON.parse(json.stdout) as { symbols: Array<{ qualified_name: string }> };
    expect(parsed.symbols.map((s) => s.qualified_name).sort()).toEqual(['Product.price', 'Product.price_with_tax']);
    const none = runCli(['--root', root, 'symbols', 'zzzqqq_nothing', '--no-details']);
    expect(none.status).toBe(1);
  });

  it('without a docs index, search_symbols still answers and says where details could not come from', () => {
    const r = runCli(['--root', root, '--json', 'symbols', 'apply_discount'], { env: { DOCENT_INDEX_DIR: mkdtempSync(path.join(tmpdir(), 'docent-empty-idx-')) } });
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { symbols: Array<{ name: string }>; warnings: string[] };
    expect(out.symbols.map((s) => s.name)).toContain('apply_discount');
    expect(out.warnings.some((w) => w.includes('no docs index has been built for this workspace yet'))).toBe(true);
  });

  it('SIGTERM on docent leaves no language server behind', async () => {
    const own = await startDocent(['--root', root, '--no-index']);
    await own.call('search_symbols', { query: 'Cart', include_details: false });
    const transport = own.client.transport as unknown as { pid: number | null };
    const docentPid = transport.pid!;
    const servers = childPids(docentPid);
    expect(servers.length).toBeGreaterThan(0);
    process.kill(docentPid, 'SIGTERM');
    expect(await waitFor(() => !isAlive(docentPid), 10_000)).toBe(true);
    expect(await waitFor(() => servers.every((p) => !isAlive(p)), 5000)).toBe(true);
    await own.close().catch(() => {});
  });
});
