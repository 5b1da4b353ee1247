/**
 * Edit distance with adjacent transpositions counting as one edit (optimal string alignment),
 * since "mapcra" for "mapcar" is the typical slip. Exits early once every path exceeds `max`
 * (then returns max + 1).
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = new Array<number>(b.length + 1);
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        v = Math.min(v, prev2[j - 2]! + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

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
