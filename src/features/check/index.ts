export * from './overlay.js';
export * from './schema.js';
export { diagnostics, renderDiagnostics } from './diagnostics.js';
export { ExplainInput, ExplainOutput, diagnosticExplain, renderExplain, type ExplainResult } from './explain.js';
export { AnalyzeInput, AnalyzeOutput, analyze, renderAnalyze, type AnalyzeResult } from './analyze.js';
export { CallHierarchyInput, HierarchyOutput, TypeHierarchyInput, callHierarchy, renderHierarchy, typeHierarchy, type HierarchyResult } from './hierarchy.js';
export { ImplementationsInput, ImplementationsOutput, findImplementations, renderImplementations, type ImplementationsResult } from './implementations.js';
