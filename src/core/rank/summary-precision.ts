import { memoized } from '../memo.js';
import { matchText, stem, STOP_WORDS } from './words.js';

/**
 * How much of an item's summary is the question: the share of the summary's words (stop words
 * aside) whose stems the question has, itself or through a synonym (synonyms.ts). Coverage
 * (coverage.ts) asks the other way round, how much of the question the item says, and the learned
 * vectors reward summaries with many related words, so an item whose summary says the question
 * and nothing else could rank below ones that say some of its words among others: "how many
 * bytes an object occupies in memory" put `io.StringIO` and `io.BytesIO` ("…an in-memory
 * buffer") above `sys.getsizeof` ("Return the size of object in bytes."). A summary of one word
 * says too little to count.
 */
export function summaryPrecision(questionStems: ReadonlySet<string>, summary: string): number {
  if (!summary) return 0;
  const stems = summaryStems(summary);
  if (stems.length < 2) return 0;
  let asked = 0;
  for (const s of stems) if (questionStems.has(s)) asked++;
  return asked / stems.length;
}

/**
 * A summary's words as stems, stop words aside, kept by summary: a question in words tests
 * several hundred candidates' summaries, and the popular and the most used items are among the
 * candidates of most questions (splitting and stemming them again was ~6% of such a search).
 */
const summaryStems = memoized(20_000, (summary: string): readonly string[] => {
  const out: string[] = [];
  for (const w of matchText(summary).split(/[^a-z0-9]+/)) if (w.length >= 2 && !STOP_WORDS.has(w)) out.push(stem(w));
  return out;
});

/** The stems a summary's words are tested against: the question's words and their synonyms. */
export function questionStems(words: readonly string[], synonyms?: ReadonlyMap<string, readonly string[]>): Set<string> {
  const out = new Set(words.map(stem));
  if (synonyms) for (const list of synonyms.values()) for (const s of list) out.add(stem(s));
  return out;
}
