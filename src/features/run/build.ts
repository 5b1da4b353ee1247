import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DocentError } from '../../core/errors.js';
import { BUILD_ADAPTERS } from '../../core/run/registry.js';
import { tail } from '../../core/run/text.js';
import type { FeatureContext } from '../context.js';
import { requireRun } from '../run-policy.js';
import { findArtifacts } from './artifacts.js';
import { chooseProject, projectFiles } from './project.js';
import { withExec } from './runs.js';
import { DiagnosticSchema, LimitExceeded, ProjectRef, RootArg } from './schemas.js';

/**
 * build: check, compile or clean a project with the build its configuration gives (tsc or the
 * package's build script, CMake, cargo, go, Python's byte-compilation), and answer with the
 * compiler's errors and warnings as diagnostics, the artefacts and the log's tail. The exit code
 * decides `ok`: warnings and stderr noise never turn success into failure.
 */

export const BuildInput = z.object({
  root: RootArg,
  target: z.enum(['check', 'compile', 'clean']).default('compile').describe('"check": type-check / vet without producing output where the toolchain can; "compile": build; "clean": remove build output.'),
  files: z.array(z.string().min(1)).optional().describe('Limit the check to these files where the toolchain can (Python); otherwise the whole project is built and only these files\' diagnostics are reported.'),
  timeout_s: z.number().int().min(1).max(86_400).optional(),
  max_results: z.number().int().min(1).max(1000).default(50).describe('Errors and warnings (together) per answer.'),
});

export const BuildOutput = z.object({
  ok: z.boolean(),
  ...ProjectRef,
  target: z.string(),
  exit_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  command: z.string().describe('The commands run, in order, separated by " && ".'),
  errors: z.array(DiagnosticSchema),
  warnings: z.array(DiagnosticSchema),
  error_count: z.number().int(),
  warning_count: z.number().int(),
  artifacts: z.array(z.object({ path: z.string(), bytes: z.number().int() })),
  log_tail: z.string().nullable(),
  limit_exceeded: LimitExceeded,
  truncated: z.boolean().describe('True when diagnostics or artefacts were left out (see the counts).'),
});
export type BuildResult = z.output<typeof BuildOutput>;

export async function build(input: z.output<typeof BuildInput>, ctx: FeatureContext): Promise<BuildResult> {
  requireRun(ctx, 'Running builds and tests');
  const project = chooseProject(ctx, { root: input.root, files: input.files, need: 'build' });
  const adapter = BUILD_ADAPTERS[project.kind];
  if (!adapter) throw new DocentError('E_UNAVAILABLE', `Building ${project.kind} projects is not supported yet.`);
  const files = projectFiles(ctx, project, input.files);
  const started = Date.now() - 1000;
  const outcome = await withExec(ctx, project, input.timeout_s, (exec) => adapter.build(exec, input.target, files));
  const last = outcome.steps[outcome.steps.length - 1];
  const exit = last ? last.exit_code : 0;
  const failedStep = outcome.steps.find((s) => s.exit_code !== 0);
  const wanted = files.filter((f) => f !== '.');
  const mine = outcome.diagnostics.filter((d) => !wanted.length || (d.span && wanted.some((f) => d.span!.file === f || d.span!.file.startsWith(`${f}/`))));
  const errors = mine.filter((d) => d.severity === 'error');
  const warnings = mine.filter((d) => d.severity === 'warning');
  const keptErrors = errors.slice(0, input.max_results);
  const keptWarnings = warnings.slice(0, Math.max(0, input.max_results - keptErrors.length));
  const ok = !failedStep && outcome.steps.every((s) => !s.limit_exceeded || s.limit_exceeded === 'output');
  const { artifacts, more } = input.target === 'clean' ? { artifacts: [], more: 0 } : findArtifacts(outcome.artifactDirs, started, project.dir);
  for (const file of outcome.artifacts ?? []) {
    if (artifacts.length >= 50) break;
    if (existsSync(file)) artifacts.push({ path: path.relative(project.dir, file), bytes: statSync(file).size });
  }
  const limit = outcome.steps.map((s) => s.limit_exceeded).find(Boolean) ?? null;
  const logStep = failedStep ?? last;
  return {
    ok,
    root: project.root,
    project: project.rel || '.',
    target: input.target,
    exit_code: failedStep ? failedStep.exit_code : exit,
    duration_ms: outcome.steps.reduce((s, r) => s + r.duration_ms, 0),
    command: outcome.steps.map((s) => s.command.join(' ')).join(' && '),
    errors: keptErrors,
    warnings: keptWarnings,
    error_count: errors.length,
    warning_count: warnings.length,
    artifacts,
    // The tail says why when the build failed without a parsable error, or hit a limit.
    log_tail: logStep && (!ok || limit || (!errors.length && exit !== 0)) ? tail(`${logStep.stdout}\n${logStep.stderr}`, 1500) : null,
    limit_exceeded: limit,
    truncated: keptErrors.length < errors.length || keptWarnings.length < warnings.length || more > 0,
  };
}

function renderDiag(d: z.output<typeof DiagnosticSchema>): string {
  const where = d.span ? `${d.span.file}:${d.span.line}:${d.span.column}: ` : '';
  return `${where}${d.severity}${d.code ? ` ${d.code}` : ''}: ${d.message}`;
}

export function renderBuild(r: BuildResult): string {
  const lines = [`${r.ok ? 'OK' : 'FAILED'} ${r.target} ${r.project} (exit ${r.exit_code ?? 'killed'}, ${(r.duration_ms / 1000).toFixed(1)} s): ${r.error_count} errors, ${r.warning_count} warnings`, `$ ${r.command}`];
  for (const d of [...r.errors, ...r.warnings]) lines.push(renderDiag(d));
  if (r.artifacts.length) lines.push(`artifacts: ${r.artifacts.map((a) => `${a.path} (${a.bytes} B)`).join(', ')}`);
  if (r.limit_exceeded) lines.push(`limit exceeded: ${r.limit_exceeded}`);
  if (r.truncated) lines.push('… truncated (raise max_results)');
  if (r.log_tail) lines.push('log tail:', r.log_tail);
  return lines.join('\n');
}
