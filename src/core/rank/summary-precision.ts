import { stem, STOP_WORDS } from './words.js';

/**
 * How much of an item's summary is the question: the share of the summary's words (stop words
 * aside) whose stems the question has, itself or through a synonym (synonyms.ts). Coverage
 * (score.ts) asks the other way round, how much of the question the item says, and among items
 * that say all of it the learned vectors decided, which favour longer summaries with more
 * related words: "first element of an array" ranked `_.reverse` ("Reverses `array` so that the
 * first element becomes the last, the second element becomes the second to last, and so on.")
 * over `_.head` ("Gets the first element of `array`."). A summary of one word says too little
 * to count.
 */
export function summaryPrecision(questionStems: ReadonlySet<string>, summary: string): number {
  if (!summary) return 0;
  let words = 0;
  let asked = 0;
  for (const w of summary.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/)) {
    if (w.length < 2 || STOP_WORDS.has(w)) continue;
    words++;
    if (questionStems.has(stem(w))) asked++;
  }
  return words < 2 ? 0 : asked / words;
}

/** The stems a summary's words are tested against: the question's words and their synonyms. */
export function questionStems(words: readonly string[], synonyms?: ReadonlyMap<string, readonly string[]>): Set<string> {
  const out = new Set(words.map(stem));
  if (synonyms) for (const list of synonyms.values()) for (const s of list) out.add(stem(s));
  return out;
}
