import { z } from 'zod';
import { DocentError } from '../../core/errors.js';
import type { DocItem } from '../../core/extract/types.js';
import type { IndexSource } from '../../core/index/source.js';
import type { FeatureContext } from '../context.js';
import { checkLanguage, indexStateLine, inScope, LanguageSchema, packageFields, ScopeSchema, shortState } from './common.js';
import { IndexStateSchema, ItemSummarySchema } from './schemas.js';
import { docsIndexFor } from './service.js';

/** docs_list: a module's doc, its public items and its submodules. */

export const DocsListInput = z.object({
  module: z.string().min(1).describe('Module in its language notation: "json", "os.path", "ns::io", "src/util/strings", "_".'),
  limit: z.number().int().min(1).max(1000).default(200).describe('Maximum number of items.'),
  offset: z.number().int().min(0).default(0).describe('Skip this many items (to continue a truncated listing).'),
  scope: ScopeSchema,
  language: LanguageSchema,
});

export const DocsListOutput = z.object({
  module: z.object({ name: z.string(), doc: z.string(), summary: z.string() }),
  items: z.array(ItemSummarySchema),
  submodules: z.array(z.string()),
  total: z.number().int(),
  truncated: z.boolean(),
  next_offset: z.number().int().nullable(),
  index_status: IndexStateSchema,
});

export type DocsListResult = z.output<typeof DocsListOutput>;

/** The next path segment below `module` for each deeper module name. */
export function directChildren(module: string, names: readonly string[]): string[] {
  const out = new Set<string>();
  for (const n of names) {
    const rest = n.slice(module.length);
    const sep = /^(::|\.|\/)/.exec(rest)?.[1];
    if (!sep) continue;
    const seg = rest.slice(sep.length).split(/::|\.|\//)[0];
    if (seg) out.add(module + sep + seg);
  }
  return [...out].sort();
}

export async function docsList(input: z.output<typeof DocsListInput>, ctx: FeatureContext): Promise<DocsListResult> {
  const index = await docsIndexFor(ctx);
  const language = checkLanguage(index, input.language);
  let module = input.module.trim();
  // Whether the module exists is asked of every source; a scope then filters its items.
  const every = index.sources();
  const sources = index.sources(input.scope);
  // A module as other tools name it (search_symbols: a TypeScript file's name, `format`): the one module it ends.
  let known = every.some((r) => r.queries.moduleCount(module) > 0 || r.queries.moduleDoc(module) || r.queries.publicMembers(module, 1).length > 0);
  if (!known) {
    const ends = [...new Set(every.flatMap((r) => r.queries.modulesEndingWith(module)))];
    if (ends.length === 1) {
      module = ends[0]!;
      known = true;
    }
  }
  let total = 0;
  const all = [];
  let doc = '';
  const subs = new Set<string>();
  for (const r of sources) {
    if ((!input.scope || input.scope === 'all') && !language) {
      total += r.queries.moduleCount(module);
      all.push(...r.queries.moduleItems(module, input.offset + input.limit).map((i) => shownUnder(r, module, i)));
    } else {
      // Counted after the filter: a module's items may come from the project and from packages alike.
      const kept = r.queries.moduleItems(module, 100_000).filter((i) => (!language || i.language === language) && inScope(packageFields(r, i.location.file).package, input.scope));
      total += kept.length;
      all.push(...kept.slice(0, input.offset + input.limit).map((i) => shownUnder(r, module, i)));
    }
    // And what it re-exports, under the path users write (`asyncio.sleep`, `rxjs.map`), after its own.
    // Told from every item the module defines, not only the page's: a name it both defines and
    // re-exports counts once. (Its ids are read only when it re-exports anything.)
    const reexported = r.queries.publicMembers(module, 5000);
    const own = new Set<string>(reexported.length ? [...all.map((i) => i.id), ...r.queries.moduleItemIds(module)] : []);
    const more: { id: string; item: DocItem }[] = reexported.filter((m) => !own.has(m.id) && (!language || m.item.language === language) && inScope(packageFields(r, m.item.location.file).package, input.scope));
    total += more.length;
    all.push(...more.slice(0, input.offset + input.limit).map((m) => ({ ...m.item, id: m.id })));
    doc ||= r.queries.moduleDoc(module)?.doc ?? '';
    if (!doc) doc = r.queries.byId(module).find((i) => i.kind === 'module' || i.kind === 'namespace')?.doc ?? '';
    for (const s of directChildren(module, r.queries.submodules(module))) subs.add(s);
  }
  if (!total && !subs.size && !doc && !known) {
    const suggestions = every.flatMap((r) => r.queries.search(module, { limit: 5, kinds: ['module', 'namespace', 'class'] }).map((h) => h.module)).filter((m, i, a) => a.indexOf(m) === i);
    throw new DocentError('E_NOT_FOUND', `No module "${module}" in the docs index.`, suggestions.length ? `Known modules like it: ${suggestions.slice(0, 8).join(', ')}.` : 'Use docs_search to find module names (kinds: ["module"]).', { suggestions });
  }
  const page = all.slice(input.offset, input.offset + input.limit);
  const truncated = input.offset + page.length < total;
  const summary = doc.split(/\n\s*\n/)[0]?.replace(/\s+/g, ' ').trim() ?? '';
  return {
    module: { name: module.split(/::|\.|\//).filter(Boolean).pop() ?? module, doc, summary },
    items: page.map((i) => ({ id: i.id, kind: i.kind, name: i.name, signature: i.signature, summary: i.summary })),
    submodules: [...subs].sort(),
    total,
    truncated,
    next_offset: truncated ? input.offset + page.length : null,
    index_status: shortState(index),
  };
}

/** An item of `module` under its public path when that is still in the module (`chalk.chalk.Level` is `chalk.Level`, `export = chalk`). */
function shownUnder(r: IndexSource, module: string, item: DocItem): DocItem {
  const pub = r.queries.publicIdOf(item.id, item.module);
  return pub !== item.id && pub.startsWith(module) && /^(\.|::|\/)/.test(pub.slice(module.length)) ? { ...item, id: pub } : item;
}

export function renderDocsList(r: DocsListResult): string {
  const out = [`module ${r.module.name}: ${r.total} item(s)${r.submodules.length ? `, ${r.submodules.length} submodule(s)` : ''}`];
  if (r.module.summary) out.push(r.module.summary);
  if (r.items.length) out.push('', ...r.items.map((i) => `  ${i.id} (${i.kind})${i.summary ? ` — ${i.summary}` : ''}`));
  if (r.submodules.length) out.push('', 'Submodules:', ...r.submodules.map((s) => `  ${s}`));
  if (r.truncated) out.push('', `… truncated; continue with offset=${r.next_offset}`);
  const state = indexStateLine(r.index_status);
  if (state) out.push(state);
  return out.join('\n');
}
