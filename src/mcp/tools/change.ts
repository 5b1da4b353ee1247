
import {
  ApplyEditInput,
  EditFilesInput,
  EditResultSchema,
  ListEditsInput,
  ListEditsOutput,
  UndoEditInput,
  UndoEditOutput,
  applyEdit,
  editFiles,
  listEdits,
  renderEdit,
  renderListEdits,
  renderUndo,
  undoEdit,
} from '../../features/change/edits.js';
import { RenameSymbolInput, RenameSymbolOutput, renameSymbol, renderRename } from '../../features/change/rename.js';
import {
  DeleteSymbolInput,
  InsertSymbolTextInput,
  ReplaceSymbolBodyInput,
  SymbolEditOutput,
  deleteSymbol,
  insertAfterSymbol,
  insertBeforeSymbol,
  renderSymbolEdit,
  replaceSymbolBody,
} from '../../features/change/symbol-edits.js';
import { FormatDocumentInput, FormatDocumentOutput, formatDocument, renderFormat } from '../../features/change/format.js';
import { ExtractFunctionInput, ExtractFunctionOutput, extractFunction, renderExtract } from '../../features/change/extract.js';
import { ApplyFixInput, applyFix } from '../../features/change/apply-fix.js';
import { defineTool, type AnyTool } from '../tool.js';

/** Editing writes files (with --allow-writes): never read-only; applying an edit twice is refused. */
const EDITS = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false } as const;

export const changeTools: AnyTool[] = [
  defineTool({
    name: 'rename_symbol',
    title: 'Rename a symbol',
    description:
      'Rename a symbol everywhere the language server knows it (every affected file opened first), given by name (symbol, with file to pick one) or position (file, line, column). Returns a preview: every file and occurrence, the unified diff, an edit_id, and a check against find_references (mismatches reported). A rename that changes nothing or collides with a name in scope is refused; a file renamed with its symbol is a resource operation. apply: true writes it (needs --allow-writes).',
    group: 'change',
    inputSchema: RenameSymbolInput,
    outputSchema: RenameSymbolOutput,
    annotations: EDITS,
    handler: renameSymbol,
    render: renderRename,
  }),
  defineTool({
    name: 'extract_function',
    title: 'Extract a function',
    description:
      'Move statements (range of lines, or exact anchor text) into a new function called name: through the server\'s extract-function refactoring (TypeScript, clangd, rust-analyzer), or docent\'s own for Python (names read become parameters, names assigned and read after become return values; refused with the reason for a return in the middle, yield, nonlocal). Returns a preview; apply: true writes.',
    group: 'change',
    inputSchema: ExtractFunctionInput,
    outputSchema: ExtractFunctionOutput,
    annotations: EDITS,
    handler: extractFunction,
    render: renderExtract,
  }),
  defineTool({
    name: 'format_document',
    title: 'Format a file',
    description:
      'Format a file (or a range) with its language server (clangd with the project\'s .clang-format, the TypeScript server), or the language\'s standard formatter where the server has none (black, gofmt, rustfmt). Returns a preview (no edits when already formatted); apply: true writes.',
    group: 'change',
    inputSchema: FormatDocumentInput,
    outputSchema: FormatDocumentOutput,
    annotations: EDITS,
    handler: formatDocument,
    render: renderFormat,
  }),
  defineTool({
    name: 'replace_symbol_body',
    title: 'Replace a symbol\'s definition',
    description:
      'Replace the definition of a symbol addressed by name, on the range the syntax tree gives (decorators, attributes, doc comment and trailing comma/semicolon included when new_body brings its own, kept otherwise); new_body is re-indented to the symbol\'s indentation. Preview by default; apply: true writes.',
    group: 'change',
    inputSchema: ReplaceSymbolBodyInput,
    outputSchema: SymbolEditOutput,
    annotations: EDITS,
    handler: replaceSymbolBody,
    render: renderSymbolEdit,
  }),
  defineTool({
    name: 'insert_before_symbol',
    title: 'Insert before a symbol',
    description: 'Insert text on its own lines before a symbol, above its doc comment, decorators and attributes, indented like the symbol. Preview by default; apply: true writes.',
    group: 'change',
    inputSchema: InsertSymbolTextInput,
    outputSchema: SymbolEditOutput,
    annotations: EDITS,
    handler: insertBeforeSymbol,
    render: renderSymbolEdit,
  }),
  defineTool({
    name: 'insert_after_symbol',
    title: 'Insert after a symbol',
    description: 'Insert text on its own lines after a symbol (after a multi-line value and its trailing comma or semicolon), indented like the symbol. Preview by default; apply: true writes.',
    group: 'change',
    inputSchema: InsertSymbolTextInput,
    outputSchema: SymbolEditOutput,
    annotations: EDITS,
    handler: insertAfterSymbol,
    render: renderSymbolEdit,
  }),
  defineTool({
    name: 'delete_symbol',
    title: 'Delete a symbol',
    description:
      'Delete a symbol with its doc comment, decorators/attributes and trailing comma or semicolon. Refused, listing them, while references remain, unless force. Preview by default; apply: true writes.',
    group: 'change',
    inputSchema: DeleteSymbolInput,
    outputSchema: SymbolEditOutput,
    annotations: EDITS,
    handler: deleteSymbol,
    render: renderSymbolEdit,
  }),
  defineTool({
    name: 'apply_edit',
    title: 'Apply a previewed edit',
    description:
      'Apply an edit previewed by an editing tool (rename_symbol, format_document, extract_function, the symbol edits, edit_files) by its edit_id. Refused with E_CONFLICT if any of its files changed since the preview, and when the result would not parse; writes all files or none (needs --allow-writes), or into this session\'s overlays with target "overlay".',
    group: 'change',
    inputSchema: ApplyEditInput,
    outputSchema: EditResultSchema,
    annotations: EDITS,
    handler: applyEdit,
    render: (r) => renderEdit(r),
  }),
  defineTool({
    name: 'undo_edit',
    title: 'Undo an applied edit',
    description: 'Restore the files of an applied edit (bytes and modes) if nobody changed them since; the last 50 applied edits of the session can be undone.',
    group: 'change',
    inputSchema: UndoEditInput,
    outputSchema: UndoEditOutput,
    annotations: EDITS,
    handler: undoEdit,
    render: renderUndo,
  }),
  defineTool({
    name: 'list_edits',
    title: 'List edits',
    description: 'The edits of this session: previews waiting to be applied, applied edits (undoable) and undone ones, newest first.',
    group: 'change',
    inputSchema: ListEditsInput,
    outputSchema: ListEditsOutput,
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    handler: listEdits,
    render: renderListEdits,
  }),
  defineTool({
    name: 'edit_files',
    title: 'Edit files',
    description:
      'Apply plain text edits ({file, range: {start: {line, column}, end}, new_text}, 1-based) through docent\'s applier: previewed with a diff and an edit_id, checked (ranges inside files, result parses), atomic and undoable. Pass apply: true to write at once.',
    group: 'change',
    inputSchema: EditFilesInput,
    outputSchema: EditResultSchema,
    annotations: EDITS,
    handler: editFiles,
    render: (r) => renderEdit(r),
  }),
  defineTool({
    name: 'apply_fix',
    title: 'Apply a fix-it',
    description:
      'Apply a quick fix that diagnostics offered, by its fix_id, through docent\'s edit applier: previewed with a diff and an edit_id by default; apply: true writes (needs --allow-writes); target: "overlay" applies it to this session\'s overlay only, so the next diagnostics call checks it. Refused (E_CONFLICT) when a file changed since the fix was offered.',
    group: 'change',
    inputSchema: ApplyFixInput,
    outputSchema: EditResultSchema,
    annotations: EDITS,
    handler: applyFix,
    render: (r) => renderEdit(r),
  }),
];
