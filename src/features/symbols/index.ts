export { SearchSymbolsInput, SearchSymbolsOutput, type SearchSymbolsResult, type SearchSymbolsInputT } from './schema.js';
export { searchSymbols } from './search.js';
export { renderSearchSymbols } from './render.js';
