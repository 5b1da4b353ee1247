import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** Repository root and the built CLI entry (tests run against dist/, built by scripts/test.sh). */
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DOCENT_BIN = path.join(REPO, 'dist/cli/main.js');

/**
 * The built DocsIndex (dist/), whose worker threads exist (extraction writers, the vectors'
 * thread); run from the sources, the same class does that work on the calling thread. Typed as
 * the sources' class, which it is compiled from.
 */
export async function builtDocsIndex(): Promise<typeof import('../../src/core/index/service.js').DocsIndex> {
  return ((await import(pathToFileURL(path.join(REPO, 'dist/core/index/service.js')).href)) as typeof import('../../src/core/index/service.js')).DocsIndex;
}

export interface DocentSession {
  client: Client;
  stderr: () => string;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/**
 * Spawn `docent serve` over stdio with the given extra arguments and connect the SDK client.
 * The index directory defaults to a fresh temp dir so tests never touch ~/.cache.
 */
export async function startDocent(args: string[], env: Record<string, string> = {}): Promise<DocentSession> {
  let err = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [DOCENT_BIN, 'serve', ...args],
    env: {
      ...(process.env as Record<string, string>),
      DOCENT_INDEX_DIR: mkdtempSync(path.join(tmpdir(), 'docent-idx-')),
      ...env,
    },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const client = new Client({ name: 'docent-test', version: '0.0.0' });
  await client.connect(transport);
  return {
    client,
    stderr: () => err,
    call: (name, a = {}) => client.callTool({ name, arguments: a }) as Promise<CallToolResult>,
    close: () => client.close(),
  };
}

/** Run the CLI once; returns exit status, stdout and stderr. */
export function runCli(args: string[], opts: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {}) {
  const r = spawnSync(process.execPath, [DOCENT_BIN, ...args], {
    cwd: opts.cwd ?? REPO,
    env: { ...process.env, ...opts.env },
    encoding: 'utf8',
    timeout: opts.timeoutMs ?? 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The structured error of an isError tool result. */
export function errorOf(result: CallToolResult): { code: string; message: string; hint: string } {
  return (result.structuredContent as { error: { code: string; message: string; hint: string } }).error;
}
