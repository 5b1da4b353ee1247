import type { Command } from 'commander';

/** Registers the `docent` subcommands for symbols. */
export function registerSymbolsCommands(_program: Command): void {}
