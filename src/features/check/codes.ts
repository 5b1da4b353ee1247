import { createHash } from 'node:crypto';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';

/**
 * What a server's diagnostic means in docent's stable terms: a code namespaced by its source
 * (`ts2322`, `pyright:reportAttributeAccessIssue`, `clang:-Wunused-variable`,
 * `clang-tidy:bugprone-use-after-move`), a severity word, an id that survives unrelated edits,
 * and a fix's confidence in rustc's Applicability terms.
 */

export const SEVERITIES = ['error', 'warning', 'info', 'hint'] as const;
export type Severity = (typeof SEVERITIES)[number];

export function severityOf(d: Diagnostic): Severity {
  switch (d.severity) {
    case 2:
      return 'warning';
    case 3:
      return 'info';
    case 4:
      return 'hint';
    default:
      // The protocol leaves a missing severity to the client; servers mean "error" by it.
      return 'error';
  }
}

export function severityRank(s: Severity): number {
  return SEVERITIES.indexOf(s);
}

/** The server's `source`, in docent's spelling: typescript, pyright, clang, clang-tidy, rustc, … */
export function sourceOf(d: Diagnostic, serverId: string): string {
  const s = (d.source ?? '').trim().toLowerCase();
  if (!s) return serverId === 'clangd' ? 'clang' : serverId;
  if (s === 'ts' || s === 'typescript' || s === 'tsserver') return 'typescript';
  return s;
}

/** The stable, namespaced code. A diagnostic without a code gets `<source>:<severity>`. */
export function codeOf(d: Diagnostic, source: string): string {
  const raw = d.code === undefined || d.code === null ? '' : String(d.code);
  if (source === 'typescript') return raw ? `ts${raw.replace(/^ts/i, '')}` : 'ts';
  return `${source}:${raw || severityOf(d)}`;
}

/**
 * An id that names "this problem here" across edits elsewhere in the file: the file, the code,
 * the message and the text the diagnostic covers, not its line number (a line inserted above
 * must not turn every later diagnostic into a new one and a fixed one).
 */
export function diagnosticId(file: string, code: string, message: string, coveredText: string): string {
  return createHash('sha1').update(`${file}\0${code}\0${message}\0${coveredText.trim().replace(/\s+/g, ' ')}`).digest('hex').slice(0, 12);
}

/** rustc's Applicability, as docent assigns it to a server's quick fix. */
export const CONFIDENCES = ['machine_applicable', 'maybe_incorrect', 'has_placeholders', 'unspecified'] as const;
export type Confidence = (typeof CONFIDENCES)[number];

export const CONFIDENCE_HELP =
  'How safe the fix is to apply blindly, in rustc Applicability terms: ' +
  'machine_applicable = the server\'s own preferred fix (isPreferred) and a single change in one file: apply it without review; ' +
  'maybe_incorrect = a plausible fix among alternatives, or one spanning several changes: review before applying; ' +
  'has_placeholders = the fix inserts text meant to be replaced (snippet placeholders, "not implemented" stubs): apply, then edit; ' +
  'unspecified = the server did not say what kind of action this is: judge it yourself.';

const PLACEHOLDER = /\$\{?\d|\bnot implemented\b|\bTODO\b/i;

export function confidenceOf(action: CodeAction, editCount: number, fileCount: number, newTexts: string[]): Confidence {
  if (!action.kind) return 'unspecified';
  if (newTexts.some((t) => PLACEHOLDER.test(t))) return 'has_placeholders';
  if (action.isPreferred && editCount === 1 && fileCount === 1) return 'machine_applicable';
  return 'maybe_incorrect';
}
