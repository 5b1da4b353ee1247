import { z } from 'zod';
import { DocentError } from '../../core/errors.js';
import { TEST_ADAPTERS } from '../../core/run/registry.js';
import type { TestRunnerName, TestSelection } from '../../core/run/types.js';
import { tail } from '../../core/run/text.js';
import type { FeatureContext } from '../context.js';
import { requireRun } from '../run-policy.js';
import { chooseProject, projectFiles } from './project.js';
import { newRunId, runState, withExec, type StoredRun } from './runs.js';
import { CollectionErrorSchema, LimitExceeded, ProjectRef, RootArg, RunnerArg, TestResultSchema } from './schemas.js';

/**
 * test_run: run a project's tests with its own runner, read the runner's machine-readable
 * report, and answer with counts, the tests that did not pass (trimmed), collection errors
 * apart from failures, the slowest tests and a run_id. The run is kept for the session, so
 * `only_failed` can rerun its failures and `run_id` alone pages through it without running.
 */

export const TestRunInput = z.object({
  root: RootArg,
  ids: z.array(z.string().min(1)).optional().describe('Test ids from test_list or an earlier test_run.'),
  filter: z.string().min(1).optional().describe('Run tests whose name contains this text (the runner\'s name filter: vitest/jest -t, pytest -k, ctest -R, go -run).'),
  files: z.array(z.string().min(1)).optional().describe('Test files or directories to run.'),
  only_failed: z.boolean().default(false).describe('Rerun only what failed or errored in run_id (default: this session\'s last run).'),
  run_id: z.string().optional().describe('With only_failed: the run whose failures to rerun. Alone: page through that run\'s stored results without running again.'),
  timeout_s: z.number().int().min(1).max(86_400).optional().describe('Wall-clock limit; the whole process tree is killed when it is hit (default from config, 600).'),
  runner: RunnerArg,
  include: z.enum(['problems', 'all']).default('problems').describe('"problems": failed and erroring tests only; "all": every test.'),
  max_results: z.number().int().min(1).max(1000).default(20).describe('Tests per answer; continue with run_id and offset.'),
  offset: z.number().int().min(0).default(0),
});

export const TestRunOutput = z.object({
  ok: z.boolean().describe('True when the runner exited 0 and nothing failed, errored or hit a limit.'),
  run_id: z.string(),
  ...ProjectRef,
  runner: z.string(),
  command: z.string(),
  exit_code: z.number().int().nullable(),
  passed: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  errors: z.number().int().describe('Tests that errored outside their assertions, plus collection errors.'),
  total: z.number().int(),
  duration_ms: z.number().int(),
  tests: z.array(TestResultSchema),
  collection_errors: z.array(CollectionErrorSchema).describe('Files that failed before their tests ran; the first 10 unless include is "all".'),
  collection_error_count: z.number().int(),
  slowest: z.array(z.object({ id: z.string(), duration_ms: z.number().int() })),
  limit_exceeded: LimitExceeded,
  log_tail: z.string().nullable().describe('The end of the runner\'s output, when the report alone does not explain the outcome.'),
  truncated: z.boolean(),
  next_offset: z.number().int().nullable(),
  warnings: z.array(z.string()),
});
export type TestRunResult = z.output<typeof TestRunOutput>;

const STATUS_ORDER = { error: 0, failed: 1, skipped: 2, passed: 3 } as const;
/** Collection errors shown by default: a broken import can fail a hundred files at once. */
const MAX_COLLECTION_ERRORS = 10;

export function pageOfRun(run: StoredRun, include: 'problems' | 'all', offset: number, max: number): TestRunResult {
  const count = (s: string) => run.tests.filter((t) => t.status === s).length;
  const passed = count('passed');
  const failed = count('failed');
  const skipped = count('skipped');
  const errors = count('error') + run.collection_errors.length;
  const chosen = run.tests
    .filter((t) => include === 'all' || t.status === 'failed' || t.status === 'error')
    .sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status]);
  const page = chosen.slice(offset, offset + max);
  const truncated = offset + page.length < chosen.length;
  const ok = run.exit_code === 0 && failed === 0 && errors === 0 && !run.limit_exceeded;
  return {
    ok,
    run_id: run.run_id,
    root: run.project.root,
    project: run.project.rel || '.',
    runner: run.runner,
    command: run.command,
    exit_code: run.exit_code,
    passed,
    failed,
    skipped,
    errors,
    total: run.tests.length,
    duration_ms: run.duration_ms,
    tests: page,
    collection_errors: include === 'all' ? run.collection_errors : run.collection_errors.slice(0, MAX_COLLECTION_ERRORS),
    collection_error_count: run.collection_errors.length,
    slowest: run.tests
      .filter((t) => t.duration_ms !== null && t.status !== 'skipped')
      .sort((a, b) => b.duration_ms! - a.duration_ms!)
      .slice(0, 5)
      .map((t) => ({ id: t.id, duration_ms: t.duration_ms! })),
    limit_exceeded: run.limit_exceeded,
    log_tail: run.log_tail,
    truncated,
    next_offset: truncated ? offset + page.length : null,
    warnings: run.warnings,
  };
}

export async function testRun(input: z.output<typeof TestRunInput>, ctx: FeatureContext): Promise<TestRunResult> {
  requireRun(ctx, 'Running builds and tests');
  const state = runState(ctx);
  if (input.run_id && !input.only_failed) {
    const stored = state.find(ctx, input.run_id);
    if (!stored) throw new DocentError('E_NOT_FOUND', `No run ${input.run_id} in this session.`, 'Runs are kept per session (the last 10); run test_run again.');
    return pageOfRun(stored, input.include, input.offset, input.max_results);
  }
  let sel: TestSelection;
  let project;
  const warnings: string[] = [];
  if (input.only_failed) {
    let hint: ReturnType<typeof chooseProject> | undefined;
    try {
      hint = chooseProject(ctx, { root: input.root, runner: input.runner, need: 'test' });
    } catch (err) {
      // Without a root, an ambiguous workspace still has a last run to take failures from.
      if (input.root) throw err;
    }
    const prev = state.find(ctx, input.run_id, hint?.dir);
    if (!prev) throw new DocentError('E_NOT_FOUND', input.run_id ? `No run ${input.run_id} in this session.` : 'This session has no earlier test run to take failures from.', 'Run test_run first; only_failed reruns what failed in it.');
    project = prev.project;
    const ids = prev.tests.filter((t) => t.status === 'failed' || t.status === 'error').map((t) => t.id);
    const files = prev.collection_errors.map((c) => c.file).filter((f): f is string => !!f);
    if (!ids.length && !files.length) {
      warnings.push(`Nothing failed in ${prev.run_id}; nothing was run.`);
      const empty: StoredRun = { ...prev, run_id: newRunId(), tests: [], collection_errors: [], duration_ms: 0, log_tail: null, warnings, limit_exceeded: null, exit_code: 0 };
      state.remember(ctx, empty);
      return pageOfRun(empty, input.include, 0, input.max_results);
    }
    sel = { ids, files };
  } else {
    project = chooseProject(ctx, { root: input.root, files: input.files, runner: input.runner, need: 'test' });
    sel = { ids: input.ids, filter: input.filter, files: projectFiles(ctx, project, input.files) };
  }
  const adapter = TEST_ADAPTERS[project.runner as TestRunnerName];
  if (!adapter) throw new DocentError('E_UNAVAILABLE', `Running ${project.runner} tests is not supported yet.`);
  const outcome = await withExec(ctx, project, input.timeout_s, (exec) => adapter.run(exec, sel));
  const raw = outcome.raw;
  const duration = outcome.steps.reduce((s, r) => s + r.duration_ms, 0);
  const limit = outcome.steps.map((s) => s.limit_exceeded).find(Boolean) ?? null;
  const nothingParsed = outcome.tests.length === 0 && outcome.collection_errors.length === 0;
  if (nothingParsed) warnings.push(raw.exit_code === 0 ? 'The runner ran no tests.' : 'The runner\'s report had no tests; see log_tail.');
  if (limit === 'time') warnings.push(`The run was killed at its time limit (${input.timeout_s ?? ctx.config.run.timeoutS} s); results are partial.`);
  if (limit === 'output') warnings.push('The runner printed more than the output cap; its log was cut (head and tail kept).');
  if (limit === 'memory') warnings.push(`The run ran out of memory under the cap (run.memoryMb = ${ctx.config.run.memoryMb} MiB); raise it in docent.config.json, or set 0 for tools such as AddressSanitizer that reserve huge mappings.`);
  if (raw.memory_cap === 'none' && ctx.config.run.memoryMb > 0) warnings.push('No memory cap: prlimit is not installed.');
  const failedTests = outcome.tests.some((t) => t.status === 'failed' || t.status === 'error');
  // Collection errors carry their own message; the log is for what the report does not explain.
  const explain = nothingParsed || limit !== null || (raw.exit_code !== 0 && !failedTests && !outcome.collection_errors.length);
  const stored: StoredRun = {
    run_id: newRunId(),
    project,
    runner: project.runner!,
    command: raw.command.join(' '),
    tests: outcome.tests,
    collection_errors: outcome.collection_errors,
    exit_code: raw.exit_code,
    duration_ms: duration,
    limit_exceeded: limit,
    log_tail: explain ? tail(`${raw.stdout}\n${raw.stderr}`, 1500) : null,
    warnings,
  };
  state.remember(ctx, stored);
  return pageOfRun(stored, input.include, input.offset, input.max_results);
}

export function renderTestRun(r: TestRunResult): string {
  const head = `${r.ok ? 'PASS' : 'FAIL'} ${r.runner} in ${r.project}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped, ${r.errors} errors (${r.total} tests, ${(r.duration_ms / 1000).toFixed(1)} s, exit ${r.exit_code ?? 'killed'}) run_id=${r.run_id}`;
  const lines = [head];
  if (r.limit_exceeded) lines.push(`limit exceeded: ${r.limit_exceeded}`);
  for (const c of r.collection_errors) lines.push(`collection error ${c.file ?? ''}: ${c.message.split('\n').slice(0, 3).join(' | ')}`);
  if (r.collection_error_count > r.collection_errors.length) lines.push(`… ${r.collection_error_count - r.collection_errors.length} more collection errors (include: "all")`);
  for (const t of r.tests) {
    lines.push(`${t.status.toUpperCase()} ${t.id}${t.file && t.line ? ` (${t.file}:${t.line})` : ''}${t.duration_ms !== null ? ` ${t.duration_ms} ms` : ''}`);
    if (t.message) lines.push(`  ${t.message.split('\n').slice(0, 4).join('\n  ')}`);
    if (t.stack) lines.push(`  ${t.stack.split('\n').join('\n  ')}`);
    if (t.stdout_tail) lines.push(`  stdout: ${t.stdout_tail.split('\n').slice(-3).join(' | ')}`);
  }
  if (r.truncated) lines.push(`… more: run_id=${r.run_id} offset=${r.next_offset}`);
  if (r.slowest.length) lines.push(`slowest: ${r.slowest.map((s) => `${s.id} ${s.duration_ms} ms`).join('; ')}`);
  if (r.log_tail) lines.push('log tail:', r.log_tail);
  for (const w of r.warnings) lines.push(`note: ${w}`);
  return lines.join('\n');
}
