import { z } from 'zod';
import type { DocItem } from '../../core/extract/types.js';
import { DocentError } from '../../core/errors.js';
import { inheritedMember } from '../../core/index/inherited.js';
import type { DocsIndex } from '../../core/index/service.js';
import type { IndexSource } from '../../core/index/source.js';
import type { FeatureContext } from '../context.js';
import { displayFile, findById, findByQualifiedName, packageFields, shortState, undocumentedModuleError, withDisplayFile } from './common.js';
import { DocItemSchema, IndexStateSchema, ItemSummarySchema } from './schemas.js';
import { docsIndexFor } from './service.js';

/** docs_get: one item's full structured documentation. */

export const DocsGetInput = z.object({
  id: z.string().min(1).describe('Item id from docs_search/docs_list (e.g. "_.debounce", "json.loads", "ns::Type::method"), or a qualified name from search_symbols or get_symbol_documentation ("Cart.add_item", "click.utils.echo").'),
  max_chars: z.number().int().min(200).max(200_000).default(24_000).describe('Cut the Markdown doc after this many characters.'),
});

export const DocsGetOutput = DocItemSchema.extend({
  public_id: z.string().describe('The path users write for it when a module re-exports it (`asyncio.sleep` for asyncio.tasks.sleep, `rxjs.map` for a file under dist/types); else the id.'),
  members: z.array(ItemSummarySchema).describe('Direct members (methods, fields, enum values) of a class, enum or namespace.'),
  also_defined_in: z.array(z.object({ file: z.string(), line: z.number().int() })).describe('Other declarations with the same id (overloads, re-exports, copies).'),
  truncated: z.boolean().describe('True when doc was cut at max_chars.'),
  package: z.string().nullable().describe('The installed package the item comes from (null: the project\'s own code).'),
  version: z.string().nullable().describe('That package\'s installed version.'),
  inherited_via: z.array(z.string()).optional().describe('When the id named a member its class inherits (flask.Flask.route): the classes from that one to the one defining the member, by id.'),
  doc_from: z.string().optional().describe('When the module assigns the documentation from another definition (`splitext.__doc__ = genericpath._splitext.__doc__`): that definition, by id.'),
  index_status: IndexStateSchema,
});

export type DocsGetResult = z.output<typeof DocsGetOutput>;

/** Find an item by id, else by a unique name; E_NOT_FOUND with suggestions otherwise. */
export function lookupItem(index: DocsIndex, id: string): { root: IndexSource; item: DocItem; all: { root: IndexSource; item: DocItem }[]; inheritedVia?: string[] } {
  let all = findById(index, id);
  if (!all.length) {
    // A qualified name from another tool (search_symbols, get_symbol_documentation): its item's id.
    const named = findByQualifiedName(index, id);
    if (named.length) all = findById(index, named[0]!.item.id);
  }
  if (!all.length) {
    // A member the class inherits, under the class's path (`flask.Flask.route`).
    for (const root of index.sources()) {
      const found = inheritedMember(root.queries, id);
      if (found) return { root, item: found.item, all: findById(index, found.item.id), inheritedVia: found.via };
    }
  }
  if (!all.length) {
    const byName = index.sources().flatMap((root) => root.queries.byName(id, 10).map((item) => ({ root, item })));
    const ids = new Set(byName.map((b) => b.item.id));
    if (ids.size === 1) all = findById(index, [...ids][0]!);
    else {
      const module = undocumentedModuleError(index, id);
      if (module) throw module;
      const close = index.sources().flatMap((r) => r.queries.similarIds(id, 5));
      const found = index.sources().flatMap((r) => r.queries.search(id, { limit: 5 }).map((h) => h.id));
      const suggestions = ids.size ? [...ids].slice(0, 8) : [...new Set([...close, ...found])].slice(0, 8);
      const s = index.status();
      const partial = s.state === 'indexing' ? ' The index is still being built, so it may appear shortly.' : '';
      throw new DocentError(
        'E_NOT_FOUND',
        `No documented item has the id "${id}".${partial}`,
        suggestions.length ? `Did you mean: ${suggestions.join(', ')}? Ids come from docs_search or docs_list.` : 'Use docs_search to find the id.',
        { suggestions, index_state: s.state },
      );
    }
  }
  return { root: all[0]!.root, item: all[0]!.item, all };
}

export async function docsGet(input: z.output<typeof DocsGetInput>, ctx: FeatureContext): Promise<DocsGetResult> {
  const index = await docsIndexFor(ctx);
  let found: ReturnType<typeof lookupItem>;
  try {
    found = lookupItem(index, input.id);
  } catch (err) {
    throw await pendingDeclaration(index, input.id, err);
  }
  const { root, item, all } = found;
  // A member copied from a private base onto its public class (extract/lang/python-private-bases.ts).
  const via = item.tags.inherited_via ?? (item.tags.inherited_from ? item.tags.inherited_from.slice(0, item.tags.inherited_from.lastIndexOf('.')) : '');
  const inheritedVia = found.inheritedVia ?? (via && item.parent ? [item.parent, ...via.split(' ')] : undefined);
  const shown = withDisplayFile(index, root, item);
  for (const ex of root.queries.examplesOf(item.id)) shown.examples.push(...ex.examples);
  const truncated = shown.doc.length > input.max_chars;
  if (truncated) shown.doc = shown.doc.slice(0, input.max_chars) + '\n…';
  const children = root.queries.children(item.id, 300);
  // A class is answered with its constructor's parameters (Python __init__, JS/TS constructor).
  const ctor = (item.kind === 'class' || item.kind === 'struct') && !shown.params.length ? children.find((m) => m.kind === 'constructor') : undefined;
  if (ctor) shown.params = ctor.params;
  const members = children.filter((m) => m.kind !== 'example').map((m) => ({ id: m.id, kind: m.kind, name: m.name, signature: m.signature, summary: m.summary }));
  return {
    ...shown,
    public_id: root.queries.publicIdOf(item.id, item.module),
    members,
    also_defined_in: all.slice(1).map((a) => ({ file: displayFile(index, a.root, a.item.location.file), line: a.item.location.line })),
    truncated,
    ...packageFields(root, item.location.file),
    ...(inheritedVia ? { inherited_via: inheritedVia } : {}),
    ...(item.tags.doc_from ? { doc_from: item.tags.doc_from } : {}),
    index_status: shortState(index),
  };
}

/**
 * An id the index does not have yet, which a first build's quick name pass found (docs_search
 * answered it `pending`): the error says where it is declared and that its docs are coming.
 * Any other error goes on as it was.
 */
async function pendingDeclaration(index: DocsIndex, id: string, err: unknown): Promise<unknown> {
  if (!(err instanceof DocentError) || err.code !== 'E_NOT_FOUND') return err;
  for (const root of index.sources()) {
    const hit = (await root.sketch?.search(id, 5))?.find((h) => h.id === id);
    if (!hit) continue;
    const file = displayFile(index, root, hit.file);
    return new DocentError(
      'E_NOT_FOUND',
      `"${id}" is declared at ${file}:${hit.line} (${hit.signature}), but the index has not read its docs yet: a first build is running.`,
      'Try again in a few seconds (index_status says when the build is done), or read the declaration at that line.',
      { ...err.details, declared_at: { file, line: hit.line, signature: hit.signature } },
    );
  }
  return err;
}

export function renderDocItem(i: DocsGetResult): string {
  const out: string[] = [`${i.id}${i.public_id !== i.id ? ` (public as ${i.public_id})` : ''} (${i.kind}, ${i.language}) — ${i.location.file}:${i.location.line}${i.package ? ` [${i.package}@${i.version}]` : ''}`];
  if (i.inherited_via) out.push(`inherited: ${i.inherited_via.join(' → ')}`);
  if (i.doc_from) out.push(`docs from: ${i.doc_from}`);
  out.push('', '    ' + i.signature);
  if (i.deprecated) out.push('', `DEPRECATED: ${i.deprecated}`);
  if (i.doc) out.push('', i.doc);
  if (i.params.length) {
    out.push('', 'Parameters:');
    for (const p of i.params) out.push(`  ${p.name}${p.type ? `: ${p.type}` : ''}${p.default != null ? ` = ${p.default}` : ''}${p.doc ? ` — ${p.doc.replace(/\n/g, ' ')}` : ''}`);
  }
  if (i.returns && (i.returns.type || i.returns.doc)) out.push('', `Returns: ${[i.returns.type, i.returns.doc].filter(Boolean).join(' — ')}`);
  if (i.throws.length) out.push('', 'Throws:', ...i.throws.map((t) => `  ${[t.type, t.doc].filter(Boolean).join(' — ')}`));
  for (const [n, ex] of i.examples.entries()) out.push('', `Example ${n + 1}${ex.description ? `: ${ex.description}` : ''}`, '```' + ex.language, ex.code, '```');
  if (i.see_also.length) out.push('', `See also: ${i.see_also.join(', ')}`);
  if (i.since) out.push(`Since: ${i.since}`);
  if (i.members.length) out.push('', `Members (${i.members.length}):`, ...i.members.slice(0, 60).map((m) => `  ${m.name} (${m.kind}) ${m.summary}`.trimEnd()));
  if (i.also_defined_in.length) out.push('', `Also defined in: ${i.also_defined_in.map((a) => `${a.file}:${a.line}`).join(', ')}`);
  if (i.truncated) out.push('', '(doc truncated; raise max_chars for more)');
  return out.join('\n');
}
