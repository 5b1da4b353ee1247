import type { Route } from './daemon-routes.js';
import { DocentError, EXIT, exitCodeFor, formatError, type Printed } from './output.js';

/**
 * A daemon's answer to a routed command line, and what the command prints for it. Both of the
 * CLI's daemon paths use this: the Node client (via-daemon.ts), which prints it, and the
 * daemon's fast path for the shell launcher (fast-path.ts), which sends it back as a script.
 * One function decides the bytes and the exit code, so the two paths cannot drift apart.
 */

export type CallOutcome = { ok: true; out: Record<string, unknown>; text: string } | { ok: false; error: DocentError; payload?: unknown };

/** A tool call's result (an MCP CallToolResult) as an outcome. */
export function outcomeOfResult(result: { isError?: boolean; structuredContent?: Record<string, unknown>; content?: Array<{ type: string; text?: string }> }): CallOutcome {
  const text = result.content?.find((c) => c.type === 'text')?.text ?? '';
  if (result.isError) {
    const e = (result.structuredContent?.error ?? {}) as { code?: string; message?: string; hint?: string; details?: unknown };
    return { ok: false, error: new DocentError((e.code ?? 'E_INTERNAL') as never, e.message ?? text, e.hint), payload: e };
  }
  return { ok: true, out: result.structuredContent ?? {}, text };
}

/**
 * A session that could not be set up (e.g. a broken docent.config.json): the error a
 * standalone run reports, as the daemon sends it (its payload).
 */
export function outcomeOfSessionError(payload: { code?: string; message?: string; hint?: string }, fallbackMessage: string): CallOutcome {
  return { ok: false, error: new DocentError(payload.code as never, payload.message ?? fallbackMessage, payload.hint), payload };
}

/** What a standalone run prints for this outcome: text or JSON, and the exit code. */
export function printedAnswer(outcome: CallOutcome, route: Route, json: boolean): Printed {
  if (outcome.ok) {
    return {
      stdout: json ? JSON.stringify(outcome.out, null, 2) + '\n' : outcome.text.replace(/\n?$/, '\n'),
      stderr: '',
      exitCode: route.notFound?.(outcome.out) ? EXIT.notFound : EXIT.ok,
    };
  }
  // The daemon's error payload as it is (details included), as printError shapes it.
  if (json && outcome.payload) return { stdout: JSON.stringify({ error: outcome.payload }, null, 2) + '\n', stderr: '', exitCode: exitCodeFor(outcome.error.code) };
  return formatError(outcome.error, { json });
}
