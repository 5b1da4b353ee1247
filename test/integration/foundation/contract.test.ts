import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startDocent, type DocentSession } from '../../helpers/docent.js';

/**
 * Contract checks found by driving docent as an agent would, through the MCP SDK client, which
 * validates every structuredContent against the tool's published output schema.
 */

let root: string;
let infoDir: string;
let session: DocentSession;

const MENU_SIZE = 150;

/** A manual whose Top menu is as long as a big real one (autoconf's has 272 entries). */
function buildWideManual(dir: string): void {
  const nodes = Array.from({ length: MENU_SIZE }, (_, i) => `Chapter ${i + 1}`);
  const texi = [
    '\\input texinfo',
    '@setfilename wide.info',
    '@settitle Wide Manual',
    '@node Top',
    '@top Wide Manual',
    '',
    'A manual with a long menu.',
    '',
    '@menu',
    ...nodes.map((n) => `* ${n}::   Describes ${n.toLowerCase()} in some detail, like a real menu entry.`),
    '@end menu',
    '',
    ...nodes.flatMap((n) => [`@node ${n}`, `@chapter ${n}`, '', `Text of ${n}.`, '']),
    '@bye',
    '',
  ].join('\n');
  writeFileSync(path.join(dir, 'wide.texi'), texi);
  execFileSync('makeinfo', ['--no-split', '-o', path.join(dir, 'wide.info'), path.join(dir, 'wide.texi')], { stdio: 'pipe' });
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-contract-'));
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'src', 'util.ts'), '/** Add two numbers. */\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n');
  infoDir = mkdtempSync(path.join(tmpdir(), 'docent-contract-info-'));
  buildWideManual(infoDir);
  session = await startDocent(['--root', root, '--info-dir', infoDir]);
}, 60_000);

afterAll(async () => {
  await session?.close();
});

describe('the MCP contract, as a validating client sees it', () => {
  it('index_status answers (its own `error: null` field passes the published output schema)', async () => {
    // Before: the published schema replaced the status's `error` (string | null) with the error
    // payload object, so the SDK client rejected every successful index_status answer.
    const r = await session.call('index_status', { wait: true, timeout_ms: 30_000 });
    expect(r.isError).toBeFalsy();
    const s = r.structuredContent as { state: string; error: string | null; items: number };
    expect(s.state).toBe('ready');
    expect(s.error).toBeNull();
    expect(s.items).toBeGreaterThan(0);
  });

  it('info_read_node keeps a long Top menu within budget and pages it with menu_offset', async () => {
    const first = await session.call('info_read_node', { manual: 'wide', node: 'Top' });
    expect(first.isError).toBeFalsy();
    const a = first.structuredContent as { menu: Array<{ node: string }>; menu_total: number; menu_next_offset: number | null; content: string };
    expect(a.menu_total).toBe(MENU_SIZE);
    expect(a.menu.length).toBeLessThan(MENU_SIZE);
    expect(a.menu[0]!.node).toBe('Chapter 1');
    expect(a.menu_next_offset).toBe(a.menu.length);
    expect(a.content).toContain(`* Chapter ${MENU_SIZE}::`); // the menu text itself is still in content

    const rest = (await session.call('info_read_node', { manual: 'wide', node: 'Top', menu_offset: a.menu_next_offset!, max_menu: 1000 }))
      .structuredContent as typeof a;
    expect(rest.menu[0]!.node).toBe(`Chapter ${a.menu.length + 1}`);
    expect(a.menu.length + rest.menu.length).toBe(MENU_SIZE);
    expect(rest.menu_next_offset).toBeNull();

    const all = (await session.call('info_read_node', { manual: 'wide', node: 'Top', max_menu: 1000 })).structuredContent as typeof a;
    expect(all.menu.length).toBe(MENU_SIZE);
    expect(all.menu_next_offset).toBeNull();
  });

  it('docs_resolve refuses a context path outside the roots instead of reading it as a module', async () => {
    // Before: "/etc/passwd" or "../x.ts" silently became a module name and the call succeeded.
    await session.call('index_status', { wait: true, timeout_ms: 30_000 });
    for (const context of ['/etc/passwd', '../outside.ts', path.join(path.dirname(root), 'elsewhere', 'x.ts')]) {
      const r = await session.call('docs_resolve', { symbol: 'add', context });
      expect(r.isError, context).toBe(true);
      expect(errorOf(r).code).toBe('E_OUTSIDE_WORKSPACE');
      expect(errorOf(r).hint.length).toBeGreaterThan(10);
    }
    for (const context of ['src/util.ts', 'src/util', 'no/such/module']) {
      const r = await session.call('docs_resolve', { symbol: 'add', context });
      expect(r.isError, context).toBeFalsy();
      expect((r.structuredContent as { id: string }).id).toMatch(/add$/);
    }
  });
});
