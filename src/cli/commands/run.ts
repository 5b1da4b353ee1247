import { Option, type Command } from 'commander';
import { build, BuildInput, renderBuild } from '../../features/run/build.js';
import { renderTestCoverage, testCoverage, TestCoverageInput } from '../../features/run/test-coverage.js';
import { renderTestList, testList, TestListInput } from '../../features/run/test-list.js';
import { renderTestRun, testRun, TestRunInput } from '../../features/run/test-run.js';
import { RUNNERS } from '../../features/run/schemas.js';
import { collect, nonNegativeInt, parseInput, positiveInt } from '../args.js';
import { runFeature } from '../context.js';

/**
 * `docent build` and `docent test`: the run tools from the command line. The exit code mirrors
 * the outcome: 0 when the build or every test passed, 1 when something failed (or nothing ran),
 * 2 for usage errors, 3 when a toolchain is missing.
 */
export function registerRunCommands(program: Command): void {
  program
    .command('build')
    .description('check, compile or clean the project with its own build (tsc, CMake, cargo, go, Python); errors and warnings as diagnostics')
    .addOption(new Option('-t, --target <target>', 'what to do').choices(['check', 'compile', 'clean']).default('compile'))
    .option('-p, --project <dir>', 'the subproject directory (default: the root\'s project, or the only one)')
    .option('-f, --file <path>', 'report diagnostics for this file only (repeatable)', collect)
    .addOption(new Option('--timeout <s>', 'wall-clock limit in seconds').argParser(positiveInt))
    .addOption(new Option('-n, --max <n>', 'maximum diagnostics').default(50).argParser(positiveInt))
    .action(async (opts: { target: string; project?: string; file?: string[]; timeout?: number; max: number }, cmd: Command) => {
      await runFeature(
        cmd,
        (ctx) => build(parseInput(BuildInput, { root: opts.project, target: opts.target, files: opts.file, timeout_s: opts.timeout, max_results: opts.max }), ctx),
        renderBuild,
        { progressLabel: 'build', notFound: (r) => !r.ok },
      );
    });

  program
    .command('test')
    .description('run the project\'s tests with its own runner; failures with message, stack and location')
    .argument('[filter]', 'run tests whose name contains this text')
    .option('--failed', 'rerun only what failed in the last run')
    .option('--coverage', 'measure coverage (with --file: report those source files)')
    .option('--list', 'list the tests instead of running them')
    .option('-p, --project <dir>', 'the subproject directory (default: the root\'s project, or the only one)')
    .option('-f, --file <path>', 'test file or directory to run (with --coverage: source file to report) (repeatable)', collect)
    .option('--id <id>', 'run this test id (repeatable)', collect)
    .addOption(new Option('--runner <runner>', 'choose the runner when a directory has several').choices([...RUNNERS]))
    .option('--all', 'show every test, not just the failures')
    .addOption(new Option('--timeout <s>', 'wall-clock limit in seconds').argParser(positiveInt))
    .addOption(new Option('-n, --max <n>', 'maximum tests shown').default(20).argParser(positiveInt))
    .addOption(new Option('--offset <n>', 'skip this many tests').default(0).argParser(nonNegativeInt))
    .action(
      async (
        filter: string | undefined,
        opts: { failed?: boolean; coverage?: boolean; list?: boolean; project?: string; file?: string[]; id?: string[]; runner?: string; all?: boolean; timeout?: number; max: number; offset: number },
        cmd: Command,
      ) => {
        if (opts.list) {
          await runFeature(cmd, (ctx) => testList(parseInput(TestListInput, { root: opts.project, files: opts.file, filter, runner: opts.runner, max_results: Math.max(opts.max, 200), offset: opts.offset }), ctx), renderTestList, {
            progressLabel: 'tests',
          });
          return;
        }
        if (opts.coverage) {
          await runFeature(
            cmd,
            (ctx) => testCoverage(parseInput(TestCoverageInput, { root: opts.project, ids: opts.id, files: opts.file, runner: opts.runner, timeout_s: opts.timeout }), ctx),
            renderTestCoverage,
            { progressLabel: 'coverage', notFound: (r) => !r.ok },
          );
          return;
        }
        await runFeature(
          cmd,
          (ctx) =>
            testRun(
              parseInput(TestRunInput, {
                root: opts.project,
                filter,
                files: opts.file,
                ids: opts.id,
                only_failed: Boolean(opts.failed),
                runner: opts.runner,
                include: opts.all ? 'all' : 'problems',
                timeout_s: opts.timeout,
                max_results: opts.max,
                offset: opts.offset,
              }),
              ctx,
            ),
          renderTestRun,
          { progressLabel: 'tests', notFound: (r) => !r.ok },
        );
      },
    );
}
