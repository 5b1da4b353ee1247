import type { CodeAction, Command, Diagnostic } from 'vscode-languageserver-protocol';
import { DocentError, throwIfAborted } from '../errors.js';
import type { FileSnapshot } from '../vfs/index.js';
import type { LspClient } from './client.js';
import type { OpenDocument } from './documents.js';
import type { FileRequestOptions, LanguageServer } from './language-server.js';
import { fromTsserver, TSSERVER_DIAGNOSTIC_COMMANDS, tsserverDiagnosticsRequest } from './tsserver-diagnostics.js';

/**
 * A file's diagnostics, fresh for the content the asking session sees, or saying why not.
 * Three ways, best first: pull (`textDocument/diagnostic`, when the server offers it, answers on
 * exactly the content just sent); tsserver's synchronous diagnostics for typescript-language-
 * server; otherwise the `publishDiagnostics` push whose version is the one just sent, waited for
 * within a bound. All of it happens while the server holds the session's view (withView), so a
 * push computed on another session's content can never be taken. Quick fixes are asked for in
 * the same hold, so their edits apply to that same content.
 */

export type DiagnosticsVia = 'pull' | 'tsserver' | 'push';

export interface FileDiagnostics {
  file: string;
  view: FileSnapshot;
  /** The LSP version of the document the answer was computed on. */
  lspVersion: number;
  diagnostics: Diagnostic[];
  /** Quick-fix code actions per diagnostic (index into `diagnostics`). */
  actions: Map<number, CodeAction[]>;
  complete: boolean;
  reason?: string;
  via: DiagnosticsVia;
}

export interface DiagnosticsOptions extends FileRequestOptions {
  /** Ask the server for quick fixes of at most this many diagnostics (0: none)… */
  fixesFor?: number;
  /** …among those this accepts (all by default). */
  fixable?: (d: Diagnostic) => boolean;
}

function supportsPull(client: LspClient): boolean {
  if (client.capabilities.diagnosticProvider) return true;
  for (const r of client.registrations.values()) if (r.method === 'textDocument/diagnostic') return true;
  return false;
}

export async function documentDiagnostics(server: LanguageServer, file: string, opts: DiagnosticsOptions): Promise<FileDiagnostics> {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  return server.withView(file, opts, async ({ client, doc, view }) => {
    let diagnostics: Diagnostic[] = [];
    let complete = true;
    let reason: string | undefined;
    let via: DiagnosticsVia;
    if (supportsPull(client)) {
      via = 'pull';
      const r = await client.request<{ kind: string; items?: Diagnostic[] } | null>('textDocument/diagnostic', { textDocument: { uri: doc.uri } }, { signal: opts.signal, timeoutMs });
      diagnostics = r?.items ?? [];
    } else if (server.spec.diagnostics?.via === 'tsserver') {
      via = 'tsserver';
      const answers = await Promise.all(
        TSSERVER_DIAGNOSTIC_COMMANDS.map((c) =>
          client.request<unknown>('workspace/executeCommand', tsserverDiagnosticsRequest(c, file), { signal: opts.signal, timeoutMs }).then((a) => fromTsserver(a, c === 'suggestionDiagnosticsSync')),
        ),
      );
      diagnostics = answers.flat();
    } else {
      via = 'push';
      const got = await waitForPush(client, doc, server.spec.settleMs, timeoutMs, opts.signal);
      throwIfAborted(opts.signal);
      if (got) diagnostics = got;
      else {
        complete = false;
        reason = `${server.spec.id} did not publish diagnostics for this content (version ${doc.version}) within ${timeoutMs} ms${server.indexStatus() === 'indexing' ? ' (it is still indexing)' : ''}.`;
      }
    }
    if (complete && server.indexStatus() === 'indexing' && !server.spec.diagnostics?.ignoreIndexing) {
      complete = false;
      reason = `${server.spec.id} is still indexing (${server.progressDescription() ?? 'busy'}); diagnostics that depend on other files may be missing or wrong. Ask again shortly.`;
    }
    const actions = new Map<number, CodeAction[]>();
    const chosen = diagnostics.map((d, i) => ({ d, i })).filter(({ d }) => opts.fixable?.(d) ?? true).slice(0, opts.fixesFor ?? 0);
    if (chosen.length > 0 && client.capabilities.codeActionProvider) {
      await Promise.all(
        chosen.map(async ({ d, i }) => {
          const list = await client
            .request<Array<CodeAction | Command> | null>(
              'textDocument/codeAction',
              { textDocument: { uri: doc.uri }, range: d.range, context: { diagnostics: [d], only: ['quickfix'], triggerKind: 1 } },
              { signal: opts.signal, timeoutMs: Math.min(timeoutMs, 10_000) },
            )
            .catch((err: unknown) => {
              if (err instanceof DocentError && err.code === 'E_CANCELLED') throw err;
              return null;
            });
          const quick = (list ?? []).filter((a): a is CodeAction => typeof (a as CodeAction).title === 'string' && typeof (a as CodeAction).command !== 'string' && (!(a as CodeAction).kind || (a as CodeAction).kind!.startsWith('quickfix')));
          // The client offers codeAction/resolve: a server may leave the edit to be asked for.
          const resolvable = typeof client.capabilities.codeActionProvider === 'object' && client.capabilities.codeActionProvider.resolveProvider === true;
          const fixes: CodeAction[] = [];
          for (const a of quick) {
            if (a.edit) fixes.push(a);
            else if (resolvable && a.data !== undefined) {
              const full = await client.request<CodeAction | null>('codeAction/resolve', a, { signal: opts.signal, timeoutMs: Math.min(timeoutMs, 10_000) }).catch(() => null);
              if (full?.edit) fixes.push(full);
            }
          }
          if (fixes.length) actions.set(i, fixes);
        }),
      );
    }
    // The lease kept other views out; this is the belt to its braces.
    if (doc.hash !== view.hash) throw new DocentError('E_CONFLICT', `${file} changed while its diagnostics were computed.`, 'Ask again.');
    return { file, view, lspVersion: doc.version, diagnostics, actions, complete, reason, via };
  });
}

/**
 * The push for the document's current version. A server that sends versions is matched on
 * them; one that does not (the protocol makes it optional) is taken at its first push after
 * the content was sent, once its pushes for the file have been quiet for `settleMs`.
 */
async function waitForPush(client: LspClient, doc: OpenDocument, settleMs: number, timeoutMs: number, signal?: AbortSignal): Promise<Diagnostic[] | undefined> {
  const deadline = Date.now() + timeoutMs;
  // A late unversioned push (a clear sent on an earlier close) must not pass for this version.
  const first = await client.diagnostics.wait(doc.uri, (p) => (p.version !== undefined ? p.version === doc.version : !client.diagnostics.versioned && p.at >= doc.syncedAt), timeoutMs, signal);
  if (!first) return undefined;
  if (first.version !== undefined) return first.diagnostics;
  const last = await client.diagnostics.quiet(doc.uri, Math.min(settleMs, 1000), deadline, signal);
  return (last ?? first).diagnostics;
}
