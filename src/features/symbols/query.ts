/**
 * The query rules of search_symbols, written to behave like clangd's workspace/symbol so that
 * a query means the same whether it goes to a server (workspace-wide search, passed through
 * unchanged) or is applied by docent to a file's document symbols (`files`):
 *   `vector`        fuzzy name match
 *   `std::vector`   name `vector` in a scope ending with `std`
 *   `::main`        `main` in the global scope
 *   `geo::`         everything directly in a scope ending with `geo`
 * `.` separates scopes too (`Greeter.greet`), for TypeScript and Python.
 */

export interface ParsedQuery {
  raw: string;
  /** Scope segments before the name, outermost first. */
  scope: string[];
  /** True for a leading `::` (the scope is exact, from the global scope). */
  anchored: boolean;
  /** The name part; '' for `ns::` (everything in the scope). */
  name: string;
}

export function parseQuery(raw: string): ParsedQuery {
  const q = raw.trim();
  const anchored = q.startsWith('::');
  const body = anchored ? q.slice(2) : q;
  const sep = body.includes('::') ? '::' : body.includes('.') && !/^\.+$/.test(body) ? '.' : undefined;
  if (!sep) return { raw, scope: [], anchored, name: body };
  const parts = body.split(sep);
  const name = parts.pop() ?? '';
  return { raw, scope: parts.filter(Boolean), anchored, name };
}

const isUpper = (c: string) => c !== c.toLowerCase() && c === c.toUpperCase();
const isLower = (c: string) => c !== c.toUpperCase() && c === c.toLowerCase();
const isDigit = (c: string) => c >= '0' && c <= '9';
const isAlnum = (c: string) => isUpper(c) || isLower(c) || isDigit(c);

/** Whether position i of `word` starts a segment: `get|Value`, `get_|value`, `HTTP|Server`, `v|2`. */
export function isSegmentHead(word: string, i: number): boolean {
  if (i === 0) return true;
  const c = word[i]!;
  const prev = word[i - 1]!;
  if (!isAlnum(prev)) return isAlnum(c);
  if (isUpper(c) && isLower(prev)) return true;
  if (isDigit(c) !== isDigit(prev)) return true;
  if (isUpper(c) && isUpper(prev) && i + 1 < word.length && isLower(word[i + 1]!)) return true;
  return false;
}

/**
 * Fuzzy name match: the pattern's characters appear in order (case-insensitively) and the
 * first one starts a segment of the name, so `gv` matches `getValue` but `et` does not match
 * `getValue`.
 */
export function fuzzyMatch(pattern: string, word: string): boolean {
  if (!pattern) return true;
  const p = pattern.toLowerCase();
  const w = word.toLowerCase();
  for (let start = w.indexOf(p[0]!); start >= 0; start = w.indexOf(p[0]!, start + 1)) {
    if (!isSegmentHead(word, start)) continue;
    let j = 1;
    for (let i = start + 1; i < w.length && j < p.length; i++) if (w[i] === p[j]) j++;
    if (j === p.length) return true;
  }
  return false;
}

/** Whether a symbol with bare `name` inside `container` (scope segments) matches the query. */
export function matchesQuery(q: ParsedQuery, name: string, container: readonly string[]): boolean {
  if (!fuzzyMatch(q.name, name)) return false;
  if (q.anchored) return container.length === q.scope.length && q.scope.every((s, i) => container[i] === s);
  if (q.scope.length === 0) return true;
  if (q.scope.length > container.length) return false;
  const offset = container.length - q.scope.length;
  return q.scope.every((s, i) => container[offset + i] === s);
}

/** Ranking tier: 0 exact name, 1 exact ignoring case, 2 prefix, 3 fuzzy. Lower ranks first. */
export function matchTier(q: ParsedQuery, name: string): number {
  if (!q.name) return 2;
  if (name === q.name) return 0;
  const a = name.toLowerCase();
  const b = q.name.toLowerCase();
  if (a === b) return 1;
  if (a.startsWith(b)) return 2;
  return 3;
}

/** Split a qualified name into segments on `::` or `.`. */
export function scopeSegments(container: string | undefined, separator: '::' | '.'): string[] {
  if (!container) return [];
  return container.split(separator === '::' ? '::' : /\.|::/).filter(Boolean);
}
