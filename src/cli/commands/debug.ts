import { Option, type Command } from 'commander';
import { DebugStartInput, debugStart, renderDebugStart } from '../../features/debug/start.js';
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
