import { z } from 'zod';
import { DocentError } from '../../core/errors.js';
import { TEST_ADAPTERS } from '../../core/run/registry.js';
import type { TestRunnerName } from '../../core/run/types.js';
import { tail } from '../../core/run/text.js';
import type { FeatureContext } from '../context.js';
import { requireRun } from '../run-policy.js';
import { chooseProject, projectFiles } from './project.js';
import { withExec } from './runs.js';
import { CollectionErrorSchema, LimitExceeded, ProjectRef, RootArg, RunnerArg, TestCaseSchema } from './schemas.js';

/** test_list: every test the runner would run, with ids that test_run takes back. */

export const TestListInput = z.object({
  root: RootArg,
  files: z.array(z.string().min(1)).optional().describe('Only tests in these files or directories.'),
  filter: z.string().min(1).optional().describe('Only tests whose id contains this text (case-insensitive).'),
  runner: RunnerArg,
  max_results: z.number().int().min(1).max(5000).default(200),
  offset: z.number().int().min(0).default(0),
});

export const TestListOutput = z.object({
  ...ProjectRef,
  runner: z.string(),
  tests: z.array(TestCaseSchema),
  total: z.number().int(),
  collection_errors: z.array(CollectionErrorSchema),
  truncated: z.boolean(),
  next_offset: z.number().int().nullable(),
  log_tail: z.string().nullable().describe('The end of the runner\'s output when it listed nothing.'),
  limit_exceeded: LimitExceeded,
});
export type TestListResult = z.output<typeof TestListOutput>;

export async function testList(input: z.output<typeof TestListInput>, ctx: FeatureContext): Promise<TestListResult> {
  requireRun(ctx, 'Running builds and tests');
  const project = chooseProject(ctx, { root: input.root, files: input.files, runner: input.runner, need: 'test' });
  const adapter = TEST_ADAPTERS[project.runner as TestRunnerName];
  if (!adapter) throw new DocentError('E_UNAVAILABLE', `Listing ${project.runner} tests is not supported yet.`);
  const files = projectFiles(ctx, project, input.files);
  const outcome = await withExec(ctx, project, undefined, (exec) => adapter.list(exec, { files, filter: input.filter }));
  const needle = input.filter?.toLowerCase();
  const all = outcome.tests.filter((t) => !needle || t.id.toLowerCase().includes(needle));
  const page = all.slice(input.offset, input.offset + input.max_results);
  const truncated = input.offset + page.length < all.length;
  const raw = outcome.raw;
  return {
    root: project.root,
    project: project.rel || '.',
    runner: project.runner!,
    tests: page,
    total: all.length,
    collection_errors: outcome.collection_errors,
    truncated,
    next_offset: truncated ? input.offset + page.length : null,
    log_tail: all.length === 0 && raw ? tail(`${raw.stdout}\n${raw.stderr}`, 1500) : null,
    limit_exceeded: raw?.limit_exceeded ?? null,
  };
}

export function renderTestList(r: TestListResult): string {
  const lines = [`${r.total} test(s) in ${r.project} (${r.runner})`];
  for (const t of r.tests) lines.push(`${t.id}${t.file && t.line ? `  ${t.file}:${t.line}` : ''}`);
  for (const c of r.collection_errors) lines.push(`collection error ${c.file ?? ''}: ${c.message.split('\n')[0]}`);
  if (r.truncated) lines.push(`… truncated; continue with offset=${r.next_offset}`);
  if (r.log_tail) lines.push('log tail:', r.log_tail);
  return lines.join('\n');
}
