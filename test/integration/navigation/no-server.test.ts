import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { navContext } from './helpers.js';

// Seed edge case 6: no language server for the file type. No real server starts here.
const dir = mkdtempSync(path.join(tmpdir(), 'docent-nav-noserver-'));
writeFileSync(path.join(dir, 'go.mod'), 'module example.com/x\n\ngo 1.21\n');
writeFileSync(path.join(dir, 'main.go'), 'package main\n\n// Hello says hello.\nfunc Hello() {}\n\nfunc main() { Hello() }\n');
writeFileSync(path.join(dir, 'notes.xyz'), 'Hello\n');
// gopls pointed at a program that does not exist, so the test means the same on every machine.
const env = navContext(dir, { lsp: { servers: { gopls: { command: 'docent-no-such-gopls' } } } });
afterAll(async () => {
  await env.services.disposeAll();
  rmSync(dir, { recursive: true, force: true });
});

describe('seed edge case 6: no language server for the file type', () => {
  it('a file type no server handles: E_NO_SERVER saying how to add one', async () => {
    const err = await env.doc({ symbol_name: 'Hello', file_path: 'notes.xyz' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'E_NO_SERVER' });
    expect((err as { hint: string }).hint).toMatch(/lsp\.servers/);
  });

  it('a server that is not installed: E_NO_SERVER with the install command', async () => {
    const err = await env.doc({ symbol_name: 'Hello', file_path: 'main.go' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'E_NO_SERVER' });
    expect((err as { hint: string }).hint).toContain('go install golang.org/x/tools/gopls@latest');
    // The navigation tools say the same.
    await expect(env.outline({ file: 'main.go' })).rejects.toMatchObject({ code: 'E_NO_SERVER' });
    await expect(env.references({ file: 'main.go', line: 4, character: 6 })).rejects.toMatchObject({ code: 'E_NO_SERVER' });
  });
});
