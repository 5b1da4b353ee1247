/**
 * Prefix lookups in a sorted list of words: the words a stem starts (`delay` → delays,
 * delayed), found by binary search instead of a scan (the popular pool's vocabulary, a module
 * doc's words).
 */

/** The index of the first word in `sorted` that is not below `x` (sorted.length when none). */
export function lowerBound(sorted: readonly string[], x: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** True when one of the sorted `words` starts with `prefix`. */
export function hasWordStarting(sorted: readonly string[], prefix: string): boolean {
  const i = lowerBound(sorted, prefix);
  return i < sorted.length && sorted[i]!.startsWith(prefix);
}
