import { abbreviatedWords } from './abbreviations.js';
import { STOP_WORDS, stem } from './words.js';

/**
 * Which way a conversion goes. "Turn a python object into a json string" and `json.loads`
 * ("Deserialize s (a str … containing a JSON document) to a Python object") share every word:
 * only the order says that `json.dumps` ("Serialize obj to a JSON formatted str") is meant. A
 * text's direction is what comes before and after its last "to" or "into"; an item whose
 * summary converts the other way (the question's target before its "to", the question's
 * source after it) is the inverse of what was asked.
 */
export interface Direction {
  from: ReadonlySet<string>;
  to: ReadonlySet<string>;
}

const TO = /\b(?:into|to)\b/g;

/** The stems before and after the last "to"/"into" of `text`, or null (none, or nothing on a side). */
export function directionOf(text: string): Direction | null {
  const lower = text.toLowerCase();
  let at = -1;
  let len = 0;
  for (const m of lower.matchAll(TO)) {
    at = m.index;
    len = m[0].length;
  }
  if (at < 0) return null;
  const from = stemsOf(lower.slice(0, at));
  const to = stemsOf(lower.slice(at + len));
  return from.size && to.size ? { from, to } : null;
}

function stemsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.split(/[^a-z0-9]+/)) {
    if (!w || STOP_WORDS.has(w)) continue;
    out.add(stem(w));
    // `str` is a string, `obj` an object: summaries write the identifiers.
    for (const a of abbreviatedWords(w)) out.add(stem(a));
  }
  return out;
}

const meets = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean => {
  for (const x of a) if (b.has(x)) return true;
  return false;
};

/** +1 when the item converts the way the question asks, −1 when the other way, else 0. */
export function directionMatch(question: Direction, item: Direction): number {
  const same = meets(question.to, item.to);
  const inverse = meets(question.to, item.from) && meets(question.from, item.to);
  if (inverse && !same) return -1;
  if (same && !meets(question.from, item.to)) return 1;
  return 0;
}
