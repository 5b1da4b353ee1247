import { z } from 'zod';
import type { SearchHit } from '../../core/index/query.js';
import { collectionsFor } from '../../core/index/collection-stats.js';
import type { IndexSource } from '../../core/index/source.js';
import { mergeSameId } from '../../core/index/fold-hits.js';
import { pooledPriors } from '../../core/index/pooled-counts.js';
import type { FeatureContext } from '../context.js';
import { checkLanguage, displayFile, indexStateLine, inScope, LanguageSchema, ScopeSchema, shortState } from './common.js';
import { IndexStateSchema, KindSchema } from './schemas.js';
import { docsIndexFor } from './service.js';
import { isProse, queryWords } from '../../core/rank/words.js';

/** docs_search: ranked full-text + name search over the docs index. */

export const DocsSearchInput = z.object({
  query: z.string().min(1).describe('Words or an identifier: "delay a function until input stops", "parseConfig", "json.loads".'),
  kinds: z.array(KindSchema).optional().describe('Only these kinds, e.g. ["function","method"].'),
  module: z.string().min(1).optional().describe('Only items in this module or below it (e.g. "json", "ns::io", "src/util").'),
  limit: z.number().int().min(1).max(100).default(10).describe('Maximum number of results.'),
  scope: ScopeSchema,
  language: LanguageSchema,
});

export const DocsSearchOutput = z.object({
  query: z.string(),
  results: z.array(
    z.object({
      id: z.string(),
      score: z.number().describe('Relevance, higher is better; results are sorted by it.'),
      name: z.string(),
      kind: z.string(),
      snippet: z.string().describe('The summary, or the signature when the item has no doc.'),
      module: z.string(),
      signature: z.string(),
      file: z.string(),
      line: z.number().int(),
      package: z.string().nullable().describe('The installed package the item comes from (null: the project\'s own code).'),
      version: z.string().nullable().describe('That package\'s installed version.'),
      pending: z.boolean().optional().describe('Found by the quick name pass of a first build still running: its file, line and declaring line, no docs yet (they come when the build reaches its file).'),
      also_in: z.array(z.object({ id: z.string(), file: z.string(), line: z.number().int() })).optional().describe('The same item elsewhere: folded copies (vendored, bundled, repeated declarations), or its definition when id is the public path it is re-exported under.'),
    }),
  ),
  index_status: IndexStateSchema,
});

export type DocsSearchResult = z.output<typeof DocsSearchOutput>;

export async function docsSearch(input: z.output<typeof DocsSearchInput>, ctx: FeatureContext): Promise<DocsSearchResult> {
  const index = await docsIndexFor(ctx);
  const language = checkLanguage(index, input.language);
  const hits: (SearchHit & { file: string; package: string | null; version: string | null })[] = [];
  // A scope leaves some candidates out: ask for more so the limit can still be filled.
  const limit = !input.scope || input.scope === 'all' ? input.limit : Math.min(400, input.limit * 5);
  // A question in words is also embedded by the configured sentence-embedding model, if any.
  // (Only the roots' databases hold model vectors: a deps-only search has no use for it.)
  const queryVector = index.embeddings && input.scope !== 'deps' && isProse(input.query, queryWords(input.query)) ? await index.embedQuery(input.query) : null;
  const sources = index.searchSources(input.query, input.scope);
  // Counted over the databases for every word any of them searches (one splits a compound
  // another has whole); a declared package's without the standard library's (collection-stats.ts).
  const searched = sources.length > 1 ? [...new Set(sources.flatMap((r) => r.queries.searchWords(input.query)))] : [];
  const collections = collectionsFor(sources, sources.length > 1 ? sources.map((r) => r.queries.wordStats(input.query, searched)) : []);
  // A database too small to learn word vectors measures its candidates with the largest vocabulary's.
  const lender = sources.length > 1 ? largestVocabulary(sources) : undefined;
  const borrowedVectors = lender?.queries.wordVectors;
  // Items weighed by the use every database of the index saw, and modules by the importers every
  // one holds, not only their own database's (pooled-counts.ts): all of them within the scope,
  // not only those this query reads (deps/fanout.ts picks a few packages per query), so that one
  // sum serves every search until a count changes.
  const pooled = pooledPriors(index.sources(input.scope === 'project' ? 'project' : 'all'));
  // Each database's ranked hits, some searched on a thread beside this one (core/index/search-lane.ts).
  const found = index.searchEach(
    input.query,
    sources.map((r, i) => ({ source: r, borrowedFrom: lender, opts: { kinds: input.kinds, module: input.module, limit, language, queryVector, semanticWeight: index.embeddings?.weight, collection: collections[i], borrowedVectors, ...pooled.get(r.queries) } })),
  );
  for (const [i, r] of sources.entries()) {
    for (const h of found[i]!) {
      if (!inScope(h.package, input.scope)) continue;
      hits.push({ ...h, file: displayFile(index, r, h.file), also_in: h.also_in.map((a) => ({ ...a, file: displayFile(index, r, a.file) })) });
    }
    // A first build still running: names its files declare that the index has not written yet.
    // Filtered by kind or module below: asked for more, as a scope is, so the limit can be filled.
    const sketchLimit = input.kinds?.length || input.module ? Math.min(400, limit * 5) : limit;
    for (const h of r.sketch && inScope(null, input.scope) ? await r.sketch.search(input.query, sketchLimit, language) : []) {
      if (input.kinds?.length && !input.kinds.includes(h.kind as (typeof input.kinds)[number])) continue;
      if (input.module && !(h.module === input.module || h.module.startsWith(input.module) || h.id.startsWith(input.module))) continue;
      hits.push({ ...h, file: displayFile(index, r, h.file) });
    }
  }
  // Project items first on ties: the project's own API is what its code most often means.
  hits.sort((a, b) => b.score - a.score || Number(a.package !== null) - Number(b.package !== null));
  // One answer per id over all the databases: a later one (another package's copy, a root's
  // duplicate) is listed in also_in, and put in front when the first has no docs and it has.
  const byId = new Map<string, (typeof hits)[number]>();
  const shown: (typeof hits)[number][] = [];
  for (const h of hits) {
    const first = byId.get(h.id);
    if (first) {
      mergeSameId(first, h, h.id);
      continue;
    }
    if (shown.length >= input.limit) continue;
    byId.set(h.id, h);
    shown.push(h);
  }
  const results = shown.map((h) => ({ id: h.id, score: h.score, name: h.name, kind: h.kind, snippet: h.summary || h.signature, module: h.module, signature: h.signature, file: h.file, line: h.line, package: h.package, version: h.version, ...(h.pending ? { pending: true } : {}), ...(h.also_in.length ? { also_in: h.also_in } : {}) }));
  return { query: input.query, results, index_status: shortState(index) };
}

/**
 * A hit's copies in a line: a copy under another id by that id, one under the hit's own id by its
 * place; an id listed for several files (a package's `.js`, `.cjs` and `.d.ts` of one module)
 * once, with their number.
 */
function copiesLine(id: string, copies: readonly { id: string; file: string; line: number }[]): string {
  const counts = new Map<string, number>();
  for (const a of copies) {
    const label = a.id === id ? `${a.file}:${a.line}` : a.id;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const labels = [...counts].map(([label, n]) => (n > 1 ? `${label} (${n} files)` : label));
  return `${labels.slice(0, 3).join(', ')}${labels.length > 3 ? ` (+${labels.length - 3})` : ''}`;
}

export function renderDocsSearch(r: DocsSearchResult): string {
  const lines = r.results.map((h, i) => `${i + 1}. ${h.id} (${h.kind}, ${h.score.toFixed(2)}${h.pending ? ', docs pending' : ''}) ${h.file}:${h.line}${h.package ? ` [${h.package}@${h.version}]` : ''}\n   ${h.signature}${h.snippet && h.snippet !== h.signature ? `\n   ${h.snippet}` : ''}${h.also_in?.length ? `\n   also in: ${copiesLine(h.id, h.also_in)}` : ''}`);
  const head = r.results.length ? `${r.results.length} result(s) for "${r.query}"` : `No results for "${r.query}".`;
  const state = indexStateLine(r.index_status);
  return [head, ...lines, ...(state ? [state] : [])].join('\n');
}

/** Of several databases, the one whose learned word vectors have the most words (undefined when none has any). */
function largestVocabulary(all: readonly IndexSource[]): IndexSource | undefined {
  let best: IndexSource | undefined;
  let most = 0;
  for (const s of all) {
    const words = s.queries.wordVectors.vocabulary();
    if (words > most) [best, most] = [s, words];
  }
  return best;
}

