import { afterAll, beforeAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, statSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startDocent, type DocentSession } from '../../helpers/docent.js';

export const CHECK_FIXTURES = path.resolve(__dirname, '../../fixtures/check');

/** Copy a check fixture into a fresh temp directory (tests edit files behind docent's back). */
export function materialize(name: 'ts' | 'py' | 'cpp'): { root: string; cleanup: () => void } {
  const root = mkdtempSync(path.join(tmpdir(), `docent-check-${name}-`));
  cpSync(path.join(CHECK_FIXTURES, name), root, { recursive: true });
  if (name === 'cpp') execFileSync('cmake', ['-S', root, '-B', path.join(root, 'build'), '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON'], { stdio: 'ignore' });
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** docent serving `root` over stdio, without the background docs index. */
export function serve(root: string, extra: string[] = []): Promise<DocentSession> {
  return startDocent(['--root', root, '--no-index', ...extra]);
}

/** The structuredContent of a successful call (fails the test with the error otherwise). */
export function ok<T = any>(r: CallToolResult): T {
  if (r.isError) throw new Error(`tool failed: ${JSON.stringify(r.structuredContent ?? r.content)}`);
  return r.structuredContent as T;
}

/** Bytes and mtime of a file, to show the disk was not touched. */
export function diskState(file: string): { bytes: string; mtimeMs: number } {
  return { bytes: readFileSync(file, 'latin1'), mtimeMs: statSync(file).mtimeMs };
}

export interface Diag {
  id: string;
  code: string;
  severity: string;
  message: string;
  span: { file: string; line: number; column: number; end_line: number; end_column: number };
  fixes: Array<{ title: string; confidence: string; is_preferred: boolean; edits: Array<{ file: string; range: unknown; new_text: string }>; diff: string }>;
}

/**
 * A copy of check fixture `name` served by docent for the file's tests: made and started before
 * them, stopped and removed after them. `use` receives both.
 */
export function serveCheckFixture(name: 'ts' | 'py' | 'cpp', use: (fx: ReturnType<typeof materialize>, s: DocentSession) => void): void {
  let fx: ReturnType<typeof materialize> | undefined;
  let s: DocentSession | undefined;
  beforeAll(async () => {
    fx = materialize(name);
    s = await serve(fx.root);
    use(fx, s);
  }, 90_000);
  afterAll(async () => {
    await s?.close();
    fx?.cleanup();
  });
}
