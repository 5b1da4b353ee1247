import { oppositeRoots, wordRoot } from './opposites.js';

/**
 * The action a question asks for against the action an item's summary says it does. A question
 * in words usually starts with its verb ("remove a directory and everything under it"), and a
 * docstring's summary with its own ("Create and return a temporary directory."). When the two
 * are inverse actions, the item does the opposite of what was asked, however many words its
 * doc shares with the question (`tempfile.TemporaryDirectory`'s doc says the directory "and
 * everything contained in it are removed"). Pure functions over words.
 */

/**
 * Inverse actions that no prefix marks (un-, de-, dis- are read by opposites.ts), as roots
 * (wordRoot): each pair both ways. General programming English, not a question's words.
 */
const INVERSE_PAIRS: readonly (readonly [string, string])[] = [
  ['add', 'remov'],
  ['add', 'delet'],
  ['insert', 'remov'],
  ['insert', 'delet'],
  ['open', 'clos'],
  ['read', 'writ'],
  ['start', 'stop'],
  ['acquir', 'releas'],
  ['push', 'pop'],
  ['load', 'dump'],
  ['load', 'sav'],
  ['pars', 'format'],
  ['send', 'receiv'],
  ['upload', 'download'],
  ['join', 'split'],
  ['enter', 'exit'],
  ['import', 'export'],
  ['increas', 'decreas'],
  ['increment', 'decrement'],
  ['show', 'hid'],
  ['get', 'set'],
  ['compress', 'decompress'],
  ['encod', 'decod'],
  ['encrypt', 'decrypt'],
];

const INVERSES = new Map<string, Set<string>>();
for (const [a, b] of INVERSE_PAIRS) {
  if (!INVERSES.has(a)) INVERSES.set(a, new Set());
  if (!INVERSES.has(b)) INVERSES.set(b, new Set());
  INVERSES.get(a)!.add(b);
  INVERSES.get(b)!.add(a);
}

/** The root of a text's first word that is not an adverb (`Recursively delete…` → delet), or null. */
export function leadVerb(text: string): string | null {
  // A scan rather than lower-casing and splitting the summary: it runs for every candidate.
  let i = 0;
  while (i < text.length && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9 || text.charCodeAt(i) === 10)) i++;
  for (let words = 0; words < 2; words++) {
    let e = i;
    while (e < text.length && isLetter(text.charCodeAt(e))) e++;
    if (e === i) return null;
    const w = text.slice(i, e).toLowerCase();
    if (!(w.length > 4 && w.endsWith('ly'))) return wordRoot(w);
    i = e;
    while (i < text.length && !isLetter(text.charCodeAt(i))) i++;
  }
  return null;
}

function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/** The inverse actions of a question's lead verb (roots), or null when it has none known. */
export function inverseActions(question: string): ReadonlySet<string> | null {
  const v = leadVerb(question);
  if (!v || v.length < 3) return null;
  const out = new Set(INVERSES.get(v) ?? []);
  for (const r of oppositeRoots([v]).keys()) out.add(r);
  return out.size ? out : null;
}

/** Whether a summary's lead verb is one of `inverse` (inverseActions never holds the question's own verb). */
export function doesTheOpposite(summary: string, inverse: ReadonlySet<string>): boolean {
  const v = leadVerb(summary);
  return v !== null && inverse.has(v);
}
