#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { VERSION } from '../core/version.js';
import { registerDocsCommands } from './commands/docs.js';
import { registerDoctorCommand } from './commands/doctor.js';
import { registerEmacsCommands } from './commands/emacs.js';
import { registerInfoCommands } from './commands/info.js';
import { registerServeCommand } from './commands/serve.js';
import { registerSymbolsCommands } from './commands/symbols.js';
import { registerDaemonCommands } from './commands/daemon.js';
import { addGlobalFlags } from './flags.js';
import { EXIT } from './output.js';

/**
 * The `docent` command line. Each subcommand is a thin adapter over a feature function, so the
 * CLI and the MCP tools give the same answers. Exit codes: 0 ok, 1 not found, 2 usage,
 * 3 environment (a program, server or manual is missing).
 */
export function buildProgram(): Command {
  const program = new Command('docent')
    .description('Exact, structured answers about code and its documentation, for AI coding agents and the people working with them.')
    .version(VERSION, '-V, --version')
    .showHelpAfterError('(run `docent --help` for usage)')
    .exitOverride();
  addGlobalFlags(program);
  registerServeCommand(program);
  registerDoctorCommand(program);
  registerInfoCommands(program);
  registerEmacsCommands(program);
  registerSymbolsCommands(program);
  registerDocsCommands(program);
  registerDaemonCommands(program);
  return program;
}

async function main(argv: string[]): Promise<void> {
  // A running daemon answers the service commands (warm servers, index, manuals); see via-daemon.ts.
  if (await (await import('./via-daemon.js')).runViaDaemon(argv)) return;
  const program = buildProgram();
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
