import { fileURLToPath } from 'node:url';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode as RpcErrorCode,
  ListToolsRequestSchema,
  McpError,
  RootsListChangedNotificationSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { z } from 'zod';
import type { DocentConfig } from '../core/config/schema.js';
import { DocentError, toDocentError } from '../core/errors.js';
import type { Logger } from '../core/log.js';
import type { ServiceRegistry } from '../core/services.js';
import type { Workspace } from '../core/workspace/workspace.js';
import { OwnedSession, type FeatureContext, type ProgressReport } from '../features/context.js';
import { randomUUID } from 'node:crypto';
import { INSTRUCTIONS, SERVER_CAPABILITIES, serverInfo } from './identity.js';
import { inputKeys } from './schema.js';
import { liveEntry, type ToolEntry } from './catalog.js';
import { editDistance } from '../core/rank/edit-distance.js';
import type { AnyTool } from './tool.js';

/** What one MCP server instance needs; shared across sessions in HTTP mode. */
export interface ServerDeps {
  name: string;
  version: string;
  workspace: Workspace;
  config: DocentConfig;
  services: ServiceRegistry;
  /** The tools to serve: catalog entries (loaded on first call) or tool definitions. */
  tools: readonly (ToolEntry | AnyTool)[];
  log: Logger;
  /** True when no --root was given, so the client's roots (if it has any) become the workspace. */
  rootsFromClient: boolean;
  /**
   * Called once the workspace is settled after a client initialized (its roots adopted, when
   * they are used), so that background work such as indexing starts on the right directories.
   */
  onWorkspaceReady?: () => void;
  /**
   * Answer with the feature's own output object (checked against the output schema, but not
   * re-shaped by it), so the daemon's CLI answers print exactly as a standalone run's.
   */
  rawOutput?: boolean;
}

/** Minimum interval between progress notifications, so a fast loop cannot flood the client. */
const PROGRESS_INTERVAL_MS = 100;

export function errorResult(err: DocentError): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: `${err.code}: ${err.message}\nHint: ${err.hint}` }],
    structuredContent: { error: err.toPayload() },
  };
}

/**
 * Run one tool: validate input (E_BAD_INPUT on failure), call the feature with a context whose
 * signal is the request's cancellation and whose progress goes out as MCP progress, check the
 * answer against the output schema, and render it. Every failure becomes an isError result.
 */
export async function runTool(
  tool: AnyTool,
  args: unknown,
  ctx: Omit<FeatureContext, 'progress'> & { progress?: (p: ProgressReport) => void },
  accepted?: readonly string[] | null,
  opts: { rawOutput?: boolean } = {},
): Promise<CallToolResult> {
  const unknown = unknownArguments(tool, args, accepted);
  if (unknown) return errorResult(unknown);
  const parsed = tool.inputSchema.safeParse(args ?? {});
  if (!parsed.success) {
    return errorResult(
      new DocentError('E_BAD_INPUT', `Invalid arguments for ${tool.name}: ${z.prettifyError(parsed.error)}`, `Check the arguments against ${tool.name}'s input schema (tools/list shows it).`),
    );
  }
  try {
    const output = await tool.handler(parsed.data, { progress: () => {}, ...ctx });
    const checked = tool.outputSchema.safeParse(output);
    if (!checked.success) {
      ctx.log.error(`${tool.name} produced output that does not match its schema`, z.prettifyError(checked.error));
      return errorResult(new DocentError('E_INTERNAL', `${tool.name} produced an answer that does not match its output schema: ${z.prettifyError(checked.error)}`));
    }
    const answer = opts.rawOutput ? output : checked.data;
    return { content: [{ type: 'text', text: tool.render(answer) }], structuredContent: answer as Record<string, unknown> };
  } catch (err) {
    const e = ctx.signal.aborted ? new DocentError('E_CANCELLED', 'The request was cancelled by the client.') : toDocentError(err);
    if (e.code === 'E_INTERNAL') ctx.log.error(`${tool.name} failed`, err);
    return errorResult(e);
  }
}

const acceptedKeys = new WeakMap<AnyTool, Set<string> | null>();
const acceptedSets = new WeakMap<readonly string[], Set<string>>();

/**
 * E_BAD_INPUT for argument names the tool does not take, with the likely intended one. The
 * names come from the catalog (the build's manifest) when given, else from the input schema.
 */
function unknownArguments(tool: AnyTool, args: unknown, known?: readonly string[] | null): DocentError | null {
  if (!args || typeof args !== 'object' || Array.isArray(args)) return null;
  let accepted: Set<string> | null | undefined;
  if (known === null) accepted = null;
  else if (known) {
    accepted = acceptedSets.get(known);
    if (!accepted) acceptedSets.set(known, (accepted = new Set(known)));
  } else {
    if (!acceptedKeys.has(tool)) acceptedKeys.set(tool, inputKeys(tool.inputSchema));
    accepted = acceptedKeys.get(tool);
  }
  if (!accepted) return null;
  const extra = Object.keys(args).filter((k) => !accepted.has(k));
  if (!extra.length) return null;
  const guesses = extra.map((k) => {
    const near = [...accepted].map((a) => ({ a, d: editDistance(k.toLowerCase(), a.toLowerCase(), 3) })).sort((x, y) => x.d - y.d)[0];
    return near && near.d <= Math.max(1, Math.floor(k.length / 3)) ? `"${k}" (did you mean "${near.a}"?)` : `"${k}"`;
  });
  return new DocentError(
    'E_BAD_INPUT',
    `${tool.name} does not take ${extra.length === 1 ? 'the argument' : 'the arguments'} ${guesses.join(', ')}.`,
    `${tool.name} takes: ${[...accepted].join(', ') || 'no arguments'}.`,
  );
}

/**
 * The SDK's server validates elicitation answers with Ajv, and builds an Ajv instance (with
 * its formats) in every Server's constructor: a cost at each start and each HTTP session for
 * a feature docent does not use. This provider builds it on first use instead.
 */
function lazyJsonSchemaValidator(): jsonSchemaValidator {
  let ajv: AjvJsonSchemaValidator | undefined;
  return { getValidator: (schema) => (ajv ??= new AjvJsonSchemaValidator()).getValidator(schema) };
}

export function createMcpServer(deps: ServerDeps): Server {
  const server = new Server(serverInfo(deps.name, deps.version), {
    capabilities: SERVER_CAPABILITIES,
    instructions: INSTRUCTIONS,
    jsonSchemaValidator: lazyJsonSchemaValidator(),
  });
  const entries = deps.tools.map((t) => ('load' in t ? t : liveEntry(t)));
  const byName = new Map(entries.map((t) => [t.name, t]));
  const listed = entries.map((t) => t.listing);
  // One session per server instance: stdio has one, HTTP makes one server per client session.
  // Per-session state (overlays, pending edits, debug sessions) is dropped when it closes.
  const session = new OwnedSession(randomUUID());
  const previousOnClose = server.onclose;
  server.onclose = () => {
    previousOnClose?.();
    void session.close();
  };

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));
  // A client lists tools right after initialize. The first serialisation of the list and the
  // SDK's first parse of a tools/list request pay one-time costs (V8 compiling, zod building its
  // fast path); pay them while the client is reading the initialize answer, so that the first
  // tools/list costs what the next ones do.
  setImmediate(() => {
    JSON.stringify(listed);
    ListToolsRequestSchema.safeParse({ method: 'tools/list', params: {} });
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const entry = byName.get(request.params.name);
    if (!entry) {
      throw new McpError(RpcErrorCode.InvalidParams, `Unknown tool "${request.params.name}". Available: ${[...byName.keys()].join(', ')}`);
    }
    const token = request.params._meta?.progressToken;
    let last = 0;
    const progress = (p: ProgressReport) => {
      if (token === undefined) return;
      const now = Date.now();
      const final = p.total !== undefined && p.progress >= p.total;
      if (!final && now - last < PROGRESS_INTERVAL_MS) return;
      last = now;
      void extra
        .sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: p.progress, total: p.total, message: p.message } })
        .catch(() => {});
    };
    // The tool's group module (its features, and what they use) is imported on its first call.
    let tool: AnyTool;
    try {
      tool = await entry.load();
    } catch (err) {
      deps.log.error(`could not load ${entry.name}`, err);
      return errorResult(toDocentError(err));
    }
    return runTool(tool, request.params.arguments, {
      workspace: deps.workspace,
      config: deps.config,
      services: deps.services,
      signal: extra.signal,
      progress,
      log: deps.log.child(tool.name),
      session,
    }, entry.accepted, { rawOutput: deps.rawOutput });
  });

  const ready = () => deps.onWorkspaceReady?.();
  if (deps.rootsFromClient) {
    const adoptClientRoots = async () => {
      if (!server.getClientCapabilities()?.roots) return;
      try {
        const { roots } = await server.listRoots();
        const dirs = roots.filter((r) => r.uri.startsWith('file://')).map((r) => fileURLToPath(r.uri));
        if (dirs.length) {
          deps.workspace.setRoots(dirs);
          deps.log.info(`using the client's roots: ${dirs.join(', ')}`);
        }
      } catch (err) {
        deps.log.warn('could not read the client roots; keeping the current workspace', err);
      }
    };
    server.oninitialized = () => void adoptClientRoots().finally(ready);
    server.setNotificationHandler(RootsListChangedNotificationSchema, async () => adoptClientRoots());
  } else {
    server.oninitialized = ready;
  }
  return server;
}
