import path from 'node:path';
import { Option, type Command } from 'commander';
import { ITEM_KINDS } from '../../core/extract/types.js';
import { docsGet, renderDocItem } from '../../features/docs/get.js';
import { indexRun, renderIndexRun } from '../../features/docs/index-run.js';
import { docsSearch, renderDocsSearch } from '../../features/docs/search.js';
import { runFeature } from '../context.js';
import { docOrSymbol, isSymbolDoc, renderDocOrSymbol } from './navigation.js';
import { positiveInt } from '../args.js';

/** Registers the `docent` subcommands for the docs index: index, search, doc. */
export function registerDocsCommands(program: Command): void {
  program
    .command('index [root]')
    .description('Build or update the docs index of the workspace roots (or ROOT); incremental, shows progress')
    .option('-w, --watch', 'keep running and re-index files as they change')
    .option('--private', 'include private and internal items')
    .action(async (root: string | undefined, opts: { watch?: boolean; private?: boolean }, cmd: Command) => {
      await runFeature(
        cmd,
        (ctx) => {
          if (root) ctx.workspace.setRoots([path.resolve(root)]);
          if (opts.private) ctx.config = { ...ctx.config, index: { ...ctx.config.index, private: true } };
          return indexRun({ watch: Boolean(opts.watch), onUpdate: (m) => process.stderr.write(m + '\n') }, ctx);
        },
        renderIndexRun,
        { progressLabel: 'indexing' },
      );
    });

  program
    .command('search <query...>')
    .description('Search the docs index (natural language or identifiers), ranked by relevance')
    .addOption(new Option('-k, --kind <kind...>', 'only these kinds').choices([...ITEM_KINDS]))
    .option('-m, --module <module>', 'only items in this module or below it')
    .addOption(new Option('-n, --limit <n>', 'maximum number of results').argParser(positiveInt).default(10))
    .addOption(new Option('--scope <scope>', 'project: the project\'s own items; deps: installed packages; all: both').choices(['project', 'deps', 'all']).default('all'))
    .option('-l, --language <language>', 'only items in this language (index_status lists the indexed ones: typescript, python, cpp, …)')
    .action(async (query: string[], opts: { kind?: string[]; module?: string; limit: number; scope: 'project' | 'deps' | 'all'; language?: string }, cmd: Command) => {
      await runFeature(cmd, (ctx) => docsSearch({ query: query.join(' '), kinds: opts.kind, module: opts.module, limit: opts.limit, scope: opts.scope, language: opts.language }, ctx), renderDocsSearch, {
        progressLabel: 'indexing',
        notFound: (r) => r.results.length === 0,
      });
    });

  program
    .command('doc <id>')
    .description(
      'Show the documentation of a symbol: a docs-index item by id (e.g. _.debounce, json.loads, ns::Type::method), or with --file/--lsp ' +
        'through the language server as get_symbol_documentation does (also used when the index has no such id)',
    )
    .addOption(new Option('--max-chars <n>', 'cut the doc after this many characters').argParser(positiveInt).default(24_000))
    .option('-f, --file <path>', 'look the name up through the language server, as seen from this file (defined, imported or used there)')
    .option('--lsp', 'look the name up through the language servers instead of the docs index')
    .action(async (id: string, opts: { maxChars: number; file?: string; lsp?: boolean }, cmd: Command) => {
      await runFeature(cmd, (ctx) => docOrSymbol(id, opts, ctx, () => docsGet({ id, max_chars: opts.maxChars }, ctx)), renderDocOrSymbol(renderDocItem), {
        progressLabel: 'indexing',
        notFound: (r) => isSymbolDoc(r) && !r.found,
      });
    });
}
