import type { LimitedRunResult } from '../process/runner.js';
import type { CollectionError, Diagnostic, FileCoverage, Project, TestCase, TestResult, TestSelection } from './types.js';

/**
 * What one toolchain (vitest, pytest, ctest, go, cargo…) provides: the commands its project's
 * configuration implies, and readers for their machine-readable output. Adapters never take a
 * command line from a caller; they build argument vectors from the project and the selection.
 */

/** Runs one program inside the run's limits (time left, output cap, memory cap, clean env). */
export interface ExecContext {
  project: Project;
  /** A private temporary directory for reports; removed after the call. */
  tmp: string;
  signal: AbortSignal;
  exec(
    argv: string[],
    opts?: { cwd?: string; env?: Record<string, string>; onStdoutLine?: (l: string) => void; onStderrLine?: (l: string) => void },
  ): Promise<LimitedRunResult>;
  /** Counts so far, for progress notifications. */
  progress(done: number, total?: number, message?: string): void;
}

export interface ListOutcome {
  tests: TestCase[];
  collection_errors: CollectionError[];
  raw: LimitedRunResult | null;
}

export interface RunOutcome {
  tests: TestResult[];
  collection_errors: CollectionError[];
  /** The last process run (its exit code is the truth about success). */
  raw: LimitedRunResult;
  /** Every process run, in order (a build step before the tests, say). */
  steps: LimitedRunResult[];
}

export interface CoverageOutcome {
  files: FileCoverage[];
  tool: string;
  raw: LimitedRunResult;
  tests: TestResult[];
}

export type BuildTarget = 'check' | 'compile' | 'clean';

export interface BuildOutcome {
  steps: LimitedRunResult[];
  diagnostics: Diagnostic[];
  /** Directories (absolute) whose new files are the build's artefacts. */
  artifactDirs: string[];
  /** Artefacts the toolchain named itself (absolute paths), e.g. cargo's compiler-artifact messages. */
  artifacts?: string[];
}

export interface TestAdapter {
  list(ctx: ExecContext, sel: TestSelection): Promise<ListOutcome>;
  run(ctx: ExecContext, sel: TestSelection): Promise<RunOutcome>;
  coverage?(ctx: ExecContext, sel: TestSelection): Promise<CoverageOutcome>;
}

export interface BuildAdapter {
  build(ctx: ExecContext, target: BuildTarget, files: string[]): Promise<BuildOutcome>;
}
