import { expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigSchema, type DocentConfigInput } from '../../../src/core/config/schema.js';
import { createLogger } from '../../../src/core/log.js';
import { LspManager } from '../../../src/core/lsp/manager.js';
import { ServiceRegistry } from '../../../src/core/services.js';
import { Workspace } from '../../../src/core/workspace/workspace.js';
import { OwnedSession, type FeatureContext } from '../../../src/features/context.js';
import { SearchSymbolsInput, searchSymbols, type SearchSymbolsResult } from '../../../src/features/symbols/index.js';
import { docsIndexFor } from '../../../src/features/docs/service.js';

export const FIXTURES = path.resolve(__dirname, '../../fixtures/symbols');
export const MOCK_SERVER = path.join(FIXTURES, 'mock-lsp/server.mjs');

/**
 * A feature context over `roots` with its own service registry (so its own servers), and its
 * own docs index directory (never ~/.cache) unless the config names one.
 */
export function makeContext(roots: string[], config: DocentConfigInput = {}) {
  const services = new ServiceRegistry();
  const ctx: FeatureContext = {
    workspace: new Workspace(roots),
    config: ConfigSchema.parse({ ...config, indexDir: config.indexDir ?? mkdtempSync(path.join(tmpdir(), 'docent-test-idx-')) }),
    services,
    signal: new AbortController().signal,
    progress: () => {},
    log: createLogger('test'),
    session: new OwnedSession('test'),
  };
  return {
    ctx,
    services,
    manager: () => LspManager.from(ctx),
    /** Build the docs index of the roots (search_symbols takes signatures and docs from it). */
    indexDocs: async () => {
      await docsIndexFor(ctx);
    },
    search: (input: Record<string, unknown>, signal?: AbortSignal): Promise<SearchSymbolsResult> =>
      searchSymbols(SearchSymbolsInput.parse(input), signal ? { ...ctx, signal } : ctx),
  };
}

/** Configure the CMake fixture with a compilation database, into its gitignored build/. */
export function configureCppFixture(): string {
  const dir = path.join(FIXTURES, 'cpp');
  execFileSync('cmake', ['-S', dir, '-B', path.join(dir, 'build'), '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON'], { stdio: 'ignore' });
  return dir;
}

export function isAlive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function waitFor(cond: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (cond()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return cond();
}

/**
 * Details (signatures, docs, hover) never change which symbols a search answers or their order:
 * the default call against the call without details, over a few broad queries.
 */
export async function expectDetailsKeepTheAnswer(env: ReturnType<typeof makeContext>, queries = ['a', 'e', 'get', 'Cart', 'User']): Promise<void> {
  let seen = 0;
  for (const query of queries) {
    const bare = await env.search({ query, include_details: false, max_results: 200 });
    seen += bare.symbols.length;
    const full = await env.search({ query, max_results: 200 });
    const shape = (r: SearchSymbolsResult) => r.symbols.map((s) => `${s.qualified_name} ${s.kind} ${s.location.file} ${JSON.stringify(s.location.range)}`);
    expect(shape(full)).toEqual(shape(bare));
    expect(full.total_matches).toBe(bare.total_matches);
  }
  expect(seen).toBeGreaterThan(10);
}
