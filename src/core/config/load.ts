import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DocentError } from '../errors.js';
import { ConfigSchema, type DocentConfig, type DocentConfigInput } from './schema.js';

export const CONFIG_FILE = 'docent.config.json';

type Layer = Record<string, unknown>;

/** Deep-merge plain objects; arrays and scalars from the later layer replace earlier ones. */
export function mergeLayers(...layers: Layer[]): Layer {
  const out: Layer = {};
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer)) {
      if (value === undefined) continue;
      const prev = out[key];
      if (isPlainObject(prev) && isPlainObject(value)) out[key] = mergeLayers(prev, value);
      else out[key] = value;
    }
  }
  return out;
}

function isPlainObject(v: unknown): v is Layer {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function intFrom(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n)) {
    throw new DocentError('E_BAD_INPUT', `${name}=${raw} is not a whole number.`, `Set ${name} to a number of milliseconds.`);
  }
  return n;
}

function boolFrom(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  return /^(1|true|yes|on)$/i.test(raw);
}

/** The DOCENT_* environment variables as a config layer. */
export function envLayer(env: NodeJS.ProcessEnv): Layer {
  const list = (name: string, sep: string) => env[name]?.split(sep).map((s) => s.trim()).filter(Boolean);
  return {
    roots: list('DOCENT_ROOTS', path.delimiter),
    indexDir: env.DOCENT_INDEX_DIR || undefined,
    allowWrites: boolFrom(env, 'DOCENT_ALLOW_WRITES'),
    allowRun: boolFrom(env, 'DOCENT_ALLOW_RUN'),
    tools: list('DOCENT_TOOLS', ','),
    logLevel: env.DOCENT_LOG || undefined,
    index: { enabled: boolFrom(env, 'DOCENT_INDEX') },
    info: { dirs: list('DOCENT_INFO_DIRS', path.delimiter) },
    docs: { embeddings: { model: env.DOCENT_EMBEDDINGS_MODEL || undefined } },
    emacs: {
      socket: env.DOCENT_EMACS_SOCKET || undefined,
      serverFile: env.DOCENT_EMACS_SERVER_FILE || undefined,
      emacsclient: env.DOCENT_EMACSCLIENT || undefined,
      timeoutMs: intFrom(env, 'DOCENT_EMACS_TIMEOUT_MS'),
    },
    lsp: {
      requestTimeoutMs: intFrom(env, 'DOCENT_LSP_TIMEOUT_MS'),
      readyTimeoutMs: intFrom(env, 'DOCENT_LSP_READY_TIMEOUT_MS'),
      idleShutdownMs: intFrom(env, 'DOCENT_LSP_IDLE_MS'),
    },
    daemon: {
      autoStart: boolFrom(env, 'DOCENT_DAEMON_AUTOSTART'),
      idleExitMs: intFrom(env, 'DOCENT_DAEMON_IDLE_EXIT_MS'),
      rootIdleMs: intFrom(env, 'DOCENT_DAEMON_ROOT_IDLE_MS'),
      startTimeoutMs: intFrom(env, 'DOCENT_DAEMON_START_TIMEOUT_MS'),
    },
  };
}

/** Read docent.config.json from `dir`, or an empty layer when there is none. */
export function fileLayer(dir: string): { layer: Layer; file?: string } {
  const file = path.join(dir, CONFIG_FILE);
  if (!existsSync(file)) return { layer: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new DocentError('E_BAD_INPUT', `${file} is not valid JSON: ${(err as Error).message}`, 'Fix the JSON syntax in the config file.');
  }
  if (!isPlainObject(parsed)) {
    throw new DocentError('E_BAD_INPUT', `${file} must contain a JSON object.`, 'Wrap the settings in { … }.');
  }
  return { layer: parsed, file };
}

export interface LoadConfigOptions {
  /** Flags from the command line, already shaped like the config. */
  flags?: DocentConfigInput;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

export interface LoadedConfig {
  config: DocentConfig;
  /** The config file that was read, if any. */
  file?: string;
}

/**
 * Build the effective configuration: file, then environment, then flags. The config file is
 * looked for at the first root named by flags or environment, else the working directory.
 */
export function loadConfig(opts: LoadConfigOptions = {}): LoadedConfig {
  const env = opts.env ?? process.env;
  const cwd = opts.cwd ?? process.cwd();
  const envL = envLayer(env);
  const flagL = (opts.flags ?? {}) as Layer;
  const firstRoot =
    (flagL.roots as string[] | undefined)?.[0] ?? (envL.roots as string[] | undefined)?.[0] ?? cwd;
  const { layer: fileL, file } = fileLayer(path.resolve(cwd, firstRoot));
  const merged = mergeLayers(fileL, envL, flagL);
  const result = ConfigSchema.safeParse(merged);
  if (!result.success) {
    const where = file ? ` (from ${file}, DOCENT_* variables or flags)` : '';
    throw new DocentError(
      'E_BAD_INPUT',
      `Invalid configuration${where}: ${z.prettifyError(result.error)}`,
      'Fix or remove the offending setting; see README.md for the configuration keys.',
    );
  }
  return { config: result.data, file };
}
