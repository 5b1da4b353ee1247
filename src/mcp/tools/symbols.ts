import { SearchSymbolsInput, SearchSymbolsOutput, renderSearchSymbols, searchSymbols } from '../../features/symbols/index.js';
import { defineTool, type AnyTool } from '../tool.js';

/** The symbols tools; each calls a function in src/features/symbols/. */
export const symbolsTools: AnyTool[] = [
  defineTool({
    name: 'search_symbols',
    title: 'Search symbols',
    description:
      'Find classes, functions, variables, namespaces… by name through the language servers (clangd, TypeScript, pyright, rust-analyzer, gopls). ' +
      'The query goes to the server unchanged: "vector", "std::vector", "::main", "MyNamespace::". With files, searches those files\' outlines instead. ' +
      'Results are ranked exact > prefix > fuzzy, project symbols only unless include_external, with signature, documentation and references_count for the top ones. ' +
      'index_status says whether the servers had finished indexing.',
    group: 'symbols',
    inputSchema: SearchSymbolsInput,
    outputSchema: SearchSymbolsOutput,
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    handler: searchSymbols,
    render: renderSearchSymbols,
  }),
];
