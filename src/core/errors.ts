/**
 * One error model for the whole of docent.
 *
 * Every failure that reaches a caller is a `DocentError` with a stable code, a message that
 * says what went wrong, and a hint that says how to fix it. The MCP adapter maps it to an
 * `isError` result, the CLI to an exit code; features only ever throw it.
 */
export const ERROR_CODES = [
  'E_BAD_INPUT',
  'E_NOT_FOUND',
  'E_OUTSIDE_WORKSPACE',
  'E_NO_SERVER',
  'E_TIMEOUT',
  'E_UNAVAILABLE',
  'E_CANCELLED',
  'E_WRITE_DENIED',
  'E_CONFLICT',
  'E_RUN_DENIED',
  'E_INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorPayload {
  code: ErrorCode;
  message: string;
  hint: string;
  details?: Record<string, unknown>;
}

const DEFAULT_HINTS: Record<ErrorCode, string> = {
  E_BAD_INPUT: 'Check the arguments against the tool\'s input schema.',
  E_NOT_FOUND: 'Check the spelling, or search first to find the exact name.',
  E_OUTSIDE_WORKSPACE: 'Use a path inside one of the workspace roots (see --root).',
  E_NO_SERVER: 'Install the missing program; `docent doctor` lists what is found and how to install the rest.',
  E_TIMEOUT: 'Try again; if it keeps timing out, raise the timeout in docent.config.json.',
  E_UNAVAILABLE: 'Run `docent doctor` to see what is available on this machine.',
  E_CANCELLED: 'The request was cancelled by the caller.',
  E_WRITE_DENIED: 'Start docent with --allow-writes and pass apply: true to write files.',
  E_CONFLICT: 'The files changed since the edit was computed; compute it again (preview) and apply the new edit_id.',
  E_RUN_DENIED: 'Running builds, tests, debuggers and profilers executes project code: over HTTP start docent with --allow-run.',
  E_INTERNAL: 'This is a bug in docent; run with DOCENT_LOG=debug and report it.',
};

export class DocentError extends Error {
  readonly code: ErrorCode;
  readonly hint: string;
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, hint?: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'DocentError';
    this.code = code;
    this.hint = hint ?? DEFAULT_HINTS[code];
    this.details = details;
  }

  toPayload(): ErrorPayload {
    const payload: ErrorPayload = { code: this.code, message: this.message, hint: this.hint };
    if (this.details) payload.details = this.details;
    return payload;
  }
}

/** Normalise anything thrown into a DocentError, so adapters have one shape to render. */
export function toDocentError(err: unknown): DocentError {
  if (err instanceof DocentError) return err;
  if (err instanceof Error && err.name === 'AbortError') {
    return new DocentError('E_CANCELLED', 'The request was cancelled.');
  }
  const message = err instanceof Error ? err.message : String(err);
  return new DocentError('E_INTERNAL', message);
}

/** Throw E_CANCELLED if the signal has fired; call at safe points in long loops. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new DocentError('E_CANCELLED', 'The request was cancelled.');
}
