import { SearchSymbolsInput, SearchSymbolsOutput, renderSearchSymbols, searchSymbols } from '../../features/symbols/index.js';
import {
  DocumentSymbolsInput,
  DocumentSymbolsOutput,
  FindDefinitionInput,
  FindDefinitionOutput,
  FindReferencesInput,
  FindReferencesOutput,
  HoverInput,
  HoverOutput,
  SymbolDocInput,
  SymbolDocOutput,
  documentSymbols,
  findDefinition,
  findReferences,
  getSymbolDocumentation,
  hover,
  renderDefinition,
  renderHover,
  renderOutline,
  renderReferences,
  renderSymbolDoc,
} from '../../features/navigation/index.js';
import { defineTool, type AnyTool } from '../tool.js';

const READ_ONLY = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };
const TARGET_HELP = 'Point at the symbol with a position {file, line, character} (1-based) or by name {symbol_name, file_path?}; an ambiguous name answers for the best match and lists the other candidates.';

/** The symbols tools; each calls a function in src/features/symbols/. */
export const symbolsTools: AnyTool[] = [
  defineTool({
    name: 'search_symbols',
    title: 'Search symbols',
    description:
      'Find classes, functions, variables, namespaces… by name through the language servers (clangd, TypeScript, pyright, rust-analyzer, gopls). ' +
      'The query goes to the server unchanged: "vector", "std::vector", "::main", "MyNamespace::". With files, searches those files\' outlines instead. ' +
      'Results are ranked exact > prefix > fuzzy, project symbols only unless include_external, with signature and documentation for the top ones (from the docs index, else a quick hover), references_count with include_references. ' +
      'index_status says whether the servers had finished indexing.',
    group: 'symbols',
    inputSchema: SearchSymbolsInput,
    outputSchema: SearchSymbolsOutput,
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    handler: searchSymbols,
    render: renderSearchSymbols,
  }),
  defineTool({
    name: 'get_symbol_documentation',
    title: 'Symbol documentation',
    description:
      'Documentation, signature, kind and location of a symbol by name, through the language servers. With file_path, the name is looked up as that file sees it: ' +
      'defined there (its outline), or imported/used there (hover and go-to-definition at a real use, skipping comments and strings), including third-party packages; ' +
      'otherwise workspace-wide. Says which case happened (edge_cases, note), lists same-named candidates and near misses.',
    group: 'symbols',
    inputSchema: SymbolDocInput,
    outputSchema: SymbolDocOutput,
    annotations: READ_ONLY,
    handler: getSymbolDocumentation,
    render: renderSymbolDoc,
  }),
  defineTool({
    name: 'find_definition',
    title: 'Find definition',
    description: `Where a symbol is defined, with the first lines of source. ${TARGET_HELP}`,
    group: 'symbols',
    inputSchema: FindDefinitionInput,
    outputSchema: FindDefinitionOutput,
    annotations: READ_ONLY,
    handler: findDefinition,
    render: renderDefinition,
  }),
  defineTool({
    name: 'find_references',
    title: 'Find references',
    description: `Every reference to a symbol, grouped by file, with total and paging (max_results, offset) and optional context lines. ${TARGET_HELP}`,
    group: 'symbols',
    inputSchema: FindReferencesInput,
    outputSchema: FindReferencesOutput,
    annotations: READ_ONLY,
    handler: findReferences,
    render: renderReferences,
  }),
  defineTool({
    name: 'hover',
    title: 'Hover',
    description: `The language server's hover for a symbol: its signature and documentation. ${TARGET_HELP}`,
    group: 'symbols',
    inputSchema: HoverInput,
    outputSchema: HoverOutput,
    annotations: READ_ONLY,
    handler: hover,
    render: renderHover,
  }),
  defineTool({
    name: 'document_symbols',
    title: 'Document outline',
    description: 'The outline of a file as a tree: classes, functions, methods, fields… with kinds, 1-based ranges, name positions and qualified names. depth limits the levels.',
    group: 'symbols',
    inputSchema: DocumentSymbolsInput,
    outputSchema: DocumentSymbolsOutput,
    annotations: READ_ONLY,
    handler: documentSymbols,
    render: renderOutline,
  }),
];
