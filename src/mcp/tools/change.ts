
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
];


