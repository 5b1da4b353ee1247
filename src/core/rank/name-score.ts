import { splitIdentifier } from './words.js';

/**
 * How well a query names an item: exact, path-suffix, compact, prefix and identifier-word
 * matches against its name and qualified id. Dominates the ranking of identifier-like queries
 * (`debounce`, `parseConfig`); the quick name pass (index/sketch-table.ts) ranks by it alone.
 */

/** A query prepared once for `nameScore` against every candidate. */
export interface NameQuery {
  q: string;
  compact: string;
  words: string[];
}

export function nameQuery(query: string): NameQuery {
  const q = query.trim().toLowerCase();
  return { q, compact: q.replace(/[\s_-]+/g, ''), words: splitIdentifier(query) };
}

/** 0..1: how well the query names this item. */
export function nameScore(query: string | NameQuery, name: string, id: string): number {
  const { q, compact: qc, words: qWords } = typeof query === 'string' ? nameQuery(query) : query;
  if (!q) return 0;
  const n = name.toLowerCase();
  const i = id.toLowerCase();
  if (q === n || q === i) return 1;
  if (i.endsWith(`.${q}`) || i.endsWith(`::${q}`) || i.endsWith(`/${q}`)) return 0.95;
  if (qc === n.replace(/_/g, '')) return 0.9;
  if (n.startsWith(q) && q.length >= 2) return 0.5 + 0.3 * (q.length / n.length);
  // Every word of the query must be in the name to count; most candidates fail on a substring test first.
  if (qWords.length && qWords.every((w) => n.includes(w))) {
    const nWords = new Set(splitIdentifier(name));
    if (qWords.every((w) => nWords.has(w))) return 0.45 + 0.2 * (qWords.length / Math.max(nWords.size, 1));
  }
  if (i.includes(q) && q.length >= 3) return 0.3;
  return 0;
}
