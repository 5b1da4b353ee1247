import path from 'node:path';
import type { ExtractOptions } from '../context.js';
import { parse } from '../parser.js';
import type { DocItem, FileExtract } from '../types.js';
import { extractTypeScript } from './typescript.js';

/**
 * Docs a declaration file lost, from the source it was generated from. tsc writes no JSDoc for
 * an overloaded function whose docs sit on the implementation (rxjs's `map`, `filter`, …: the
 * implementation signature is not emitted), and packages often ship their sources beside
 * `dist/types/`. A declaration map (`//# sourceMappingURL=map.d.ts.map`) names the source file;
 * an undocumented item takes the docs of the source's item at the same path in its module.
 */

const MAP_URL = /\/\/# sourceMappingURL=([^\s]+)\s*$/;

export async function addDeclarationSourceDocs(result: FileExtract, source: string, opts: ExtractOptions): Promise<void> {
  if (!opts.readSource || !/\.d\.[cm]?ts$/.test(opts.file)) return;
  const bare = result.items.filter((i) => !i.summary && !i.doc && i.kind !== 'module');
  if (!bare.length) return;
  const src = sourceOf(source, opts.file, opts.readSource);
  if (!src) return;
  const tree = await parse(src.file.endsWith('.tsx') ? 'tsx' : 'typescript', src.text);
  let fromSource: FileExtract;
  try {
    fromSource = extractTypeScript(tree, src.text, { ...opts, file: src.file, includePrivate: true }, 'typescript');
  } finally {
    tree.delete();
  }
  // The documented declaration of each path in the source's module; the longest doc when overloads repeat it.
  const docs = new Map<string, DocItem>();
  for (const i of fromSource.items) {
    if (!i.summary) continue;
    const key = tailOf(i.id, fromSource.module.name);
    const had = docs.get(key);
    if (!had || i.doc.length > had.doc.length) docs.set(key, i);
  }
  for (const item of bare) {
    const d = docs.get(tailOf(item.id, result.module.name));
    if (!d || !compatible(item.kind, d.kind)) continue;
    item.summary = d.summary;
    item.doc = d.doc;
    for (const p of item.params) p.doc ??= d.params.find((q) => q.name === p.name)?.doc ?? null;
    if (d.returns?.doc) item.returns = { type: item.returns?.type ?? d.returns.type, doc: d.returns.doc };
    if (!item.throws.length) item.throws = d.throws;
    if (!item.examples.length) item.examples = d.examples;
    if (!item.see_also.length) item.see_also = d.see_also;
    item.deprecated ??= d.deprecated;
    item.since ??= d.since;
  }
}

/** The source file a declaration map names (root-relative, not leaving the tree), with its text. */
function sourceOf(dts: string, file: string, read: (rel: string) => string | null): { file: string; text: string } | null {
  const url = MAP_URL.exec(dts.slice(-400))?.[1];
  if (!url || /^[a-z]+:/i.test(url)) return null;
  const mapRel = path.posix.join(path.posix.dirname(file), url);
  const mapText = mapRel.startsWith('..') ? null : read(mapRel);
  if (!mapText) return null;
  let map: { sources?: unknown; sourceRoot?: unknown; sourcesContent?: unknown };
  try {
    map = JSON.parse(mapText) as typeof map;
  } catch {
    return null;
  }
  const first = Array.isArray(map.sources) ? map.sources[0] : undefined;
  if (typeof first !== 'string' || !/\.tsx?$/.test(first) || /\.d\.ts$/.test(first)) return null;
  const rel = path.posix.join(path.posix.dirname(mapRel), typeof map.sourceRoot === 'string' ? map.sourceRoot : '', first);
  if (rel.startsWith('..') || path.posix.isAbsolute(rel)) return null;
  const inline = Array.isArray(map.sourcesContent) && typeof map.sourcesContent[0] === 'string' ? (map.sourcesContent[0] as string) : null;
  const text = inline ?? read(rel);
  return text ? { file: rel, text } : null;
}

/** An id's path inside its module (`map` for `rxjs/dist/types/internal/operators/map.map`). */
function tailOf(id: string, module: string): string {
  return module && id.startsWith(`${module}.`) ? id.slice(module.length + 1) : id;
}

/** Kinds a declaration and its implementation may differ by (`declare const f: (…) => …` for `export function f`). */
const CALLABLE = new Set<DocItem['kind']>(['function', 'method', 'variable', 'constant']);

/** A declaration and its implementation: the same kind, or two of CALLABLE. */
function compatible(a: DocItem['kind'], b: DocItem['kind']): boolean {
  return a === b || (CALLABLE.has(a) && CALLABLE.has(b));
}
