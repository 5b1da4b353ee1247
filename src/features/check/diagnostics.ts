import type { Diagnostic } from 'vscode-languageserver-protocol';
import { DocentError, throwIfAborted } from '../../core/errors.js';
import { documentDiagnostics, type FileDiagnostics } from '../../core/lsp/diagnostics.js';
import type { LanguageServer } from '../../core/lsp/language-server.js';
import { LspManager } from '../../core/lsp/manager.js';
import { lineStarts, offsetAt, uriToPath } from '../../core/lsp/positions.js';
import { Vfs } from '../../core/vfs/index.js';
import { SEEN_CODES_KEY, SeenCodes } from '../../core/catalog/seen.js';
import type { FeatureContext } from '../context.js';
import { decodeBaseline, encodeBaseline, type Baseline, type BaselineEntry } from './baseline.js';
import { codeOf, diagnosticId, severityOf, severityRank, sourceOf } from './codes.js';
import { toFix } from './fixes.js';
import type { DiagnosticsInputT, DiagnosticsResult, DiagnosticT } from './schema.js';
import { resolveScope } from './scope.js';

/**
 * `diagnostics`: fresh diagnostics for the files in scope, on the asking session's view, with
 * fixes, a baseline, and deltas against an earlier baseline. A file whose diagnostics could
 * not be computed fresh is listed in `incomplete` with the reason and makes `complete` false;
 * its baseline entries are carried forward and never reported as fixed.
 */

/** Files checked at once (each holds a document in its server while it waits). */
const CONCURRENCY = 3;
/** Quick fixes are asked for at most this many diagnostics per file. */
const FIXES_PER_FILE = 20;
/** In a pass over many files, fewer: code actions cost a request each. */
const FIXES_PER_FILE_WIDE = 3;
/** Fixes (with their diffs) are shown for this many diagnostics of an answer, to keep it small. */
const FIXES_SHOWN = 25;
/** Past this many files, files opened only for this call are closed after their turn. */
const TRANSIENT_OVER = 8;
/** At most this many files are listed in `incomplete` (a warning gives the full count). */
const MAX_INCOMPLETE = 50;

interface Checked {
  file: string;
  server?: LanguageServer;
  result?: FileDiagnostics;
  error?: string;
  items: DiagnosticT[];
}

export async function diagnostics(input: DiagnosticsInputT, ctx: FeatureContext): Promise<DiagnosticsResult> {
  const vfs = Vfs.from(ctx.services);
  vfs.attachSession(ctx.session);
  const prior = input.since !== undefined ? decodeBaseline(input.since) : undefined;
  const scope = await resolveScope(input.files, ctx);
  const manager = LspManager.from(ctx);
  const warnings: string[] = [];
  if (!scope.files.length) warnings.push(input.files ? 'No file in scope is handled by a language server.' : 'The workspace has no file a language server handles.');
  const minRank = severityRank(input.min_severity);

  const checked: Checked[] = scope.files.map((file) => ({ file, items: [] }));
  const readied = new Map<LanguageServer, Promise<unknown>>();
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < checked.length) {
      const c = checked[next++]!;
      throwIfAborted(ctx.signal);
      try {
        c.server = manager.forFile(c.file, ctx.workspace);
        if (!readied.has(c.server)) readied.set(c.server, c.server.ready({ anchor: c.file, signal: ctx.signal }));
        await readied.get(c.server);
        c.result = await documentDiagnostics(c.server, c.file, {
          session: ctx.session.id,
          signal: ctx.signal,
          // A first parse of a heavy file (templates, a big TU) can outlast one request's timeout.
          timeoutMs: Math.max(ctx.config.lsp.requestTimeoutMs, ctx.config.lsp.readyTimeoutMs),
          // Many files: each is closed after its turn, so the server's open set stays small.
          transient: checked.length > TRANSIENT_OVER,
          fixesFor: input.include_fixes ? (checked.length > TRANSIENT_OVER ? FIXES_PER_FILE_WIDE : FIXES_PER_FILE) : 0,
          fixable: (d) => severityRank(severityOf(d)) <= minRank,
        });
        c.items = convert(c.result, c.server, vfs, ctx);
      } catch (err) {
        if (err instanceof DocentError && err.code === 'E_CANCELLED') throw err;
        c.error = err instanceof Error ? err.message : String(err);
      }
      ctx.progress({ progress: ++done, total: checked.length, message: ctx.workspace.display(c.file) });
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, checked.length) }, worker));

  // The new baseline holds every diagnostic computed (all severities, before max_results); files
  // that could not be checked keep what the old baseline said about them.
  const baseline: Baseline = new Map();
  const incomplete: DiagnosticsResult['incomplete'] = [];
  for (const c of checked) {
    const display = ctx.workspace.display(c.file);
    const fresh = c.result !== undefined;
    if (!fresh || !c.result!.complete) incomplete.push({ file: display, reason: c.error ?? c.result?.reason ?? 'unknown' });
    if (fresh && c.result!.complete) baseline.set(display, c.items.map(entryOf));
    else if (prior?.has(display)) baseline.set(display, prior.get(display)!);
    else if (fresh) baseline.set(display, c.items.map(entryOf));
  }

  let shown = checked.flatMap((c) => c.items);
  const fixed: DiagnosticsResult['fixed'] = [];
  let unchanged = 0;
  if (prior) {
    const now = new Set(shown.map((d) => d.id));
    const before = new Set<string>();
    for (const c of checked) {
      const display = ctx.workspace.display(c.file);
      const complete = c.result?.complete === true;
      for (const [id, code, severity, line, message] of prior.get(display) ?? []) {
        before.add(id);
        if (complete && !now.has(id)) fixed.push({ id, code, severity, message, file: display, line });
      }
    }
    unchanged = shown.filter((d) => before.has(d.id)).length;
    shown = shown.filter((d) => !before.has(d.id));
  }
  if (incomplete.length > MAX_INCOMPLETE) warnings.push(`${incomplete.length} files could not be checked completely; the first ${MAX_INCOMPLETE} are listed in incomplete.`);
  shown = shown.filter((d) => severityRank(d.severity) <= minRank);
  shown.sort((a, b) => severityRank(a.severity) - severityRank(b.severity) || a.span.file.localeCompare(b.span.file) || a.span.line - b.span.line || a.span.column - b.span.column);
  const counts = { error: 0, warning: 0, info: 0, hint: 0 };
  for (const d of shown) counts[d.severity]++;
  const total = shown.length;
  const page = shown.slice(0, input.max_results);
  let hidden = 0;
  page.forEach((d, i) => {
    if (i >= FIXES_SHOWN && d.fixes.length) {
      hidden++;
      d.fixes = [];
    }
  });
  if (hidden) warnings.push(`Fixes are shown for the first ${FIXES_SHOWN} diagnostics only (${hidden} more have some): ask about fewer files to see theirs.`);
  return {
    diagnostics: page,
    fixed,
    unchanged,
    computed_on: checked
      .filter((c) => c.result)
      .map((c) => ({
        file: ctx.workspace.display(c.file),
        version: c.result!.view.version,
        hash: c.result!.view.hash,
        origin: c.result!.view.origin,
        lsp_version: c.result!.lspVersion,
        via: c.result!.via,
        server: c.server!.spec.id,
      })),
    complete: incomplete.length === 0,
    incomplete: incomplete.slice(0, MAX_INCOMPLETE),
    baseline: encodeBaseline(baseline),
    counts,
    total,
    truncated: page.length < total,
    files_checked: checked.filter((c) => c.result).length,
    warnings,
  };
}

function entryOf(d: DiagnosticT): BaselineEntry {
  return [d.id, d.code, d.severity, d.span.line, d.message.length > 160 ? d.message.slice(0, 159) + '…' : d.message];
}

/** Server diagnostics to docent's, with ids (duplicates numbered) and fixes. */
function convert(r: FileDiagnostics, server: LanguageServer, vfs: Vfs, ctx: FeatureContext): DiagnosticT[] {
  const display = ctx.workspace.display(r.file);
  const text = r.view.text;
  const starts = lineStarts(text);
  const dup = new Map<string, number>();
  const seen = ctx.services.get(SEEN_CODES_KEY, () => new SeenCodes());
  return r.diagnostics.map((d, i) => {
    const source = sourceOf(d, server.spec.id);
    const code = codeOf(d, source);
    const covered = text.slice(offsetAt(text, d.range.start, starts), offsetAt(text, d.range.end, starts)).slice(0, 200);
    let id = diagnosticId(display, code, d.message, covered);
    const n = (dup.get(id) ?? 0) + 1;
    dup.set(id, n);
    if (n > 1) id = `${id}~${n}`;
    const out: DiagnosticT = {
      id,
      code,
      source,
      severity: severityOf(d),
      message: d.message,
      span: spanOf(display, d.range),
      related: (d.relatedInformation ?? []).map((ri) => {
        const f = uriToPath(ri.location.uri);
        return { message: ri.message, span: spanOf(f ? ctx.workspace.display(f) : ri.location.uri, ri.location.range) };
      }),
      fixes: (r.actions.get(i) ?? []).map((a) => toFix(a, vfs, ctx)).filter((f): f is NonNullable<typeof f> => f !== undefined),
    };
    const tags = (d.tags ?? []).map((t) => (t === 1 ? 'unnecessary' : 'deprecated') as 'unnecessary' | 'deprecated');
    if (tags.length) out.tags = tags;
    if (d.codeDescription?.href) out.docs_url = d.codeDescription.href;
    seen.note({ code, source, message: d.message, docs_url: out.docs_url });
    return out;
  });
}

function spanOf(file: string, r: Diagnostic['range']) {
  return { file, line: r.start.line + 1, column: r.start.character + 1, end_line: r.end.line + 1, end_column: r.end.character + 1 };
}

export function renderDiagnostics(r: DiagnosticsResult): string {
  const lines: string[] = [];
  const c = r.counts;
  lines.push(`${r.total} diagnostic(s)${r.fixed.length || r.unchanged ? ' new' : ''}: ${c.error} error, ${c.warning} warning, ${c.info} info, ${c.hint} hint in ${r.files_checked} file(s)${r.truncated ? ` (first ${r.diagnostics.length} shown)` : ''}`);
  for (const d of r.diagnostics) {
    lines.push(`${d.span.file}:${d.span.line}:${d.span.column}: ${d.severity} ${d.code}: ${d.message.split('\n')[0]}`);
    for (const rel of d.related.slice(0, 3)) lines.push(`    note ${rel.span.file}:${rel.span.line}:${rel.span.column}: ${rel.message.split('\n')[0]}`);
    for (const f of d.fixes.slice(0, 3)) lines.push(`    fix [${f.confidence}${f.is_preferred ? ', preferred' : ''}] ${f.title}`);
  }
  for (const f of r.fixed) lines.push(`fixed ${f.file}:${f.line}: ${f.severity} ${f.code}: ${f.message.split('\n')[0]}`);
  if (r.unchanged) lines.push(`${r.unchanged} unchanged since the baseline`);
  for (const i of r.incomplete) lines.push(`INCOMPLETE ${i.file}: ${i.reason}`);
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  lines.push(`baseline: ${r.baseline}`);
  return lines.join('\n');
}
