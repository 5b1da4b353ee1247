import { z } from 'zod';
import { IndexStatusSchema } from '../symbols/schema.js';

/**
 * Schemas of get_symbol_documentation and the navigation tools (find_definition,
 * find_references, hover, document_symbols). Lines and columns are 1-based everywhere, as
 * people and agents count; columns are UTF-16 code units, as in LSP and JavaScript strings.
 */

export const EDGE_CASES = [
  'not_found',
  'undocumented',
  'not_referenced_in_file',
  'only_in_comments_or_strings',
  'ambiguous',
  'unresolved_occurrences',
] as const;

const SYMBOL_NAME = z
  .string()
  .min(1)
  .max(500)
  .describe('Symbol name: "formatUser", or qualified to pick one: "Greeter.greet", "geo::Circle::area", "Cart.add_item".');
const FILE_PATH = z
  .string()
  .min(1)
  .describe('A file that defines, imports or uses the symbol (relative to the workspace root). Scopes the lookup to what that file means by the name, including imported and third-party symbols.');

export const LocationSchema = z.object({
  file: z.string().describe('Path relative to its workspace root, or absolute outside the workspace (a system header, a library).'),
  line: z.number().int().describe('1-based line.'),
  column: z.number().int().describe('1-based column.'),
  line_preview: z.string().describe('The trimmed source line.'),
});
export type LocationT = z.output<typeof LocationSchema>;

export const CandidateSchema = z.object({
  name: z.string(),
  qualified_name: z.string(),
  kind: z.string(),
  container: z.string().nullable().describe('Enclosing class, namespace or module; null for the global scope.'),
  location: LocationSchema,
  external: z.boolean().describe('True outside the project (node_modules, site-packages, system headers, …).'),
});
export type CandidateT = z.output<typeof CandidateSchema>;

// ---- get_symbol_documentation -------------------------------------------------------------

export const SymbolDocInput = z.object({
  symbol_name: SYMBOL_NAME,
  file_path: FILE_PATH.optional(),
});

export const SymbolDocOutput = z.object({
  found: z.boolean(),
  symbol: z.string().describe('The name asked for.'),
  qualified_name: z.string().nullable(),
  kind: z.string().nullable().describe('class, function, method, variable, interface, typedef, …; null when unknown.'),
  container: z.string().nullable().describe('Enclosing class, namespace or module; null for the global scope or when unknown.'),
  status: z
    .enum(['defined', 'imported', 'workspace'])
    .nullable()
    .describe('defined: declared in file_path; imported: used in file_path, defined elsewhere (another module, a package); workspace: found by workspace symbol search; null when not found.'),
  location: LocationSchema.nullable().describe('Where the symbol is declared (for imported symbols, where the use in file_path leads).'),
  definition_location: LocationSchema.nullable().describe('What the server\'s go-to-definition gives (e.g. a C++ function body in a .cpp for a declaration in a header).'),
  usage_location: LocationSchema.nullable().describe('The use in file_path whose hover or definition gave the answer (imported symbols).'),
  referenced_in: z.string().nullable().describe('file_path, when given.'),
  signature: z.string().nullable().describe('The declaration code block of the hover.'),
  documentation: z.string().nullable().describe('The hover Markdown without the signature block; null when the symbol has no documentation.'),
  candidates: z.array(CandidateSchema).describe('Other symbols with the same name (when the name is ambiguous), best first.'),
  near_misses: z.array(z.string()).describe('Similar names that exist, when the symbol was not found.'),
  lookup: z.enum(['document_symbols', 'occurrence', 'workspace_symbols', 'none']).describe('Which step found it: the file\'s outline, a use in the file (hover/definition there), or workspace symbol search.'),
  edge_cases: z.array(z.enum(EDGE_CASES)).describe('The special cases this lookup ran into; `note` explains them.'),
  note: z.string().nullable(),
  index_status: IndexStatusSchema,
  warnings: z.array(z.string()),
});
export type SymbolDocResult = z.output<typeof SymbolDocOutput>;

// ---- navigation targets ---------------------------------------------------------------------

/** A position or a symbol name; features check that one of them is complete. */
export const TargetShape = {
  file: z.string().min(1).optional().describe('File of the position (with line and character).'),
  line: z.number().int().min(1).optional().describe('1-based line of the position.'),
  character: z.number().int().min(1).optional().describe('1-based column of the position (on or inside the identifier).'),
  symbol_name: SYMBOL_NAME.optional().describe('Instead of a position: the symbol\'s name ("formatUser", "Greeter.greet", "ns::Class::method").'),
  file_path: FILE_PATH.optional(),
};
export const TargetInput = z.object(TargetShape);
export type TargetInputT = z.output<typeof TargetInput>;

export const ResolvedTargetSchema = z.object({
  file: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  symbol: z.string().nullable().describe('The identifier at the position, or the symbol resolved from symbol_name.'),
  via: z.enum(['position', 'document_symbols', 'occurrence', 'workspace_symbols']).describe('How the target was found.'),
});

const NavCommon = {
  target: ResolvedTargetSchema,
  candidates: z.array(CandidateSchema).describe('When symbol_name was ambiguous: the other symbols it could mean. Pass file_path, a qualified name or a position to pick one.'),
  index_status: IndexStatusSchema,
  warnings: z.array(z.string()),
};

// ---- find_definition --------------------------------------------------------------------------

export const FindDefinitionInput = z.object({
  ...TargetShape,
  source_lines: z.number().int().min(0).max(50).default(5).describe('Lines of source to show from each definition\'s start.'),
});
export const DefinitionSchema = LocationSchema.extend({
  source: z.string().describe('The first source_lines lines of the definition.'),
  external: z.boolean(),
});
export const FindDefinitionOutput = z.object({ ...NavCommon, definitions: z.array(DefinitionSchema) });
export type FindDefinitionResult = z.output<typeof FindDefinitionOutput>;

// ---- find_references --------------------------------------------------------------------------

export const FindReferencesInput = z.object({
  ...TargetShape,
  include_declaration: z.boolean().default(true).describe('Count the declaration itself as a reference.'),
  max_results: z.number().int().min(1).max(2000).default(100).describe('Maximum references to return.'),
  offset: z.number().int().min(0).default(0).describe('Skip this many references (to continue a truncated answer).'),
  context_lines: z.number().int().min(0).max(10).default(0).describe('Lines of source to show before and after each reference.'),
});
export const ReferenceSchema = z.object({
  line: z.number().int(),
  column: z.number().int(),
  line_preview: z.string(),
  context: z.array(z.string()).optional().describe('context_lines lines before, the line, and context_lines after.'),
});
export const FindReferencesOutput = z.object({
  ...NavCommon,
  total: z.number().int().describe('References the server found (after include_declaration).'),
  files: z.array(z.object({ file: z.string(), count: z.number().int().describe('References in this file on this page.'), references: z.array(ReferenceSchema) })),
  truncated: z.boolean(),
  next_offset: z.number().int().nullable(),
});
export type FindReferencesResult = z.output<typeof FindReferencesOutput>;

// ---- hover --------------------------------------------------------------------------------------

export const HoverInput = TargetInput;
export const HoverOutput = z.object({
  ...NavCommon,
  found: z.boolean().describe('False when the server has nothing to say about the position.'),
  signature: z.string().nullable(),
  documentation: z.string().nullable(),
});
export type HoverResult = z.output<typeof HoverOutput>;

// ---- document_symbols -------------------------------------------------------------------------

export const DocumentSymbolsInput = z.object({
  file: z.string().min(1).describe('The file to outline (relative to the workspace root).'),
  depth: z.number().int().min(1).max(20).optional().describe('Levels to include (1 = top-level symbols only). Default: all.'),
  max_results: z.number().int().min(1).max(5000).default(500).describe('Maximum symbols (nodes) to return.'),
});

export interface OutlineItem {
  name: string;
  qualified_name: string;
  kind: string;
  detail?: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  selection: { line: number; character: number };
  children: OutlineItem[];
}
const Pos = z.object({ line: z.number().int(), character: z.number().int() });
export const OutlineItemSchema: z.ZodType<OutlineItem> = z.lazy(() =>
  z.object({
    name: z.string(),
    qualified_name: z.string(),
    kind: z.string(),
    detail: z.string().optional(),
    range: z.object({ start: Pos, end: Pos }).describe('The whole declaration, 1-based.'),
    selection: Pos.describe('Where the name is, 1-based (use it as a position for the other tools).'),
    children: z.array(OutlineItemSchema),
  }),
);
export const DocumentSymbolsOutput = z.object({
  file: z.string(),
  symbols: z.array(OutlineItemSchema),
  total: z.number().int().describe('Symbols in the file (all depths).'),
  returned: z.number().int(),
  truncated: z.boolean().describe('True when depth or max_results left symbols out.'),
  index_status: IndexStatusSchema,
  warnings: z.array(z.string()),
});
export type DocumentSymbolsResult = z.output<typeof DocumentSymbolsOutput>;
