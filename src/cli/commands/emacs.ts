import { Option, type Command } from 'commander';
import { EmacsBuffersInput, emacsListBuffers, renderEmacsBuffers } from '../../features/emacs/buffers.js';
import { EmacsContextInput, emacsGetContext, renderEmacsContext } from '../../features/emacs/context.js';
import { EmacsVisibleInput, emacsGetVisibleText, renderEmacsVisible } from '../../features/emacs/visible.js';
import { runFeature } from '../context.js';
import { nonNegativeInt, parseInput } from '../args.js';



/**
 * `docent emacs context|visible|buffers`: the emacs_* tools from the command line, talking to the
 * running Emacs found through --emacs-socket / --emacs-server-file (or EMACS_SOCKET_NAME).
 */
export function registerEmacsCommands(program: Command): void {
  const emacs = program
    .command('emacs')
    .description('Read the running Emacs: current context, visible text, buffers (through emacsclient)')
    .addHelpText(
      'after',
      '\nExamples:\n  docent emacs context\n  docent emacs visible --json\n  docent emacs buffers --emacs-socket work\n\nThe server is found through --emacs-socket NAME|PATH, else $EMACS_SOCKET_NAME, else the default socket.',
    );

  emacs
    .command('context')
    .description('buffer, mode, point, line, column, file and state of the selected window (or of --buffer)')
    .option('-b, --buffer <name>', 'describe this buffer instead of the selected one')
    .action(async (opts: { buffer?: string }, cmd: Command) =>
      runFeature(cmd, (ctx) => emacsGetContext(parseInput(EmacsContextInput, { buffer: opts.buffer }), ctx), renderEmacsContext),
    );

  emacs
    .command('visible')
    .description('the text visible in the selected window, with its positions and the window size')
    .addOption(new Option('--max-chars <n>', 'return at most this many characters').argParser(nonNegativeInt))
    .addOption(new Option('--offset <n>', 'skip this many characters (continue a truncated answer)').argParser(nonNegativeInt))
    .action(async (opts: { maxChars?: number; offset?: number }, cmd: Command) =>
      runFeature(cmd, (ctx) => emacsGetVisibleText(parseInput(EmacsVisibleInput, { max_chars: opts.maxChars, offset: opts.offset }), ctx), renderEmacsVisible),
    );

  emacs
    .command('buffers')
    .description('the buffers, most recently used first (internal ones left out)')
    .addOption(new Option('--max-results <n>', 'list at most this many buffers').argParser(nonNegativeInt))
    .addOption(new Option('--offset <n>', 'skip this many buffers').argParser(nonNegativeInt))
    .action(async (opts: { maxResults?: number; offset?: number }, cmd: Command) =>
      runFeature(cmd, (ctx) => emacsListBuffers(parseInput(EmacsBuffersInput, { max_results: opts.maxResults, offset: opts.offset }), ctx), renderEmacsBuffers),
    );
}
