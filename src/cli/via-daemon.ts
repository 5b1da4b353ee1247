import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DaemonConnectionError, mcpDelete, mcpPost, type JsonRpcMessage } from '../daemon/client.js';
import { spawnDaemon, stopDaemon } from '../daemon/control.js';
import { daemonPaths, type DaemonPaths } from '../daemon/paths.js';
import { buildId, docentEnv, HELLO_KEY, type SessionHello } from '../daemon/protocol.js';
import { globalsToConfig, parseCommandLine, type Route, type ToolCall } from './daemon-routes.js';
import { outcomeOfResult, outcomeOfSessionError, printedAnswer, type CallOutcome } from './daemon-answer.js';
import { DocentError, printError } from './output.js';

/**
 * The CLI's daemon path: a command that needs a service (language servers, the docs index,
 * Info manuals) is sent to the per-user daemon as an MCP tool call, and its answer printed
 * exactly as a standalone run prints it (the text is the tool's renderer, the JSON its
 * structuredContent, the exit code the same). Returns false to let the command run standalone:
 * --no-daemon, a command line the daemon does not take, or no daemon (after trying to start
 * one, when daemon.autoStart allows).
 */

const PROTOCOL_VERSION = '2025-06-18';

interface Settings {
  autoStart: boolean;
  startTimeoutMs: number;
}

function boolEnv(v: string | undefined): boolean | undefined {
  return v === undefined || v === '' ? undefined : /^(1|true|yes|on)$/i.test(v);
}

/** daemon.autoStart and daemon.startTimeoutMs from DOCENT_* or docent.config.json, read without zod. */
function settings(globals: Record<string, unknown>): Settings {
  const root = (globals.root as string[] | undefined)?.[0] ?? process.env.DOCENT_ROOTS?.split(path.delimiter).find(Boolean) ?? process.cwd();
  let file: { autoStart?: unknown; startTimeoutMs?: unknown } = {};
  const configFile = path.resolve(root, 'docent.config.json');
  if (existsSync(configFile)) {
    try {
      file = (JSON.parse(readFileSync(configFile, 'utf8')) as { daemon?: typeof file }).daemon ?? {};
    } catch {
      // the standalone run reports a broken config file
    }
  }
  const envTimeout = Number(process.env.DOCENT_DAEMON_START_TIMEOUT_MS);
  return {
    autoStart: boolEnv(process.env.DOCENT_DAEMON_AUTOSTART) ?? (typeof file.autoStart === 'boolean' ? file.autoStart : Boolean(process.stdin.isTTY && process.stdout.isTTY)),
    startTimeoutMs: Number.isInteger(envTimeout) && envTimeout > 0 ? envTimeout : typeof file.startTimeoutMs === 'number' ? file.startTimeoutMs : 5000,
  };
}

interface Session {
  id: string;
  build?: string;
}

async function openSession(paths: DaemonPaths, hello: SessionHello, timeoutMs: number): Promise<Session> {
  const init = await mcpPost(
    paths.socket,
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: PROTOCOL_VERSION, capabilities: { experimental: { [HELLO_KEY]: hello } }, clientInfo: { name: 'docent-cli', version: buildId() } } },
    { headersTimeoutMs: timeoutMs },
  );
  const answer = init.messages.find((m) => m.id === 1);
  if (!init.sessionId || !answer?.result) throw new DaemonConnectionError(`the daemon refused the session (${init.status} ${answer?.error?.message ?? init.errorText ?? ''})`, false);
  return { id: init.sessionId, build: init.build };
}

/** Connect, starting or replacing the daemon as needed; undefined means: run standalone. */
async function connect(paths: DaemonPaths, hello: SessionHello, s: Settings): Promise<Session | undefined> {
  const fallback = (why: string) => {
    process.stderr.write(`docent: ${why}; answering without it\n`);
    return undefined;
  };
  let session: Session | undefined;
  try {
    session = await openSession(paths, hello, s.startTimeoutMs);
  } catch (err) {
    if (!(err instanceof DaemonConnectionError)) throw err;
    if (!s.autoStart) return undefined;
    if (existsSync(paths.socket) && /did not answer/.test(err.message)) return fallback(`the daemon did not answer within ${s.startTimeoutMs} ms`);
  }
  if (session && session.build === buildId()) return session;
  if (session) {
    // A daemon of another build (an upgrade, a rebuild) answers differently: replace it.
    await mcpDelete(paths.socket, session.id);
    await stopDaemon(paths);
  }
  const started = await spawnDaemon(paths, [], s.startTimeoutMs).catch((err: Error) => {
    process.stderr.write(`docent: cannot start the daemon: ${err.message}\n`);
    return undefined;
  });
  if (!started) return fallback(`could not start the daemon within ${s.startTimeoutMs} ms (see \`docent daemon logs\`)`);
  try {
    return await openSession(paths, hello, s.startTimeoutMs);
  } catch (err) {
    if (err instanceof DaemonConnectionError) return fallback(`the daemon did not answer (${err.message})`);
    throw err;
  }
}

async function callTool(paths: DaemonPaths, session: Session, call: ToolCall, id: number, label: string): Promise<CallOutcome> {
  let bar: { report: (p: { progress: number; total?: number; message?: string }) => void; stop: () => void } | undefined;
  let barLoading: Promise<void> | undefined;
  const wantProgress = Boolean(process.stderr.isTTY);
  const onMessage = (m: JsonRpcMessage) => {
    if (m.method !== 'notifications/progress' || !wantProgress) return;
    const p = m.params as { progress: number; total?: number; message?: string };
    if (bar) return bar.report(p);
    barLoading ??= import('./progress.js').then(({ terminalProgress }) => {
      bar = terminalProgress(label);
      bar.report(p);
    });
  };
  try {
    const res = await mcpPost(
      paths.socket,
      { jsonrpc: '2.0', id, method: 'tools/call', params: { name: call.name, arguments: dropUndefined(call.arguments), ...(wantProgress ? { _meta: { progressToken: id } } : {}) } },
      { sessionId: session.id, protocolVersion: PROTOCOL_VERSION, onMessage },
    );
    const answer = res.messages.find((m) => m.id === id && (m.result !== undefined || m.error !== undefined));
    if (!answer) throw new DaemonConnectionError(`the daemon ended the answer without a result (HTTP ${res.status}${res.errorText ? `: ${res.errorText.trim()}` : ''})`, true);
    if (answer.error) {
      // The session could not be set up (e.g. a broken docent.config.json): the daemon sends
      // the error a standalone run would report.
      const payload = (answer.error as { data?: { error?: { code?: string; message?: string; hint?: string } } }).data?.error;
      if (payload?.code) return outcomeOfSessionError(payload, answer.error.message);
      return { ok: false, error: new DocentError('E_INTERNAL', `The daemon could not run ${call.name}: ${answer.error.message}`) };
    }
    return outcomeOfResult(answer.result as Parameters<typeof outcomeOfResult>[0]);
  } finally {
    await barLoading;
    bar?.stop();
  }
}

function dropUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

async function answer(paths: DaemonPaths, session: Session, route: Route): Promise<CallOutcome> {
  const first = await callTool(paths, session, route.call, 2, route.label);
  if (first.ok || !route.fallback || first.error.code !== 'E_NOT_FOUND') return first;
  const second = await callTool(paths, session, route.fallback, 3, route.label);
  return second.ok && (route.fallbackAccept?.(second.out) ?? true) ? second : first;
}

export async function runViaDaemon(argv: string[]): Promise<boolean> {
  const parsed = parseCommandLine(argv.slice(2));
  if (!parsed || parsed.globals.daemon === false) return false;
  const { globals, route } = parsed;
  const json = Boolean(globals.json);
  const paths = daemonPaths();
  const s = settings(globals);
  const hello: SessionHello = { cwd: process.cwd(), flags: globalsToConfig(globals), env: docentEnv(), client: 'cli' };
  let session: Session | undefined;
  try {
    session = await connect(paths, hello, s);
  } catch (err) {
    // Whatever went wrong before the question was asked, the command can still be answered here.
    process.stderr.write(`docent: the daemon could not take this command (${(err as Error).message}); answering without it\n`);
    return false;
  }
  if (!session) return false;
  const sessionId = session.id;

  // Ctrl-C: end the session, which cancels the call in the daemon.
  let cancelled = false;
  const onSigint = () => {
    cancelled = true;
    void mcpDelete(paths.socket, sessionId, PROTOCOL_VERSION);
  };
  process.once('SIGINT', onSigint);
  try {
    const printed = printedAnswer(await answer(paths, session, route), route, json);
    if (printed.stdout) process.stdout.write(printed.stdout);
    if (printed.stderr) process.stderr.write(printed.stderr);
    process.exitCode = printed.exitCode;
  } catch (err) {
    if (!(err instanceof DaemonConnectionError)) throw err;
    const e = cancelled
      ? new DocentError('E_CANCELLED', 'The request was cancelled by the client.')
      : new DocentError(
          'E_UNAVAILABLE',
          `The docent daemon stopped before it answered: ${err.message}.`,
          'Run the command again (a new daemon starts, or use --no-daemon); `docent daemon logs` shows what happened.',
        );
    process.exitCode = printError(e, { json });
    return true;
  } finally {
    process.off('SIGINT', onSigint);
  }
  await mcpDelete(paths.socket, sessionId, PROTOCOL_VERSION, { waitForAnswer: false });
  return true;
}
