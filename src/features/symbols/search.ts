import type { SymbolInformation, WorkspaceSymbol } from 'vscode-languageserver-protocol';
import { onSessionView } from '../../core/lsp/session-view.js';
import { CLANGD_RESULT_LIMIT } from '../../core/lsp/builtin-servers.js';
import { linePreview } from '../../core/lsp/file-text.js';
import type { IndexStatus, LanguageServer } from '../../core/lsp/language-server.js';
import { LspManager } from '../../core/lsp/manager.js';
import { kindName, type SymbolKindName } from '../../core/lsp/symbol-kinds.js';
import { DocentError, throwIfAborted } from '../../core/errors.js';
import type { FeatureContext } from '../context.js';
import { expandFiles, fromDocumentSymbols, fromWorkspaceSymbols, type Candidate } from './collect.js';
import { nameAt, type Details } from './enrich.js';
import { symbolDetails } from './details.js';
import { searchLooseFiles } from './loose.js';
import { ExternalClassifier, type Classification } from './external.js';
import { narrowToScope, qualifyMembers } from './qualify.js';
import { matchTier, parseQuery } from './query.js';
import type { SearchSymbolsInputT, SearchSymbolsResult, SymbolResult } from './schema.js';

/**
 * search_symbols. Without `files`, the query goes unchanged to workspace/symbol of every
 * language server the workspace needs (one per language and project root, found by scanning
 * the roots; `language` narrows it). With `files`, each file's document symbols are filtered
 * by the same query rules. Then: project/external filtering, kind filtering, ranking (exact,
 * prefix, fuzzy, then the server's order), paging, and details for the top results.
 */

/** At most this many (server, project root) pairs answer one workspace-wide query. */
export const MAX_PROJECTS = 8;

interface ServerReport {
  server: string;
  root: string;
  index_status: IndexStatus;
  error?: string;
}

interface Gathered {
  candidates: Candidate[];
  reports: ServerReport[];
  warnings: string[];
  totalExact: boolean;
  /** Files the caller named explicitly (files mode), to explain why their symbols vanished. */
  explicitFiles: Set<string>;
}

async function searchSymbolsOnView(input: SearchSymbolsInputT, ctx: FeatureContext): Promise<SearchSymbolsResult> {
  const manager = LspManager.from(ctx);
  const gathered = input.files ? await fromFiles(input, ctx, manager) : await fromWorkspace(input, ctx, manager);
  const { reports, warnings } = gathered;
  throwIfAborted(ctx.signal);

  // Project or external.
  const classifier = new ExternalClassifier(ctx.workspace, ctx.config.lsp.compileCommandsDir);
  const classOf = new Map<Candidate, Classification>();
  const fileClass = new Map<string, Classification>();
  const dropped = new Map<string, number>();
  const droppedExplicit = new Map<string, number>();
  let kept: Candidate[] = [];
  const seen = new Set<string>();
  for (const c of gathered.candidates) {
    const key = `${c.file}:${c.range.start.line}:${c.range.start.character}:${c.qualifiedName}:${c.kind}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const cfKey = `${c.file}\0${c.server.key}`;
    let cls = fileClass.get(cfKey);
    if (!cls) {
      cls = classifier.classify(c.file, isCFamily(c.server) ? c.server.root : undefined);
      fileClass.set(cfKey, cls);
    }
    classOf.set(c, cls);
    if (cls.external && !input.include_external) {
      dropped.set(cls.reason!, (dropped.get(cls.reason!) ?? 0) + 1);
      if (gathered.explicitFiles.has(c.file)) droppedExplicit.set(c.file, (droppedExplicit.get(c.file) ?? 0) + 1);
      continue;
    }
    kept.push(c);
  }
  for (const [file, n] of droppedExplicit) {
    const why = classOf.get(gathered.candidates.find((c) => c.file === file)!)?.reason;
    warnings.push(
      why === 'not_in_compile_commands'
        ? `${ctx.workspace.display(file)} is not in compile_commands.json, so its ${n} matching symbol(s) count as external (clangd parsed it with fallback flags); pass include_external: true to see them.`
        : `${ctx.workspace.display(file)} is outside the project (${why?.replace(/_/g, ' ')}); its ${n} matching symbol(s) were left out; pass include_external: true to see them.`,
    );
  }

  // Kinds. The source line at the name tells a typedef from a class, and is the preview shown.
  const previews = new Map<Candidate, string>();
  const previewOf = (c: Candidate): string => {
    let p = previews.get(c);
    if (p === undefined) previews.set(c, (p = linePreview(c.file, nameAt(c).line)));
    return p;
  };
  const kindCache = new Map<Candidate, SymbolKindName>();
  const kindOf = (c: Candidate): SymbolKindName => {
    let k = kindCache.get(c);
    if (!k) {
      k = kindName(c.kind, c.name, AMBIGUOUS_KINDS.has(kindName(c.kind)) ? previewOf(c) : undefined);
      kindCache.set(c, k);
    }
    return k;
  };
  if (input.kinds) {
    const wanted = new Set<string>(input.kinds);
    kept = kept.filter((c) => wanted.has(kindOf(c)));
  }

  // Rank: exact name, then prefix, then fuzzy; the server's order within a tier (stable sort).
  const q = parseQuery(input.query);
  const ranked = kept.map((c, i) => ({ c, i, tier: matchTier(q, c.name) })).sort((a, b) => a.tier - b.tier || a.i - b.i).map((r) => r.c);
  const total = ranked.length;
  const page = ranked.slice(input.offset, input.offset + input.max_results);
  const truncated = input.offset + page.length < total;

  if (total === 0 && dropped.size > 0 && droppedExplicit.size === 0) {
    const parts = [...dropped].map(([reason, n]) => `${n} ${REASON_TEXT[reason] ?? reason.replace(/_/g, ' ')}`).join(', ');
    warnings.push(`No project symbols matched; left out as external: ${parts}. Pass include_external: true to see them.`);
  }

  if (!input.files) await qualifyMembers(page, ctx.signal, Math.min(2000, ctx.config.lsp.requestTimeoutMs));

  let details = new Map<Candidate, Details>();
  if ((input.include_details || input.include_references) && page.length > 0) {
    const r = await symbolDetails(page, ctx, { describe: input.include_details, references: input.include_references });
    throwIfAborted(ctx.signal);
    details = r.details;
    warnings.push(...r.warnings);
  }

  const symbols: SymbolResult[] = page.map((c) => {
    const d = details.get(c);
    const out: SymbolResult = {
      name: c.name,
      qualified_name: c.qualifiedName,
      kind: kindOf(c),
      location: {
        file: ctx.workspace.display(c.file),
        range: {
          start: { line: c.range.start.line + 1, character: c.range.start.character + 1 },
          end: { line: c.range.end.line + 1, character: c.range.end.character + 1 },
        },
        line_preview: previewOf(c),
      },
      server: c.server.spec.id,
    };
    if (d?.signature) out.signature = d.signature;
    if (d?.documentation) out.documentation = d.documentation;
    if (d?.references_count !== undefined) out.references_count = d.references_count;
    if (input.include_external && classOf.get(c)?.external) out.external = true;
    return out;
  });

  return {
    query: input.query,
    total_matches: total,
    total_exact: gathered.totalExact,
    symbols,
    truncated,
    next_offset: truncated ? input.offset + page.length : null,
    index_status: combineStatus(reports),
    servers: reports.map((r) => ({ ...r, root: ctx.workspace.display(r.root) })),
    warnings,
  };
}

const AMBIGUOUS_KINDS = new Set<string>(['class', 'struct', 'variable', 'interface']);

function isCFamily(server: LanguageServer): boolean {
  return server.spec.id === 'clangd' || server.spec.languages.some((l) => l === 'c' || l === 'cpp');
}

/**
 * The status of the answer as a whole: unavailable only when no server could answer. A server
 * missing among several (a Go fixture without gopls in a TypeScript repo) is reported in
 * `warnings` and `servers[]`; calling the whole answer unavailable would hide good results.
 */
export function combineStatus(reports: readonly ServerReport[]): IndexStatus {
  const answered = reports.filter((r) => r.index_status !== 'unavailable');
  if (answered.length === 0) return 'unavailable';
  return answered.some((r) => r.index_status === 'indexing') ? 'indexing' : 'ready';
}

function indexingWarning(server: LanguageServer): string | undefined {
  if (server.indexStatus() !== 'indexing') return undefined;
  const what = server.progressDescription();
  return `${server.spec.id} is still indexing ${server.root}${what ? ` (${what})` : ''}; results may be incomplete. Ask again shortly.`;
}

/** Turn per-server failures into an error when nothing answered, else into warnings. */
function settle(failures: Array<{ server: string; root: string; error: DocentError }>, anySucceeded: boolean, warnings: string[]): void {
  if (failures.length === 0) return;
  const cancelled = failures.find((f) => f.error.code === 'E_CANCELLED');
  if (cancelled) throw cancelled.error;
  if (!anySucceeded) {
    const missing = failures.filter((f) => f.error.code === 'E_NO_SERVER');
    if (missing.length) {
      const hints = [...new Set(missing.map((f) => f.error.hint))].join('; ');
      throw new DocentError('E_NO_SERVER', missing.map((f) => f.error.message).join(' '), hints, { servers: missing.map((f) => f.server) });
    }
    throw failures[0]!.error;
  }
  for (const f of failures) warnings.push(`${f.server} could not answer for ${f.root}: ${f.error.message} (${f.error.code}; ${f.error.hint})`);
}

async function fromWorkspace(input: SearchSymbolsInputT, ctx: FeatureContext, manager: LspManager): Promise<Gathered> {
  const warnings: string[] = [];
  const scan = await manager.projects(ctx.workspace, ctx.signal);
  let projects = scan.projects;
  if (input.language) {
    const specs = manager.registry.specsForLanguage(input.language);
    if (specs.length === 0) {
      const known = manager.registry.specs.map((s) => `${s.id} (${s.languages.join(', ')})`).join('; ');
      throw new DocentError('E_BAD_INPUT', `Unknown language "${input.language}".`, `Use a language or server name: ${known}.`);
    }
    projects = projects.filter((p) => specs.includes(p.spec));
  }
  if (scan.capped) warnings.push(`The workspace scan stopped after ${scan.filesSeen} files; languages found only beyond that are not searched (use files or language to aim the search).`);
  if (projects.length > MAX_PROJECTS) {
    warnings.push(`${projects.length} language-server projects found; searched the ${MAX_PROJECTS} largest (${projects.slice(MAX_PROJECTS).map((p) => `${p.spec.id} in ${ctx.workspace.display(p.root)}`).join(', ')} skipped). Use files or language to search the others.`);
    projects = projects.slice(0, MAX_PROJECTS);
  }
  const base = { explicitFiles: new Set<string>(), totalExact: true };
  if (projects.length === 0) {
    warnings.push(
      input.language
        ? `No ${input.language} source files were found in ${ctx.workspace.roots.join(', ')}.`
        : `No source files that a language server handles were found in ${ctx.workspace.roots.join(', ')}.`,
    );
    return { ...base, candidates: [], reports: [], warnings };
  }
  if (projects.length > 1 || manager.registry.specs.length > 1) {
    const used = projects.map((p) => `${p.spec.id}${projects.filter((o) => o.spec === p.spec).length > 1 || p.root !== p.workspaceRoot ? ` (${ctx.workspace.display(p.root)})` : ''}`);
    if (!input.language && new Set(projects.map((p) => p.spec.id)).size > 1) warnings.push(`Searched ${used.join(', ')}; pass language to search only one.`);
  }

  // A server that returns nothing for a scoped query may not understand scopes: see narrowToScope.
  const q = parseQuery(input.query);
  let done = 0;
  ctx.progress({ progress: 0, total: projects.length, message: `asking ${projects.map((p) => p.spec.id).join(', ')}` });
  const settled = await Promise.allSettled(
    projects.map(async (p) => {
      const server = manager.server(p);
      await server.ready({ anchor: p.anchor, signal: ctx.signal });
      const opts = { signal: ctx.signal, from: p.anchor };
      const items = (await server.settled(() => server.workspaceSymbols(input.query, opts), ctx.signal)) ?? [];
      let scoped: Candidate[] | undefined;
      let elsewhere: string[] = [];
      let complete = true;
      if (!items.length && q.scope.length && q.name) {
        const byName = (await server.settled(() => server.workspaceSymbols(q.name, opts), ctx.signal)) ?? [];
        const narrowed = await narrowToScope(fromWorkspaceSymbols(byName as Array<SymbolInformation | WorkspaceSymbol>, server), q, ctx.signal, Math.min(2000, ctx.config.lsp.requestTimeoutMs));
        scoped = narrowed.kept;
        elsewhere = narrowed.others;
        complete = narrowed.complete;
      }
      // Files no loaded project covers are invisible to workspace/symbol: search them directly.
      const loose = await searchLooseFiles(server, p, q, ctx);
      ctx.progress({ progress: ++done, total: projects.length, message: `${p.spec.id} answered` });
      return { server, items, scoped, elsewhere, complete, loose };
    }),
  );
  const candidates: Candidate[] = [];
  const reports: ServerReport[] = [];
  const failures: Array<{ server: string; root: string; error: DocentError }> = [];
  let totalExact = true;
  settled.forEach((r, i) => {
    const p = projects[i]!;
    if (r.status === 'fulfilled') {
      const { server, items, scoped, elsewhere, complete, loose } = r.value;
      candidates.push(...(scoped ?? fromWorkspaceSymbols(items as Array<SymbolInformation | WorkspaceSymbol>, server)), ...loose.candidates);
      if (scoped && !scoped.length && elsewhere.length) {
        // An empty answer to `Scope.name` says where that name does live (of the symbols checked).
        const shown = [...new Set(elsewhere)].slice(0, 5);
        const scope = q.scope.join(server.spec.separator);
        warnings.push(
          complete
            ? `${p.spec.id}: nothing named "${q.name}" in a scope ending with "${scope}"; ${elsewhere.length} symbol(s) matching "${q.name}" elsewhere: ${shown.join(', ')}${elsewhere.length > shown.length ? ', …' : ''}.`
            : `${p.spec.id}: none of the first ${elsewhere.length} symbols matching "${q.name}" is in a scope ending with "${scope}" (e.g. ${shown.join(', ')}); there are more: use files to search where you expect it.`,
        );
      }
      warnings.push(...loose.warnings);
      reports.push({ server: p.spec.id, root: p.root, index_status: server.indexStatus() });
      const w = indexingWarning(server);
      if (w) warnings.push(w);
      if (p.spec.id === 'clangd' && items.length >= CLANGD_RESULT_LIMIT) {
        totalExact = false;
        warnings.push(`clangd returned its maximum of ${CLANGD_RESULT_LIMIT} symbols; total_matches is a lower bound. Use a more specific query.`);
      }
    } else {
      const error = r.reason instanceof DocentError ? r.reason : new DocentError('E_INTERNAL', String((r.reason as Error)?.message ?? r.reason));
      failures.push({ server: p.spec.id, root: ctx.workspace.display(p.root), error });
      reports.push({ server: p.spec.id, root: p.root, index_status: 'unavailable', error: `${error.code}: ${error.message}` });
    }
  });
  settle(failures, failures.length < settled.length, warnings);
  return { candidates, reports, warnings, totalExact, explicitFiles: base.explicitFiles };
}

async function fromFiles(input: SearchSymbolsInputT, ctx: FeatureContext, manager: LspManager): Promise<Gathered> {
  const warnings: string[] = [];
  const { files, capped } = await expandFiles(input.files!, ctx.workspace, ctx.signal);
  if (capped) warnings.push(`files expanded to more than ${files.length} files; only the first ${files.length} were searched.`);
  const explicit = new Set<string>();
  for (const f of input.files!) {
    try {
      const r = ctx.workspace.resolve(f);
      explicit.add(r.absolute);
    } catch {
      // globs and the like
    }
  }
  const groups = new Map<LanguageServer, string[]>();
  let unrouted = 0;
  for (const file of files) {
    let server: LanguageServer;
    try {
      server = manager.forFile(file, ctx.workspace);
    } catch (err) {
      if (explicit.has(file) && files.length === 1) throw err;
      unrouted++;
      continue;
    }
    groups.set(server, [...(groups.get(server) ?? []), file]);
  }
  if (unrouted) warnings.push(`${unrouted} file(s) were skipped: no language server handles their type.`);
  const candidates: Candidate[] = [];
  const reports: ServerReport[] = [];
  const failures: Array<{ server: string; root: string; error: DocentError }> = [];
  const q = parseQuery(input.query);
  let done = 0;
  await Promise.all(
    [...groups].map(async ([server, list]) => {
      try {
        await server.ready({ anchor: list[0], signal: ctx.signal });
        for (const file of list) {
          const items = (await server.settled(() => server.documentSymbols(file, { signal: ctx.signal, session: ctx.session.id }), ctx.signal)) ?? [];
          candidates.push(...fromDocumentSymbols(items, file, server, q));
          ctx.progress({ progress: ++done, total: files.length, message: ctx.workspace.display(file) });
        }
        reports.push({ server: server.spec.id, root: server.root, index_status: server.indexStatus() });
        const w = indexingWarning(server);
        if (w) warnings.push(w);
      } catch (err) {
        const error = err instanceof DocentError ? err : new DocentError('E_INTERNAL', String((err as Error)?.message ?? err));
        failures.push({ server: server.spec.id, root: ctx.workspace.display(server.root), error });
        reports.push({ server: server.spec.id, root: server.root, index_status: 'unavailable', error: `${error.code}: ${error.message}` });
      }
    }),
  );
  settle(failures, failures.length < groups.size, warnings);
  // Keep the caller's file order, then the order within each file.
  const order = new Map(files.map((f, i) => [f, i]));
  candidates.sort((a, b) => order.get(a.file)! - order.get(b.file)!);
  return { candidates, reports, warnings, totalExact: true, explicitFiles: explicit };
}

/** How each reason for leaving a symbol out reads in a warning ("12 in dependencies"). */
const REASON_TEXT: Record<string, string> = {
  outside_workspace: 'outside the workspace roots',
  dependency: 'in dependencies (node_modules, site-packages, vendor)',
  build_output: 'in build outputs',
  generated: 'in generated files',
  not_in_compile_commands: 'in C/C++ files not in compile_commands.json',
};

/** searchSymbols, on the caller's session view (its overlays). */
export const searchSymbols = onSessionView(searchSymbolsOnView);
