import { randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { toDocentError } from '../core/errors.js';
import type { Logger } from '../core/log.js';
import { buildId, buildOnDisk, type SessionHello } from '../daemon/protocol.js';
import type { SharedServices } from '../daemon/services.js';
import { settleOneShot, type Settled } from '../daemon/session.js';
import { OwnedSession } from '../features/context.js';
import { runTool } from '../mcp/server.js';
import type { AnyTool } from '../mcp/tool.js';
import { outcomeOfResult, outcomeOfSessionError, printedAnswer, type CallOutcome } from './daemon-answer.js';
import { globalsToConfig, parseCommandLine, type Route, type ToolCall } from './daemon-routes.js';
import type { Printed } from './output.js';
import { answerScript, SCRIPT_HEAD } from './fast-script.js';

/**
 * The daemon's answer to the shell launcher (bin/docent), which cannot afford Node's startup:
 * it POSTs the command line (form-encoded: `v=1`, `entry`, `cwd`, `tty`, `arg`..., `env`...)
 * and gets back a small shell script that prints exactly what a standalone run prints and
 * exits with its code (fast-script.ts). The command runs in the daemon as a CLI session's
 * tool call would (same session settings, same tool code, same printing), minus MCP.
 *
 * Any request it will not answer gets a 4xx with no script, and the launcher then runs the
 * Node CLI as before: another installation or build than the daemon's (the Node CLI replaces
 * the daemon), a command line the daemon does not route, a tool the daemon does not serve.
 */

export interface FastPathDeps {
  tools: readonly AnyTool[];
  shared: SharedServices;
  log: Logger;
}

/** A body larger than this is not a command line. */
const MAX_BODY = 1 << 20;
/** While a command works, a no-op line this often, so the launcher can tell a hung daemon (curl --speed-time) from a slow answer. */
const KEEPALIVE_MS = 1000;

interface Request {
  entry: string;
  cwd: string;
  args: string[];
  env: Record<string, string>;
  /** The launcher's stderr is a terminal, where a standalone run shows a progress bar. */
  stderrTty: boolean;
}

function parseBody(body: string): Request | undefined {
  const form = new URLSearchParams(body);
  if (form.get('v') !== '1') return undefined;
  const entry = form.get('entry');
  const cwd = form.get('cwd');
  if (!entry || !cwd || !path.isAbsolute(cwd)) return undefined;
  const env: Record<string, string> = {};
  for (const kv of form.getAll('env')) {
    const eq = kv.indexOf('=');
    if (eq > 0 && kv.startsWith('DOCENT_')) env[kv.slice(0, eq)] = kv.slice(eq + 1);
  }
  return { entry, cwd, args: form.getAll('arg'), env, stderrTty: form.get('tty')?.[2] === '1' };
}

function realpathOrUndefined(p: string): string | undefined {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}

export function createCliFastPath(d: FastPathDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const byName = new Map(d.tools.map((t) => [t.name, t]));
  // The Node entry this daemon runs from; the launcher names its own, and only the same
  // installation, unchanged since the daemon started, is answered here.
  const ownEntry = process.argv[1] ? realpathOrUndefined(process.argv[1]) : undefined;
  const log = d.log.child('fast');

  const decline = (res: ServerResponse, status: number, why: string) => {
    log.debug(`left to the Node CLI: ${why}`);
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(`${why}\n`);
  };

  const handle = async (res: ServerResponse, body: string): Promise<void> => {
    const t0 = performance.now();
    const r = parseBody(body);
    if (!r) return decline(res, 400, 'not a command line');
    const entry = realpathOrUndefined(path.resolve(r.cwd, r.entry));
    if (!ownEntry || entry !== ownEntry) return decline(res, 409, `another installation (${r.entry})`);
    if (buildOnDisk() !== buildId()) return decline(res, 409, 'the installation changed since the daemon started');
    // A standalone run's process.cwd() is the physical directory.
    const cwd = realpathOrUndefined(r.cwd);
    if (!cwd) return decline(res, 409, `no directory ${r.cwd}`);
    const parsed = parseCommandLine(r.args, { cwd, env: r.env });
    if (!parsed || parsed.globals.daemon === false) return decline(res, 409, 'a command line the daemon does not route');
    const { globals, route } = parsed;
    if (![route.call, route.fallback].every((c) => !c || byName.has(c.name))) return decline(res, 409, `${route.call.name} is not served by this daemon`);

    const controller = new AbortController();
    let done = false;
    let handedOver = false;
    res.on('close', () => {
      if (!done && !handedOver) controller.abort();
    });
    let keepalive: NodeJS.Timeout | undefined = setTimeout(function beat() {
      if (res.writableEnded || res.destroyed || controller.signal.aborted) return;
      if (!res.headersSent) res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).write(SCRIPT_HEAD);
      res.write(':\n');
      keepalive = setTimeout(beat, KEEPALIVE_MS);
    }, KEEPALIVE_MS);

    // Long work on a terminal: a standalone run would show a progress bar, which a buffered
    // answer cannot. Hand the command to the Node CLI (an answer without its end line makes
    // the launcher run it): its call joins the same work here (the shared index's catch-up,
    // the warm servers) and shows the bar. This call goes on, unheard, rather than cancel
    // work the Node CLI's call is waiting for.
    const onProgress = () => {
      if (!r.stderrTty || handedOver || done) return;
      handedOver = true;
      clearTimeout(keepalive);
      log.info(`${route.call.name} handed to the Node CLI, which shows its progress on the terminal`);
      if (!res.headersSent) res.writeHead(409, { 'content-type': 'text/plain' });
      res.end();
    };
    const hello: SessionHello = { cwd, flags: globalsToConfig(globals), env: r.env, client: 'cli' };
    let printed: Printed;
    try {
      printed = printedAnswer(await answer(hello, route, controller.signal, onProgress), route, Boolean(globals.json));
    } finally {
      done = true;
      clearTimeout(keepalive);
    }
    if (controller.signal.aborted || handedOver) return;
    const ms = performance.now() - t0;
    const script = answerScript(printed, !res.headersSent);
    if (!res.headersSent) res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'server-timing': `docent;dur=${ms.toFixed(2)}` });
    // Logged before the answer leaves, so that whoever reads the log after the command sees it.
    log.info(`${route.call.name} answered in ${ms.toFixed(1)} ms (exit ${printed.exitCode})`);
    res.end(script);
  };

  const answer = async (hello: SessionHello, route: Route, signal: AbortSignal, progress: () => void): Promise<CallOutcome> => {
    let s: Settled;
    try {
      s = settleOneShot(hello, { shared: d.shared, log, transport: 'socket' });
    } catch (err) {
      const e = toDocentError(err);
      return outcomeOfSessionError(e.toPayload(), e.message);
    }
    const session = new OwnedSession(randomUUID());
    const call = async (c: ToolCall): Promise<CallOutcome> => {
      const tool = byName.get(c.name)!;
      const args = Object.fromEntries(Object.entries(c.arguments).filter(([, v]) => v !== undefined));
      const result = await runTool(tool, args, { workspace: s.workspace, config: s.config, services: s.services, signal, progress, log: s.log.child(tool.name), session }, undefined, { rawOutput: true });
      return outcomeOfResult(result as Parameters<typeof outcomeOfResult>[0]);
    };
    try {
      // As the Node client does: `doc` falls back to the language servers on E_NOT_FOUND.
      const first = await call(route.call);
      if (first.ok || !route.fallback || first.error.code !== 'E_NOT_FOUND') return first;
      const second = await call(route.fallback);
      return second.ok && (route.fallbackAccept?.(second.out) ?? true) ? second : first;
    } finally {
      await session.close();
    }
  };

  return (req, res) => {
    if (req.method !== 'POST') return decline(res, 405, 'POST a command line');
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => {
      if (size > MAX_BODY) return decline(res, 413, 'command line too large');
      handle(res, Buffer.concat(chunks).toString('utf8')).catch((err: unknown) => {
        log.error('the fast path failed', err);
        if (!res.headersSent) decline(res, 500, 'internal error');
        else res.end();
      });
    });
  };
}
