#!/usr/bin/env node
import type { Command } from 'commander';

/**
 * The `docent` command line. Each subcommand is a thin adapter over a feature function, so the
 * CLI and the MCP tools give the same answers. Exit codes: 0 ok, 1 not found, 2 usage,
 * 3 environment (a program, server or manual is missing).
 *
 * A CLI is started dozens of times an hour, so startup loads only what the command line names:
 * `--version` answers before anything else is imported, and of the command groups below only
 * those whose commands appear in argv are imported (each group's module imports its features).
 * `--help`, no command or an unknown one load every group, for the full help and suggestions.
 */

type Register = (program: Command) => void;

/**
 * Every CLI group: the commands its module registers, and the module, imported only when one
 * of those commands is used. Adding a group is one `commands/<group>.ts` and one line here.
 */
const COMMAND_GROUPS: ReadonlyArray<{ commands: readonly string[]; load: () => Promise<Register> }> = [
  { commands: ['serve'], load: async () => (await import('./commands/serve.js')).registerServeCommand },
  { commands: ['doctor'], load: async () => (await import('./commands/doctor.js')).registerDoctorCommand },
  { commands: ['info'], load: async () => (await import('./commands/info.js')).registerInfoCommands },
  { commands: ['emacs'], load: async () => (await import('./commands/emacs.js')).registerEmacsCommands },
  { commands: ['symbols', 'refs', 'def', 'outline'], load: async () => (await import('./commands/symbols.js')).registerSymbolsCommands },
  { commands: ['index', 'search', 'doc'], load: async () => (await import('./commands/docs.js')).registerDocsCommands },
  { commands: ['check', 'explain', 'analyze', 'calls', 'types', 'impls'], load: async () => (await import('./commands/check.js')).registerCheckCommands },
  { commands: ['rename', 'format', 'extract'], load: async () => (await import('./commands/change.js')).registerChangeCommands },
  { commands: ['build', 'test'], load: async () => (await import('./commands/run.js')).registerRunCommands },
  { commands: ['debug'], load: async () => (await import('./commands/debug.js')).registerDebugCommands },
  { commands: ['profile'], load: async () => (await import('./commands/debug.js')).registerProfileCommand },
  { commands: ['daemon'], load: async () => (await import('./commands/daemon.js')).registerDaemonCommands },
];

/** The groups a command line needs: those naming a word of argv, or all when none does. */
function groupsFor(args: readonly string[]): typeof COMMAND_GROUPS {
  const words = new Set(args);
  const named = COMMAND_GROUPS.filter((g) => g.commands.some((c) => words.has(c)));
  return named.length ? named : COMMAND_GROUPS;
}

export async function buildProgram(args: readonly string[] = []): Promise<Command> {
  const [{ Command }, { VERSION }, { addGlobalFlags }] = await Promise.all([import('commander'), import('../core/version.js'), import('./flags.js')]);
  const program = new Command('docent')
    .description('Exact, structured answers about code and its documentation, for AI coding agents and the people working with them.')
    .version(VERSION, '-V, --version')
    .showHelpAfterError('(run `docent --help` for usage)')
    .exitOverride();
  addGlobalFlags(program);
  const registers = await Promise.all(groupsFor(args).map((g) => g.load()));
  for (const register of registers) register(program);
  return program;
}

async function main(argv: string[]): Promise<void> {
  const args = argv.slice(2);
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    // The fast path: no commander, no config, no features.
    const { VERSION } = await import('../core/version.js');
    process.stdout.write(`${VERSION}\n`);
    return;
  }
  // A running daemon answers the service commands (warm servers, index, manuals); see via-daemon.ts.
  if (await (await import('./via-daemon.js')).runViaDaemon(argv)) return;
  const [program, { CommanderError }, { EXIT }] = await Promise.all([buildProgram(args), import('commander'), import('./output.js')]);
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version exit 0; any other parse failure is a usage error.
      process.exitCode = err.exitCode === 0 ? EXIT.ok : EXIT.usage;
      return;
    }
    throw err;
  }
}

await main(process.argv);
