import type { Command } from 'commander';

/** Registers the `docent` subcommands for info. */
export function registerInfoCommands(_program: Command): void {}
