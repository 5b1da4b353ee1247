import type { Command } from 'commander';
import { loadConfig } from '../core/config/load.js';
import type { DocentConfig } from '../core/config/schema.js';
import { createLogger, setLogLevel, type LogLevel } from '../core/log.js';
import { ServiceRegistry } from '../core/services.js';
import { Workspace } from '../core/workspace/workspace.js';
import { OwnedSession, type FeatureContext } from '../features/context.js';
import { flagsToConfig, type GlobalFlags } from './flags.js';
import { printError, printResult } from './output.js';
import { terminalProgress } from './progress.js';

/** Effective config and workspace for a CLI invocation, from the command's global flags. */
export function cliSetup(cmd: Command): { config: DocentConfig; workspace: Workspace; flags: GlobalFlags } {
  const flags = cmd.optsWithGlobals() as GlobalFlags;
  const { config } = loadConfig({ flags: flagsToConfig(flags) });
  if (config.logLevel) setLogLevel(config.logLevel as LogLevel);
  const workspace = new Workspace(config.roots.length ? config.roots : [process.cwd()]);
  return { config, workspace, flags };
}

export interface RunOptions<T> {
  /** Label for the terminal progress bar. */
  progressLabel?: string;
  /** Exit code for a successful run whose answer is "nothing found" (e.g. found: false). */
  notFound?: (value: T) => boolean;
}

/**
 * Run one CLI command: build a feature context, call the feature, print text or JSON, and
 * set the exit code (0 ok, 1 not found, 2 usage, 3 environment). Ctrl-C cancels the feature.
 */
export async function runFeature<T>(
  cmd: Command,
  fn: (ctx: FeatureContext) => Promise<T>,
  render: (value: T) => string,
  opts: RunOptions<T> = {},
): Promise<void> {
  const json = Boolean((cmd.optsWithGlobals() as GlobalFlags).json);
  const services = new ServiceRegistry();
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  const bar = terminalProgress(opts.progressLabel ?? cmd.name());
  const session = new OwnedSession('cli');
  try {
    const { config, workspace } = cliSetup(cmd);
    const ctx: FeatureContext = {
      workspace,
      config,
      services,
      signal: controller.signal,
      progress: bar.report,
      log: createLogger(`docent:${cmd.name()}`),
      session,
    };
    const value = await fn(ctx);
    bar.stop();
    printResult(value, render, { json });
    process.exitCode = opts.notFound?.(value) ? 1 : 0;
  } catch (err) {
    bar.stop();
    process.exitCode = printError(err, { json });
  } finally {
    process.off('SIGINT', onSigint);
    await session.close();
    await services.disposeAll();
  }
}
