/**
 * Logging to stderr, always: stdout belongs to the stdio MCP transport and to `--json` output.
 * The level comes from DOCENT_LOG (error, warn, info, debug); the default is warn so that a
 * CLI user sees only what matters.
 */
export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug';
const ORDER: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 };

export interface Logger {
  error(msg: string, ...rest: unknown[]): void;
  warn(msg: string, ...rest: unknown[]): void;
  info(msg: string, ...rest: unknown[]): void;
  debug(msg: string, ...rest: unknown[]): void;
  child(scope: string): Logger;
  enabled(level: LogLevel): boolean;
}

let currentLevel: LogLevel = parseLevel(process.env.DOCENT_LOG) ?? 'warn';

export function parseLevel(value: string | undefined): LogLevel | undefined {
  if (!value) return undefined;
  const v = value.toLowerCase();
  return v in ORDER ? (v as LogLevel) : undefined;
}

export function setLogLevel(level: LogLevel): void {
  currentLevel = level;
}

function format(rest: unknown[]): string {
  return rest
    .map((r) => (r instanceof Error ? (r.stack ?? r.message) : typeof r === 'string' ? r : JSON.stringify(r)))
    .join(' ');
}

export function createLogger(scope = 'docent'): Logger {
  const write = (level: LogLevel, msg: string, rest: unknown[]) => {
    if (ORDER[level] > ORDER[currentLevel]) return;
    const extra = rest.length ? ' ' + format(rest) : '';
    process.stderr.write(`[${scope}] ${level}: ${msg}${extra}\n`);
  };
  return {
    error: (m, ...r) => write('error', m, r),
    warn: (m, ...r) => write('warn', m, r),
    info: (m, ...r) => write('info', m, r),
    debug: (m, ...r) => write('debug', m, r),
    child: (s) => createLogger(`${scope}:${s}`),
    enabled: (level) => ORDER[level] <= ORDER[currentLevel],
  };
}

export const log = createLogger();
