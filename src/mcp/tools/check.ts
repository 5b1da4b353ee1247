import {
  CallHierarchyInput,
  HierarchyOutput,
  TypeHierarchyInput,
  callHierarchy,
  renderHierarchy,
  typeHierarchy,
  ImplementationsInput,
  ImplementationsOutput,
  findImplementations,
  renderImplementations,
  AnalyzeInput,
  AnalyzeOutput,
  analyze,
  renderAnalyze,
  DiagnosticsInput,
  DiagnosticsOutput,
  ExplainInput,
  ExplainOutput,
  diagnosticExplain,
  renderExplain,
  OverlayApplyInput,
  OverlayApplyOutput,
  OverlayListInput,
  OverlayListOutput,
  OverlayRemoveInput,
  OverlayRemoveOutput,
  diagnostics,
  overlayApply,
  overlayList,
  overlayRemove,
  renderDiagnostics,
  renderOverlayApply,
  renderOverlayList,
  renderOverlayRemove,
} from '../../features/check/index.js';
import { defineTool, type AnyTool } from '../tool.js';

const TARGET_HELP = 'Point at the symbol by name {symbol_name, file_path?} (as get_symbol_documentation) or by a 1-based position {file, line, character}.';
const READ_ONLY = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };
/** Overlays change what later answers see, but never the disk. */
const OVERLAY = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** The check tools: overlays, diagnostics, explanations, analysis and hierarchies (src/features/check/). */
export const checkTools: AnyTool[] = [
  defineTool({
    name: 'overlay_apply',
    title: 'Apply an overlay',
    description:
      'Put in-memory content over a file for this session only: the whole content, or edits ({range: {start: {line, column}, end}, new_text} 1-based, or {anchor: exact unique text, new_text}) on the current view. ' +
      'Every later answer of this session (diagnostics, navigation, hierarchies) is computed on it; the disk is never touched and other sessions keep seeing the disk. Returns the version and hash diagnostics will name in computed_on.',
    group: 'check',
    inputSchema: OverlayApplyInput,
    outputSchema: OverlayApplyOutput,
    annotations: OVERLAY,
    handler: overlayApply,
    render: renderOverlayApply,
  }),
  defineTool({
    name: 'overlay_remove',
    title: 'Remove overlays',
    description: "Remove this session's overlay of a file (all of its overlays when file is omitted); the file reads from disk again.",
    group: 'check',
    inputSchema: OverlayRemoveInput,
    outputSchema: OverlayRemoveOutput,
    annotations: OVERLAY,
    handler: overlayRemove,
    render: renderOverlayRemove,
  }),
  defineTool({
    name: 'overlay_list',
    title: 'List overlays',
    description: "This session's overlays: file, version, hash, and lines added/removed against the disk.",
    group: 'check',
    inputSchema: OverlayListInput,
    outputSchema: OverlayListOutput,
    annotations: READ_ONLY,
    handler: overlayList,
    render: renderOverlayList,
  }),
  defineTool({
    name: 'diagnostics',
    title: 'Diagnostics',
    description:
      'Errors and warnings from the language servers (clangd, TypeScript, pyright, …), computed on this session\'s view (overlays included) and never on stale content: computed_on names the version and hash of each file. ' +
      'Stable namespaced codes (ts2322, pyright:reportAttributeAccessIssue, clang:-Wunused-variable), spans, related locations, and quick fixes as plain edits plus a unified diff with a confidence (apply them with edit_files, or try them in an overlay with overlay_apply). ' +
      'complete: false with the reason when a server timed out or is indexing. Pass the returned baseline as since to get only new and fixed diagnostics. Without files, the whole workspace (with progress).',
    group: 'check',
    inputSchema: DiagnosticsInput,
    outputSchema: DiagnosticsOutput,
    annotations: READ_ONLY,
    handler: diagnostics,
    render: renderDiagnostics,
  }),
  defineTool({
    name: 'diagnostic_explain',
    title: 'Explain a diagnostic code',
    description:
      'What a diagnostic code means, from the compiler\'s own catalogue: TypeScript\'s diagnostic table and the quick fixes tsserver has for it (ts2322), pyright\'s rules and their messages (pyright:reportAttributeAccessIssue), ' +
      'clang warning flags (clang:-Wunused-variable, via diagtool or the flag list GCC shares) and clang-tidy checks; with docs_url. An unknown code gives found: false and near codes.',
    group: 'check',
    inputSchema: ExplainInput,
    outputSchema: ExplainOutput,
    annotations: READ_ONLY,
    handler: diagnosticExplain,
    render: renderExplain,
  }),
  defineTool({
    name: 'analyze',
    title: 'Analyze a file',
    description:
      'One file at a glance, on this session\'s view: syntax errors from tree-sitter (instant, even without a server), the server\'s diagnostics by severity with the first few, the outline\'s size, ' +
      'and whether the server compiles the file as part of a project (tsconfig include, compile_commands.json) or with guessed settings.',
    group: 'check',
    inputSchema: AnalyzeInput,
    outputSchema: AnalyzeOutput,
    annotations: READ_ONLY,
    handler: analyze,
    render: renderAnalyze,
  }),
  defineTool({
    name: 'call_hierarchy',
    title: 'Call hierarchy',
    description: `Who calls a function (incoming) or what it calls (outgoing), as a tree to depth levels with qualified names, locations, line previews and call sites; bounded by max_results, paged with offset. ${TARGET_HELP}`,
    group: 'check',
    inputSchema: CallHierarchyInput,
    outputSchema: HierarchyOutput,
    annotations: READ_ONLY,
    handler: callHierarchy,
    render: renderHierarchy,
  }),
  defineTool({
    name: 'type_hierarchy',
    title: 'Type hierarchy',
    description: `The base types (supertypes) or derived types (subtypes) of a class or interface, as a tree to depth levels with qualified names, locations and line previews. ${TARGET_HELP}`,
    group: 'check',
    inputSchema: TypeHierarchyInput,
    outputSchema: HierarchyOutput,
    annotations: READ_ONLY,
    handler: typeHierarchy,
    render: renderHierarchy,
  }),
  defineTool({
    name: 'find_implementations',
    title: 'Find implementations',
    description: `Implementations of an interface or abstract/virtual method, or subclasses of a class, with line previews; paged. ${TARGET_HELP}`,
    group: 'check',
    inputSchema: ImplementationsInput,
    outputSchema: ImplementationsOutput,
    annotations: READ_ONLY,
    handler: findImplementations,
    render: renderImplementations,
  }),
];
