import { createInterface } from 'node:readline';
import type { Logger } from '../core/log.js';
import { DaemonConnectionError, mcpDelete, mcpGetStream, mcpPost, type JsonRpcMessage } from './client.js';
import { daemonStatus, spawnDaemon, stopDaemon } from './control.js';
import type { DaemonPaths } from './paths.js';
import { buildId, HELLO_KEY, type SessionHello } from './protocol.js';

/**
 * `docent serve --attach`: an MCP client's stdio session forwarded to the per-user daemon, so
 * several agents share its warm language servers, indexes and manuals. Messages pass through
 * unchanged, except that initialize carries this process's settings (working directory,
 * flags, DOCENT_* variables) for the daemon to settle the session's roots and config with.
 * Each client message is one POST (answers and progress come back on its SSE stream); server
 * requests (roots/list) arrive on the session's GET stream. When the client goes away (stdin
 * ends) the session is deleted, which cancels whatever it still had running in the daemon.
 */

export interface AttachOptions {
  paths: DaemonPaths;
  hello: Omit<SessionHello, 'client'>;
  startTimeoutMs: number;
  log: Logger;
}

/** Make sure a daemon of this build answers; false when none could be started. */
export async function ensureDaemon(paths: DaemonPaths, startTimeoutMs: number, log: Logger): Promise<boolean> {
  const running = await daemonStatus(paths);
  if (running?.build === buildId()) return true;
  if (running) {
    log.info(`replacing the daemon of build ${running.build} with ${buildId()}`);
    await stopDaemon(paths);
  }
  try {
    return Boolean(await spawnDaemon(paths, [], startTimeoutMs));
  } catch (err) {
    log.warn(`cannot start the daemon: ${(err as Error).message}`);
    return false;
  }
}

export async function runAttach(opts: AttachOptions): Promise<void> {
  const { paths, log } = opts;
  const out = (m: JsonRpcMessage) => process.stdout.write(JSON.stringify(m) + '\n');
  let sessionId: string | undefined;
  let protocolVersion: string | undefined;
  let stream: { close(): void } | undefined;
  let ended = false;
  // Messages wait here until initialize has given the session its id.
  let ready: Promise<void> = Promise.resolve();

  const lost = (why: string) => {
    if (ended) return;
    ended = true;
    log.error(`lost the docent daemon: ${why}`);
    process.stderr.write(`docent: the daemon connection was lost (${why}); restart this MCP server to reconnect\n`);
    process.exit(1);
  };

  const post = async (m: JsonRpcMessage) => {
    try {
      const r = await mcpPost(paths.socket, m, { sessionId, protocolVersion, onMessage: out });
      if (r.errorText && m.id !== undefined && !r.messages.some((x) => x.id === m.id)) {
        out({ jsonrpc: '2.0', id: m.id, error: { code: -32603, message: `docent daemon: ${r.errorText.trim()}` } });
      }
      return r;
    } catch (err) {
      if (err instanceof DaemonConnectionError) lost(err.message);
      throw err;
    }
  };

  const initialize = async (m: JsonRpcMessage) => {
    const params = (m.params ?? {}) as { capabilities?: { experimental?: Record<string, unknown> } };
    const hello: SessionHello = { ...opts.hello, client: 'attach' };
    const withHello = { ...m, params: { ...params, capabilities: { ...params.capabilities, experimental: { ...params.capabilities?.experimental, [HELLO_KEY]: hello } } } };
    const r = await post(withHello);
    sessionId = r.sessionId;
    const result = r.messages.find((x) => x.id === m.id)?.result as { protocolVersion?: string } | undefined;
    protocolVersion = result?.protocolVersion;
    if (sessionId) {
      stream = mcpGetStream(paths.socket, sessionId, protocolVersion, out, () => {
        if (!ended) lost('the session stream closed');
      });
    }
  };

  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  rl.on('line', (line) => {
    if (!line.trim()) return;
    let m: JsonRpcMessage;
    try {
      m = JSON.parse(line) as JsonRpcMessage;
    } catch {
      out({ jsonrpc: '2.0', id: null as never, error: { code: -32700, message: 'Parse error' } });
      return;
    }
    if (m.method === 'initialize') {
      ready = ready.then(() => initialize(m)).catch((err) => log.error('initialize failed', err));
    } else {
      // Later messages run concurrently (a long call must not hold up a cancellation), each
      // sent once the session exists.
      void ready.then(() => post(m)).catch((err) => log.debug(`forwarding failed: ${(err as Error).message}`));
    }
  });

  await new Promise<void>((resolve) => rl.once('close', resolve));
  await ready;
  ended = true;
  stream?.close();
  if (sessionId) await mcpDelete(paths.socket, sessionId, protocolVersion);
  process.exit(0);
}
