import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolsOfModule, type ToolManifest } from '../../../src/mcp/catalog.js';
import { acceptedKeys, listing } from '../../../src/mcp/listing.js';
import { ALL_TOOLS } from '../../../src/mcp/tools/index.js';
import { VERSION } from '../../../src/core/version.js';
import { REPO, startDocent, type DocentSession } from '../../helpers/docent.js';

// `docent serve` lists its tools from dist/mcp/tools-manifest.json, written at build time by
// scripts/post-build.mjs, and loads a tool group's code on first call. The manifest must say
// exactly what the live zod schemas say: if they drift, clients validate against the wrong
// schemas. (A stale manifest means the build skipped post-build: run `npm run build`.)
const file = path.join(REPO, 'dist/mcp/tools-manifest.json');
const manifest = JSON.parse(readFileSync(file, 'utf8')) as ToolManifest;

describe('the build-time tool manifest', () => {
  it('is this version and lists every tool in ALL_TOOLS order', () => {
    expect(manifest.version).toBe(VERSION);
    expect(manifest.tools.map((t) => t.name)).toEqual(ALL_TOOLS.map((t) => t.name));
  });

  it('agrees with the live zod schemas: listing, accepted arguments, group', () => {
    for (const tool of ALL_TOOLS) {
      const entry = manifest.tools.find((t) => t.name === tool.name)!;
      expect(entry.group, tool.name).toBe(tool.group);
      expect(entry.listing, tool.name).toEqual(listing(tool));
      expect(entry.accepted, tool.name).toEqual(acceptedKeys(tool));
    }
  });

  it('names, for each tool, the module under src/mcp/tools that defines it', async () => {
    for (const entry of manifest.tools) {
      const src = path.join(REPO, 'src/mcp/tools', entry.module.replace(/\.js$/, '.ts'));
      expect(existsSync(src), entry.module).toBe(true);
      const mod = (await import(src)) as Record<string, unknown>;
      expect(toolsOfModule(mod).map((t) => t.name), entry.module).toContain(entry.name);
    }
  });
});

describe('docent serve with the manifest', () => {
  let docent: DocentSession;
  beforeAll(async () => {
    docent = await startDocent(['--root', REPO, '--no-index', '--tools', 'workspace']);
  }, 60_000);
  afterAll(async () => docent?.close());

  it('lists the manifest entries and loads the group on the first call', async () => {
    const { tools } = await docent.client.listTools();
    expect(tools).toEqual(manifest.tools.filter((t) => t.group === 'workspace').map((t) => t.listing));
    const r = await docent.call('workspace_files', { pattern: 'package.json' });
    expect(r.isError).toBeFalsy();
    expect((r.structuredContent as { files: string[] }).files).toContain('package.json');
    const bad = await docent.call('workspace_files', { pattern: 'x', max_result: 3 });
    expect((bad.structuredContent as { error: { code: string; message: string } }).error).toMatchObject({ code: 'E_BAD_INPUT', message: expect.stringContaining('did you mean') });
  });
});
