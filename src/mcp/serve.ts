import type { Logger } from '../core/log.js';
import { liveEntry } from './catalog.js';
import type { RunningHttp, WebHandler } from './http.js';
import { initializeResult } from './identity.js';
import type { ServerDeps } from './server.js';
import { StdioFront, swallowReply } from './stdio-front.js';

/**
 * Running docent as an MCP server: over stdio (one client) or Streamable HTTP (many clients
 * sharing one set of services). Shutdown disposes the services, which stops language servers
 * and closes the index, on SIGINT/SIGTERM and when the stdio client goes away.
 */

export interface ServeHandle {
  /** For HTTP: the endpoint URL. */
  url?: string;
  stop(): Promise<void>;
}

function onShutdown(log: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (why: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`shutting down (${why})`);
    const force = setTimeout(() => process.exit(0), 5000);
    force.unref();
    void stop().finally(() => process.exit(0));
  };
  process.once('SIGINT', () => handler('SIGINT'));
  process.once('SIGTERM', () => handler('SIGTERM'));
  process.once('SIGHUP', () => handler('SIGHUP'));
}

/** Wrap a stop function so that it runs once, however many paths (signal, close, EOF) call it. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= fn());
}

/** How long the front waits for a line it cannot answer before loading the server anyway. */
const FRONT_IDLE_MS = 150;

/**
 * Serve one client over stdio. The front (stdio-front.ts) answers initialize and tools/list
 * from the manifest while the SDK's server loads; the server takes over from the first line
 * the front cannot answer, after the first tools/list, or after FRONT_IDLE_MS.
 */
export async function serveStdio(deps: ServerDeps): Promise<ServeHandle> {
  const listed = { tools: deps.tools.map((t) => ('load' in t ? t : liveEntry(t)).listing) };
  let needServer!: () => void;
  const wanted = new Promise<void>((resolve) => (needServer = resolve));
  const front = new StdioFront({ initialize: (v) => initializeResult(deps.name, deps.version, v), toolsList: () => listed }, (why) => {
    // After a tools/list, let the answer go out (and the client start reading it) first.
    if (why === 'listed') setImmediate(needServer);
    else needServer();
  });
  front.listen();
  const idle = setTimeout(needServer, FRONT_IDLE_MS);

  let server: Awaited<ReturnType<typeof import('./server.js')['createMcpServer']>> | undefined;
  const stop = once(async () => {
    clearTimeout(idle);
    await server?.close().catch(() => {});
    await deps.services.disposeAll();
  });
  const exitAfterStop = () => void stop().finally(() => process.exit(0));
  // stdin ending means the client is gone; the SDK transport does not notice on its own.
  process.stdin.once('end', exitAfterStop);
  onShutdown(deps.log, stop);

  await wanted;
  clearTimeout(idle);
  const [{ createMcpServer }, { StdioServerTransport }] = await Promise.all([import('./server.js'), import('@modelcontextprotocol/sdk/server/stdio.js')]);
  server = createMcpServer(deps);
  const sessionClose = server.onclose;
  server.onclose = () => {
    sessionClose?.();
    exitAfterStop();
  };
  const transport = new StdioServerTransport();
  const { initializeId } = front.handOver();
  swallowReply(transport, initializeId, (reply) => {
    const result = (reply as { result?: { protocolVersion?: unknown } }).result;
    if (!result || JSON.stringify(result) !== JSON.stringify(initializeResult(deps.name, deps.version, result.protocolVersion))) {
      deps.log.warn('the MCP server answered the initialize the front had answered differently', reply);
    }
  });
  await server.connect(transport);
  process.stdin.resume();
  deps.log.info(`serving ${deps.tools.length} tools over stdio for ${deps.workspace.roots.join(', ')}`);
  if (process.stdin.isTTY) {
    // A person ran this by hand: say what is happening instead of looking hung.
    process.stderr.write(
      `docent: serving ${deps.tools.length} MCP tools over stdio for ${deps.workspace.roots.join(', ')}.\n` +
        'Connect an MCP client to this command (see README.md), or try `docent --help`. Ctrl-C stops.\n',
    );
  }
  return { stop };
}

export async function serveHttp(deps: ServerDeps, listen: { host: string; port: number; token?: string; allowedHosts?: string[]; web?: WebHandler }): Promise<ServeHandle> {
  let running: RunningHttp | undefined;
  const stop = once(async () => {
    await running?.close();
    await deps.services.disposeAll();
  });
  onShutdown(deps.log, stop);
  // The HTTP transport (and what it brings) loads only for --http.
  const { startHttp } = await import('./http.js');
  const { createMcpServer } = await import('./server.js');
  running = await startHttp({ ...listen, log: deps.log.child('http'), createServer: () => createMcpServer(deps) });
  return { url: running.url, stop };
}
