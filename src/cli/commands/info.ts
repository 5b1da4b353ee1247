import { Option, type Command } from 'commander';
import { DocentError } from '../../core/errors.js';
import { InfoListManualsInput, infoListManuals, renderInfoListManuals } from '../../features/info/list-manuals.js';
import { InfoLookupSymbolInput, infoLookupSymbol, renderInfoLookupSymbol } from '../../features/info/lookup-symbol.js';
import { InfoReadNodeInput, infoReadNode, renderInfoReadNode } from '../../features/info/read-node.js';
import { InfoSearchInput, infoSearch, renderInfoSearch } from '../../features/info/search.js';
import { runFeature } from '../context.js';
import { collect, nonNegativeInt } from '../args.js';

interface InfoOptions {
  manual?: string[];
  search?: string;
  node?: string;
  list?: boolean;
  maxChars?: number;
  offset?: number;
  limit?: number;
}


/**
 * `docent info SYMBOL [--manual M]` looks a symbol up; `--search Q` searches indexes and node
 * names, `--node N` reads a node, `--list` lists the manuals. All four are the info_* tools.
 */
export function registerInfoCommands(program: Command): void {
  program
    .command('info')
    .description('Look up symbols and read GNU Info manuals (default manual: elisp)')
    .argument('[symbol...]', 'symbol or concept to look up, e.g. mapcar or "lexical binding"')
    .option('-m, --manual <name>', 'manual to use (repeatable with --search; default for lookups: elisp)', collect)
    .option('-s, --search <query>', 'search index entries and node names instead of looking up')
    .option('-n, --node <node>', 'read a node, e.g. "Mapping Functions" or "(elisp)Mapping Functions"')
    .option('-l, --list', 'list the installed manuals')
    .addOption(new Option('--max-chars <n>', 'return at most this many characters of node text').argParser(nonNegativeInt))
    .addOption(new Option('--offset <n>', 'character offset to continue a truncated node').argParser(nonNegativeInt))
    .addOption(new Option('--limit <n>', 'maximum number of search results').argParser(nonNegativeInt))
    .addHelpText(
      'after',
      '\nExamples:\n  docent info mapcar\n  docent info sort --manual coreutils\n  docent info --search "hash table"\n  docent info --node "(elisp)Mapping Functions"\n  docent info --list --json',
    )
    .action(async (words: string[], opts: InfoOptions, cmd: Command) => {
      const modes = [words.length > 0, Boolean(opts.search), Boolean(opts.node), Boolean(opts.list)].filter(Boolean).length;
      if (opts.list) {
        return runFeature(cmd, (ctx) => infoListManuals(InfoListManualsInput.parse({}), ctx), renderInfoListManuals);
      }
      if (opts.search !== undefined) {
        return runFeature(
          cmd,
          (ctx) => infoSearch(InfoSearchInput.parse({ query: opts.search, manuals: opts.manual, limit: opts.limit || undefined }), ctx),
          renderInfoSearch,
          { notFound: (r) => r.total === 0 },
        );
      }
      if (opts.node !== undefined) {
        return runFeature(
          cmd,
          (ctx) =>
            infoReadNode(
              InfoReadNodeInput.parse({ manual: opts.manual?.[0], node: opts.node, offset: opts.offset, max_chars: opts.maxChars || undefined }),
              ctx,
            ),
          renderInfoReadNode,
        );
      }
      if (modes === 0) {
        return runFeature(
          cmd,
          async () => {
            throw new DocentError('E_BAD_INPUT', 'Nothing to look up.', 'Give a symbol (docent info mapcar), or use --search, --node or --list.');
          },
          () => '',
        );
      }
      return runFeature(
        cmd,
        (ctx) =>
          infoLookupSymbol(
            InfoLookupSymbolInput.parse({ symbol: words.join(' '), manual: opts.manual?.[0], max_chars: opts.maxChars || undefined, offset: opts.offset }),
            ctx,
          ),
        renderInfoLookupSymbol,
        { notFound: (r) => !r.found },
      );
    });
}
