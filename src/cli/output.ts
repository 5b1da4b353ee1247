import { DocentError, toDocentError, type ErrorCode } from '../core/errors.js';

/** Exit codes: 0 ok, 1 not found, 2 usage, 3 environment (a program or service is missing). */
export const EXIT = { ok: 0, notFound: 1, usage: 2, environment: 3, internal: 4 } as const;

export function exitCodeFor(code: ErrorCode): number {
  switch (code) {
    case 'E_NOT_FOUND':
      return EXIT.notFound;
    case 'E_BAD_INPUT':
    case 'E_OUTSIDE_WORKSPACE':
    case 'E_WRITE_DENIED':
    case 'E_RUN_DENIED':
    case 'E_CONFLICT':
      return EXIT.usage;
    case 'E_NO_SERVER':
    case 'E_UNAVAILABLE':
    case 'E_TIMEOUT':
    case 'E_CANCELLED':
      return EXIT.environment;
    default:
      return EXIT.internal;
  }
}

export interface OutputOptions {
  json?: boolean;
}

/** Print a result: the structured value as JSON with --json, the compact text rendering otherwise. */
export function printResult<T>(value: T, render: (v: T) => string, opts: OutputOptions): void {
  if (opts.json) process.stdout.write(JSON.stringify(value, null, 2) + '\n');
  else process.stdout.write(render(value).replace(/\n?$/, '\n'));
}

/** What a command prints and its exit code, for callers that print it elsewhere (the daemon's fast path). */
export interface Printed {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** An error as printError prints it, without printing it. */
export function formatError(err: unknown, opts: OutputOptions): Printed {
  const e = toDocentError(err);
  return opts.json
    ? { stdout: JSON.stringify({ error: e.toPayload() }, null, 2) + '\n', stderr: '', exitCode: exitCodeFor(e.code) }
    : { stdout: '', stderr: `docent: ${e.message}\n  hint: ${e.hint}\n  (${e.code})\n`, exitCode: exitCodeFor(e.code) };
}

/** Print an error in the same shape the MCP adapter uses, and return its exit code. */
export function printError(err: unknown, opts: OutputOptions): number {
  const p = formatError(err, opts);
  if (p.stdout) process.stdout.write(p.stdout);
  if (p.stderr) process.stderr.write(p.stderr);
  return p.exitCode;
}

export { DocentError };
