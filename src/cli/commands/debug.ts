import { Option, type Command } from 'commander';
import { DebugStartInput, debugStart, renderDebugStart } from '../../features/debug/start.js';
import { ProfileCompareInput, profileCompare, renderProfileCompare } from '../../features/profile/compare.js';
import { ProfileRunInput, profileRun, renderProfileRun } from '../../features/profile/run.js';
import { collect, parseInput, positiveInt } from '../args.js';
import { runFeature } from '../context.js';
import { DocentError } from '../output.js';

/** `docent debug PROGRAM --break FILE:LINE`: run to the first stop, print its stop context, end the session. */

function breakpointOf(spec: string): { file: string; line: number } | { symbol: string } | { file: string; anchor_text: string } {
  const m = /^(.*):(\d+)$/.exec(spec);
  if (m) return { file: m[1]!, line: Number(m[2]) };
  const anchor = /^(.*?):(.+)$/.exec(spec);
  if (anchor && /\.[A-Za-z0-9]+$/.test(anchor[1]!)) return { file: anchor[1]!, anchor_text: anchor[2]! };
  if (!spec.includes(':') || spec.includes('::')) return { symbol: spec };
  throw new DocentError('E_BAD_INPUT', `--break expects FILE:LINE, FILE:TEXT or a function name, got "${spec}".`);
}

export function registerDebugCommands(program: Command): void {
  program
    .command('debug')
    .description('run a program under its debugger to the first breakpoint and print the stop context (stack, source, locals, output)')
    .argument('<program>', 'a .py, .js or .ts file, or a native executable built with -g')
    .argument('[args...]', 'arguments for the program (after --)')
    .option('-b, --break <where>', 'breakpoint: FILE:LINE, FILE:TEXT (the line containing TEXT) or a function name (repeatable)', collect)
    .option('--stop-on-entry', 'stop at the first line')
    .addOption(new Option('--timeout <s>', 'seconds to wait for the first stop').default(30).argParser(positiveInt))
    .action(async (prog: string, args: string[], opts: { break?: string[]; stopOnEntry?: boolean; timeout: number }, cmd: Command) => {
      await runFeature(cmd, (ctx) => debugStart(parseInput(DebugStartInput, { program: prog, args, breakpoints: (opts.break ?? []).map(breakpointOf), stop_on_entry: Boolean(opts.stopOnEntry), timeout_s: opts.timeout }), ctx), renderDebugStart);
    });
}

/** `docent profile PROGRAM [--compare ID]`: hotspots first; with --compare, the change against an earlier profile. */
export function registerProfileCommand(program: Command): void {
  program
    .command('profile')
    .description('profile a program (cProfile, the V8 CPU profiler, callgrind) and print its hotspots; --compare ID shows the change against an earlier profile')
    .argument('<program>', 'a .py, .js or .ts file, or a native executable')
    .argument('[args...]', 'arguments for the program (after --)')
    .option('--compare <profile_id>', 'compare with this earlier profile')
    .addOption(new Option('--duration <s>', 'stop the program after this many seconds').default(60).argParser(positiveInt))
    .addOption(new Option('-n, --max <n>', 'hotspots to list').default(20).argParser(positiveInt))
    .action(async (prog: string, args: string[], opts: { compare?: string; duration: number; max: number }, cmd: Command) => {
      await runFeature(
        cmd,
        async (ctx) => {
          const run = await profileRun(parseInput(ProfileRunInput, { program: prog, args, duration_s: opts.duration, max_results: opts.max }), ctx);
          const comparison = opts.compare ? await profileCompare(parseInput(ProfileCompareInput, { before: opts.compare, after: run.profile_id }), ctx) : null;
          return { ...run, comparison };
        },
        (r) => [renderProfileRun(r), ...(r.comparison ? ['', renderProfileCompare(r.comparison)] : [])].join('\n'),
      );
    });
}
