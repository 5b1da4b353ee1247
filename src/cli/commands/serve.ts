import type { Command } from 'commander';
import { createLogger } from '../../core/log.js';
import { ServiceRegistry } from '../../core/services.js';
import { VERSION } from '../../core/version.js';
import { selectEntries, toolCatalog, withRunPolicy } from '../../mcp/catalog.js';
import { TOOL_GROUPS } from '../../mcp/tool.js';
import { serveHttp, serveStdio } from '../../mcp/serve.js';
import { cliSetup } from '../context.js';
import { printError } from '../output.js';
import { collect } from '../args.js';
import type { DocentConfig } from '../../core/config/schema.js';
import type { Logger } from '../../core/log.js';
import { daemonPaths } from '../../daemon/paths.js';
import { docentEnv } from '../../daemon/protocol.js';
import { flagsToConfig, type GlobalFlags } from '../flags.js';


/**
 * `serve --attach`: forward to the daemon; false (after saying so) when it cannot be started,
 * and this process serves the client itself.
 */
async function attachToDaemon(config: DocentConfig, flags: GlobalFlags, log: Logger): Promise<boolean> {
  const { runAttach, ensureDaemon } = await import('../../daemon/attach.js');
  const paths = daemonPaths();
  if (!(await ensureDaemon(paths, config.daemon.startTimeoutMs, log))) {
    process.stderr.write(`docent: could not start the daemon within ${config.daemon.startTimeoutMs} ms (see \`docent daemon logs\`); serving this client alone\n`);
    return false;
  }
  await runAttach({ paths, hello: { cwd: process.cwd(), flags: flagsToConfig(flags) as Record<string, unknown>, env: docentEnv() }, startTimeoutMs: config.daemon.startTimeoutMs, log });
  return true;
}

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Run the MCP server: stdio by default, or Streamable HTTP at /mcp with --http')
    .option('--http <[host:]port>', 'serve Streamable HTTP at http://host:port/mcp (host defaults to 127.0.0.1)')
    .option('--token <token>', 'require this bearer token over HTTP (or set DOCENT_TOKEN)')
    .option('--allowed-host <host>', 'extra Host header value to accept over HTTP (repeatable)', collect)
    .option('--tools <list>', `expose only these tools or groups (comma-separated: ${TOOL_GROUPS.join(', ')}, or tool names)`)
    .option('--no-index', 'do not index the workspace roots in the background')
    .option('--attach', 'forward this stdio session to the per-user docent daemon (started if needed), sharing its servers and indexes')
    .action(async (opts: { http?: string; token?: string; allowedHost?: string[]; tools?: string; index: boolean; attach?: boolean }, cmd: Command) => {
      const log = createLogger('docent');
      try {
        const { config, workspace, flags } = cliSetup(cmd);
        if (opts.attach && !opts.http && (await attachToDaemon(config, flags, log))) return;
        const selection = opts.tools ? opts.tools.split(',').map((s) => s.trim()).filter(Boolean) : config.tools;
        // The catalog lists tools without loading them; a group's code loads on its first call.
        const tools = withRunPolicy(selectEntries(selection, await toolCatalog(VERSION)), config.allowRun, Boolean(opts.http));
        const services = new ServiceRegistry();
        const effective = { ...config, index: { ...config.index, enabled: config.index.enabled && opts.index } };
        // Index in the background once the workspace is known (after the first client's roots
        // are adopted, when they are used); tools answer from what is indexed meanwhile.
        let indexing = false;
        const onWorkspaceReady = () => {
          if (indexing || !effective.index.enabled) return;
          indexing = true;
          // The docs index (SQLite, tree-sitter, the watcher) loads after the handshake.
          void import('../../features/docs/service.js')
            .then(({ startDocsIndexing }) => startDocsIndexing({ workspace, config: effective, services, log: log.child('index') }))
            .catch((err) => log.error('could not start indexing', err));
        };
        const deps = {
          name: 'docent',
          version: VERSION,
          workspace,
          config: effective,
          services,
          tools,
          log,
          rootsFromClient: !(flags.root?.length || config.roots.length),
          onWorkspaceReady,
        };
        if (opts.http) {
          const { parseListen } = await import('../../mcp/http.js');
          const listen = parseListen(opts.http);
          // The docs browser at / answers from this server's workspace, config and services.
          const { createDocsBrowser } = await import('../../web/handler.js');
          const web = createDocsBrowser({ tools, context: () => ({ workspace, config: effective, services, log: log.child('web') }) });
          const handle = await serveHttp(deps, { ...listen, token: opts.token ?? process.env.DOCENT_TOKEN, allowedHosts: opts.allowedHost, web });
          process.stderr.write(`docent ${VERSION}: MCP over Streamable HTTP at ${handle.url}\n`);
        } else {
          await serveStdio(deps);
        }
      } catch (err) {
        process.exitCode = printError(err, {});
        process.exit();
      }
    });
}
