import type { DocentConfig } from '../config/schema.js';
import { versionLine } from '../process/run.js';
import { ServerRegistry } from './registry.js';
import type { ServerSpec } from './server-spec.js';

/**
 * What `docent doctor` shows about language servers: for each server docent knows, whether
 * its program is found, where, which version it reports, and how to install it. A program
 * that is found but cannot report a version (a rustup proxy without the component, say) is
 * reported as not working, with its error.
 */
export interface ServerProbe {
  name: string;
  languages: string[];
  extensions: string[];
  /** Resolved program path, or null when not found. */
  command: string | null;
  version: string | null;
  /** True when the program was found and answered the version query. */
  ok: boolean;
  error?: string;
  install: string;
  builtin: boolean;
}

export async function probeServers(config?: DocentConfig, opts: { timeoutMs?: number } = {}): Promise<ServerProbe[]> {
  const registry = new ServerRegistry(config);
  return Promise.all(registry.specs.map((spec) => probeOne(spec, opts.timeoutMs ?? 5000)));
}

async function probeOne(spec: ServerSpec, timeoutMs: number): Promise<ServerProbe> {
  const base = { name: spec.id, languages: spec.languages, extensions: spec.extensions, install: spec.install, builtin: spec.builtin };
  const cmd = spec.resolve();
  if (!cmd) return { ...base, command: null, version: null, ok: false, error: 'not found' };
  if (spec.version) {
    const v = await spec.version(cmd).catch(() => undefined);
    return { ...base, command: cmd.display, version: v ?? null, ok: true };
  }
  const v = await versionLine(cmd.command, [...cmd.prefixArgs, ...(spec.versionArgs ?? ['--version'])], { timeoutMs });
  if (!v.ok) return { ...base, command: cmd.display, version: null, ok: false, error: v.line || 'failed to run' };
  return { ...base, command: cmd.display, version: v.line, ok: true };
}
