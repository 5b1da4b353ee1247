/**
 * Bounded memos for hot paths: remembered answers, all forgotten at once when full. Cheaper
 * than keeping an order (an LRU), and what a search asks it asks again soon: the same names,
 * words and summaries come back question after question.
 */

/** A Map that, holding `max` entries, empties itself before taking a new key. */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.max && !this.has(key)) this.clear();
    return super.set(key, value);
  }
}

/**
 * A pure function of one string, remembered for its latest answers (up to `max` of them). For
 * the ranking's hot paths: a name's words, a word's stem, a summary's stems. A plain Map here,
 * not a BoundedMap: a question in words stems some 100,000 words, and through the subclass's
 * `set` and V8's slower path for a Map subclass the Python installation's searches took ~7%
 * longer (mean 3.3 → 3.5 ms in process).
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
