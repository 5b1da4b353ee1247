/**
 * One entry of a compiler's own diagnostic catalogue, as diagnostic_explain answers it. The
 * catalogues are read from what the tools ship (TypeScript's diagnostic table and code fixes,
 * pyright's rules and messages, clang's DiagnosticsReference), never from hand-written prose.
 */
export interface CatalogEntry {
  /** docent's namespaced code: ts2322, pyright:reportAttributeAccessIssue, clang:-Wunused-variable. */
  code: string;
  source: string;
  title: string;
  explanation: string;
  example?: string;
  fix_hint?: string;
  docs_url?: string;
}

export interface Catalog {
  /** The entry for a code in this catalogue's namespace, or undefined. */
  lookup(code: string): CatalogEntry | undefined;
  /** Every code (for near matches). */
  codes(): string[];
}

/** Levenshtein distance, capped (near-code suggestions only care about small ones). */
export function distance(a: string, b: string, cap = 8): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}
