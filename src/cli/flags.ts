import { Option, type Command } from 'commander';
import type { DocentConfigInput } from '../core/config/schema.js';
import { collect, positiveInt } from './args.js';

/**
 * The global flags every command accepts, and their mapping onto the config shape, so that
 * `serve` and the one-shot commands read settings the same way (file < env < flags).
 */
export interface GlobalFlags {
  root?: string[];
  json?: boolean;
  indexDir?: string;
  infoDir?: string[];
  emacsSocket?: string;
  emacsServerFile?: string;
  emacsclient?: string;
  emacsTimeout?: number;
  lspTimeout?: number;
  compileCommandsDir?: string;
  allowWrites?: boolean;
  allowRun?: boolean;
  logLevel?: string;
  /** false with --no-daemon: answer in this process even when a daemon runs. */
  daemon?: boolean;
}


export function addGlobalFlags(program: Command): Command {
  return program
    .option('-r, --root <dir>', 'workspace root (repeatable; default: the current directory)', collect)
    .option('--json', 'print structured JSON instead of text')
    .option('--index-dir <dir>', 'where the docs index database lives (default: $XDG_CACHE_HOME/docent/<hash>)')
    .option('--info-dir <dir>', 'extra directory to search for Info manuals (repeatable)', collect)
    .option('--emacs-socket <name|path>', 'Emacs server socket name or path')
    .option('--emacs-server-file <file>', 'Emacs TCP server file')
    .option('--emacsclient <path>', 'emacsclient program to run')
    .addOption(new Option('--emacs-timeout <ms>', 'timeout for one emacsclient call').argParser(positiveInt))
    .addOption(new Option('--lsp-timeout <ms>', 'timeout for one language-server request').argParser(positiveInt))
    .option('--compile-commands-dir <dir>', 'directory holding compile_commands.json for clangd')
    .option('--allow-writes', 'allow tools to write files when a call passes apply: true')
    .option('--allow-run', 'offer the run and debug tools over HTTP too (they execute project code)')
    .addOption(new Option('--log-level <level>', 'stderr log level').choices(['silent', 'error', 'warn', 'info', 'debug']))
    .option('--no-daemon', 'answer in this process, not through a running docent daemon');
}

export function flagsToConfig(f: GlobalFlags): DocentConfigInput {
  const cfg: Record<string, unknown> = {
    roots: f.root,
    indexDir: f.indexDir,
    allowWrites: f.allowWrites,
    allowRun: f.allowRun,
    logLevel: f.logLevel,
    info: f.infoDir ? { dirs: f.infoDir } : undefined,
    emacs: { socket: f.emacsSocket, serverFile: f.emacsServerFile, emacsclient: f.emacsclient, timeoutMs: f.emacsTimeout },
    lsp: { requestTimeoutMs: f.lspTimeout, compileCommandsDir: f.compileCommandsDir },
  };
  return stripUndefined(cfg) as DocentConfigInput;
}

function stripUndefined(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined) continue;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const inner = stripUndefined(v as Record<string, unknown>);
      if (Object.keys(inner).length) out[k] = inner;
    } else out[k] = v;
  }
  return out;
}
