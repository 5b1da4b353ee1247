import { DocentError } from '../../core/errors.js';
import { onSessionView } from '../../core/lsp/session-view.js';
import { linePreview } from '../../core/lsp/file-text.js';
import { splitHover } from '../../core/lsp/hover.js';
import { LspManager } from '../../core/lsp/manager.js';
import { buildOutline, comparePos, flattenOutline, toFileRanges, type OutlineNode } from '../../core/lsp/navigation.js';
import { ExternalClassifier } from '../symbols/external.js';
import type { FeatureContext } from '../context.js';
import type {
  DocumentSymbolsResult,
  FindDefinitionResult,
  FindReferencesResult,
  HoverResult,
  OutlineItem,
  TargetInputT,
} from './schema.js';
import { hoverCache, nameIn, sourceLines, toLocation } from './sites.js';
import { resolveTarget, targetOut } from './target.js';

/**
 * The navigation tools: find_definition, find_references, hover and document_symbols. Each
 * takes a position or a symbol name (see target.ts) and asks the file's language server.
 */

async function findDefinitionOnView(input: TargetInputT & { source_lines: number }, ctx: FeatureContext): Promise<FindDefinitionResult> {
  const t = await resolveTarget(input, ctx);
  const warnings = [...t.warnings];
  let ranges = toFileRanges(await t.server.definition(t.site.file, t.site.position, { signal: ctx.signal, session: ctx.session.id }));
  // A name resolved to its declaration with no further definition (TypeScript, Python) is its own definition.
  if (!ranges.length && t.resolution?.definition) {
    const d = t.resolution.definition;
    ranges = [{ file: d.file, uri: '', range: { start: d.position, end: d.position }, fullRange: { start: d.position, end: d.position } }];
  }
  const classifier = new ExternalClassifier(ctx.workspace, ctx.config.lsp.compileCommandsDir);
  const definitions = [];
  for (const r of ranges) {
    if (!r.file) {
      warnings.push(`A definition at ${r.uri} is not a file; it was left out.`);
      continue;
    }
    const at = (t.symbol && nameIn(r.file, r.range, t.symbol.split(/::|\./).pop()!)) || r.range.start;
    const first = Math.min(r.fullRange.start.line, at.line);
    definitions.push({
      ...toLocation(ctx.workspace, { file: r.file, position: at }),
      source: input.source_lines ? sourceLines(r.file, first, first + input.source_lines - 1).join('\n') : '',
      external: classifier.classify(r.file).external,
    });
  }
  if (!definitions.length) warnings.push(`${t.server.spec.id} knows no definition for ${t.symbol ?? 'the symbol at this position'}.`);
  return { target: targetOut(t, ctx), definitions, candidates: t.candidates, index_status: t.server.indexStatus(), warnings };
}

async function findReferencesOnView(
  input: TargetInputT & { include_declaration: boolean; max_results: number; offset: number; context_lines: number },
  ctx: FeatureContext,
): Promise<FindReferencesResult> {
  const t = await resolveTarget(input, ctx);
  const warnings = [...t.warnings];
  if (t.server.running && !t.server.supports('referencesProvider')) throw new DocentError('E_UNAVAILABLE', `${t.server.spec.id} does not support find-references.`, 'Use search_symbols or a text search instead.');
  const raw = (await t.server.references(t.site.file, t.site.position, input.include_declaration, { signal: ctx.signal, session: ctx.session.id })) ?? [];
  const refs = toFileRanges(raw)
    .filter((r): r is typeof r & { file: string } => Boolean(r.file))
    .sort((a, b) => a.file.localeCompare(b.file) || comparePos(a.range.start, b.range.start));
  // Servers may report one place twice (clangd: declaration and definition on one line).
  const unique = refs.filter((r, i) => i === 0 || r.file !== refs[i - 1]!.file || comparePos(r.range.start, refs[i - 1]!.range.start) !== 0);
  const total = unique.length;
  const page = unique.slice(input.offset, input.offset + input.max_results);
  const files: FindReferencesResult['files'] = [];
  for (const r of page) {
    const shown = ctx.workspace.display(r.file);
    let group = files[files.length - 1];
    if (!group || group.file !== shown) {
      group = { file: shown, count: 0, references: [] };
      files.push(group);
    }
    const line = r.range.start.line;
    const ref: FindReferencesResult['files'][number]['references'][number] = { line: line + 1, column: r.range.start.character + 1, line_preview: linePreview(r.file, line) };
    if (input.context_lines) ref.context = sourceLines(r.file, line - input.context_lines, line + input.context_lines);
    group.references.push(ref);
    group.count++;
  }
  const truncated = input.offset + page.length < total;
  if (total === 0) warnings.push(`${t.server.spec.id} found no references to ${t.symbol ?? 'the symbol at this position'}${t.server.indexStatus() === 'indexing' ? ' (it is still indexing)' : ''}.`);
  return {
    target: targetOut(t, ctx),
    total,
    files,
    truncated,
    next_offset: truncated ? input.offset + page.length : null,
    candidates: t.candidates,
    index_status: t.server.indexStatus(),
    warnings,
  };
}

async function hoverOnView(input: TargetInputT, ctx: FeatureContext): Promise<HoverResult> {
  const t = await resolveTarget(input, ctx);
  // A name resolution already has the best hover (the use's, or the definition's when the use had no docs).
  const parts = t.resolution?.hover ?? splitHover(await hoverCache(ctx).hover(t.server, t.site.file, t.site.position, { signal: ctx.signal, session: ctx.session.id }));
  const found = Boolean(parts.signature || parts.documentation);
  const warnings = [...t.warnings];
  if (!found) warnings.push(`${t.server.spec.id} has no hover information for ${t.symbol ?? 'this position'}.`);
  return { target: targetOut(t, ctx), found, signature: parts.signature, documentation: parts.documentation, candidates: t.candidates, index_status: t.server.indexStatus(), warnings };
}

async function documentSymbolsOnView(input: { file: string; depth?: number; max_results: number }, ctx: FeatureContext): Promise<DocumentSymbolsResult> {
  const file = ctx.workspace.resolve(input.file, { mustExist: true, kind: 'file' }).absolute;
  const server = LspManager.from(ctx).forFile(file, ctx.workspace);
  const status = await server.ready({ anchor: file, signal: ctx.signal });
  const items = (await server.documentSymbols(file, { signal: ctx.signal, session: ctx.session.id })) ?? [];
  const outline = sortOutline(buildOutline(items, server.spec.separator, (l) => linePreview(file, l)));
  const total = flattenOutline(outline).length;
  let returned = 0;
  let cut = false;
  const convert = (nodes: OutlineNode[], level: number): OutlineItem[] => {
    const out: OutlineItem[] = [];
    for (const n of nodes) {
      if (returned >= input.max_results) {
        cut = true;
        break;
      }
      returned++;
      const item: OutlineItem = {
        name: n.name,
        qualified_name: n.qualifiedName,
        kind: n.kind,
        range: { start: { line: n.range.start.line + 1, character: n.range.start.character + 1 }, end: { line: n.range.end.line + 1, character: n.range.end.character + 1 } },
        selection: (() => {
          const p = nameIn(file, n.selectionRange, n.name) ?? n.selectionRange.start;
          return { line: p.line + 1, character: p.character + 1 };
        })(),
        children: [],
      };
      if (n.detail) item.detail = n.detail;
      if (n.children.length) {
        if (input.depth === undefined || level < input.depth) item.children = convert(n.children, level + 1);
        else cut = true;
      }
      out.push(item);
    }
    return out;
  };
  const symbols = convert(outline, 1);
  const warnings: string[] = [];
  if (status === 'indexing') warnings.push(`${server.spec.id} is still indexing; the outline may be incomplete.`);
  if (returned < total) warnings.push(`${returned} of ${total} symbols shown (${input.depth !== undefined ? `depth ${input.depth}` : ''}${input.depth !== undefined && returned >= input.max_results ? ', ' : ''}${returned >= input.max_results ? `max_results ${input.max_results}` : ''}).`);
  if (total === 0) warnings.push(`${server.spec.id} reports no symbols in ${ctx.workspace.display(file)}.`);
  return { file: ctx.workspace.display(file), symbols, total, returned, truncated: cut || returned < total, index_status: server.indexStatus(), warnings };
}

function sortOutline(nodes: OutlineNode[]): OutlineNode[] {
  return [...nodes].sort((a, b) => comparePos(a.range.start, b.range.start)).map((n) => ({ ...n, children: sortOutline(n.children) }));
}

/** findDefinition, on the caller's session view (its overlays). */
export const findDefinition = onSessionView(findDefinitionOnView);

/** findReferences, on the caller's session view (its overlays). */
export const findReferences = onSessionView(findReferencesOnView);

/** hover, on the caller's session view (its overlays). */
export const hover = onSessionView(hoverOnView);

/** documentSymbols, on the caller's session view (its overlays). */
export const documentSymbols = onSessionView(documentSymbolsOnView);
