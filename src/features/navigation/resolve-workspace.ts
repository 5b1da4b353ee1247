import { DocentError } from '../../core/errors.js';
import { splitHover } from '../../core/lsp/hover.js';
import type { LanguageServer } from '../../core/lsp/language-server.js';
import { LspManager } from '../../core/lsp/manager.js';
import type { FeatureContext } from '../context.js';
import { noteUndocumented, worst, type Resolution } from './resolution.js';
import { hoverCache } from './sites.js';
import { searchWorkspace, type WorkspaceMatch } from './workspace-search.js';
import { documentedDeclaration, followAlias } from './follow-alias.js';

/** The workspace step of symbol resolution: the last resort, and the better answer than a use that leads nowhere. */

/**
 * A use the server hovers but cannot follow to a definition (a member of an untyped value:
 * pyright's `send: Unknown`) says nothing about the symbol; a workspace symbol of that name
 * does, so it wins when there is one. Otherwise the use's answer stands.
 */
export async function preferWorkspace(res: Resolution, path: string[], ctx: FeatureContext, language: string | undefined): Promise<boolean> {
  // The workspace is asked on a fresh resolution that keeps only what was said before the use
  // was answered; it replaces the use's answer when it finds the symbol, and is dropped otherwise.
  const attempt: Resolution = {
    ...res,
    found: false, status: null, lookup: 'none', hover: null, server: undefined, usage: undefined, anchor: undefined, declaration: undefined, definition: undefined,
    candidates: [...res.candidates], nearMisses: [...res.nearMisses], warnings: [...res.warnings],
    // The use's answer ended with noteUndocumented (one edge case, one note): that is about the use.
    ...withoutUndocumentedNote(res),
  };
  await fromWorkspace(attempt, path, ctx, language);
  if (!attempt.found) return false;
  if (!attempt.edgeCases.includes('unresolved_occurrences')) attempt.edgeCases.push('unresolved_occurrences');
  const shown = res.file ? ctx.workspace.display(res.file) : 'the file';
  const use = res.usage;
  attempt.notes.unshift(`${res.server?.spec.id ?? 'The server'} cannot follow the use of "${res.name}" in ${shown}${use ? ` (line ${use.position.line + 1})` : ''} to a definition (its type is unknown there); this is the workspace symbol of that name.`);
  Object.assign(res, attempt);
  return true;
}

function withoutUndocumentedNote(res: Resolution): Pick<Resolution, 'edgeCases' | 'notes'> {
  const undocumented = res.edgeCases[res.edgeCases.length - 1] === 'undocumented';
  return { edgeCases: undocumented ? res.edgeCases.slice(0, -1) : [...res.edgeCases], notes: undocumented ? res.notes.slice(0, -1) : [...res.notes] };
}

export async function fromWorkspace(res: Resolution, path: string[], ctx: FeatureContext, language: string | undefined): Promise<void> {
  const ws = await searchWorkspace(path, ctx, language);
  res.warnings.push(...ws.warnings);
  if (res.file) res.indexStatus = worst(res.indexStatus, ws.indexStatus);
  else res.indexStatus = ws.indexStatus;
  if (!ws.exact.length) {
    res.edgeCases.push('not_found');
    res.nearMisses = ws.nearMisses;
    res.notes.push(`No symbol named "${res.symbol}" was found${res.file ? ` in or through ${ctx.workspace.display(res.file)}, nor` : ''} in the workspace${ws.nearMisses.length ? `; similar names: ${ws.nearMisses.slice(0, 5).join(', ')}` : ''}.`);
    return;
  }
  let best = ws.exact[0]!;
  const aliases = ws.exact.filter((m) => m.alias);
  let followed = false;
  if (best.alias) {
    // Everything found only names the symbol: follow the first alias to what it names.
    const target = await followAlias(best, ctx);
    if (target) {
      ws.exact.unshift(target);
      best = target;
      followed = true;
    }
  }
  if (aliases.length && !best.alias) {
    const shown = aliases.slice(0, 3).map((a) => `\`${a.alias!.text}\` in ${ctx.workspace.display(a.site.file)}`).join(', ');
    res.notes.push(`${aliases.length} place(s) only name "${res.symbol}" (${shown}${aliases.length > 3 ? ', …' : ''}); this is the symbol they name${followed ? ', followed from the first of them' : ''}; they are listed in candidates.`);
  }
  res.found = true;
  res.status = 'workspace';
  res.lookup = 'workspace_symbols';
  res.name = best.name;
  res.qualifiedName = best.qualifiedName;
  res.kind = best.kind;
  res.container = best.container;
  // A C/C++ entity found at its definition: its documented declaration (a header) is where it is declared.
  res.declaration = (await documentedDeclaration(best, ctx)) ?? best.site;
  res.definition = best.site;
  res.anchor = best.site;
  try {
    const server = serverFor(best, ctx);
    res.server = server;
    res.hover = splitHover(await hoverCache(ctx).hover(server, best.site.file, best.site.position, { signal: ctx.signal, session: ctx.session.id }));
  } catch (err) {
    if (err instanceof DocentError && err.code === 'E_CANCELLED') throw err;
    res.warnings.push(`Could not get hover for ${res.qualifiedName}: ${(err as Error).message}`);
    res.hover = null;
  }
  if (ws.exact.length > 1) res.candidates = ws.exact.filter((m) => m !== best);
  const others = ws.exact.filter((m) => m !== best && !m.alias);
  if (others.length) {
    res.edgeCases.push('ambiguous');
    res.notes.push(`${others.length + 1} symbols are named "${res.symbol}"; this is the best match (${best.qualifiedName} in ${ctx.workspace.display(best.site.file)}), the others are in candidates. Pass file_path (a file that uses the one you mean) or a qualified name to choose.`);
  }
  noteUndocumented(res);
}

/**
 * The server to ask about a workspace match: the file's own server, except for files outside
 * the workspace (a system header, a library), which go to the running server that reported
 * them rather than to a new server rooted somewhere in /usr.
 */
export function serverFor(m: WorkspaceMatch, ctx: FeatureContext): LanguageServer {
  const manager = LspManager.from(ctx);
  if (!ctx.workspace.contains(m.site.file)) {
    const reporter = manager.list().find((s) => s.spec.id === m.serverId && s.running);
    if (reporter) return reporter;
  }
  return manager.forFile(m.site.file, ctx.workspace);
}
