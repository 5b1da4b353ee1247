/**
 * The model shared by the run machinery: what a project is (found from its files), what a test
 * and a diagnostic look like whatever the runner, and what one toolchain adapter must provide.
 */

export type ProjectKind = 'node' | 'python' | 'cmake' | 'go' | 'cargo';
export type TestRunnerName = 'vitest' | 'jest' | 'node' | 'pytest' | 'unittest' | 'ctest' | 'go' | 'cargo';

/** One buildable/testable project: a workspace root or a subproject inside it. */
export interface Project {
  /** Absolute directory. */
  dir: string;
  /** The workspace root it lies in. */
  root: string;
  /** Path from the root ("" for the root itself). */
  rel: string;
  kind: ProjectKind;
  /** The test runner its configuration names, or null when it has none. */
  runner: TestRunnerName | null;
  /** The build step its configuration gives (e.g. "tsc", "npm run build", "cmake"), or null. */
  build: string | null;
  /** The files that decided this, for `docent doctor` and for callers wondering why. */
  evidence: string[];
  /** Knowledge the adapter noted while detecting (scripts, config paths). */
  meta: Record<string, string>;
}

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** The same shape as the check tools' diagnostics (span lines and columns 1-based). */
export interface Diagnostic {
  code: string | null;
  severity: Severity;
  message: string;
  source: string;
  span: { file: string; line: number; column: number; end_line: number; end_column: number } | null;
}

export type TestStatus = 'passed' | 'failed' | 'skipped' | 'error';

export interface TestCase {
  id: string;
  name: string;
  suite: string | null;
  file: string | null;
  line: number | null;
}

export interface TestResult extends TestCase {
  status: TestStatus;
  duration_ms: number | null;
  message: string | null;
  stack: string | null;
  stdout_tail: string | null;
}

export interface CollectionError {
  file: string | null;
  message: string;
}

/** Which tests a caller asked for: ids, a name filter, files (project-relative), or all. */
export interface TestSelection {
  ids?: string[];
  filter?: string;
  files?: string[];
}

export interface FileCoverage {
  file: string;
  lines: { covered: number; total: number };
  branches: { covered: number; total: number } | null;
  /** Uncovered line ranges, inclusive, 1-based. */
  uncovered: Array<[number, number]>;
}
