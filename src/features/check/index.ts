export * from './overlay.js';
export * from './schema.js';
export { diagnostics, renderDiagnostics } from './diagnostics.js';
