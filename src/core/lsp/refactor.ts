import type { CodeAction, Command, FormattingOptions, Position, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import type { RequestOptions } from './client.js';
import type { LanguageServer } from './language-server.js';
import { pathToUri } from './positions.js';
import { languageIdFor } from './registry.js';

/**
 * The requests that compute changes: rename (with prepareRename), formatting, code actions and
 * the commands behind them. Every file involved is opened in the server first, so it answers
 * from the current text. Commands whose result comes back as a workspace/applyEdit request
 * (clangd's tweaks, typescript-language-server's refactorings) have that edit captured and
 * returned instead of applied: docent's own applier previews it.
 */

export async function openAll(server: LanguageServer, files: Iterable<string>, signal?: AbortSignal, session?: string): Promise<void> {
  const client = await server.connection(signal);
  // Through the Vfs, so the server holds the content docent answers about (the session's view).
  for (const f of files) client.open(server.vfs.read(f, session), languageIdFor(f, server.spec));
}

export function prepareRename(server: LanguageServer, file: string, position: Position, opts: RequestOptions = {}): Promise<Range | { range: Range; placeholder: string } | { defaultBehavior: boolean } | null> {
  return server.request('textDocument/prepareRename', { textDocument: { uri: pathToUri(file) }, position }, opts);
}

export function rename(server: LanguageServer, file: string, position: Position, newName: string, opts: RequestOptions = {}): Promise<WorkspaceEdit | null> {
  return server.request('textDocument/rename', { textDocument: { uri: pathToUri(file) }, position, newName }, opts);
}

export function formatting(server: LanguageServer, file: string, options: FormattingOptions, range?: Range, opts: RequestOptions = {}): Promise<TextEdit[] | null> {
  if (range) return server.request('textDocument/rangeFormatting', { textDocument: { uri: pathToUri(file) }, range, options }, opts);
  return server.request('textDocument/formatting', { textDocument: { uri: pathToUri(file) }, options }, opts);
}

export function codeActions(server: LanguageServer, file: string, range: Range, only: string[] | undefined, opts: RequestOptions = {}): Promise<Array<CodeAction | Command> | null> {
  return server.request('textDocument/codeAction', { textDocument: { uri: pathToUri(file) }, range, context: { diagnostics: [], ...(only ? { only } : {}), triggerKind: 1 } }, opts);
}

/**
 * The edit a code action makes: its own `edit`, the resolved one (codeAction/resolve), or the
 * one its command sends back through workspace/applyEdit while it runs.
 */
export async function actionEdit(server: LanguageServer, action: CodeAction | Command, opts: RequestOptions = {}): Promise<WorkspaceEdit | null> {
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
  const client = await server.connection(opts.signal);
  const captured: WorkspaceEdit[] = [];
  const previous = client.applyEditHandler;
  client.applyEditHandler = (edit) => {
    captured.push(edit as WorkspaceEdit);
    return true;
  };
  try {
    await server.request('workspace/executeCommand', { command: cmd.command, arguments: cmd.arguments ?? [] }, opts);
  } finally {
    client.applyEditHandler = previous;
  }
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
