import type { Position, Range } from 'vscode-languageserver-protocol';
import { linePreview, readFileText } from '../../core/lsp/file-text.js';
import { HOVER_CACHE_KEY, HoverCache } from '../../core/lsp/hover-cache.js';
import { OUTLINE_CACHE_KEY, OutlineCache } from '../../core/lsp/outline-cache.js';
import { lineAt, offsetAt, positionAt } from '../../core/lsp/positions.js';
import { Vfs } from '../../core/vfs/vfs.js';
import type { Workspace } from '../../core/workspace/workspace.js';
import type { FeatureContext } from '../context.js';
import type { LocationT } from './schema.js';

/** Small helpers the navigation features share: locations for output, names inside ranges. */

/** A place in a file, as LSP counts (0-based). */
export interface Site {
  file: string;
  position: Position;
}

export function hoverCache(ctx: Pick<FeatureContext, 'services'>): HoverCache {
  return ctx.services.get(HOVER_CACHE_KEY, () => {
    const cache = new HoverCache();
    // A file written by docent (the edit applier) or seen changed on disk can change hover text
    // in other files (a use site's hover comes from the definition's file), which entries keyed
    // on their own file's stamp would not notice: start over.
    Vfs.from(ctx.services).onDidChange((e) => {
      if (e.origin === 'disk') cache.clear();
    });
    return cache;
  });
}

export function outlineCache(ctx: Pick<FeatureContext, 'services'>): OutlineCache {
  return ctx.services.get(OUTLINE_CACHE_KEY, () => new OutlineCache());
}

export function toLocation(ws: Workspace, site: Site): LocationT {
  return { file: ws.display(site.file), line: site.position.line + 1, column: site.position.character + 1, line_preview: linePreview(site.file, site.position.line) };
}

const IDENT = /[\p{L}\p{N}_$]/u;

/**
 * The position of identifier `name` inside `range` of `file` (servers give the name's range,
 * the whole declaration, or a point at its start), or undefined when the name is not there:
 * that is how a definition that leads somewhere else (a false positive) is recognised.
 */
export function nameIn(file: string, range: Range, name: string): Position | undefined {
  const ft = readFileText(file);
  if (!ft || !name) return undefined;
  const from = offsetAt(ft.text, range.start, ft.starts);
  // A point or one-line range may not cover the name: look to the end of the line, at least.
  const lineEnd = offsetAt(ft.text, { line: range.start.line, character: Number.MAX_SAFE_INTEGER }, ft.starts);
  const to = Math.max(offsetAt(ft.text, range.end, ft.starts), lineEnd);
  for (let i = ft.text.indexOf(name, from); i >= 0 && i + name.length <= to; i = ft.text.indexOf(name, i + 1)) {
    const before = ft.text[i - 1];
    const after = ft.text[i + name.length];
    if ((!before || !IDENT.test(before)) && (!after || !IDENT.test(after))) return positionAt(ft.text, i, ft.starts);
  }
  return undefined;
}

/** The identifier under a position (for labelling a position target), or null. */
export function identifierAt(file: string, pos: Position): string | null {
  const ft = readFileText(file);
  if (!ft) return null;
  const line = lineAt(ft.text, pos.line, ft.starts);
  let s = Math.min(pos.character, line.length);
  let e = s;
  while (s > 0 && IDENT.test(line[s - 1]!)) s--;
  while (e < line.length && IDENT.test(line[e]!)) e++;
  return e > s ? line.slice(s, e) : null;
}

/** Lines [from, to] (0-based, inclusive) of a file, clipped to the file. */
export function sourceLines(file: string, from: number, to: number): string[] {
  const ft = readFileText(file);
  if (!ft) return [];
  const out: string[] = [];
  for (let l = Math.max(0, from); l <= Math.min(to, ft.starts.length - 1); l++) out.push(lineAt(ft.text, l, ft.starts));
  return out;
}

export function lineCount(file: string): number | undefined {
  return readFileText(file)?.starts.length;
}
