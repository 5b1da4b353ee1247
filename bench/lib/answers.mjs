// How the quality benches decide that a docs_search hit answers a question, in one place so that
// figures from bench/docs-quality.bench.mjs and bench/docs-project.bench.mjs stay comparable.

/**
 * True when a hit (its id or one of its folded copies) is one of the accepted answers. An answer
 * `*.Name.member` accepts any id that ends with `.Name.member` (TypeScript's lib files name their
 * module first) or is `Name.member` itself.
 */
export function answers(hit, accepted) {
  const ids = [hit.id, ...(hit.also_in ?? []).map((a) => a.id ?? a)];
  return accepted.some((a) => ids.some((id) => (a.startsWith('*') ? id.endsWith(a.slice(1)) || id === a.slice(2) : id === a)));
}
