import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DiagnosticsInput, diagnostics } from '../../../src/features/check/index.js';
import { makeContext } from '../symbols/helpers.js';
import { CHECK_FIXTURES } from './helpers.js';

// A server that never finishes indexing (or never publishes) must give complete: false with the
// reason, never a silent empty list. The misbehaviour needs a server that does it on cue.
const MOCK = path.join(CHECK_FIXTURES, 'mock-lsp/server.mjs');
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function mock(args: string[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'docent-check-mock-'));
  writeFileSync(path.join(dir, 'a.mock'), 'anything\n');
  const env = makeContext([dir], {
    // readyTimeoutMs bounds the server's start too: generous, so a loaded machine cannot fail the start.
    lsp: { requestTimeoutMs: 700, readyTimeoutMs: 6000, servers: { mock: { command: process.execPath, args: [MOCK, ...args], extensions: ['.mock'], languages: ['mock'] } } },
  });
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }), () => env.services.disposeAll());
  return (input: Record<string, unknown>) => diagnostics(DiagnosticsInput.parse(input), env.ctx);
}

describe('diagnostics that cannot be complete say so', () => {
  it('a server still indexing: complete false with the reason, although it published an empty list', async () => {
    const r = await mock([])({ files: ['a.mock'] });
    expect(r.diagnostics).toEqual([]);
    expect(r.complete).toBe(false);
    expect(r.incomplete).toEqual([{ file: 'a.mock', reason: expect.stringMatching(/still indexing \(Indexing 3%\)/) }]);
    expect(r.computed_on).toEqual([expect.objectContaining({ file: 'a.mock', via: 'push', lsp_version: 1 })]);
  });

  it('a server that never publishes: complete false after the bound, with the version waited for', async () => {
    const r = await mock(['--silent'])({ files: ['a.mock'] });
    expect(r.complete).toBe(false);
    expect(r.incomplete[0]!.reason).toMatch(/did not publish diagnostics for this content \(version 1\) within 6000 ms \(it is still indexing\)/);
  });
});
