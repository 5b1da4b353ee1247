import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { VERSION } from '../core/version.js';

/**
 * What the daemon and its clients (the CLI, `serve --attach`) agree on besides MCP itself.
 * Node builtins only, so the CLI's daemon path stays cheap to load.
 */

/** Response header naming the daemon's build; a client of another build replaces the daemon. */
export const BUILD_HEADER = 'docent-build';

/** Key under the client's `capabilities.experimental` carrying the session's settings. */
export const HELLO_KEY = 'docent';

/**
 * A client's settings for its session, sent in initialize: the daemon loads the session's
 * config from them as a standalone run would (docent.config.json at the first root, DOCENT_*
 * variables, flags), so the answers are the same.
 */
export interface SessionHello {
  /** The client's working directory: default root, and the base of relative paths in flags. */
  cwd: string;
  /** The command line's config-shaped flags (roots, infoDirs, lsp timeout, …). */
  flags?: Record<string, unknown>;
  /** The client's DOCENT_* environment variables. */
  env?: Record<string, string>;
  /** Who is asking: a one-shot CLI command, or an MCP client through `serve --attach`. */
  client: 'cli' | 'attach';
}

let build: string | undefined;

/** The version plus the build time of this file, so a rebuilt or upgraded docent differs. */
export function buildId(): string {
  build ??= buildOnDisk();
  return build;
}

/**
 * The build id of the files on disk now. A long-lived daemon compares it with its own
 * `buildId()` to notice that its installation was rebuilt or upgraded under it.
 */
export function buildOnDisk(): string {
  let stamp = '';
  try {
    stamp = String(Math.round(statSync(fileURLToPath(import.meta.url)).mtimeMs));
  } catch {
    // bundled or unreadable: the version alone
  }
  return stamp ? `${VERSION}+${stamp}` : VERSION;
}

/** The daemon's answer to the shell launcher (bin/docent): POST, form-encoded command line. */
export const CLI_FAST_PATH = '/daemon/cli';

/** The DOCENT_* variables of an environment (what the config loader reads). */
export function docentEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (k.startsWith('DOCENT_') && v !== undefined) out[k] = v;
  return out;
}
