import type { Position } from 'vscode-languageserver-protocol';
import { DocentError, throwIfAborted } from '../../core/errors.js';
import { linePreview, readFileText } from '../../core/lsp/file-text.js';
import { splitHover, type HoverParts } from '../../core/lsp/hover.js';
import type { LanguageServer } from '../../core/lsp/language-server.js';
import { LspManager } from '../../core/lsp/manager.js';
import { buildOutline, findInOutline, symbolAt, symbolPath, toFileRanges, type OutlineNode } from '../../core/lsp/navigation.js';
import { findOccurrences, inImportStatement, rankOccurrences, scanOccurrences, syntaxOf, type Occurrence } from '../../core/lsp/occurrences.js';
import type { FeatureContext } from '../context.js';
import { fill, noteUndocumented, outlineMatch, type Resolution } from './resolution.js';
import { fromWorkspace, preferWorkspace } from './resolve-workspace.js';
import { moduleFile } from './module-file.js';
import { hoverCache, nameIn, outlineCache, type Site } from './sites.js';

export type { EdgeCase, Resolution } from './resolution.js';
export { serverFor } from './resolve-workspace.js';

/**
 * Resolving a symbol name, optionally seen from a file, to the place a language server can
 * answer about: seed 002's algorithm with its weak spots fixed.
 *   1. The file's document symbols, recursively, matching `name`, `Class.method` or
 *      `ns::Class::method` exactly; hover at the name (selectionRange), not the range start.
 *   2. Uses of the name in the file: whole words outside comments and strings, uses before
 *      import lines and unqualified before member accesses. At each: hover and definition
 *      together, then hover at the definition when the use has no documentation. A use whose
 *      definition names something else, or that resolves to nothing, is a text false positive
 *      and skipped. Stops at the first use with documentation.
 *   3. Workspace symbols, exact names (and qualified paths) first, project before external;
 *      the others with the same name become `candidates`, similar names `near_misses`.
 * Every departure from the plain path is recorded in `edgeCases` with a note.
 */

export interface ResolveOptions {
  /** Keep trying uses until one has documentation (get_symbol_documentation), or stop at the first that resolves. */
  wantDocs: boolean;
  /** Set when resolving the rest of a module-qualified name from the module's file (no second module step). */
  viaModule?: boolean;
}

/** At most this many uses in a file get hover/definition requests. */
const MAX_USES_TRIED = 6;

export async function resolveSymbol(symbolName: string, filePath: string | undefined, ctx: FeatureContext, opts: ResolveOptions): Promise<Resolution> {
  const path = symbolPath(symbolName);
  if (!path.length) throw new DocentError('E_BAD_INPUT', `"${symbolName}" is not a symbol name.`, 'Pass an identifier such as formatUser, Greeter.greet or ns::Class::method.');
  const res: Resolution = {
    found: false,
    symbol: symbolName,
    name: path[path.length - 1]!,
    qualifiedName: null,
    kind: null,
    container: null,
    status: null,
    lookup: 'none',
    hover: null,
    candidates: [],
    nearMisses: [],
    edgeCases: [],
    notes: [],
    warnings: [],
    indexStatus: 'ready',
  };
  const manager = LspManager.from(ctx);
  let language: string | undefined;
  if (filePath) {
    const file = ctx.workspace.resolve(filePath, { mustExist: true, kind: 'file' }).absolute;
    res.file = file;
    const server = manager.forFile(file, ctx.workspace);
    language = server.spec.id;
    res.indexStatus = await server.ready({ anchor: file, signal: ctx.signal });
    if (res.indexStatus === 'indexing') res.warnings.push(`${server.spec.id} is still indexing; the answer may be incomplete. Ask again shortly.`);
    const matches = await outlineMatches(path, file, server, ctx);
    // An unqualified name that the file imports means the import, not a member that happens to
    // share the name (`registry.parse` next to `import { parse }`): try the uses first then.
    const preferUses = matches.length > 0 && path.length === 1 && !matches.some((m) => m.scope.length === 0) && importsName(file, res.name);
    if (matches.length && !preferUses) {
      await fromOutline(res, path, matches, file, server, ctx);
      return res;
    }
    throwIfAborted(ctx.signal);
    const mark = { edge: res.edgeCases.length, notes: res.notes.length };
    if (await fromUses(res, path, file, server, ctx, opts)) {
      if (!res.definition && !res.hover?.documentation && !preferUses && !matches.length && (await preferWorkspace(res, path, ctx, language))) return res;
      if (preferUses) {
        res.candidates.push(...matches.map((m) => outlineMatch(m, file, server, ctx)));
        res.notes.push(`${ctx.workspace.display(file)} imports "${res.name}"; the imported symbol was preferred over the member(s) ${matches.map((m) => m.qualifiedName).join(', ')} it also declares (listed in candidates).`);
      }
      return res;
    }
    if (matches.length) {
      res.edgeCases.length = mark.edge;
      res.notes.length = mark.notes;
      await fromOutline(res, path, matches, file, server, ctx);
      return res;
    }
    throwIfAborted(ctx.signal);
  }
  await fromWorkspace(res, path, ctx, language);
  if (!res.found && path.length > 1 && !opts.viaModule) await fromModuleFile(res, path, ctx, opts);
  return res;
}

/**
 * A module-qualified name (`textkit.pad_left`, a docs-index id such as `src/index.padLeft`)
 * whose symbol the module only imports or re-exports: the name as seen from the module's file.
 */
async function fromModuleFile(res: Resolution, path: string[], ctx: FeatureContext, opts: ResolveOptions): Promise<void> {
  for (let cut = path.length - 1; cut >= 1; cut--) {
    const file = moduleFile(ctx.workspace, path.slice(0, cut));
    if (!file || file === res.file) continue;
    let sub: Resolution;
    try {
      sub = await resolveSymbol(path.slice(cut).join(path.some((p) => p.includes('::')) ? '::' : '.'), ctx.workspace.display(file), ctx, { ...opts, viaModule: true });
    } catch (err) {
      if (err instanceof DocentError && err.code === 'E_CANCELLED') throw err;
      continue;
    }
    if (!sub.found) continue;
    const notes = [`"${res.symbol}" names ${path.slice(cut).join('.')} in the module ${path.slice(0, cut).join('.')} (${ctx.workspace.display(file)}); resolved from there.`, ...sub.notes];
    // The module's import is how it was found, not a use the caller asked about: answer at the symbol.
    const at = sub.definition ?? sub.declaration;
    Object.assign(res, { ...sub, symbol: res.symbol, file: res.file, notes, edgeCases: sub.edgeCases.filter((e) => e !== 'not_found') });
    if (sub.status === 'imported' && at) Object.assign(res, { status: 'workspace', usage: undefined, anchor: at, declaration: at });
    return;
  }
}

/** Outline nodes matching the path, the exact scope asked for first, then file order. */
async function outlineMatches(path: string[], file: string, server: LanguageServer, ctx: FeatureContext): Promise<OutlineNode[]> {
  const items = await outlineCache(ctx).documentSymbols(server, file, { signal: ctx.signal, session: ctx.session.id });
  const outline = buildOutline(items, server.spec.separator, (l) => linePreview(file, l));
  const matches = findInOutline(outline, path);
  const exact = matches.filter((m) => m.scope.length + 1 === path.length);
  return [...exact, ...matches.filter((m) => !exact.includes(m))];
}

function importsName(file: string, name: string): boolean {
  const ft = readFileText(file);
  return Boolean(ft && findOccurrences(ft.text, name, syntaxOf(file)).code.some((o) => o.inImport));
}

async function fromOutline(res: Resolution, path: string[], ordered: OutlineNode[], file: string, server: LanguageServer, ctx: FeatureContext): Promise<void> {
  const best = ordered[0]!;
  const at = nameIn(file, best.selectionRange, best.name) ?? best.selectionRange.start;
  const cache = hoverCache(ctx);
  const [hover, defs] = await Promise.all([
    cache.hover(server, file, at, { signal: ctx.signal, session: ctx.session.id }),
    server.supports('definitionProvider') ? server.definition(file, at, { signal: ctx.signal, session: ctx.session.id }).catch(() => null) : Promise.resolve(null),
  ]);
  fill(res, best, server.spec.separator);
  res.found = true;
  res.status = 'defined';
  res.lookup = 'document_symbols';
  res.server = server;
  res.declaration = { file, position: at };
  res.anchor = res.declaration;
  res.hover = splitHover(hover);
  const def = toFileRanges(defs).find((d) => d.file);
  res.definition = def?.file ? { file: def.file, position: nameIn(def.file, def.range, best.name) ?? def.range.start } : res.declaration;
  // clangd: a declaration without comment may have its documentation at the definition.
  if (!res.hover.documentation && res.definition.file !== file) await hoverAtDefinition(res, server, ctx);
  if (ordered.length > 1) {
    res.candidates = ordered.slice(1).map((m) => outlineMatch(m, file, server, ctx));
    res.edgeCases.push('ambiguous');
    res.notes.push(`${ordered.length} symbols in ${ctx.workspace.display(file)} match "${res.symbol}"; this is the first (${best.qualifiedName}), the others are in candidates. Qualify the name (${ordered.map((m) => m.qualifiedName).slice(0, 3).join(', ')}) to pick one.`);
  }
  noteUndocumented(res);
}

async function fromUses(res: Resolution, path: string[], file: string, server: LanguageServer, ctx: FeatureContext, opts: ResolveOptions): Promise<boolean> {
  const ft = readFileText(file);
  if (!ft) throw new DocentError('E_NOT_FOUND', `Cannot read ${ctx.workspace.display(file)}.`, 'Check that the file exists and is readable.');
  const scope = path.length > 1 ? path[path.length - 2] : undefined;
  const scan = await scanOccurrences(file, ft.text, res.name, scope);
  const shown = ctx.workspace.display(file);
  if (!scan.code.length) {
    if (scan.inComments + scan.inStrings > 0) {
      res.edgeCases.push('only_in_comments_or_strings');
      const where = [scan.inComments ? `${scan.inComments} comment(s)` : '', scan.inStrings ? `${scan.inStrings} string literal(s)` : ''].filter(Boolean).join(' and ');
      res.notes.push(`"${res.name}" occurs in ${shown} only in ${where}, never as code; fell back to a workspace-wide search.`);
    } else {
      res.edgeCases.push('not_referenced_in_file');
      res.notes.push(`${shown} neither defines nor references "${res.name}"; fell back to a workspace-wide search.`);
    }
    return false;
  }
  // A definition that stops at the file's own import statement means the server has not
  // resolved the module (yet: typescript-language-server answers from a syntax-only server
  // while it loads the project). Ask again a few times before settling for the alias; while
  // the server is still young (a cold start on a loaded machine can take many seconds), keep
  // asking longer, but never past its readiness window. A young server may also answer
  // nothing at all for real uses; settling then would pick a same-named member of the file
  // (or the workspace) over the symbol the file actually uses, so that is retried too.
  let round = 0;
  let tried: UseAttempts;
  let fallback: Attempt | undefined;
  for (;;) {
    tried = await tryUses(res.name, scan.code, file, server, ctx, opts);
    fallback = pickAttempt(tried.attempts, opts);
    const unsettled = fallback ? fallback.aliasOnly : server.young && tried.silent > 0;
    if (!unsettled) break;
    // A young server gets asked until its readiness window closes (a cold tsserver on a busy
    // machine can take 20 s and more to load a project); an older one a few more times.
    const wait = server.young ? YOUNG_SERVER_RETRIES[Math.min(round, YOUNG_SERVER_RETRIES.length - 1)]! : ALIAS_RETRIES[round];
    if (wait === undefined) break;
    round++;
    await sleep(wait, ctx.signal);
    for (const position of tried.asked) hoverCache(ctx).forget(server, file, position);
  }
  const { unresolved, weak } = tried;
  if (unresolved) {
    res.edgeCases.push('unresolved_occurrences');
    res.notes.push(`${unresolved} use(s) of "${res.name}" in ${shown} did not resolve to a symbol of that name (a different symbol or a text-only match) and were skipped.`);
  }
  if (weak) {
    if (!res.edgeCases.includes('unresolved_occurrences')) res.edgeCases.push('unresolved_occurrences');
    res.notes.push(`${weak} use(s) of "${res.name}" in ${shown} were matched by the server only textually (no hover there: inactive code or a parse error)${fallback?.understood ? ' and were passed over' : ''}.`);
  }
  if (!fallback) {
    res.notes.push(`No use of "${res.name}" in ${shown} resolved to its definition; fell back to a workspace-wide search.`);
    return false;
  }
  res.found = true;
  res.lookup = 'occurrence';
  res.server = server;
  res.usage = fallback.usage;
  res.anchor = fallback.usage;
  res.hover = fallback.hover;
  res.definition = fallback.def;
  res.declaration = fallback.def ?? fallback.usage;
  res.status = fallback.def && fallback.def.file === file && !fallback.aliasOnly ? 'defined' : 'imported';
  if (fallback.aliasOnly) {
    res.notes.push(`${server.spec.id} resolves "${res.name}" only to its import in ${shown}: the module it comes from could not be resolved (not installed, or outside the project's configuration).`);
  } else if (fallback.def) await describeDefinition(res, server, fallback.def, ctx, fallback.original);
  if (fallback.original) res.notes.push(`${shown} imports "${fallback.original}" under the name "${path[path.length - 1]}"; this is the documentation of ${fallback.original}.`);
  noteUndocumented(res);
  return true;
}

const ALIAS_RETRIES = [300, 700, 1500];
/** For a server within its readiness window (lsp.readyTimeoutMs from its start): the last step repeats until the window closes. */
const YOUNG_SERVER_RETRIES = [300, 700, 1500, 2000];

interface Attempt {
  usage: Site;
  def?: Site;
  hover: HoverParts;
  /** The server can hover the use (not just match it textually). */
  understood: boolean;
  /** The definition is the file's own import of the name. */
  aliasOnly: boolean;
  /** The use is itself a declaration (an object key, a local): another symbol that shares the name. */
  selfDeclaration: boolean;
  /** The definition's name when the file imports it under another name (`original as name`). */
  original?: string;
}

interface UseAttempts {
  attempts: Attempt[];
  /** Every use position asked about (their hovers are cached, and forgotten before a retry). */
  asked: Position[];
  /** Uses the server said nothing about (no hover, no definition): provisional while it loads. */
  silent: number;
  unresolved: number;
  weak: number;
}

/** Hover and definition at the best-ranked uses, until one has documentation (or resolves, for navigation). */
async function tryUses(name: string, uses: readonly Occurrence[], file: string, server: LanguageServer, ctx: FeatureContext, opts: ResolveOptions): Promise<UseAttempts> {
  const cache = hoverCache(ctx);
  const out: UseAttempts = { attempts: [], asked: [], silent: 0, unresolved: 0, weak: 0 };
  const aliases = [...new Set(uses.map((u) => u.aliasOf).filter((a): a is string => Boolean(a) && a !== name))];
  let tried = 0;
  for (const occ of rankOccurrences(uses)) {
    if (tried++ >= MAX_USES_TRIED) break;
    throwIfAborted(ctx.signal);
    const usage: Site = { file, position: occ.position };
    out.asked.push(occ.position);
    const [hover, defs] = await Promise.all([
      cache.hover(server, file, occ.position, { signal: ctx.signal, session: ctx.session.id }),
      server.definition(file, occ.position, { signal: ctx.signal, session: ctx.session.id }).catch((err: unknown) => {
        if (err instanceof DocentError && err.code === 'E_CANCELLED') throw err;
        return null;
      }),
    ]);
    const targets = toFileRanges(defs);
    // A renamed import (`dumps as to_text`) leads to the original name, which is no false positive.
    const names = [name, ...aliases];
    const named = targets
      .map((t) => (t.file ? names.map((n) => ({ file: t.file!, name: n, position: nameIn(t.file!, t.range, n) })).find((x) => x.position) : undefined))
      .filter((t) => t?.position);
    let parts = splitHover(hover);
    // The server understood this use when it can hover it; a definition without hover is
    // what clangd's textual fallback gives for words in `#if 0` blocks and the like.
    const understood = Boolean(parts.signature || parts.documentation);
    if (!named.length && (targets.length || !understood)) {
      // It leads to something not called `name` (a renamed import, another symbol), or nowhere.
      out.unresolved++;
      if (!targets.length) out.silent++;
      continue;
    }
    if (!understood) out.weak++;
    const def = named[0] ? { file: named[0].file, position: named[0].position! } : undefined;
    const original = named[0] && named[0].name !== name ? named[0].name : undefined;
    const aliasOnly = Boolean(def && def.file === file && inImportStatement(file, def.position));
    const selfDeclaration = Boolean(def && def.file === file && def.position.line === occ.position.line && def.position.character === occ.position.character);
    if (def) cache.dependOn(server, file, occ.position, [def.file]);
    if (!parts.documentation && def && !aliasOnly && !selfDeclaration) {
      const atDef = splitHover(await cache.hover(server, def.file, def.position, { signal: ctx.signal, session: ctx.session.id }));
      if (atDef.documentation || (!parts.signature && atDef.signature)) parts = { ...atDef, signature: parts.signature ?? atDef.signature };
    }
    out.attempts.push({ usage, def, hover: parts, understood, aliasOnly, selfDeclaration, original });
    // A use the server understood, followed to its definition and hovered there, is the whole
    // chain: other uses of the same name would lead to the same place.
    if (understood && !aliasOnly && !selfDeclaration && (parts.documentation || !opts.wantDocs || def)) break;
  }
  return out;
}

/** A real use with documentation, else (for documentation) any use with it, else a real use; resolved before alias-only. */
function pickAttempt(attempts: readonly Attempt[], opts: ResolveOptions): Attempt | undefined {
  const elsewhere = attempts.filter((a) => !a.aliasOnly && !a.selfDeclaration);
  const resolved = attempts.filter((a) => !a.aliasOnly);
  const pool = elsewhere.length ? elsewhere : resolved.length ? resolved : attempts;
  return (
    pool.find((a) => a.understood && a.hover.documentation) ??
    (opts.wantDocs ? pool.find((a) => a.hover.documentation) : undefined) ??
    pool.find((a) => a.understood) ??
    pool[0]
  );
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new DocentError('E_CANCELLED', 'The request was cancelled.'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** kind, container and qualified name from the outline of the definition's file. */
async function describeDefinition(res: Resolution, server: LanguageServer, def: Site, ctx: FeatureContext, original?: string): Promise<void> {
  try {
    const items = await outlineCache(ctx).documentSymbols(server, def.file, { signal: ctx.signal, session: ctx.session.id, timeoutMs: Math.min(5000, ctx.config.lsp.requestTimeoutMs) });
    const outline = buildOutline(items, server.spec.separator, (l) => linePreview(def.file, l));
    const node = symbolAt(outline, def.position);
    if (node && node.name === (original ?? res.name)) fill(res, node, server.spec.separator);
    else res.qualifiedName = res.name;
  } catch (err) {
    if (err instanceof DocentError && err.code === 'E_CANCELLED') throw err;
    res.qualifiedName = res.name; // best effort: kind stays unknown
  }
}

async function hoverAtDefinition(res: Resolution, server: LanguageServer, ctx: FeatureContext): Promise<void> {
  const def = res.definition!;
  try {
    const parts = splitHover(await hoverCache(ctx).hover(server, def.file, def.position, { signal: ctx.signal, session: ctx.session.id }));
    if (parts.documentation) res.hover = { ...parts, signature: res.hover?.signature ?? parts.signature };
  } catch (err) {
    if (err instanceof DocentError && err.code === 'E_CANCELLED') throw err;
  }
}

