import type { Printed } from './output.js';

/**
 * The shell script the daemon answers the launcher (bin/docent) with, which the launcher
 * evals: it prints a command's stdout and stderr byte for byte and exits with its code.
 *
 *   # docent-cli 1
 *   printf '%s' '...stdout...'
 *   printf '%s' '...stderr...' >&2
 *   exit 1
 *   # docent-cli end
 *
 * Text goes inside single quotes, where the shell gives every byte its literal meaning (no
 * expansion of $, `, \ or newlines); a quote itself closes the quoting, adds an escaped quote
 * and reopens it. A NUL, which no shell variable can hold, is printed by printf's own \000.
 * The first and last lines let the launcher tell a whole answer from a cut one (it then runs
 * the Node CLI instead); `:` lines (no-ops) may come between the head and the rest while the
 * command works, so that the launcher can tell a slow answer from a hung daemon.
 */

export const SCRIPT_HEAD = '# docent-cli 1\n';
export const SCRIPT_END = '# docent-cli end';

/** `s` as one single-quoted shell word. */
export function shellQuote(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}

function printLines(text: string, redirect: string): string {
  if (!text) return '';
  return (
    text
      .split('\0')
      .map((part) => (part ? `printf '%s' ${shellQuote(part)}${redirect}\n` : ''))
      .join(`printf '\\000'${redirect}\n`)
  );
}

/** The script for a command's output; `withHead` false when the head was sent already. */
export function answerScript(p: Printed, withHead = true): string {
  return `${withHead ? SCRIPT_HEAD : ''}${printLines(p.stdout, '')}${printLines(p.stderr, ' >&2')}exit ${p.exitCode}\n${SCRIPT_END}\n`;
}
