import path from 'node:path';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode as RpcErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { loadConfig } from '../core/config/load.js';
import { DocentError, toDocentError } from '../core/errors.js';
import type { DocentConfig, DocentConfigInput } from '../core/config/schema.js';
import type { Logger } from '../core/log.js';
import type { ServiceRegistry } from '../core/services.js';
import { VERSION } from '../core/version.js';
import { Workspace } from '../core/workspace/workspace.js';
import { startDocsIndexing } from '../features/docs/service.js';
import { createMcpServer, type ServerDeps } from '../mcp/server.js';
import type { AnyTool } from '../mcp/tool.js';
import { HELLO_KEY, type SessionHello } from './protocol.js';
import type { SharedServices } from './services.js';

/**
 * One daemon session: an MCP server instance with its own workspace and config, settled from
 * what the client says in initialize (`capabilities.experimental.docent`, see protocol.ts) the
 * first time a handler needs them, over the daemon's shared services. Roots, cancellation,
 * progress and per-session state therefore stay with the session that made them.
 */

export interface SessionFactoryDeps {
  tools: readonly AnyTool[];
  shared: SharedServices;
  log: Logger;
  /** Where the session came from: the private socket (CLI, attach) or the TCP listener. */
  transport: 'socket' | 'tcp';
  /** Roots for a client that sends no settings (a plain MCP client over TCP), until it announces its own. */
  defaultRoots?: readonly string[];
  /** Called when a session's workspace is known, e.g. to warm its index. */
  onSessionReady?: (info: { id: string; client: string; roots: readonly string[] }) => void;
}

export interface Settled {
  workspace: Workspace;
  config: DocentConfig;
  services: ServiceRegistry;
  log: Logger;
  /** The roots were named (flags, DOCENT_ROOTS, config file): the client's roots do not replace them. */
  explicitRoots: boolean;
  client: string;
}

let counter = 0;

/** Resolve relative paths in a client's flags against its working directory, not the daemon's. */
function absolutize(flags: Record<string, unknown>, cwd: string): DocentConfigInput {
  const abs = (p: unknown) => (typeof p === 'string' ? path.resolve(cwd, p) : p);
  const out: Record<string, unknown> = { ...flags };
  if (Array.isArray(out.roots)) out.roots = out.roots.map(abs);
  if (out.indexDir) out.indexDir = abs(out.indexDir);
  const info = out.info as { dirs?: unknown[] } | undefined;
  if (info?.dirs) out.info = { ...info, dirs: info.dirs.map(abs) };
  const lsp = out.lsp as { compileCommandsDir?: unknown } | undefined;
  if (lsp?.compileCommandsDir) out.lsp = { ...lsp, compileCommandsDir: abs(lsp.compileCommandsDir) };
  return out as DocentConfigInput;
}

function settle(hello: SessionHello | undefined, d: SessionFactoryDeps, id: string): Settled {
  const cwd = hello?.cwd && path.isAbsolute(hello.cwd) ? hello.cwd : process.cwd();
  const { config: loaded } = loadConfig({ flags: absolutize(hello?.flags ?? {}, cwd), env: hello ? (hello.env ?? {}) : process.env, cwd });
  // Config roots are relative to where the client runs; run tools are on for local clients
  // (as over stdio) and off over TCP (as over HTTP) unless the config says otherwise.
  const roots = loaded.roots.map((r) => path.resolve(cwd, r));
  const config: DocentConfig = { ...loaded, roots, allowRun: loaded.allowRun ?? d.transport === 'socket' };
  const fallback = !hello && d.defaultRoots?.length ? d.defaultRoots : [cwd];
  const workspace = new Workspace(roots.length ? roots : fallback);
  const log = d.log.child(`${hello?.client ?? 'mcp'}#${id}`);
  log.info(`session for ${workspace.roots.join(', ')}`);
  return { workspace, config, services: d.shared.forSession(config, workspace, log), log, explicitRoots: roots.length > 0, client: hello?.client ?? 'mcp' };
}

/**
 * A one-shot session without an MCP server: what a CLI session settles to, for the daemon's
 * answer to the shell launcher (src/cli/fast-path.ts). Throws what a session's calls would.
 */
export function settleOneShot(hello: SessionHello, d: Pick<SessionFactoryDeps, 'shared' | 'log' | 'transport'>): Settled {
  return settle(hello, { ...d, tools: [] }, String(++counter));
}

/**
 * An MCP client's session starts its roots' index catching up at once, as `serve` does, so it
 * is current by the first question. The service stays in wait-for-catch-up mode, which the
 * CLI's sessions on the same roots rely on to answer as a standalone run would.
 */
function warmIndex(s: Settled): void {
  const svc = startDocsIndexing({ workspace: s.workspace, config: s.config, services: s.services, log: s.log.child('index') });
  svc.background = false;
}

export function createSessionServer(d: SessionFactoryDeps): Server {
  const id = String(++counter);
  let settled: Settled | undefined;
  let server: Server | undefined;
  let failure: DocentError | undefined;
  const get = (): Settled => {
    if (!settled && !failure) {
      const hello = server?.getClientCapabilities()?.experimental?.[HELLO_KEY] as SessionHello | undefined;
      try {
        settled = settle(hello, d, id);
      } catch (err) {
        failure = toDocentError(err);
        d.log.warn(`session ${id}: ${failure.message}`);
      }
    }
    // A bad config (or root) fails this session's calls with the error a standalone run
    // reports, carried in the JSON-RPC error's data; the daemon and other sessions go on.
    if (failure) throw new McpError(RpcErrorCode.InvalidRequest, failure.message, { error: failure.toPayload() });
    return settled!;
  };
  const deps: ServerDeps = {
    name: 'docent',
    version: VERSION,
    tools: d.tools,
    get workspace() {
      return get().workspace;
    },
    get config() {
      return get().config;
    },
    get services() {
      return get().services;
    },
    get log() {
      return get().log;
    },
    rootsFromClient: true,
    get rawOutput() {
      return get().client === 'cli';
    },
    onWorkspaceReady: () => {
      const s = get();
      if (s.client !== 'cli' && s.config.index.enabled) warmIndex(s);
      d.onSessionReady?.({ id, client: s.client, roots: s.workspace.roots });
    },
  };
  server = createMcpServer(deps);
  const adoptClientRoots = server.oninitialized;
  server.oninitialized = () => {
    const s = get();
    if (s.explicitRoots) deps.onWorkspaceReady?.();
    else adoptClientRoots?.();
  };
  return server;
}
