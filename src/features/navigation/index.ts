export * from './schema.js';
export { getSymbolDocumentation, renderSymbolDoc } from './documentation.js';
export { findDefinition, findReferences, hover, documentSymbols } from './tools.js';
export { renderDefinition, renderReferences, renderHover, renderOutline } from './render.js';
