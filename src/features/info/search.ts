import { z } from 'zod';
import { throwIfAborted } from '../../core/errors.js';
import { contentLine } from '../../core/info/lookup.js';
import { editDistance } from '../../core/rank/edit-distance.js';
import type { FeatureContext } from '../context.js';
import { checkSymbol } from './lookup-symbol.js';
import { infoLibrary, infoRef } from './library.js';

/** info_search: index entries and node names across manuals, ranked exact > prefix > word > fuzzy. */

export const InfoSearchInput = z.object({
  query: z.string().describe('Words to find in index entries and node names, e.g. "hash table" or "mapc".'),
  manuals: z.array(z.string().min(1)).optional().describe('Manuals to search (default: every installed manual).'),
  limit: z.number().int().min(1).max(500).default(20).describe('Maximum number of results.'),
});

const MATCH_KINDS = ['exact', 'prefix', 'word', 'substring', 'fuzzy'] as const;

export const InfoSearchOutput = z.object({
  query: z.string(),
  results: z.array(
    z.object({
      manual: z.string(),
      kind: z.enum(['index', 'node']).describe('An index entry or a node name.'),
      match: z.enum(MATCH_KINDS),
      term: z.string().describe('The index entry or node name that matched.'),
      node: z.string(),
      line: z.number().int().nullable().describe('Line in the node\'s content where an index entry points.'),
      'info-ref': z.string(),
      score: z.number(),
    }),
  ),
  total: z.number().int().describe('Number of matches before the limit.'),
  truncated: z.boolean(),
  manuals_searched: z.array(z.string()),
  warnings: z.array(z.string()),
});

export type InfoSearchResult = z.output<typeof InfoSearchOutput>;
type Hit = InfoSearchResult['results'][number];

/** Score one candidate against the query; null when it does not match at all. */
export function scoreTerm(query: string, term: string): { match: (typeof MATCH_KINDS)[number]; score: number } | null {
  const q = query.toLowerCase().replace(/\s+/g, ' ').trim();
  const t = term.toLowerCase();
  const lengthPenalty = Math.min(9, (t.length - q.length) / 10);
  if (t === q) return { match: 'exact', score: 100 };
  if (t.startsWith(q)) return { match: 'prefix', score: 80 - lengthPenalty };
  const words = q.split(' ');
  const termWords = t.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.every((w) => termWords.includes(w.replace(/[^\p{L}\p{N}]+/gu, '') || w))) return { match: 'word', score: 60 - lengthPenalty };
  if (q.length >= 3 && t.includes(q)) return { match: 'substring', score: 40 - lengthPenalty };
  if (q.length >= 3) {
    const max = Math.max(1, Math.min(3, Math.floor(q.length / 4)));
    const d = editDistance(q, t, max);
    if (d <= max) return { match: 'fuzzy', score: 20 - d * 5 };
  }
  return null;
}

export async function infoSearch(input: z.output<typeof InfoSearchInput>, ctx: FeatureContext): Promise<InfoSearchResult> {
  checkSymbol(input.query, 'query');
  const lib = infoLibrary(ctx);
  const names = input.manuals?.length ? input.manuals : (await lib.discover()).manuals.map((m) => m.name);
  const hits: Hit[] = [];
  const warnings: string[] = [];
  const searched: string[] = [];
  let done = 0;
  for (const name of names) {
    throwIfAborted(ctx.signal);
    ctx.progress({ progress: done++, total: names.length, message: `searching ${name}` });
    let loaded;
    try {
      loaded = await lib.get(name, ctx.signal);
    } catch (err) {
      // A named manual that is missing is the caller's mistake; a broken one among all is a warning.
      if (input.manuals?.length) throw err;
      warnings.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
      continue;
    }
    const { manual, lookup } = loaded;
    searched.push(manual.name);
    for (const [term, entry] of lookup.allTerms()) {
      const s = scoreTerm(input.query, term);
      if (!s) continue;
      const target = manual.resolve(entry.node);
      const node = target ? manual.nodes[target.node]!.name : entry.node;
      hits.push({ manual: manual.name, kind: 'index', match: s.match, term, node, line: contentLine(entry.line) ?? target?.line ?? null, 'info-ref': infoRef(entry.manual ?? manual.name, node), score: s.score + 1 });
    }
    for (const n of manual.nodes) {
      const s = scoreTerm(input.query, n.name);
      if (!s) continue;
      hits.push({ manual: manual.name, kind: 'node', match: s.match, term: n.name, node: n.name, line: null, 'info-ref': infoRef(manual.name, n.name), score: s.score });
    }
  }
  hits.sort((a, b) => b.score - a.score || a.term.length - b.term.length || a.manual.localeCompare(b.manual) || a.term.localeCompare(b.term));
  return {
    query: input.query,
    results: hits.slice(0, input.limit),
    total: hits.length,
    truncated: hits.length > input.limit,
    manuals_searched: searched,
    warnings,
  };
}

export function renderInfoSearch(r: InfoSearchResult): string {
  const head = `${r.total} match(es) for "${r.query}" in ${r.manuals_searched.length} manual(s)${r.truncated ? `, showing ${r.results.length}` : ''}`;
  const rows = r.results.map((h) => `${h.match.padEnd(9)} ${h.kind === 'index' ? 'index' : 'node '} ${h.term} → ${h['info-ref']}${h.line ? ` (line ${h.line})` : ''}`);
  return [head, ...rows, ...r.warnings.map((w) => `warning: ${w}`)].join('\n');
}
