import type { Command } from 'commander';
import { createLogger } from '../../core/log.js';
import { ServiceRegistry } from '../../core/services.js';
import { VERSION } from '../../core/version.js';
import { parseListen } from '../../mcp/http.js';
import { serveHttp, serveStdio } from '../../mcp/serve.js';
import { selectTools } from '../../mcp/tools/index.js';
import { startDocsIndexing } from '../../features/docs/service.js';
import { cliSetup } from '../context.js';
import { printError } from '../output.js';
import { collect } from '../args.js';


export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Run the MCP server: stdio by default, or Streamable HTTP at /mcp with --http')
    .option('--http <[host:]port>', 'serve Streamable HTTP at http://host:port/mcp (host defaults to 127.0.0.1)')
    .option('--token <token>', 'require this bearer token over HTTP (or set DOCENT_TOKEN)')
    .option('--allowed-host <host>', 'extra Host header value to accept over HTTP (repeatable)', collect)
    .option('--tools <list>', 'expose only these tools or groups (comma-separated: info, emacs, symbols, docs, analysis, workspace, or tool names)')
    .option('--no-index', 'do not index the workspace roots in the background')
    .action(async (opts: { http?: string; token?: string; allowedHost?: string[]; tools?: string; index: boolean }, cmd: Command) => {
      const log = createLogger('docent');
      try {
        const { config, workspace, flags } = cliSetup(cmd);
        const selection = opts.tools ? opts.tools.split(',').map((s) => s.trim()).filter(Boolean) : config.tools;
        // Run and debug tools execute project code: over HTTP only with --allow-run.
        const tools = selectTools(selection).filter((t) => !(opts.http && config.allowRun !== true && (t.group === 'run' || t.group === 'debug')));
        const services = new ServiceRegistry();
        const effective = { ...config, index: { ...config.index, enabled: config.index.enabled && opts.index } };
        // Index in the background once the workspace is known (after the first client's roots
        // are adopted, when they are used); tools answer from what is indexed meanwhile.
        let indexing = false;
        const onWorkspaceReady = () => {
          if (indexing || !effective.index.enabled) return;
          indexing = true;
          startDocsIndexing({ workspace, config: effective, services, log: log.child('index') });
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
          const listen = parseListen(opts.http);
          const handle = await serveHttp(deps, { ...listen, token: opts.token ?? process.env.DOCENT_TOKEN, allowedHosts: opts.allowedHost });
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
