import { existsSync } from 'node:fs';
import path from 'node:path';
import { Option, type Command } from 'commander';
import { DocentError } from '../../core/errors.js';
import type { FeatureContext } from '../../features/context.js';
import {
  DocumentSymbolsInput,
  FindDefinitionInput,
  FindReferencesInput,
  documentSymbols,
  findDefinition,
  findReferences,
  getSymbolDocumentation,
  renderDefinition,
  renderOutline,
  renderReferences,
  renderSymbolDoc,
  type SymbolDocResult,
} from '../../features/navigation/index.js';
import { runFeature } from '../context.js';
import { parseInput, wholeNumber } from '../args.js';

/**
 * CLI for symbol documentation and navigation through the language servers: `docent refs`,
 * `docent def`, `docent outline`, and the language-server half of `docent doc` (registered by
 * docs.ts, which owns the command name: commander allows one `doc`).
 */

export interface DocDispatchOptions {
  file?: string;
  lsp?: boolean;
}

export function isSymbolDoc(v: unknown): v is SymbolDocResult {
  return typeof v === 'object' && v !== null && 'lookup' in v && 'edge_cases' in v;
}

/**
 * `docent doc NAME`: with --file or --lsp, get_symbol_documentation; otherwise the docs index,
 * falling back to the language servers when the index has no such id and they find the symbol.
 */
export async function docOrSymbol<T>(name: string, opts: DocDispatchOptions, ctx: FeatureContext, fromIndex: () => Promise<T>): Promise<T | SymbolDocResult> {
  if (opts.file || opts.lsp) return getSymbolDocumentation({ symbol_name: name, file_path: opts.file }, ctx);
  try {
    return await fromIndex();
  } catch (err) {
    if (!(err instanceof DocentError) || err.code !== 'E_NOT_FOUND') throw err;
    try {
      const r = await getSymbolDocumentation({ symbol_name: name }, ctx);
      if (r.found) return r;
    } catch {
      // No language server could help either: the index's answer (with its suggestions) stands.
    }
    throw err;
  }
}

export function renderDocOrSymbol<T>(renderIndex: (v: T) => string): (v: T | SymbolDocResult) => string {
  return (v) => (isSymbolDoc(v) ? renderSymbolDoc(v) : renderIndex(v as T));
}

/** NAME or FILE:LINE:COL (1-based) into the navigation tools' target fields. */
export function targetOf(spec: string, file: string | undefined, ctx: FeatureContext): Record<string, unknown> {
  const m = /^(.+):(\d+):(\d+)$/.exec(spec);
  if (m && !file) {
    const candidate = m[1]!;
    const exists = ctx.workspace.roots.some((r) => existsSync(path.resolve(r, candidate)));
    if (exists) return { file: candidate, line: Number(m[2]), character: Number(m[3]) };
  }
  return { symbol_name: spec, file_path: file };
}



export function registerNavigationCommands(program: Command): void {
  program
    .command('refs')
    .description('find references to a symbol (NAME, Class.method, ns::name, or FILE:LINE:COL) through its language server')
    .argument('<symbol>', 'symbol name or FILE:LINE:COL (1-based)')
    .option('-f, --file <path>', 'the file the name is seen from (disambiguates; finds imported symbols)')
    .option('--no-declaration', 'leave the declaration out')
    .addOption(new Option('-n, --max <n>', 'maximum references').default(100).argParser(wholeNumber(1)))
    .addOption(new Option('--offset <n>', 'skip this many references').default(0).argParser(wholeNumber(0)))
    .addOption(new Option('-C, --context <n>', 'lines of context around each reference').default(0).argParser(wholeNumber(0)))
    .action(async (symbol: string, opts: { file?: string; declaration: boolean; max: number; offset: number; context: number }, cmd: Command) => {
      await runFeature(
        cmd,
        (ctx) =>
          findReferences(
            parseInput(FindReferencesInput, { ...targetOf(symbol, opts.file, ctx), include_declaration: opts.declaration, max_results: opts.max, offset: opts.offset, context_lines: opts.context }),
            ctx,
          ),
        renderReferences,
        { progressLabel: 'references', notFound: (r) => r.total === 0 },
      );
    });

  program
    .command('def')
    .description('go to the definition of a symbol (NAME or FILE:LINE:COL), with its first lines of source')
    .argument('<symbol>', 'symbol name or FILE:LINE:COL (1-based)')
    .option('-f, --file <path>', 'the file the name is seen from')
    .addOption(new Option('-s, --source-lines <n>', 'lines of source to show').default(5).argParser(wholeNumber(0)))
    .action(async (symbol: string, opts: { file?: string; sourceLines: number }, cmd: Command) => {
      await runFeature(cmd, (ctx) => findDefinition(parseInput(FindDefinitionInput, { ...targetOf(symbol, opts.file, ctx), source_lines: opts.sourceLines }), ctx), renderDefinition, {
        progressLabel: 'definition',
        notFound: (r) => r.definitions.length === 0,
      });
    });

  program
    .command('outline')
    .description("a file's symbols as a tree (document symbols), with kinds and positions")
    .argument('<file>', 'the file to outline')
    .addOption(new Option('-d, --depth <n>', 'levels to show (1 = top level)').argParser(wholeNumber(1)))
    .addOption(new Option('-n, --max <n>', 'maximum symbols').default(500).argParser(wholeNumber(1)))
    .action(async (file: string, opts: { depth?: number; max: number }, cmd: Command) => {
      await runFeature(cmd, (ctx) => documentSymbols(parseInput(DocumentSymbolsInput, { file, depth: opts.depth, max_results: opts.max }), ctx), renderOutline, {
        progressLabel: 'outline',
        notFound: (r) => r.total === 0,
      });
    });
}
