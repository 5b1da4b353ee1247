import { createReadStream, existsSync, readFileSync, statSync, watch } from 'node:fs';
import { Option, type Command } from 'commander';
import { createLogger, setLogLevel, type LogLevel } from '../../core/log.js';
import { VERSION } from '../../core/version.js';
import { daemonStatus, spawnDaemon, stopDaemon, type DaemonStatus } from '../../daemon/control.js';
import { daemonPaths } from '../../daemon/paths.js';
import { buildId } from '../../daemon/protocol.js';
import { parseListen, type WebHandler } from '../../mcp/http.js';
import type { SharedServices } from '../../daemon/services.js';
import { collect, positiveInt } from '../args.js';
import { cliSetup } from '../context.js';
import { EXIT, printError } from '../output.js';

/**
 * `docent daemon start | stop | status | logs`: the per-user daemon that CLI commands and
 * `serve --attach` share (src/daemon/). `start` runs it in the background and returns once it
 * answers; a second `start` finds the first and exits 0; a daemon of another build is replaced.
 */

interface StartOptions {
  http?: string;
  token?: string;
  allowedHost?: string[];
  foreground?: boolean;
}

function describe(s: DaemonStatus): string {
  const mb = (s.rss_bytes / 1024 / 1024).toFixed(0);
  return [
    `docent daemon ${s.version} (pid ${s.pid}) on ${s.socket}${s.url ? ` and ${s.url}` : ''}`,
    `  up ${Math.round(s.uptime_ms / 1000)} s, ${s.sessions} session(s), ${mb} MB resident`,
    s.docs_indexes.length ? `  docs indexes: ${s.docs_indexes.join('; ')}` : '  docs indexes: none loaded',
  ].join('\n');
}

function startArgs(opts: StartOptions, roots: readonly string[]): string[] {
  const args: string[] = [];
  // The docs browser on TCP answers for the roots `daemon start` was given (or ran in).
  if (opts.http) for (const r of roots) args.push('--root', r);
  if (opts.http) args.push('--http', opts.http);
  if (opts.token) args.push('--token', opts.token);
  for (const h of opts.allowedHost ?? []) args.push('--allowed-host', h);
  return args;
}

async function startForeground(opts: StartOptions, cmd: Command): Promise<void> {
  const { config } = cliSetup(cmd);
  setLogLevel((config.logLevel ?? process.env.DOCENT_LOG ?? 'info') as LogLevel);
  const log = createLogger('docent:daemon');
  const { runDaemon, DaemonAlreadyRunning } = await import('../../daemon/server.js');
  const { selectTools } = await import('../../mcp/tools/index.js');
  const paths = daemonPaths();
  const http = opts.http ? { ...parseListen(opts.http), token: opts.token ?? process.env.DOCENT_TOKEN, allowedHosts: opts.allowedHost } : undefined;
  const tools = selectTools(config.tools);
  // The docs browser on the TCP listener answers for the directory the daemon was started in.
  let web: ((shared: SharedServices) => WebHandler) | undefined;
  if (http) {
    const { createDocsBrowser } = await import('../../web/handler.js');
    const { Workspace } = await import('../../core/workspace/workspace.js');
    web = (shared) => {
      const workspace = new Workspace(config.roots.length ? config.roots : [process.cwd()]);
      const services = shared.forSession(config, workspace, log.child('web'));
      return createDocsBrowser({ tools, context: () => ({ workspace, config, services, log: log.child('web') }) });
    };
  }
  // The shell launcher's command lines (bin/docent), answered without a Node client.
  const { createCliFastPath } = await import('../fast-path.js');
  const cli = (shared: SharedServices) => createCliFastPath({ tools, shared, log });
  const run = () => runDaemon({ paths, config, tools, log, http, web, cli });
  let daemon;
  try {
    daemon = await run();
  } catch (err) {
    if (!(err instanceof DaemonAlreadyRunning)) throw err;
    if (err.build === buildId()) {
      log.info('a daemon of this build is already running; leaving it');
      return;
    }
    log.info(`replacing the running daemon of build ${err.build ?? 'unknown'} with ${buildId()}`);
    await stopDaemon(paths);
    daemon = await run();
  }
  // One session's failure must not take every other client's daemon down with it.
  process.on('uncaughtException', (err) => log.error('uncaught exception (daemon keeps running)', err));
  process.on('unhandledRejection', (err) => log.error('unhandled rejection (daemon keeps running)', err));
  const onSignal = (sig: string) => void daemon.stop(sig);
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  process.once('SIGINT', () => onSignal('SIGINT'));
  process.once('SIGHUP', () => onSignal('SIGHUP'));
  await daemon.stopped;
  process.exit(0);
}

async function start(opts: StartOptions, cmd: Command): Promise<void> {
  if (opts.foreground) return startForeground(opts, cmd);
  const { config, workspace } = cliSetup(cmd);
  const paths = daemonPaths();
  const running = await daemonStatus(paths);
  if (running && running.build === buildId()) {
    process.stdout.write(`docent daemon already running (pid ${running.pid}) on ${running.socket}\n`);
    return;
  }
  if (running) {
    process.stderr.write(`docent: replacing the daemon of version ${running.build} (pid ${running.pid}) with ${buildId()}\n`);
    await stopDaemon(paths);
  }
  const s = await spawnDaemon(paths, startArgs(opts, workspace.roots), config.daemon.startTimeoutMs);
  if (!s) {
    process.stderr.write(`docent: the daemon did not start within ${config.daemon.startTimeoutMs} ms; see \`docent daemon logs\` (${paths.log})\n`);
    process.exitCode = EXIT.environment;
    return;
  }
  process.stdout.write(`docent daemon started (pid ${s.pid}) on ${s.socket}${s.url ? ` and ${s.url}` : ''}\n`);
}

function printTail(file: string, lines: number): void {
  const text = readFileSync(file, 'utf8');
  const all = text.split('\n');
  if (all[all.length - 1] === '') all.pop();
  process.stdout.write(all.slice(-lines).join('\n') + (all.length ? '\n' : ''));
}

function follow(file: string): void {
  let at = statSync(file).size;
  watch(file, () => {
    const size = statSync(file).size;
    if (size < at) at = 0;
    if (size === at) return;
    createReadStream(file, { start: at, end: size - 1 }).pipe(process.stdout, { end: false });
    at = size;
  });
}

export function registerDaemonCommands(program: Command): void {
  const daemon = program.command('daemon').description('The per-user docent daemon that CLI commands and `serve --attach` share (warm language servers, indexes and manuals)');

  daemon
    .command('start')
    .description('start the daemon in the background (exits 0 if one is already running)')
    .option('--http <[host:]port>', 'also serve MCP over Streamable HTTP on TCP at http://host:port/mcp')
    .option('--token <token>', 'require this bearer token over TCP (or set DOCENT_TOKEN)')
    .option('--allowed-host <host>', 'extra Host header value to accept over TCP (repeatable)', collect)
    .addOption(new Option('--foreground', 'run in this process, logging to stderr').hideHelp())
    .action(async (opts: StartOptions, cmd: Command) => {
      try {
        await start(opts, cmd);
      } catch (err) {
        process.exitCode = printError(err, {});
      }
    });

  daemon
    .command('stop')
    .description('stop the daemon (its language servers and indexes with it)')
    .action(async () => {
      const stopped = await stopDaemon(daemonPaths());
      process.stdout.write(stopped ? `docent daemon (pid ${stopped.pid}) stopped\n` : 'no docent daemon is running\n');
    });

  daemon
    .command('status')
    .description('whether the daemon runs, its version, sessions, loaded indexes and memory (exit 1 when none runs)')
    .action(async (_opts, cmd: Command) => {
      const json = Boolean((cmd.optsWithGlobals() as { json?: boolean }).json);
      const s = await daemonStatus(daemonPaths());
      if (json) process.stdout.write(JSON.stringify(s ? { running: true, ...s, client_version: VERSION, current: s.build === buildId() } : { running: false }, null, 2) + '\n');
      else process.stdout.write(s ? describe(s) + (s.build === buildId() ? '' : `\n  (another build than this docent: ${buildId()})`) + '\n' : 'no docent daemon is running\n');
      process.exitCode = s ? EXIT.ok : EXIT.notFound;
    });

  daemon
    .command('logs')
    .description("print the daemon's log file")
    .addOption(new Option('-n, --lines <n>', 'print the last N lines').argParser(positiveInt).default(200))
    .option('-f, --follow', 'keep printing new lines as they are written')
    .action(async (opts: { lines: number; follow?: boolean }) => {
      const file = daemonPaths().log;
      if (!existsSync(file)) {
        process.stderr.write(`docent: no daemon log at ${file} yet\n`);
        process.exitCode = EXIT.notFound;
        return;
      }
      printTail(file, opts.lines);
      if (opts.follow) follow(file);
    });
}
