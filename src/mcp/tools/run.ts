import { build, BuildInput, BuildOutput, renderBuild } from '../../features/run/build.js';
import { renderTestCoverage, testCoverage, TestCoverageInput, TestCoverageOutput } from '../../features/run/test-coverage.js';
import { renderTestList, testList, TestListInput, TestListOutput } from '../../features/run/test-list.js';
import { renderTestRun, testRun, TestRunInput, TestRunOutput } from '../../features/run/test-run.js';
import { defineTool, type AnyTool } from '../tool.js';

/** Builds and tests run project code: not read-only, and off over HTTP unless --allow-run. */
const RUNS_CODE = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

export const runTools: AnyTool[] = [
  defineTool({
    name: 'build',
    title: 'Build the project',
    description:
      'Check, compile or clean the project with the build its own configuration gives (tsc / the package build script, CMake, cargo, go, Python byte-compilation), inside time, output and memory limits. Answers ok (from the exit code), compiler errors and warnings as diagnostics (code, severity, message, span), artefacts and, on failure, the log tail.',
    group: 'run',
    inputSchema: BuildInput,
    outputSchema: BuildOutput,
    annotations: RUNS_CODE,
    handler: build,
    render: renderBuild,
  }),
  defineTool({
    name: 'test_list',
    title: 'List tests',
    description:
      'List every test the project\'s own runner would run (vitest, jest, node --test, pytest, ctest/GoogleTest, go test, cargo test), with ids for test_run, file and line. Files that fail to load are reported as collection_errors. Runs the project\'s code (collection).',
    group: 'run',
    inputSchema: TestListInput,
    outputSchema: TestListOutput,
    annotations: RUNS_CODE,
    handler: testList,
    render: renderTestList,
  }),
  defineTool({
    name: 'test_run',
    title: 'Run tests',
    description:
      'Run the project\'s tests with its own runner inside limits (time, output, memory; the whole process tree is killed at the timeout) and answer with counts, the failed and erroring tests (message, trimmed stack, file:line), collection errors apart from failures, the slowest tests and a run_id. only_failed reruns the failures of the last run (or run_id); run_id alone pages through a run without running again.',
    group: 'run',
    inputSchema: TestRunInput,
    outputSchema: TestRunOutput,
    annotations: RUNS_CODE,
    handler: testRun,
    render: renderTestRun,
  }),
  defineTool({
    name: 'test_coverage',
    title: 'Test coverage',
    description:
      'Run the tests (all, or ids) with coverage — V8 through vitest, coverage.py for pytest, gcovr for CMake/ctest — and answer per-file line and branch coverage with the uncovered line ranges of the files asked about.',
    group: 'run',
    inputSchema: TestCoverageInput,
    outputSchema: TestCoverageOutput,
    annotations: RUNS_CODE,
    handler: testCoverage,
    render: renderTestCoverage,
  }),
];
