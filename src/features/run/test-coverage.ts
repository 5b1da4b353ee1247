import path from 'node:path';
import { z } from 'zod';
import { DocentError } from '../../core/errors.js';
import { TEST_ADAPTERS } from '../../core/run/registry.js';
import { tail } from '../../core/run/text.js';
import type { TestRunnerName } from '../../core/run/types.js';
import type { FeatureContext } from '../context.js';
import { requireRun } from '../run-policy.js';
import { chooseProject } from './project.js';
import { withExec } from './runs.js';
import { LimitExceeded, ProjectRef, RootArg, RunnerArg } from './schemas.js';

/**
 * test_coverage: run the tests (all, or the ids asked for) with the toolchain's coverage (V8
 * through vitest, coverage.py, gcovr) and answer per-file line and branch coverage, with the
 * uncovered line ranges of the files asked about (or of every file, capped).
 */

export const TestCoverageInput = z.object({
  root: RootArg,
  ids: z.array(z.string().min(1)).optional().describe('Run only these tests (ids from test_list).'),
  files: z.array(z.string().min(1)).optional().describe('Source files to report on, with their uncovered ranges (default: every covered file).'),
  runner: RunnerArg,
  timeout_s: z.number().int().min(1).max(86_400).optional(),
  max_results: z.number().int().min(1).max(2000).default(50).describe('Files per answer.'),
});

const Ratio = z.object({ covered: z.number().int(), total: z.number().int(), percent: z.number() });
export const TestCoverageOutput = z.object({
  ok: z.boolean().describe('True when the tests passed and coverage was read.'),
  ...ProjectRef,
  tool: z.string(),
  passed: z.number().int(),
  failed: z.number().int(),
  totals: z.object({ lines: Ratio, branches: Ratio.nullable() }),
  files: z.array(
    z.object({
      file: z.string(),
      lines: Ratio,
      branches: Ratio.nullable(),
      uncovered: z.array(z.tuple([z.number().int(), z.number().int()])).describe('Uncovered line ranges, inclusive.'),
    }),
  ),
  truncated: z.boolean(),
  limit_exceeded: LimitExceeded,
  log_tail: z.string().nullable(),
  warnings: z.array(z.string()),
});
export type TestCoverageResult = z.output<typeof TestCoverageOutput>;

function ratio(covered: number, total: number) {
  return { covered, total, percent: total ? Math.round((1000 * covered) / total) / 10 : 100 };
}

export async function testCoverage(input: z.output<typeof TestCoverageInput>, ctx: FeatureContext): Promise<TestCoverageResult> {
  requireRun(ctx, 'Running builds and tests');
  const project = chooseProject(ctx, { root: input.root, runner: input.runner, need: 'test' });
  const adapter = TEST_ADAPTERS[project.runner as TestRunnerName];
  if (!adapter?.coverage) throw new DocentError('E_UNAVAILABLE', `Coverage for ${project.runner} tests is not supported.`, 'Supported: vitest (with @vitest/coverage-v8), pytest (coverage.py), ctest (gcovr).');
  const wanted = (input.files ?? []).map((f) => path.relative(project.dir, ctx.workspace.resolve(path.isAbsolute(f) ? f : path.resolve(project.dir, f)).absolute));
  const outcome = await withExec(ctx, project, input.timeout_s, (exec) => adapter.coverage!(exec, { ids: input.ids }));
  const warnings: string[] = [];
  let files = outcome.files;
  if (wanted.length) {
    files = files.filter((f) => wanted.some((w) => f.file === w || f.file.startsWith(`${w}/`)));
    const missing = wanted.filter((w) => !files.some((f) => f.file === w || f.file.startsWith(`${w}/`)));
    if (missing.length) warnings.push(`No coverage for ${missing.join(', ')}: not loaded by the tests that ran, or not a source file.`);
  }
  const sum = (pick: (f: (typeof files)[number]) => { covered: number; total: number } | null) => {
    const parts = outcome.files.map(pick).filter((x): x is { covered: number; total: number } => !!x);
    return parts.length ? ratio(parts.reduce((s, p) => s + p.covered, 0), parts.reduce((s, p) => s + p.total, 0)) : null;
  };
  const failed = outcome.tests.filter((t) => t.status === 'failed' || t.status === 'error').length;
  if (!outcome.files.length) warnings.push('No coverage data was written; see log_tail.');
  if (failed) warnings.push(`${failed} test(s) failed; coverage is of the run as it went.`);
  const kept = files.slice(0, input.max_results);
  return {
    ok: failed === 0 && outcome.files.length > 0 && !outcome.raw.limit_exceeded,
    root: project.root,
    project: project.rel || '.',
    tool: outcome.tool,
    passed: outcome.tests.filter((t) => t.status === 'passed').length,
    failed,
    totals: { lines: sum((f) => f.lines) ?? ratio(0, 0), branches: sum((f) => f.branches) },
    files: kept.map((f) => ({
      file: f.file,
      lines: ratio(f.lines.covered, f.lines.total),
      branches: f.branches ? ratio(f.branches.covered, f.branches.total) : null,
      uncovered: wanted.length ? f.uncovered : f.uncovered.slice(0, 20),
    })),
    truncated: kept.length < files.length,
    limit_exceeded: outcome.raw.limit_exceeded,
    log_tail: outcome.files.length ? null : tail(`${outcome.raw.stdout}\n${outcome.raw.stderr}`, 1500),
    warnings,
  };
}

export function renderTestCoverage(r: TestCoverageResult): string {
  const b = r.totals.branches ? `, branches ${r.totals.branches.percent}%` : '';
  const lines = [`coverage (${r.tool}) of ${r.project}: lines ${r.totals.lines.percent}% (${r.totals.lines.covered}/${r.totals.lines.total})${b}; tests ${r.passed} passed, ${r.failed} failed`];
  for (const f of r.files) {
    const ranges = f.uncovered.map(([s, e]) => (s === e ? `${s}` : `${s}-${e}`)).join(', ');
    lines.push(`${f.file}: lines ${f.lines.percent}%${f.branches ? `, branches ${f.branches.percent}%` : ''}${ranges ? `; uncovered ${ranges}` : ''}`);
  }
  if (r.truncated) lines.push('… more files (raise max_results or pass files)');
  if (r.log_tail) lines.push('log tail:', r.log_tail);
  for (const w of r.warnings) lines.push(`note: ${w}`);
  return lines.join('\n');
}
