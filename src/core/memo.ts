/**
 * A pure function of one string, remembered for its latest answers: up to `max` of them, all
 * forgotten at once when full (cheaper than keeping an order, and what a search asks it asks
 * again soon: the same names, words and summaries come back question after question). For the
 * ranking's hot paths: a name's words, a word's stem, a summary's stems.
 */
export function memoized<T>(max: number, compute: (key: string) => T): (key: string) => T {
  const memo = new Map<string, T>();
  return (key) => {
    let got = memo.get(key);
    if (got === undefined && !memo.has(key)) {
      got = compute(key);
      if (memo.size >= max) memo.clear();
      memo.set(key, got);
    }
    return got as T;
  };
}
