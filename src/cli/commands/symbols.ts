import { Option, type Command } from 'commander';
import { SYMBOL_KIND_NAMES } from '../../core/lsp/symbol-kinds.js';
import { SearchSymbolsInput, renderSearchSymbols, searchSymbols } from '../../features/symbols/index.js';
import { runFeature } from '../context.js';
import { DocentError } from '../output.js';
import { registerNavigationCommands } from './navigation.js';
import { collect, nonNegativeInt, positiveInt } from '../args.js';


/** Registers the `docent` subcommands for symbols. */
export function registerSymbolsCommands(program: Command): void {
  program
    .command('symbols')
    .description('search symbols through the language servers (clangd, TypeScript, pyright, …)')
    .argument('<query>', 'query passed to the server: vector, std::vector, ::main, MyNamespace::')
    .addOption(new Option('-k, --kind <kind>', 'keep only this kind (repeatable)').choices([...SYMBOL_KIND_NAMES]).argParser(collect))
    .option('-f, --file <path>', 'search this file, directory or glob instead of the workspace (repeatable)', collect)
    .option('-l, --language <lang>', 'search only this language or server (cpp, typescript, python, …)')
    .option('--external', 'include symbols outside the project (system headers, node_modules, …)')
    .option('--no-details', 'skip signature/documentation')
    .option('--references', 'also count references of the top results (slower)')
    .addOption(new Option('-n, --max <n>', 'maximum results').default(100).argParser(positiveInt))
    .addOption(new Option('--offset <n>', 'skip this many results').default(0).argParser(nonNegativeInt))
    .action(async (query: string, opts: { kind?: string[]; file?: string[]; language?: string; external?: boolean; details: boolean; references?: boolean; max: number; offset: number }, cmd: Command) => {
      await runFeature(
        cmd,
        (ctx) => {
          const parsed = SearchSymbolsInput.safeParse({
            query,
            kinds: opts.kind,
            files: opts.file,
            language: opts.language,
            include_external: Boolean(opts.external),
            include_details: opts.details,
            include_references: Boolean(opts.references),
            max_results: opts.max,
            offset: opts.offset,
          });
          if (!parsed.success) throw new DocentError('E_BAD_INPUT', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
          return searchSymbols(parsed.data, ctx);
        },
        renderSearchSymbols,
        { progressLabel: 'symbols', notFound: (r) => r.total_matches === 0 },
      );
    });
  // refs, def, outline (the language-server half of `doc` is dispatched from docs.ts).
  registerNavigationCommands(program);
}

