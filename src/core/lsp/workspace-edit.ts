import type { TextEdit as LspTextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { fromLsp, type ChangeSet, type ResourceOperation, type TextEdit } from '../edit/model.js';
import { uriToPath } from './positions.js';

/**
 * A server's WorkspaceEdit (`changes`, or `documentChanges` with text edits and create /
 * rename / delete operations) as docent's ChangeSet. Text edits addressed to a file under the
 * name a rename earlier in the list gave it are moved back to the file's current name, since
 * the applier edits a file first and moves it after.
 */
export function fromWorkspaceEdit(edit: WorkspaceEdit | null | undefined, warnings: string[] = []): ChangeSet {
  const edits: TextEdit[] = [];
  const resources: ResourceOperation[] = [];
  const renamedTo = new Map<string, string>();
  const file = (uri: string): string | undefined => {
    const p = uriToPath(uri);
    if (!p) warnings.push(`The server changes ${uri}, which is not a file; that part was left out.`);
    return p;
  };
  const addEdits = (uri: string, list: ReadonlyArray<LspTextEdit | { range: LspTextEdit['range']; newText?: string; snippet?: { value: string } }>) => {
    const p = file(uri);
    if (!p) return;
    const target = renamedTo.get(p) ?? p;
    for (const e of list) {
      const text = 'newText' in e && typeof e.newText === 'string' ? e.newText : ((e as { snippet?: { value: string } }).snippet?.value ?? '');
      edits.push({ file: target, range: { start: fromLsp(e.range.start), end: fromLsp(e.range.end) }, new_text: text });
    }
  };
  if (!edit) return { edits, resources, clampColumns: true };
  if (edit.documentChanges) {
    for (const dc of edit.documentChanges) {
      if ('kind' in dc) {
        if (dc.kind === 'create') {
          const p = file(dc.uri);
          if (p) resources.push({ kind: 'create', file: p, text: '' });
        } else if (dc.kind === 'rename') {
          const from = file(dc.oldUri);
          const to = file(dc.newUri);
          if (from && to) {
            resources.push({ kind: 'rename', file: from, new_file: to });
            renamedTo.set(to, from);
          }
        } else if (dc.kind === 'delete') {
          const p = file(dc.uri);
          if (p) resources.push({ kind: 'delete', file: p });
        }
      } else {
        addEdits(dc.textDocument.uri, dc.edits);
      }
    }
  } else if (edit.changes) {
    for (const [uri, list] of Object.entries(edit.changes)) addEdits(uri, list);
  }
  // A created file that also gets text edits: its text is the edits' (applied to an empty file).
  for (const r of resources) {
    if (r.kind !== 'create') continue;
    const own = edits.filter((e) => e.file === r.file);
    if (!own.length) continue;
    r.text = own.map((e) => e.new_text).join('');
    for (const e of own) edits.splice(edits.indexOf(e), 1);
  }
  return { edits, resources, clampColumns: true };
}
