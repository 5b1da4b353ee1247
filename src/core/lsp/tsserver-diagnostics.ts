import type { Diagnostic, DiagnosticRelatedInformation } from 'vscode-languageserver-protocol';
import { pathToUri } from './positions.js';

/**
 * typescript-language-server pushes diagnostics without a document version, in up to three
 * debounced waves (syntax, semantic, suggestion), so no push can be told to be "the one for the
 * content just sent". tsserver itself answers diagnostics synchronously, in order after the
 * change that typescript-language-server forwarded at once: asking it through the server's
 * `typescript.tsserverRequest` command is a pull on exactly the content the document holds.
 */

interface TsLocation {
  line: number;
  offset: number;
}

interface TsDiagnostic {
  start: TsLocation;
  end: TsLocation;
  text: string;
  code?: number;
  category?: string;
  source?: string;
  reportsUnnecessary?: unknown;
  reportsDeprecated?: unknown;
  relatedInformation?: Array<{ message: string; category?: string; code?: number; span?: { start: TsLocation; end: TsLocation; file: string } }>;
}

export const TSSERVER_DIAGNOSTIC_COMMANDS = ['syntacticDiagnosticsSync', 'semanticDiagnosticsSync', 'suggestionDiagnosticsSync'] as const;

export function tsserverDiagnosticsRequest(command: (typeof TSSERVER_DIAGNOSTIC_COMMANDS)[number], file: string) {
  return { command: 'typescript.tsserverRequest', arguments: [command, { file, includeLinePosition: false }] };
}

const range = (s: TsLocation, e: TsLocation) => ({ start: { line: s.line - 1, character: s.offset - 1 }, end: { line: e.line - 1, character: e.offset - 1 } });

function severity(category: string | undefined, suggestion: boolean): Diagnostic['severity'] {
  if (suggestion) return 4;
  switch (category) {
    case 'warning':
      return 2;
    case 'suggestion':
      return 4;
    case 'message':
      return 3;
    default:
      return 1;
  }
}

/** tsserver's answer (the response, or its body) to LSP diagnostics. */
export function fromTsserver(answer: unknown, suggestion: boolean): Diagnostic[] {
  const a = answer as { body?: unknown } | unknown[] | null | undefined;
  const list = (Array.isArray(a) ? a : ((a as { body?: unknown })?.body ?? [])) as TsDiagnostic[];
  if (!Array.isArray(list)) return [];
  return list.map((d) => {
    const out: Diagnostic = { range: range(d.start, d.end), message: d.text, severity: severity(d.category, suggestion), source: d.source ?? 'typescript' };
    if (d.code !== undefined) out.code = d.code;
    const tags: Array<1 | 2> = [];
    if (d.reportsUnnecessary) tags.push(1);
    if (d.reportsDeprecated) tags.push(2);
    if (tags.length) out.tags = tags;
    const related: DiagnosticRelatedInformation[] = [];
    for (const r of d.relatedInformation ?? []) {
      if (r.span) related.push({ location: { uri: pathToUri(r.span.file), range: range(r.span.start, r.span.end) }, message: r.message });
    }
    if (related.length) out.relatedInformation = related;
    return out;
  });
}
