import { z } from 'zod';
import type { DocItem } from '../../core/extract/types.js';
import type { IndexSource } from '../../core/index/source.js';
import { splitIdentifier } from '../../core/rank/words.js';
import type { FeatureContext } from '../context.js';
import { findById, shortState } from './common.js';
import { lookupItem } from './get.js';
import { IndexStateSchema } from './schemas.js';
import { docsIndexFor } from './service.js';

/**
 * docs_related: items connected to one item, each with why and how strongly:
 * see_also (its doc points there), implements (what it extends/implements, what extends it,
 * the method it overrides), similar_signature (shares non-trivial parameter/return types),
 * same_module (its siblings).
 */

export const RELATION_REASONS = ['see_also', 'implements', 'similar_signature', 'same_module'] as const;

export const DocsRelatedInput = z.object({
  id: z.string().min(1).describe('Item id (from docs_search).'),
  limit: z.number().int().min(1).max(100).default(20).describe('Maximum number of related items.'),
  reasons: z.array(z.enum(RELATION_REASONS)).optional().describe('Only these kinds of relation.'),
});

export const DocsRelatedOutput = z.object({
  id: z.string(),
  related: z.array(
    z.object({
      id: z.string(),
      reason: z.enum(RELATION_REASONS),
      relevance: z.number().describe('0..1, higher is closer.'),
      kind: z.string(),
      summary: z.string(),
      resolved: z.boolean().describe('False for a see-also reference that names nothing in the index.'),
    }),
  ),
  index_status: IndexStateSchema,
});

export type DocsRelatedResult = z.output<typeof DocsRelatedOutput>;

const TRIVIAL_TYPES = new Set('int integer float double bool boolean str string number void any object none self char long short unsigned signed size t u8 u16 u32 u64 usize i8 i16 i32 i64 isize f32 f64 byte bytes list dict tuple set array optional union callable const auto function undefined null unknown never t k v e option result vec mut ref static'.split(' '));

/** The non-trivial type names an item's signature mentions (parameters and return). */
export function typeNames(item: DocItem): Set<string> {
  const text = [...item.params.map((p) => p.type ?? ''), item.returns?.type ?? ''].join(' ');
  const out = new Set<string>();
  for (const m of text.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
    const w = m[0];
    if (w.length > 1 && !TRIVIAL_TYPES.has(w.toLowerCase())) out.add(w);
  }
  return out;
}

function paramNames(item: DocItem): Set<string> {
  return new Set(item.params.filter((p) => !p.name.includes('.')).map((p) => p.name.replace(/^[*.&]+/, '')));
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return shared / (a.size + b.size - shared);
}

function resolveRef(root: IndexSource, allRoots: IndexSource[], ref: string, from: DocItem): DocItem | null {
  const clean = ref.replace(/\(\)$/, '').replace(/^[`#]+|`$/g, '').replace(/#/g, '.').replace(/^~/, '');
  for (const r of [root, ...allRoots.filter((x) => x !== root)]) {
    const exact = r.queries.byId(clean)[0];
    if (exact) return exact;
  }
  const last = clean.split(/::|\./).pop()!;
  const cands = allRoots.flatMap((r) => r.queries.byName(last, 30)).filter((i) => i.id.endsWith(clean) || i.id.replace(/::/g, '.').endsWith(clean.replace(/::/g, '.')));
  if (!cands.length) return null;
  cands.sort((a, b) => Number(b.module === from.module) - Number(a.module === from.module) || (b.parent === from.parent ? 1 : 0) - (a.parent === from.parent ? 1 : 0));
  return cands[0]!;
}

export async function docsRelated(input: z.output<typeof DocsRelatedInput>, ctx: FeatureContext): Promise<DocsRelatedResult> {
  const index = await docsIndexFor(ctx);
  const { root, item } = lookupItem(index, input.id);
  const want = new Set(input.reasons ?? RELATION_REASONS);
  const out = new Map<string, DocsRelatedResult['related'][number]>();
  const add = (i: DocItem | null, reason: (typeof RELATION_REASONS)[number], relevance: number, fallbackId?: string) => {
    const id = i?.id ?? fallbackId!;
    if (id === item.id || !want.has(reason)) return;
    const prev = out.get(id);
    if (prev && prev.relevance >= relevance) return;
    out.set(id, { id, reason, relevance: Math.round(relevance * 100) / 100, kind: i?.kind ?? 'unknown', summary: i?.summary ?? '', resolved: !!i });
  };

  for (const [n, ref] of item.see_also.entries()) {
    const target = resolveRef(root, index.sources(), ref, item);
    add(target, 'see_also', target ? 1 - n * 0.01 : 0.5, ref);
  }

  if (want.has('implements')) {
    for (const base of item.implements) {
      for (const t of index.sources().flatMap((r) => r.queries.typesNamed(base, 2))) add(t, 'implements', 0.9);
    }
    if (/class|struct|interface|trait|enum|type/.test(item.kind)) {
      for (const sub of index.sources().flatMap((r) => r.queries.implementors(item.name, 20))) add(sub, 'implements', 0.85);
    }
    // A method overrides or implements the same-named method of its parent's bases.
    if (item.parent && /method|property/.test(item.kind)) {
      const parent = findById(index, item.parent)[0]?.item;
      for (const base of parent?.implements ?? []) {
        for (const t of index.sources().flatMap((r) => r.queries.typesNamed(base, 2))) {
          for (const m of findById(index, `${t.id}${t.language === 'cpp' || t.language === 'c' || t.language === 'rust' ? '::' : '.'}${item.name}`)) add(m.item, 'implements', 0.8);
        }
      }
    }
  }

  if (want.has('similar_signature') && /function|method|constructor/.test(item.kind)) {
    // Shared non-trivial types count most; the same parameter list (names) counts too, which is
    // what relates functions in untyped code (`debounce(func, wait, options)` and `throttle(…)`).
    const mine = typeNames(item);
    const myParams = paramNames(item);
    const probe = [...mine, ...(myParams.size >= 2 ? myParams : [])];
    if (probe.length) {
      for (const other of index.sources().flatMap((r) => r.queries.withTypes(probe, item.id, input.limit))) {
        if (!/function|method|constructor/.test(other.kind)) continue;
        const typeSim = jaccard(mine, typeNames(other));
        const paramSim = myParams.size >= 2 ? jaccard(myParams, paramNames(other)) : 0;
        if (typeSim === 0 && paramSim < 0.5) continue;
        add(other, 'similar_signature', Math.min(0.85, 0.25 + 0.45 * typeSim + 0.35 * paramSim + (other.params.length === item.params.length ? 0.05 : 0)));
      }
    }
  }

  const category = item.tags.category;
  if (want.has('same_module') && category) {
    for (const sib of index.sources().flatMap((r) => r.queries.sameCategory(category, item.parent, item.id, 40))) add(sib, 'same_module', 0.4);
  }

  if (want.has('same_module')) {
    const words = new Set(splitIdentifier(item.name));
    for (const sib of root.queries.sameModule(item.module, item.id, 60)) {
      if (sib.kind === 'module') continue;
      const common = splitIdentifier(sib.name).filter((w) => words.has(w)).length;
      const sameParent = item.parent !== null && sib.parent === item.parent;
      add(sib, 'same_module', Math.min(0.6, 0.2 + (sameParent ? 0.15 : 0) + common * 0.1 + (sib.summary ? 0.05 : 0)));
    }
  }

  const related = [...out.values()].sort((a, b) => b.relevance - a.relevance).slice(0, input.limit);
  return { id: item.id, related, index_status: shortState(index) };
}

export function renderDocsRelated(r: DocsRelatedResult): string {
  if (!r.related.length) return `Nothing related to ${r.id} was found.`;
  return [`Related to ${r.id}:`, ...r.related.map((x) => `  ${x.id} (${x.reason}, ${x.relevance.toFixed(2)})${x.summary ? ` — ${x.summary}` : ''}${x.resolved ? '' : ' [not in index]'}`)].join('\n');
}
