import { z } from 'zod';
import { SYMBOL_KIND_NAMES } from '../../core/lsp/symbol-kinds.js';

/** search_symbols: input and output schemas (the output fields of the seed, plus status fields). */

export const IndexStatusSchema = z
  .enum(['ready', 'indexing', 'unavailable'])
  .describe('ready: the servers finished indexing; indexing: results may be incomplete; unavailable: a server needed for part of the workspace could not answer (see warnings).');

export const SearchSymbolsInput = z.object({
  query: z
    .string()
    .describe('Symbol query, passed to the language server unchanged. clangd syntax: "vector" (fuzzy), "std::vector" (qualified), "::main" (global scope), "MyNamespace::" (everything in a namespace); "Class.method" for TypeScript/Python.'),
  kinds: z
    .array(z.enum(SYMBOL_KIND_NAMES))
    .min(1)
    .optional()
    .describe('Keep only these kinds, e.g. ["class", "function"]. "typedef" covers typedef, using-aliases and type aliases.'),
  files: z
    .array(z.string().min(1))
    .min(1)
    .max(200)
    .optional()
    .describe('Search only these files (root-relative paths, directories or globs such as "src/**/*.cpp"), using each file\'s document symbols filtered by the query.'),
  language: z
    .string()
    .min(1)
    .optional()
    .describe('Restrict a workspace-wide search to one language or server ("cpp", "typescript", "python", "rust", "go", or a configured server name). Default: every language found in the workspace.'),
  max_results: z.number().int().min(1).max(1000).default(100).describe('Maximum symbols to return.'),
  offset: z.number().int().min(0).default(0).describe('Skip this many ranked matches (to continue a truncated answer).'),
  include_external: z
    .boolean()
    .default(false)
    .describe('Also return symbols outside the project: system and third-party headers, node_modules, site-packages, build outputs, and C/C++ files not in compile_commands.json.'),
  include_details: z
    .boolean()
    .default(true)
    .describe('Add signature and documentation to the top results: from docent\'s docs index, else the language server\'s hover, on files it already has open, within a short budget (warnings name the results left without).'),
  include_references: z
    .boolean()
    .default(false)
    .describe('Also count references (references_count) for the top results; each count is a whole-workspace query, so this is slower.'),
});

const PositionSchema = z.object({
  line: z.number().int().describe('1-based line.'),
  character: z.number().int().describe('1-based column (UTF-16 code units).'),
});

export const SymbolSchema = z.object({
  name: z.string(),
  qualified_name: z.string(),
  kind: z.string().describe('Readable kind: class, struct, function, method, variable, namespace, enum, enum_member, typedef, field, constructor, interface, module, property, constant, …'),
  location: z.object({
    file: z.string().describe('Path relative to its workspace root, or absolute for files outside the workspace.'),
    range: z.object({ start: PositionSchema, end: PositionSchema }).describe('The range the server reported, 1-based.'),
    line_preview: z.string().describe('The trimmed source line of the symbol\'s name.'),
  }),
  signature: z.string().optional(),
  documentation: z.string().optional(),
  references_count: z.number().int().optional().describe('References found by the server, declaration excluded (only with include_references).'),
  external: z.boolean().optional().describe('True for a symbol outside the project (only with include_external).'),
  server: z.string().describe('The language server that reported it.'),
});

export const SearchSymbolsOutput = z.object({
  query: z.string(),
  total_matches: z.number().int().describe('Matches after filtering, before max_results/offset.'),
  total_exact: z.boolean().describe('False when a server hit its own result limit, so total_matches is a lower bound.'),
  symbols: z.array(SymbolSchema),
  truncated: z.boolean(),
  next_offset: z.number().int().nullable().describe('Pass as offset to get the next page, or null.'),
  index_status: IndexStatusSchema,
  servers: z
    .array(z.object({ server: z.string(), root: z.string(), index_status: IndexStatusSchema, error: z.string().optional() }))
    .describe('The language servers asked, per project root.'),
  warnings: z.array(z.string()),
});

export type SearchSymbolsInputT = z.output<typeof SearchSymbolsInput>;
export type SearchSymbolsResult = z.output<typeof SearchSymbolsOutput>;
export type SymbolResult = z.output<typeof SymbolSchema>;
