import type { DocItem } from '../extract/types.js';
import { identifierText, proseText } from '../rank/words.js';
import { abbreviatedWords } from '../rank/abbreviations.js';

/**
 * An item ready to be written: the column values, the packed JSON and the FTS5 texts. It is
 * computed where the item was extracted (in a worker thread), so that the single thread that
 * writes SQLite does nothing but bind and insert.
 */
export interface PreparedItem {
  id: string;
  name: string;
  kind: string;
  module: string;
  parent: string | null;
  visibility: string;
  language: string;
  signature: string;
  summary: string;
  hasDoc: number;
  docHead: string;
  deprecated: number;
  line: number;
  json: string;
  /** name, qualified, summary, doc, signature columns of items_fts; null: no full-text row. */
  fts: [string, string, string, string, string] | null;
}

export function prepareItem(item: DocItem): PreparedItem {
  const aliases = item.tags.alias ? ' ' + item.tags.alias.split(/[\s,]+/).map(identifierText).join(' ') : '';
  const paramText = item.params.map((p) => `${p.name} ${p.doc ?? ''}`).join(' ');
  const extra = [paramText, item.returns?.doc ?? '', item.throws.map((t) => `${t.type ?? ''} ${t.doc ?? ''}`).join(' '), item.tags.category ?? '', item.tags.listed ?? '', item.see_also.join(' ')].join(' ');
  return {
    id: item.id,
    name: item.name,
    kind: item.kind,
    module: item.module,
    parent: item.parent,
    visibility: item.visibility,
    language: item.language,
    signature: item.signature,
    summary: item.summary,
    hasDoc: item.doc || item.summary || item.params.some((p) => p.doc) ? 1 : 0,
    docHead: docHead(item),
    deprecated: item.deprecated ? 1 : 0,
    line: item.location.line,
    json: packItem(item),
    // A copy of another item's docs under another type (a macro's expansion for each integer
    // type, rust-macro-expand.ts) is found by its name and id in the items table, and its words,
    // name included, are counted once, on the original: twelve rows each would make them common.
    fts: item.tags.copy_of ? null : [
      identifierText(item.name) + aliases,
      identifierText(item.id),
      // With the words the name abbreviates (`strlen`: string length), which a question in words
      // uses: here rather than in the name column, where a one-word query looks for names.
      [proseText(item.summary), ...abbreviatedWords(item.name)].join(' '),
      // The doc column is prose: FTS5 tokenizes it as is (splitting camelCase there costs more than it finds).
      `${item.doc} ${extra}`,
      proseText(item.signature),
    ],
  };
}

/** The words a re-ranker looks at besides name and signature: the doc's start and the parameter docs. */
function docHead(item: DocItem): string {
  const params = item.params.map((p) => p.doc ?? '').join(' ');
  return `${item.tags.listed ?? ''} ${item.doc.slice(0, 400)} ${params.slice(0, 200)} ${item.returns?.doc?.slice(0, 80) ?? ''}`.replace(/\s+/g, ' ').trim();
}

/**
 * Items are stored as JSON without their empty fields (most items have no throws, examples,
 * tags…) and without the fields the items table already has as columns (id, kind, name,
 * module, visibility, language, signature, summary, parent, line): storing those twice made up
 * about a third of the database. `unpackItem` restores them from the row.
 */
const COLUMN_FIELDS = new Set(['id', 'kind', 'name', 'module', 'visibility', 'language', 'signature', 'summary', 'parent']);

/** The items columns `unpackItem` needs: select these wherever an item is read back. */
export const ITEM_COLUMNS = 'id, kind, name, module, visibility, language, signature, summary, parent, line, data';

export interface StoredItemRow {
  id: string;
  kind: string;
  name: string;
  module: string;
  visibility: string;
  language: string;
  signature: string;
  summary: string;
  parent: string | null;
  line: number;
  data: string;
}

export function packItem(item: DocItem): string {
  // A shallow copy without the empty fields: JSON.stringify with a replacer function is several times slower.
  const o: Record<string, unknown> = {};
  for (const key in item) {
    if (COLUMN_FIELDS.has(key)) continue;
    const v = (item as unknown as Record<string, unknown>)[key];
    if (v === null || v === undefined || (Array.isArray(v) && !v.length)) continue;
    if (key === 'tags' && !Object.keys(v as object).length) continue;
    // A parameter's and a return's unknown type and doc (null) are left out too: unpackItem
    // restores them. Most Python parameters have neither (2.7 of the 15.5 MB of parameters).
    if (key === 'params') o[key] = (v as DocItem['params']).map(packParam);
    else if (key === 'returns') o[key] = packReturns(v as NonNullable<DocItem['returns']>);
    else if (key === 'location') o[key] = { file: item.location.file, end_line: item.location.end_line };
    else o[key] = v;
  }
  return JSON.stringify(o);
}

function packParam(p: DocItem['params'][number]): Partial<DocItem['params'][number]> {
  const o: Partial<DocItem['params'][number]> = { name: p.name };
  if (p.type != null) o.type = p.type;
  if (p.doc != null) o.doc = p.doc;
  if (p.default != null) o.default = p.default;
  if (p.optional !== undefined) o.optional = p.optional;
  return o;
}

function packReturns(r: NonNullable<DocItem['returns']>): Partial<NonNullable<DocItem['returns']>> {
  const o: Partial<NonNullable<DocItem['returns']>> = {};
  if (r.type != null) o.type = r.type;
  if (r.doc != null) o.doc = r.doc;
  return o;
}

export function unpackItem(row: StoredItemRow): DocItem {
  // Rows written before the columns were left out of the JSON carry them in both places; the columns win.
  const o = JSON.parse(row.data) as Partial<DocItem>;
  const loc = o.location ?? { file: '', line: row.line, end_line: row.line };
  const columns = {
    id: row.id,
    kind: row.kind as DocItem['kind'],
    name: row.name,
    module: row.module,
    visibility: row.visibility as DocItem['visibility'],
    language: row.language as DocItem['language'],
    signature: row.signature,
    summary: row.summary ?? '',
  };
  return {
    ...columns,
    ...o,
    ...columns,
    location: { file: loc.file, line: row.line, end_line: loc.end_line ?? row.line },
    doc: o.doc ?? '',
    params: (o.params ?? []).map((p) => ({ ...p, type: p.type ?? null, doc: p.doc ?? null })),
    returns: o.returns ? { type: o.returns.type ?? null, doc: o.returns.doc ?? null } : null,
    throws: (o.throws ?? []).map((t) => ({ type: t.type ?? null, doc: t.doc ?? null })),
    examples: (o.examples ?? []).map((e) => ({ ...e, description: e.description ?? null })),
    see_also: o.see_also ?? [],
    deprecated: o.deprecated ?? null,
    since: o.since ?? null,
    parent: row.parent ?? null,
    implements: o.implements ?? [],
    tags: o.tags ?? {},
  };
}
