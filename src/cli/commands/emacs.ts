import type { Command } from 'commander';

/** Registers the `docent` subcommands for emacs. */
export function registerEmacsCommands(_program: Command): void {}
