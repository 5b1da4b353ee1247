import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ExecContext, TestAdapter } from './adapter.js';
import { readJestLike, type JestLikeReport } from './jest-json.js';
import { projectBin } from './node-bin.js';
import { titleSelection } from './title-ids.js';
import type { TestSelection } from './types.js';

/**
 * jest (30): `--json --outputFile` with `--testLocationInResults`, the same report shape as
 * vitest's json reporter. Files are passed with --runTestsByPath (jest otherwise reads
 * positional arguments as regular expressions); ids and filters become --testNamePattern.
 */

export function jestSelection(sel: TestSelection): string[] {
  const { files, pattern } = titleSelection(sel);
  const args: string[] = [];
  if (pattern) args.push(`--testNamePattern=${pattern}`);
  if (files.length) args.push('--runTestsByPath', ...files);
  return args;
}

async function jestRun(ctx: ExecContext, sel: TestSelection, extra: string[]) {
  const bin = projectBin(ctx.project.dir, ctx.project.root, 'jest');
  const report = path.join(ctx.tmp, 'jest.json');
  let files = 0;
  const raw = await ctx.exec([bin, '--json', `--outputFile=${report}`, '--testLocationInResults', '--ci', ...extra, ...jestSelection(sel)], {
    // jest reports per file on stderr: "PASS src/a.test.js" / "FAIL src/b.test.js".
    onStderrLine: (line) => {
      if (/^\s*(PASS|FAIL)\s/.test(line)) ctx.progress(++files, undefined, `${files} test files done`);
    },
  });
  let parsed: JestLikeReport | null = null;
  try {
    parsed = existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as JestLikeReport) : null;
  } catch {
    parsed = null;
  }
  return { raw, ...(parsed ? readJestLike(parsed, ctx.project.dir) : { tests: [], collection_errors: [] }) };
}

export const jestAdapter: TestAdapter = {
  async list(ctx, sel) {
    const { raw, tests, collection_errors } = await jestRun(ctx, { files: sel.files }, ['--testNamePattern=^\\b$docent-list-only']);
    return { tests: tests.map(({ id, name, suite, file, line }) => ({ id, name, suite, file, line })), collection_errors, raw };
  },
  async run(ctx, sel) {
    const { raw, tests, collection_errors } = await jestRun(ctx, sel, []);
    return { tests, collection_errors, raw, steps: [raw] };
  },
};
