import path from 'node:path';
import type { DocItem } from '../../core/extract/types.js';
import type { DocsIndex } from '../../core/index/service.js';
import type { IndexSource } from '../../core/index/source.js';
import { z } from 'zod';
import { DocentError } from '../../core/errors.js';
import type { IndexStateSchema } from './schemas.js';

/** Helpers shared by the docs features: root-aware file names, the short index state. */

export function shortState(index: DocsIndex): z.output<typeof IndexStateSchema> {
  const s = index.brief();
  return { state: s.state, files: s.files, items: s.items, pending: s.pending, note: s.note };
}

/**
 * A root-relative path as the caller sees it (prefixed by the root's name when there are several
 * roots); an installed package's file relative to the root it is installed in, else absolute.
 */
export function displayFile(index: DocsIndex, root: IndexSource, rel: string): string {
  if (root.dependency) return root.dependency.display(rel);
  return index.roots.length > 1 ? `${path.basename(root.root)}/${rel}` : rel;
}

export function withDisplayFile(index: DocsIndex, root: IndexSource, item: DocItem): DocItem {
  return { ...item, location: { ...item.location, file: displayFile(index, root, item.location.file) } };
}

/** Every item with this id across roots, documented first, each with its root. */
export function findById(index: DocsIndex, id: string): { root: IndexSource; item: DocItem }[] {
  const out: { root: IndexSource; item: DocItem }[] = [];
  for (const r of index.sources()) for (const item of r.queries.byId(id)) out.push({ root: r, item });
  return out.sort((a, b) => docWeight(b.item) - docWeight(a.item));
}

export function docWeight(i: DocItem): number {
  return (i.doc ? 2 : 0) + (i.summary ? 1 : 0) + (i.visibility === 'public' ? 0.5 : 0) + Math.min(i.examples.length, 3) * 0.1 - (isAliasMacro(i) ? 1 : 0);
}

/**
 * `#define compress2 z_compress2`, `#define fopen fopen64`: a macro that only renames another
 * symbol. When the same name is also a real declaration, the declaration is what is meant.
 */
export function isAliasMacro(i: DocItem): boolean {
  return i.kind === 'macro' && /^#define\s+[A-Za-z_]\w*\s+[A-Za-z_]\w*$/.test(i.signature);
}

/**
 * The index state as one line for text renderings, or '' when the answer is complete and
 * there is nothing to add. A ready index with a note (indexing off, an empty index) says so.
 */
export function indexStateLine(s: z.output<typeof IndexStateSchema>): string {
  if (s.state === 'ready' && !s.note) return '';
  return `(index ${s.state}${s.pending ? `, ${s.pending} file(s) pending` : ''}${s.note ? `: ${s.note}` : ''})`;
}

/**
 * Whether a qualified name another tool returned names the item with this id: the id itself;
 * its tail after a separator (`Cart.add_item` for `shop.models.Cart.add_item`, `format.Greeter`
 * for the TypeScript module id `src/util/format.Greeter`), with `::` and `.` taken alike; or a
 * module prefix and a tail with modules between them skipped (`textkit.pad_left`, the name a
 * package's `__init__.py` re-exports, for `textkit.pad.pad_left`).
 */
export function namesItem(id: string, qualified: string): boolean {
  const norm = (s: string) => s.replace(/::/g, '.').replace(/^\.+/, '');
  const n = norm(id);
  const q = norm(qualified);
  if (n === q || n.endsWith(`.${q}`) || n.endsWith(`/${q}`)) return true;
  const segs = q.split('.');
  for (let k = 1; k < segs.length; k++) {
    const prefix = segs.slice(0, k).join('.');
    const tail = segs.slice(k).join('.');
    if ((n.startsWith(`${prefix}.`) || n.startsWith(`${prefix}/`) || n.includes(`/${prefix}.`) || n.includes(`/${prefix}/`)) && n.endsWith(`.${tail}`)) return true;
  }
  return false;
}

/** Items a qualified name from another tool names (see namesItem), documented first, shorter ids first. */
export function findByQualifiedName(index: DocsIndex, qualified: string): { root: IndexSource; item: DocItem }[] {
  const last = qualified.split(/::|\.|\//).filter(Boolean).pop();
  if (!last || last === qualified) return [];
  const out: { root: IndexSource; item: DocItem }[] = [];
  for (const r of index.sources()) for (const item of r.queries.byName(last, 200)) if (item.name === last && namesItem(item.id, qualified)) out.push({ root: r, item });
  return out.sort((a, b) => docWeight(b.item) - docWeight(a.item) || a.item.id.length - b.item.id.length);
}

/** `scope` on docs_search, docs_list and docs_resolve: the project's own items, installed packages' items, or both. */
export const ScopeSchema = z
  .enum(['project', 'deps', 'all'])
  .default('all')
  .describe('project: only the project\'s own files; deps: only installed dependencies (npm packages, Python packages, crates, Go modules, included C/C++ headers, and the standard library of a Python, Go or Rust project: package "python" or "std"); all: both, project items first on ties.');

export type Scope = z.output<typeof ScopeSchema>;

/** The installed package of a root-relative file: `{package, version}`, or nulls for a project file. */
export function packageFields(root: IndexSource, rel: string): { package: string | null; version: string | null } {
  const p = root.queries.packageOfFile(rel);
  return { package: p?.name ?? null, version: p?.version ?? null };
}

/** Whether an item whose file belongs to `pkg` (null: the project) is in `scope` (absent, as from direct callers: all). */
export function inScope(pkg: string | null, scope: Scope | undefined): boolean {
  return !scope || scope === 'all' || (scope === 'deps') === (pkg !== null);
}

/** `language` on docs_search and docs_list: only items of one of the index's languages. */
export const LanguageSchema = z
  .string()
  .min(1)
  .optional()
  .describe('Only items in this language, as the index names it (index_status lists them): "typescript", "tsx", "javascript", "python", "c", "cpp", "rust", "go", "java".');

/** The languages of the indexed files, over every root. */
export function indexLanguages(index: DocsIndex): string[] {
  return [...new Set(index.sources().flatMap((r) => r.queries.languages()))].sort();
}

/**
 * `language` as the index names it (any case), or E_BAD_INPUT listing the index's languages.
 * An index still being built may not have met the language's files yet: then it stands.
 */
export function checkLanguage(index: DocsIndex, language: string | undefined): string | undefined {
  if (language === undefined) return undefined;
  const wanted = language.trim().toLowerCase();
  const known = indexLanguages(index);
  if (known.includes(wanted) || (index.indexing && /^[a-z+#]+$/.test(wanted))) return wanted;
  throw new DocentError(
    'E_BAD_INPUT',
    known.length ? `The docs index has no ${JSON.stringify(language)} files; its languages are: ${known.join(', ')}.` : `The docs index has no files in any language yet, so no ${JSON.stringify(language)}.`,
    known.length ? `Pass one of: ${known.join(', ')} (or leave language out).` : 'Leave language out, or index a project first (index_status shows what is indexed).',
    { languages: known },
  );
}

/**
 * A name that is a module with no documentation of its own (`yaml`: its `__init__.py` has no
 * docstring), so no item: the not-found error says so and points at docs_list, which lists
 * its items. Null when no database has items in a module of that name.
 */
export function undocumentedModuleError(index: DocsIndex, name: string, sources: readonly IndexSource[] = index.sources()): DocentError | null {
  const items = moduleListingTotal(sources, name);
  if (!items) return null;
  return new DocentError('E_NOT_FOUND', `"${name}" is a module with no documentation of its own (no docstring or module comment): the index has its items, not an entry for the module.`, `docs_list with module "${name}" lists its ${items} item${items === 1 ? '' : 's'}.`, { module: name, items });
}

/**
 * How many items docs_list lists for a module, unfiltered, as it counts them: its own, and what
 * it re-exports that it does not define (`yaml`: 31 of its own and 59 from `from .loader import *`
 * and the like; date-fns's index.d.ts, only `export *`, none of its own).
 */
export function moduleListingTotal(sources: readonly IndexSource[], module: string): number {
  let total = 0;
  for (const r of sources) {
    total += r.queries.moduleCount(module);
    const reexported = r.queries.publicMembers(module, 5000);
    if (!reexported.length) continue;
    const own = new Set(r.queries.moduleItemIds(module));
    total += reexported.filter((m) => !own.has(m.id)).length;
  }
  return total;
}
