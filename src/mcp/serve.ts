import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Logger } from '../core/log.js';
import type { RunningHttp, WebHandler } from './http.js';
import { createMcpServer, type ServerDeps } from './server.js';

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

export async function serveStdio(deps: ServerDeps): Promise<ServeHandle> {
  const server = createMcpServer(deps);
  const transport = new StdioServerTransport();
  const stop = once(async () => {
    await server.close().catch(() => {});
    await deps.services.disposeAll();
  });
  const exitAfterStop = () => void stop().finally(() => process.exit(0));
  const sessionClose = server.onclose;
  server.onclose = () => {
    sessionClose?.();
    exitAfterStop();
  };
  // stdin ending means the client is gone; the SDK transport does not notice on its own.
  process.stdin.once('end', exitAfterStop);
  onShutdown(deps.log, stop);
  await server.connect(transport);
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
  running = await startHttp({ ...listen, log: deps.log.child('http'), createServer: () => createMcpServer(deps) });
  return { url: running.url, stop };
}
