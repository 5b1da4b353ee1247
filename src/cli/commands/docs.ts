import type { Command } from 'commander';

/** Registers the `docent` subcommands for docs. */
export function registerDocsCommands(_program: Command): void {}
