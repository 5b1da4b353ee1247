import path from 'node:path';
import { DocentError } from '../../core/errors.js';
import { linePreview, readFileText } from '../../core/lsp/file-text.js';
import { lineAt } from '../../core/lsp/positions.js';
import { buildOutline, symbolAt, toFileRanges } from '../../core/lsp/navigation.js';
import type { FeatureContext } from '../context.js';
import { docsIndexNow } from '../docs/service.js';
import { paramsOf } from '../symbols/index-details.js';
import { aliasAt } from './aliases.js';
import { serverFor } from './resolve-workspace.js';
import { nameIn, outlineCache, type Site } from './sites.js';
import { hasDocComment, type WorkspaceMatch } from './workspace-search.js';

/**
 * The two steps from a workspace match to the entity and the place its documentation is:
 * an alias (`using text::padLeft;`, an import, a re-export) followed to what it names with
 * go-to-definition, and a C/C++ function found at its definition in a source file taken to its
 * documented declaration in a header, from the docs index (clangd's workspace symbols report
 * definitions; the doc comment is on the header's declaration).
 */

/** What an alias names, as a workspace match, or undefined when the server cannot follow it. */
export async function followAlias(m: WorkspaceMatch, ctx: FeatureContext): Promise<WorkspaceMatch | undefined> {
  let server;
  try {
    server = serverFor(m, ctx);
    if (!server.supports('definitionProvider') && server.running) return undefined;
    const targets = toFileRanges(await server.definition(m.site.file, m.site.position, { signal: ctx.signal, timeoutMs: Math.min(5000, ctx.config.lsp.requestTimeoutMs) }));
    for (const t of targets) {
      if (!t.file) continue;
      const position = nameIn(t.file, t.range, m.name) ?? t.range.start;
      if (t.file === m.site.file && position.line === m.site.position.line) continue;
      const site = { file: t.file, position };
      if (aliasAt(site, m.name)) continue; // an alias of an alias: the next step is the caller's
      const target: WorkspaceMatch = { ...m, alias: undefined, site, external: !ctx.workspace.contains(t.file), qualifiedName: m.alias?.target ?? m.name };
      try {
        const items = await outlineCache(ctx).documentSymbols(server, t.file, { signal: ctx.signal, timeoutMs: Math.min(5000, ctx.config.lsp.requestTimeoutMs) });
        const node = symbolAt(buildOutline(items, server.spec.separator, (l) => linePreview(t.file!, l)), position);
        if (node && node.name === m.name) {
          target.kind = node.kind;
          if (node.qualifiedName.split(server.spec.separator).length >= target.qualifiedName.split(server.spec.separator).length) target.qualifiedName = node.qualifiedName;
          target.container = node.scope.length ? node.scope.join(server.spec.separator) : null;
        }
      } catch (err) {
        if (err instanceof DocentError && err.code === 'E_CANCELLED') throw err;
      }
      return target;
    }
  } catch (err) {
    if (err instanceof DocentError && err.code === 'E_CANCELLED') throw err;
  }
  return undefined;
}

const C_SOURCE = /\.(c|cc|cpp|cxx|c\+\+|m|mm)$/i;

/**
 * For a C/C++ entity found in a source file: its documented declaration elsewhere (a header),
 * from the docs index when it is built, else from the server's go-to-declaration when the
 * place it leads to has a doc comment; undefined otherwise.
 */
export async function documentedDeclaration(m: WorkspaceMatch, ctx: FeatureContext): Promise<Site | undefined> {
  if (!C_SOURCE.test(m.site.file)) return undefined;
  try {
    const fromIndex = declarationFromIndex(m, ctx);
    if (fromIndex) return fromIndex;
    const server = serverFor(m, ctx);
    if (server.running && !server.supports('declarationProvider')) return undefined;
    const decls = toFileRanges(await server.declaration(m.site.file, m.site.position, { signal: ctx.signal, timeoutMs: Math.min(3000, ctx.config.lsp.requestTimeoutMs) }));
    for (const d of decls) {
      if (!d.file || d.file === m.site.file) continue;
      const site = { file: d.file, position: nameIn(d.file, d.range, m.name) ?? d.range.start };
      if (hasDocComment(site)) return site;
    }
  } catch (err) {
    if (err instanceof DocentError && err.code === 'E_CANCELLED') throw err;
  }
  return undefined;
}

function declarationFromIndex(m: WorkspaceMatch, ctx: FeatureContext): Site | undefined {
  const index = docsIndexNow(ctx);
  if (!index) return undefined;
  for (const r of index.sources()) {
    const documented = r.queries.namedWithIdSuffix(m.name, [m.qualifiedName], 20).filter((i) => i.has_doc && !C_SOURCE.test(i.path));
    // Overloads share an id: the one whose parameters are those on the definition's line.
    const params = paramsOf(linePreview(m.site.file, m.site.position.line));
    const hit = documented.find((i) => params !== undefined && paramsOf(i.signature) === params) ?? documented[0];
    if (!hit) continue;
    const file = path.join(r.root, hit.path);
    const ft = readFileText(file);
    if (!ft) continue;
    const word = new RegExp(`\\b${m.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`);
    // The recorded line is the declaration's first (a template head may come before the name).
    for (let line = hit.line - 1; line < Math.min(hit.line + 3, ft.starts.length); line++) {
      const hitAt = word.exec(lineAt(ft.text, line, ft.starts));
      if (hitAt) return { file, position: { line, character: hitAt.index } };
    }
  }
  return undefined;
}
