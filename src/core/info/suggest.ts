import { editDistance } from '../rank/edit-distance.js';

/**
 * Close names for a query that matched nothing: names sharing its prefix (shortest first), then
 * names within an edit distance that grows with the query's length, nearest first.
 */
export function suggestNames(query: string, names: Iterable<string>, limit = 10): string[] {
  const q = query.toLowerCase();
  const maxDist = Math.max(1, Math.min(3, Math.floor(q.length / 3)));
  const scored: Array<{ name: string; score: number }> = [];
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) continue;
    seen.add(name);
    const n = name.toLowerCase();
    if (q.length >= 2 && n.startsWith(q)) {
      scored.push({ name, score: n.length - q.length === 0 ? 0 : 0.5 + (n.length - q.length) / 1000 });
      continue;
    }
    const d = editDistance(q, n, maxDist);
    if (d <= maxDist) scored.push({ name, score: d });
    else if (q.length >= 4 && n.includes(q)) scored.push({ name, score: maxDist + 0.5 + n.length / 1000 });
  }
  scored.sort((x, y) => x.score - y.score || x.name.length - y.name.length || x.name.localeCompare(y.name));
  return scored.slice(0, limit).map((s) => s.name);
}
