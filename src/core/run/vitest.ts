import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DocentError } from '../errors.js';
import type { ExecContext, TestAdapter } from './adapter.js';
import { readIstanbul, readJestLike, type JestLikeReport } from './jest-json.js';
import { projectBin } from './node-bin.js';
import { titleSelection } from './title-ids.js';
import type { TestSelection } from './types.js';

/**
 * vitest (3 and 4 on Node 20): `vitest run` with the json reporter written to a file and task
 * locations, plus the verbose reporter on stdout for live counts. Listing runs the same command
 * with a name pattern that matches nothing: every file is collected (so files that fail to load
 * show up as collection errors) and every test is reported, with its location, as skipped.
 */

/** Arguments selecting tests: files as positional filters, ids and filters as -t patterns. */
export function vitestSelection(sel: TestSelection): string[] {
  const { files, pattern } = titleSelection(sel);
  return pattern ? [...files, '-t', pattern] : files;
}

function readReport(file: string): JestLikeReport | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as JestLikeReport;
  } catch {
    return null;
  }
}

/** Counts passed/failed tests from the verbose reporter's lines as they come. */
function liveCounter(ctx: ExecContext): (line: string) => void {
  let done = 0;
  let failed = 0;
  return (line) => {
    const m = /^\s*([✓×↓])\s/.exec(line);
    if (!m) return;
    done++;
    if (m[1] === '×') failed++;
    ctx.progress(done, undefined, `${done} tests done, ${failed} failed`);
  };
}

async function vitestRun(ctx: ExecContext, sel: TestSelection, extra: string[]) {
  const bin = projectBin(ctx.project.dir, ctx.project.root, 'vitest');
  const report = path.join(ctx.tmp, 'vitest.json');
  const raw = await ctx.exec(
    [bin, 'run', '--reporter=json', `--outputFile.json=${report}`, '--reporter=verbose', '--includeTaskLocation', ...extra, ...vitestSelection(sel)],
    { onStdoutLine: liveCounter(ctx) },
  );
  const parsed = readReport(report);
  return { raw, parsed };
}

export const vitestAdapter: TestAdapter = {
  async list(ctx, sel) {
    const { raw, parsed } = await vitestRun(ctx, { files: [...(sel.files ?? [])] }, ['-t', '^\\b$docent-list-only']);
    const { tests, collection_errors } = parsed ? readJestLike(parsed, ctx.project.dir) : { tests: [], collection_errors: [] };
    const needle = sel.filter?.toLowerCase();
    return {
      tests: tests.filter((t) => !needle || t.id.toLowerCase().includes(needle)).map(({ id, name, suite, file, line }) => ({ id, name, suite, file, line })),
      collection_errors,
      raw,
    };
  },
  async run(ctx, sel) {
    const { raw, parsed } = await vitestRun(ctx, sel, []);
    const { tests, collection_errors } = parsed ? readJestLike(parsed, ctx.project.dir) : { tests: [], collection_errors: [] };
    return { tests, collection_errors, raw, steps: [raw] };
  },
  async coverage(ctx, sel) {
    try {
      projectBin(ctx.project.dir, ctx.project.root, '../@vitest/coverage-v8/package.json');
    } catch {
      throw new DocentError('E_UNAVAILABLE', 'vitest coverage needs @vitest/coverage-v8, which this project does not install.', 'npm install -D @vitest/coverage-v8 (the version matching vitest), then try again.');
    }
    const dir = path.join(ctx.tmp, 'coverage');
    const { raw, parsed } = await vitestRun(ctx, sel, [
      '--coverage.enabled=true',
      '--coverage.provider=v8',
      '--coverage.reporter=json',
      `--coverage.reportsDirectory=${dir}`,
      // Without it a run with a failing test writes no coverage at all.
      '--coverage.reportOnFailure',
    ]);
    const json = readReport(path.join(dir, 'coverage-final.json')) as unknown as Record<string, never> | null;
    const tests = parsed ? readJestLike(parsed, ctx.project.dir).tests : [];
    return { files: json ? readIstanbul(json, ctx.project.dir) : [], tool: 'vitest --coverage (v8)', raw, tests };
  },
};
