import type { CodeAction, Command, FormattingOptions, Position, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import type { LspClient } from './client.js';
import type { FileRequestOptions, LanguageServer } from './language-server.js';
import { languageIdFor } from './registry.js';

/**
 * The requests that compute changes: rename (with prepareRename), formatting, code actions and
 * the commands behind them. Every file involved is opened in the server first, so it answers
 * from the current text. Commands whose result comes back as a workspace/applyEdit request
 * (clangd's tweaks, typescript-language-server's refactorings) have that edit captured and
 * returned instead of applied: docent's own applier previews it.
 *
 * Each request goes through the server's session-aware `fileQuery`/`withView` with the asking
 * session (`opts.session`): the server is synced to that session's view (its Vfs overlays) under
 * a per-document lease, so a rename or format asked on top of an overlay is computed on the
 * overlay, and another session's overlay cannot leak into the answer.
 */

export async function openAll(server: LanguageServer, files: Iterable<string>, signal?: AbortSignal, session?: string): Promise<void> {
  const client = await server.connection(signal);
  // Through the Vfs, so the server holds the content docent answers about (the session's view).
  for (const f of files) client.open(server.vfs.read(f, session), languageIdFor(f, server.spec));
}

export function prepareRename(server: LanguageServer, file: string, position: Position, opts: FileRequestOptions = {}): Promise<Range | { range: Range; placeholder: string } | { defaultBehavior: boolean } | null> {
  return server.fileQuery(file, 'textDocument/prepareRename', (uri) => ({ textDocument: { uri }, position }), opts);
}

export function rename(server: LanguageServer, file: string, position: Position, newName: string, opts: FileRequestOptions = {}): Promise<WorkspaceEdit | null> {
  return server.fileQuery(file, 'textDocument/rename', (uri) => ({ textDocument: { uri }, position, newName }), opts);
}

export function formatting(server: LanguageServer, file: string, options: FormattingOptions, range?: Range, opts: FileRequestOptions = {}): Promise<TextEdit[] | null> {
  if (range) return server.fileQuery(file, 'textDocument/rangeFormatting', (uri) => ({ textDocument: { uri }, range, options }), opts);
  return server.fileQuery(file, 'textDocument/formatting', (uri) => ({ textDocument: { uri }, options }), opts);
}

export function codeActions(server: LanguageServer, file: string, range: Range, only: string[] | undefined, opts: FileRequestOptions = {}): Promise<Array<CodeAction | Command> | null> {
  return server.fileQuery(file, 'textDocument/codeAction', (uri) => ({ textDocument: { uri }, range, context: { diagnostics: [], ...(only ? { only } : {}), triggerKind: 1 } }), opts);
}

/**
 * The edit a code action makes: its own `edit`, the resolved one (codeAction/resolve), or the
 * one its command sends back through workspace/applyEdit while it runs.
 */
export async function actionEdit(server: LanguageServer, action: CodeAction | Command, opts: FileRequestOptions = {}, file?: string): Promise<WorkspaceEdit | null> {
  let act = action as CodeAction;
  if (!('command' in act && typeof act.command === 'string') && !act.edit && server.running) {
    try {
      act = await server.request<CodeAction>('codeAction/resolve', act, opts);
    } catch {
      // not resolvable: fall through to its command
    }
  }
  if (act.edit) return act.edit;
  const cmd: Command | undefined = typeof (action as Command).command === 'string' ? (action as Command) : act.command;
  if (!cmd) return null;
  const captured: WorkspaceEdit[] = [];
  const run = async (client: LspClient) => {
    const previous = client.applyEditHandler;
    client.applyEditHandler = (edit) => {
      captured.push(edit as WorkspaceEdit);
      return true;
    };
    try {
      await client.request('workspace/executeCommand', { command: cmd.command, arguments: cmd.arguments ?? [] }, opts);
    } finally {
      client.applyEditHandler = previous;
    }
  };
  // The command computes its edit on the document it is about: run it while the server holds
  // the session's view of that document.
  if (file) await server.withView(file, opts, ({ client }) => run(client));
  else await run(await server.connection(opts.signal));
  if (!captured.length) return null;
  return mergeEdits(captured);
}

function mergeEdits(list: WorkspaceEdit[]): WorkspaceEdit {
  if (list.length === 1) return list[0]!;
  const documentChanges: NonNullable<WorkspaceEdit['documentChanges']> = [];
  for (const e of list) {
    if (e.documentChanges) documentChanges.push(...e.documentChanges);
    for (const [uri, edits] of Object.entries(e.changes ?? {})) documentChanges.push({ textDocument: { uri, version: null }, edits });
  }
  return { documentChanges };
}
