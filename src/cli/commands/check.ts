import { Option, type Command } from 'commander';
import {
  AnalyzeInput,
  CallHierarchyInput,
  DiagnosticsInput,
  ExplainInput,
  ImplementationsInput,
  TypeHierarchyInput,
  analyze,
  callHierarchy,
  diagnosticExplain,
  diagnostics,
  findImplementations,
  renderAnalyze,
  renderDiagnostics,
  renderExplain,
  renderHierarchy,
  renderImplementations,
  typeHierarchy,
} from '../../features/check/index.js';
import { SEVERITIES } from '../../features/check/codes.js';
import { parseInput, wholeNumber } from '../args.js';
import { runFeature } from '../context.js';
import { targetOf } from './navigation.js';

/**
 * CLI for checking code: `docent check` (diagnostics; exit 1 when there are errors, so scripts
 * can use it), `docent explain`, `docent analyze`, `docent calls`, `docent types`, `docent impls`.
 * A one-shot command has no overlays: it checks the disk.
 */
export function registerCheckCommands(program: Command): void {
  program
    .command('check')
    .description('diagnostics from the language servers for files, directories or globs (the whole workspace when none); exit 1 when there are errors')
    .argument('[files...]', 'paths, directories or globs ("src/**/*.ts")')
    .option('--since <baseline>', 'report only diagnostics new or fixed since this baseline (printed by an earlier run)')
    .addOption(new Option('--min-severity <level>', 'leave out diagnostics below this severity').choices([...SEVERITIES]).default('hint'))
    .addOption(new Option('-n, --max <n>', 'maximum diagnostics').default(100).argParser(wholeNumber(1)))
    .option('--no-fixes', 'do not ask the servers for quick fixes')
    .action(async (files: string[], opts: { since?: string; minSeverity: string; max: number; fixes: boolean }, cmd: Command) => {
      await runFeature(
        cmd,
        (ctx) =>
          diagnostics(
            parseInput(DiagnosticsInput, { files: files.length ? files : undefined, since: opts.since, min_severity: opts.minSeverity, max_results: opts.max, include_fixes: opts.fixes }),
            ctx,
          ),
        renderDiagnostics,
        { progressLabel: 'check', notFound: (r) => r.counts.error > 0 },
      );
    });

  program
    .command('explain')
    .description('explain a diagnostic code from the compiler\'s own catalogue (ts2322, pyright:reportAttributeAccessIssue, clang:-Wunused-variable)')
    .argument('<code>', 'the code, as diagnostics prints it')
    .action(async (code: string, _opts: unknown, cmd: Command) => {
      await runFeature(cmd, (ctx) => diagnosticExplain(parseInput(ExplainInput, { code }), ctx), renderExplain, { notFound: (r) => !r.found });
    });

  program
    .command('analyze')
    .description('one file at a glance: syntax errors, diagnostics by severity, outline size, project membership')
    .argument('<file>', 'the file')
    .action(async (file: string, _opts: unknown, cmd: Command) => {
      await runFeature(cmd, (ctx) => analyze(parseInput(AnalyzeInput, { file }), ctx), renderAnalyze, { progressLabel: 'analyze' });
    });

  const depth = () => new Option('-d, --depth <n>', 'levels below the symbol').default(2).argParser(wholeNumber(1));
  const max = () => new Option('-n, --max <n>', 'maximum entries').default(100).argParser(wholeNumber(1));

  program
    .command('calls')
    .description('call hierarchy of a function (NAME or FILE:LINE:COL): who calls it, or with --outgoing what it calls')
    .argument('<symbol>', 'symbol name or FILE:LINE:COL (1-based)')
    .option('-f, --file <path>', 'the file the name is seen from')
    .option('--outgoing', 'what it calls instead of who calls it')
    .addOption(depth())
    .addOption(max())
    .action(async (symbol: string, opts: { file?: string; outgoing?: boolean; depth: number; max: number }, cmd: Command) => {
      await runFeature(
        cmd,
        (ctx) => callHierarchy(parseInput(CallHierarchyInput, { ...targetOf(symbol, opts.file, ctx), direction: opts.outgoing ? 'outgoing' : 'incoming', depth: opts.depth, max_results: opts.max }), ctx),
        renderHierarchy,
        { progressLabel: 'calls', notFound: (r) => r.root === null },
      );
    });

  program
    .command('types')
    .description('type hierarchy of a class (NAME or FILE:LINE:COL): its base types, or with --subtypes its derived types')
    .argument('<symbol>', 'symbol name or FILE:LINE:COL (1-based)')
    .option('-f, --file <path>', 'the file the name is seen from')
    .option('--subtypes', 'derived types instead of base types')
    .addOption(depth())
    .addOption(max())
    .action(async (symbol: string, opts: { file?: string; subtypes?: boolean; depth: number; max: number }, cmd: Command) => {
      await runFeature(
        cmd,
        (ctx) => typeHierarchy(parseInput(TypeHierarchyInput, { ...targetOf(symbol, opts.file, ctx), direction: opts.subtypes ? 'subtypes' : 'supertypes', depth: opts.depth, max_results: opts.max }), ctx),
        renderHierarchy,
        { progressLabel: 'types', notFound: (r) => r.root === null },
      );
    });

  program
    .command('impls')
    .description('implementations of an interface or virtual method, or subclasses of a class (NAME or FILE:LINE:COL)')
    .argument('<symbol>', 'symbol name or FILE:LINE:COL (1-based)')
    .option('-f, --file <path>', 'the file the name is seen from')
    .addOption(max())
    .action(async (symbol: string, opts: { file?: string; max: number }, cmd: Command) => {
      await runFeature(cmd, (ctx) => findImplementations(parseInput(ImplementationsInput, { ...targetOf(symbol, opts.file, ctx), max_results: opts.max }), ctx), renderImplementations, {
        progressLabel: 'implementations',
        notFound: (r) => r.total === 0,
      });
    });
}
