import { z } from 'zod';

/** The zod shapes the run tools share: tests, results, diagnostics, limits. */

export const RUNNERS = ['vitest', 'jest', 'node', 'pytest', 'unittest', 'ctest', 'go', 'cargo'] as const;

export const RootArg = z
  .string()
  .min(1)
  .optional()
  .describe('A workspace root or a subproject directory inside one (default: the root\'s own project, or the only one found).');
export const RunnerArg = z.enum(RUNNERS).optional().describe('Choose the runner when one directory has several (e.g. a package.json and a CMakeLists.txt).');

export const LimitExceeded = z.enum(['time', 'output', 'memory']).nullable().describe('The limit the run hit, if any: its results are then partial.');

export const Span = z.object({ file: z.string(), line: z.number().int(), column: z.number().int(), end_line: z.number().int(), end_column: z.number().int() });

export const DiagnosticSchema = z.object({
  code: z.string().nullable(),
  severity: z.enum(['error', 'warning', 'information', 'hint']),
  message: z.string(),
  source: z.string(),
  span: Span.nullable(),
});

export const TestCaseSchema = z.object({
  id: z.string().describe('Pass back in ids to run just this test.'),
  name: z.string(),
  suite: z.string().nullable(),
  file: z.string().nullable().describe('Relative to the project directory.'),
  line: z.number().int().nullable(),
});

export const TestResultSchema = TestCaseSchema.extend({
  status: z.enum(['passed', 'failed', 'skipped', 'error']),
  duration_ms: z.number().int().nullable(),
  message: z.string().nullable(),
  stack: z.string().nullable().describe('Trimmed to the project\'s own frames.'),
  stdout_tail: z.string().nullable(),
});

export const CollectionErrorSchema = z.object({ file: z.string().nullable(), message: z.string() });

export const ProjectRef = {
  root: z.string().describe('The workspace root the project is in.'),
  project: z.string().describe('The project directory relative to the root ("." for the root).'),
};
