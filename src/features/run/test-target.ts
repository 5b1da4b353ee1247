import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DocentError } from '../../core/errors.js';
import { ctestCommand } from '../../core/run/cmake.js';
import { detectProjects } from '../../core/run/detect.js';
import type { Project } from '../../core/run/types.js';
import type { FeatureContext } from '../context.js';
import { chooseProject } from './project.js';
import { withExec } from './runs.js';

/**
 * What runs one test from test_list on its own, as a program with arguments: the debugger
 * (debug_start) and the profiler (profile_run) launch this for a `test_id`. pytest ids run as
 * `pytest <nodeid>` through a one-line launcher script (a debugger and cProfile both take a
 * script); ctest ids (GoogleTest among them) run the exact command ctest would run, i.e. the
 * test binary with --gtest_filter, built first.
 */

export interface TestTarget {
  runner: string;
  project: Project;
  /** A .py launcher or a native executable. */
  program: string;
  /** The launcher profiles only the test's own call when the profiler lets it (pytest). */
  profilesTestCall: boolean;
  args: string[];
  cwd: string;
}

/**
 * Runs pytest on its arguments. Under docent's cProfile driver (which leaves its profiler on
 * `sys._docent_profiler`, not yet enabled) it also profiles each test's call phase and nothing
 * else: pytest's own start-up (imports, collection, unmarshalling .pyc files) can take longer
 * than a short test, and a profile of a test should be about the test.
 */
const PYTEST_LAUNCHER = `import sys
import pytest

plugins = []
profiler = getattr(sys, "_docent_profiler", None)
if profiler is not None:
    class DocentProfileTestCall:
        @pytest.hookimpl(hookwrapper=True)
        def pytest_runtest_call(self, item):
            profiler.enable()
            try:
                yield
            finally:
                profiler.disable()
    plugins.append(DocentProfileTestCall())
sys.exit(pytest.main(sys.argv[1:], plugins=plugins))
`;

/** The launcher lives in the temp directory, never in the project; written on each use (tiny). */
function pytestLauncher(): string {
  const dir = path.join(tmpdir(), `docent-launch-${process.getuid?.() ?? 'u'}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'run_pytest.py');
  writeFileSync(file, PYTEST_LAUNCHER);
  return file;
}

/** The project a test id belongs to: for a path-like id (pytest's), the one holding that file. */
function projectFor(ctx: FeatureContext, testId: string): Project {
  const file = testId.split('::')[0]!;
  if (testId.includes('::') && file.endsWith('.py')) {
    const holding = ctx.workspace.roots
      .flatMap((r) => detectProjects(r))
      .filter((p) => p.runner !== null && p.kind === 'python' && existsSync(path.join(p.dir, file)))
      .sort((a, b) => b.dir.length - a.dir.length);
    if (holding.length) return holding[0]!;
  }
  return chooseProject(ctx, { need: 'test' });
}

export async function testTarget(ctx: FeatureContext, testId: string): Promise<TestTarget> {
  const project = projectFor(ctx, testId);
  switch (project.runner) {
    case 'pytest':
    case 'unittest':
      return { runner: 'pytest', project, program: pytestLauncher(), profilesTestCall: true, args: ['-p', 'no:cacheprovider', '-q', testId], cwd: project.dir };
    case 'ctest': {
      const cmd = await withExec(ctx, project, undefined, (exec) => ctestCommand(exec, testId)).catch((err: unknown) => {
        if (err instanceof DocentError) throw err;
        throw new DocentError('E_UNAVAILABLE', `Could not build the tests: ${(err as Error).message}`, 'Run build or test_run to see the diagnostics.');
      });
      if (!cmd) throw new DocentError('E_NOT_FOUND', `ctest knows no test named ${testId}.`, 'Take an id from test_list.');
      return { runner: 'ctest', project, program: cmd.argv[0]!, profilesTestCall: false, args: cmd.argv.slice(1), cwd: cmd.cwd };
    }
    default:
      throw new DocentError(
        'E_UNAVAILABLE',
        `Debugging or profiling one ${project.runner} test by its id is not supported yet.`,
        'Pass the test file (or the test binary) as program, with a breakpoint in the test.',
      );
  }
}
