import type { Command } from 'commander';
import { DocentError } from '../../core/errors.js';
import type { FeatureContext } from '../../features/context.js';
import { ExtractFunctionInput, extractFunction, renderExtract } from '../../features/change/extract.js';
import { FormatDocumentInput, formatDocument, renderFormat } from '../../features/change/format.js';
import { RenameSymbolInput, renameSymbol, renderRename } from '../../features/change/rename.js';
import { parseInput } from '../args.js';
import { runFeature } from '../context.js';
import { targetOf } from './navigation.js';

/**
 * CLI for changing code: `docent rename`, `docent format`, `docent extract`. Without --apply
 * they print the diff and write nothing; --apply on the command line is the user's own consent
 * to write (the MCP server needs --allow-writes for that).
 */

interface ApplyOpts {
  apply?: boolean;
}

/** The context with writes allowed when the user passed --apply. */
function consenting(ctx: FeatureContext, opts: ApplyOpts): FeatureContext {
  return opts.apply ? { ...ctx, config: { ...ctx.config, allowWrites: true } } : ctx;
}

export function registerChangeCommands(program: Command): void {
  program
    .command('rename')
    .description('rename a symbol (NAME, Class.method, ns::name, or FILE:LINE:COL) everywhere through its language server; prints the diff, writes with --apply')
    .argument('<symbol>', 'symbol name or FILE:LINE:COL (1-based)')
    .argument('<new-name>', 'the new identifier')
    .option('-f, --file <path>', 'the file the name is seen from (picks one of several)')
    .option('--apply', 'write the change')
    .action(async (symbol: string, newName: string, opts: ApplyOpts & { file?: string }, cmd: Command) => {
      await runFeature(
        cmd,
        (ctx) => {
          const t = targetOf(symbol, opts.file, ctx);
          const target = 'symbol_name' in t ? { symbol: t.symbol_name, file: t.file_path } : { file: t.file, line: t.line, column: t.character };
          return renameSymbol(parseInput(RenameSymbolInput, { ...target, new_name: newName, apply: Boolean(opts.apply) }), consenting(ctx, opts));
        },
        renderRename,
        { progressLabel: 'rename' },
      );
    });

  program
    .command('format')
    .description("format a file with its language server (or black/gofmt/rustfmt); prints the diff, writes with --apply")
    .argument('<file>', 'the file to format')
    .option('--apply', 'write the change')
    .action(async (file: string, opts: ApplyOpts, cmd: Command) => {
      await runFeature(cmd, (ctx) => formatDocument(parseInput(FormatDocumentInput, { file, apply: Boolean(opts.apply) }), consenting(ctx, opts)), renderFormat, { progressLabel: 'format' });
    });

  program
    .command('extract')
    .description('extract lines START-END of FILE into a new function NAME; prints the diff, writes with --apply')
    .argument('<where>', 'FILE:START-END (1-based lines, END included)')
    .argument('<name>', 'name of the new function')
    .option('--apply', 'write the change')
    .action(async (where: string, name: string, opts: ApplyOpts, cmd: Command) => {
      await runFeature(
        cmd,
        (ctx) => {
          const m = /^(.+):(\d+)(?:-(\d+))?$/.exec(where);
          if (!m) throw new DocentError('E_BAD_INPUT', `Expected FILE:START-END, got "${where}".`, 'For example: docent extract src/calc.ts:12-18 computeTotal');
          const range = { start: { line: Number(m[2]) }, end: { line: Number(m[3] ?? m[2]) } };
          return extractFunction(parseInput(ExtractFunctionInput, { file: m[1], range, name, apply: Boolean(opts.apply) }), consenting(ctx, opts));
        },
        renderExtract,
        { progressLabel: 'extract' },
      );
    });
}
