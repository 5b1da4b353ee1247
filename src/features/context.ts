import type { DocentConfig } from '../core/config/schema.js';
import type { Logger } from '../core/log.js';
import type { ServiceRegistry } from '../core/services.js';
import type { Workspace } from '../core/workspace/workspace.js';

/** One step of long work, reported to a terminal progress bar or as MCP progress. */
export interface ProgressReport {
  progress: number;
  total?: number;
  message?: string;
}

/**
 * Everything a feature function may use, handed in by an adapter (MCP or CLI).
 * Features see no protocol types: they take typed input plus this context, and return
 * typed output or throw a DocentError.
 */
export interface FeatureContext {
  workspace: Workspace;
  config: DocentConfig;
  services: ServiceRegistry;
  /** Fires when the caller cancels; long work checks it and passes it on to child processes. */
  signal: AbortSignal;
  progress(report: ProgressReport): void;
  log: Logger;
}
