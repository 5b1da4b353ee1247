import { existsSync } from 'node:fs';
import path from 'node:path';
import { DocentError } from '../../core/errors.js';
import { readFileText } from '../../core/lsp/file-text.js';
import type { IndexStatus } from '../../core/lsp/language-server.js';
import { namePosition, toLspPosition } from '../../core/lsp/positions.js';
import type { Workspace } from '../../core/workspace/workspace.js';
import type { FeatureContext } from '../context.js';
import { searchSymbols } from '../symbols/search.js';
import { SearchSymbolsInput, type SymbolResult } from '../symbols/schema.js';
import type { Site } from './sites.js';
import { editDistance } from '../../core/rank/edit-distance.js';
import { moduleScopes } from '../symbols/module-scope.js';
import { aliasAt, type AliasInfo } from './aliases.js';

/**
 * The workspace step of symbol resolution, on top of search_symbols (which already knows
 * which servers the workspace needs, ranks, qualifies members and tells project from
 * external): the matches whose name is exactly the one asked for, with a qualified path
 * (`Greeter.greet`, `geo::area`) matching as a suffix of the qualified name, or of the name
 * with the file's module in front (`click.utils.echo`, `format.Greeter.greet`, and the docs
 * index's `src/util/format.Greeter.greet`); and, when there are none, the nearest names that
 * do exist. The entity itself ranks before anything that only names it (an alias: a
 * using-declaration, an import, a re-export), and, among equals, a documented one first.
 */

export interface WorkspaceMatch {
  name: string;
  qualifiedName: string;
  kind: string;
  container: string | null;
  /** The name's position. */
  site: Site;
  external: boolean;
  /** The language server that reported it. */
  serverId?: string;
  /** Set when the place only names another symbol (a using-declaration, an import, a re-export). */
  alias?: AliasInfo;
}

export interface WorkspaceSearch {
  exact: WorkspaceMatch[];
  nearMisses: string[];
  indexStatus: IndexStatus;
  warnings: string[];
}

const MAX_NEAR_MISSES = 8;

export async function searchWorkspace(symbolPath: readonly string[], ctx: FeatureContext, language?: string): Promise<WorkspaceSearch> {
  const name = symbolPath[symbolPath.length - 1]!;
  const run = (query: string, lang = language) =>
    searchSymbols(SearchSymbolsInput.parse({ query, language: lang, include_external: true, include_details: false, max_results: 200 }), ctx);
  let r;
  try {
    r = await run(name);
  } catch (err) {
    // A configured language that is not in the workspace is not an error for a fallback.
    if (language && err instanceof DocentError && err.code === 'E_BAD_INPUT') r = await run(name, undefined);
    else throw err;
  }
  const exact: WorkspaceMatch[] = [];
  const seen = new Set<string>();
  for (const s of r.symbols) {
    if (s.name !== name) continue;
    const segs = splitQualified(s.qualified_name);
    const file = absoluteOf(ctx.workspace, s.location.file);
    if (!endsWith(segs, symbolPath) && !(file && symbolPath.length > segs.length && moduleQualified(file, ctx.workspace, segs, symbolPath))) continue;
    const m = toMatch(s, ctx.workspace, segs);
    if (!m) continue;
    const alias = aliasAt(m.site, m.name);
    if (alias) m.alias = alias;
    const key = `${m.site.file}:${m.site.position.line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    exact.push(m);
  }
  // The entity before what only names it; project before external; the exact scope asked for
  // before longer ones; documented before undocumented; else the server's order.
  const rank = (m: WorkspaceMatch) => (m.alias ? 8 : 0) + (m.external ? 4 : 0) + (splitQualified(m.qualifiedName).length === symbolPath.length ? 0 : 2) + (hasDocComment(m.site) ? 0 : 1);
  const ordered = exact.map((m, i) => ({ m, i, r: rank(m) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.m);
  let nearMisses: string[] = [];
  if (!ordered.length) {
    const names = new Set(r.symbols.map((s) => s.name));
    if (names.size < 3 && name.length > 3) {
      try {
        for (const s of (await run(name.slice(0, 3), language)).symbols) names.add(s.name);
      } catch {
        // near misses are a courtesy
      }
    }
    names.delete(name);
    const limit = Math.max(2, Math.floor(name.length / 3));
    nearMisses = [...names]
      .map((n) => ({ n, d: editDistance(n.toLowerCase(), name.toLowerCase()), fuzzy: r.symbols.some((s) => s.name === n) }))
      .filter((x) => x.fuzzy || x.d <= limit)
      .sort((a, b) => a.d - b.d || a.n.localeCompare(b.n))
      .slice(0, MAX_NEAR_MISSES)
      .map((x) => x.n);
  }
  return { exact: ordered, nearMisses, indexStatus: r.index_status, warnings: r.warnings };
}

/**
 * Whether the file's module, put in front of the symbol's qualified segments, ends with the
 * path asked for: Python packages (`shop.models`), a TypeScript file's name (`format`), or its
 * path from the root without extension, as the docs index names TypeScript modules.
 */
function moduleQualified(file: string, ws: Workspace, segs: readonly string[], symbolPath: readonly string[]): boolean {
  const root = ws.roots.find((r) => !path.relative(r, file).startsWith('..'));
  return moduleScopes(file, root).some((m) => endsWith([...m, ...segs], symbolPath));
}

/**
 * Whether a declaration has a doc comment right above it (`///`, a block comment, `//`), past
 * decorators, attributes and template heads, or in Python a docstring right below: a cheap way
 * to put a documented declaration before an undocumented one of the same name without hover.
 */
export function hasDocComment(site: Site): boolean {
  const ft = readFileText(site.file);
  if (!ft) return false;
  const line = site.position.line;
  const text = (l: number) => (l >= 0 && l < ft.starts.length ? ft.text.slice(ft.starts[l]!, l + 1 < ft.starts.length ? ft.starts[l + 1]! : ft.text.length).trim() : '');
  if (/\.pyi?$/.test(site.file)) {
    for (let l = line + 1; l <= line + 3; l++) {
      const t = text(l);
      if (t) return /^[rRuUbB]*["']/.test(t);
    }
    return false;
  }
  let l = line - 1;
  while (l >= 0 && /^(@|#\[|template\s*<)/.test(text(l))) l--;
  const above = text(l);
  return /\*\/$/.test(above) || /^\/\//.test(above);
}

function splitQualified(q: string): string[] {
  return q.includes('::') ? q.split('::').filter(Boolean) : q.split('.').filter(Boolean);
}

function endsWith(segs: readonly string[], suffix: readonly string[]): boolean {
  if (segs.length < suffix.length) return false;
  const off = segs.length - suffix.length;
  return suffix.every((s, i) => segs[off + i] === s);
}

function toMatch(s: SymbolResult, ws: Workspace, segs: string[]): WorkspaceMatch | undefined {
  const file = absoluteOf(ws, s.location.file);
  if (!file) return undefined;
  const ft = readFileText(file);
  const range = { start: toLspPosition(s.location.range.start), end: toLspPosition(s.location.range.end) };
  const position = ft ? namePosition(ft.text, range, s.name, ft.starts) : range.start;
  const sep = s.qualified_name.includes('::') ? '::' : '.';
  return {
    name: s.name,
    qualifiedName: s.qualified_name,
    kind: s.kind,
    container: segs.length > 1 ? segs.slice(0, -1).join(sep) : null,
    site: { file, position },
    external: Boolean(s.external),
    serverId: s.server,
  };
}

/** The absolute path of a path as Workspace.display shows it. */
export function absoluteOf(ws: Workspace, shown: string): string | undefined {
  if (path.isAbsolute(shown)) return shown;
  for (const root of ws.roots) {
    const direct = path.join(root, shown);
    if (ws.roots.length === 1 && existsSync(direct)) return direct;
    const [first, ...rest] = shown.split('/');
    if (ws.roots.length > 1 && first === path.basename(root)) {
      const f = path.join(root, ...rest);
      if (existsSync(f)) return f;
    }
  }
  return undefined;
}

