import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ExecContext } from '../../core/run/adapter.js';
import { RunQueue } from '../../core/run/queue.js';
import type { CollectionError, Project, TestResult } from '../../core/run/types.js';
import { cleanEnv } from '../../core/process/clean-env.js';
import { runLimited, type LimitedRunResult } from '../../core/process/runner.js';
import { DocentError } from '../../core/errors.js';
import { indexBaseDir, rootKey } from '../../core/index/paths.js';
import type { FeatureContext } from '../context.js';
import { requireRun } from '../run-policy.js';

/**
 * The state the run tools keep: each session's recent test runs (for `only_failed` and for
 * paging through a run without running it again), dropped when the session closes, and the
 * per-root queue that makes concurrent runs take turns.
 */

export interface StoredRun {
  run_id: string;
  project: Project;
  runner: string;
  command: string;
  tests: TestResult[];
  collection_errors: CollectionError[];
  exit_code: number | null;
  duration_ms: number;
  limit_exceeded: LimitedRunResult['limit_exceeded'];
  log_tail: string | null;
  warnings: string[];
}

const KEEP_RUNS = 10;

class RunState {
  readonly queue = new RunQueue();
  private readonly sessions = new Map<string, StoredRun[]>();

  remember(ctx: FeatureContext, run: StoredRun): void {
    let runs = this.sessions.get(ctx.session.id);
    if (!runs) {
      runs = [];
      this.sessions.set(ctx.session.id, runs);
      ctx.session.onClose(() => void this.sessions.delete(ctx.session.id));
    }
    runs.push(run);
    if (runs.length > KEEP_RUNS) runs.shift();
    if (ctx.session.id === 'cli') saveCliRun(ctx, run);
  }

  /** A run of this session by id, or its latest in the project when no id is given. */
  find(ctx: FeatureContext, runId: string | undefined, projectDir?: string): StoredRun | undefined {
    const runs = this.sessions.get(ctx.session.id) ?? [];
    const found = runId ? runs.find((r) => r.run_id === runId) : [...runs].reverse().find((r) => !projectDir || r.project.dir === projectDir);
    if (found || ctx.session.id !== 'cli') return found;
    const saved = loadCliRun(ctx, projectDir);
    return saved && (!runId || saved.run_id === runId) ? saved : undefined;
  }
}

/**
 * A CLI invocation is a session of its own, so `docent test --failed` could never see the run
 * before it. The CLI's last run per project is kept in docent's cache directory instead (never
 * in the repository), which is what --failed reads.
 */
function cliRunFile(ctx: FeatureContext, projectDir: string): string {
  return path.join(indexBaseDir(ctx.config.indexDir), 'runs', `${rootKey(projectDir)}.json`);
}

function saveCliRun(ctx: FeatureContext, run: StoredRun): void {
  try {
    const file = cliRunFile(ctx, run.project.dir);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(run));
  } catch (err) {
    ctx.log.warn('could not keep the last test run for --failed', err);
  }
}

function loadCliRun(ctx: FeatureContext, projectDir: string | undefined): StoredRun | undefined {
  const dirs = projectDir ? [projectDir] : ctx.workspace.roots;
  for (const dir of dirs) {
    try {
      return JSON.parse(readFileSync(cliRunFile(ctx, dir), 'utf8')) as StoredRun;
    } catch {
      // none kept for this project
    }
  }
  return undefined;
}

export function runState(ctx: FeatureContext): RunState {
  return ctx.services.get('run.state', () => new RunState());
}

export function newRunId(): string {
  return `run-${randomUUID().slice(0, 8)}`;
}

/**
 * Call `fn` with an ExecContext for the project: queued behind other runs in the same root,
 * with a private temp directory, one deadline for all the steps of the call, the output and
 * memory caps from config, and the clean environment.
 */
export async function withExec<T>(ctx: FeatureContext, project: Project, timeoutS: number | undefined, fn: (exec: ExecContext) => Promise<T>): Promise<T> {
  requireRun(ctx, `Running ${project.kind} builds and tests`);
  const state = runState(ctx);
  const limits = ctx.config.run;
  const timeoutMs = (timeoutS ?? limits.timeoutS) * 1000;
  try {
    return await state.queue.run(project.root, ctx.signal, async () => {
      const tmp = mkdtempSync(path.join(tmpdir(), 'docent-run-'));
      const deadline = Date.now() + timeoutMs;
      const env = cleanEnv(process.env, limits.env);
      const exec: ExecContext = {
        project,
        tmp,
        signal: ctx.signal,
        exec: (argv, opts = {}) =>
          runLimited(argv, {
            cwd: opts.cwd ?? project.dir,
            env: { ...env, ...opts.env },
            timeoutMs: Math.max(1, deadline - Date.now()),
            maxOutputBytes: limits.maxOutputBytes,
            memoryBytes: limits.memoryMb * 1024 * 1024,
            signal: ctx.signal,
            onStdoutLine: opts.onStdoutLine,
            onStderrLine: opts.onStderrLine,
          }),
        progress: (done, total, message) => ctx.progress({ progress: done, total, message }),
      };
      try {
        return await fn(exec);
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    });
  } catch (err) {
    if (ctx.signal.aborted) throw new DocentError('E_CANCELLED', 'The run was cancelled; its processes were killed.');
    throw err;
  }
}
