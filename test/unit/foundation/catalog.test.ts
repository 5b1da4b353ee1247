import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { manifestEntries, selectEntries, type ToolManifest } from '../../../src/mcp/catalog.js';

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A manifest and one tool module beside it, as dist/mcp/ holds them. */
function fixture(version: string): URL {
  const dir = mkdtempSync(path.join(tmpdir(), 'docent-catalog-'));
  made.push(dir);
  mkdirSync(path.join(dir, 'tools'));
  // A group module as tsc emits it: an exported array of tool definitions.
  writeFileSync(
    path.join(dir, 'tools/echo.js'),
    "export const echoTools = [{ name: 'echo', group: 'workspace', inputSchema: {}, outputSchema: {}, handler: async (i) => i, render: () => '' }];\n",
  );
  const manifest: ToolManifest = {
    version: '1.2.3',
    tools: [
      { name: 'echo', group: 'workspace', module: 'echo.js', listing: { name: 'echo', inputSchema: { type: 'object' } }, accepted: ['text'] },
      { name: 'ghost', group: 'info', module: 'echo.js', listing: { name: 'ghost', inputSchema: { type: 'object' } }, accepted: null },
    ],
  };
  writeFileSync(path.join(dir, 'tools-manifest.json'), JSON.stringify({ ...manifest, version }));
  return pathToFileURL(path.join(dir, 'tools-manifest.json'));
}

describe('the tool catalog from a manifest', () => {
  it('lists tools without loading their module, and loads it on first use', async () => {
    const entries = manifestEntries('1.2.3', fixture('1.2.3'))!;
    expect(entries.map((e) => [e.name, e.group, e.accepted])).toEqual([
      ['echo', 'workspace', ['text']],
      ['ghost', 'info', null],
    ]);
    expect(entries[0]!.listing).toEqual({ name: 'echo', inputSchema: { type: 'object' } });
    const tool = await entries[0]!.load();
    expect(tool.name).toBe('echo');
    expect(await entries[0]!.load()).toBe(tool);
    await expect(entries[1]!.load()).rejects.toThrow(/ghost is listed in the tool manifest but not defined in echo\.js/);
  });

  it('ignores a manifest from another version or a missing one', () => {
    expect(manifestEntries('9.9.9', fixture('1.2.3'))).toBeNull();
    expect(manifestEntries('1.2.3', pathToFileURL(path.join(tmpdir(), 'no-such-dir', 'tools-manifest.json')))).toBeNull();
  });

  it('selects by tool or group name and refuses unknown names', () => {
    const all = manifestEntries('1.2.3', fixture('1.2.3'))!;
    expect(selectEntries(['info'], all).map((e) => e.name)).toEqual(['ghost']);
    expect(selectEntries(['echo'], all).map((e) => e.name)).toEqual(['echo']);
    expect(() => selectEntries(['nope'], all)).toThrow(/Unknown tool or group "nope"/);
  });
});
