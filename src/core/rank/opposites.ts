/**
 * Names that say the opposite of a question's verb: `DecodeString` for "hexadecimal encoding of
 * bytes", `unescape` for "escape a string for a uri", `Unmarshal` for "marshal". Their docs share
 * the question's words ("the hexadecimal string", "escape sequences"), so lexical matching and
 * vectors learned from the docs (which relate antonyms as much as synonyms) cannot tell them
 * apart; the negating prefix of the name can. Pure functions over words.
 */

import { splitIdentifier } from './words.js';

/** A word's root, so that forms compare: encode, encoding, encoded, encoder → encod. */
export function wordRoot(w: string): string {
  return w.replace(/(ings?|ed|ers?|es|s)$/, '').replace(/e$/, '');
}

/** The roots that negate one of `words`' roots (un-, de-, dis-; en- ↔ de-/dis-), and back: opposite → the question's root. */
export function oppositeRoots(words: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const add = (opposite: string, r: string) => {
    if (opposite !== r && !out.has(opposite)) out.set(opposite, r);
  };
  for (const w of words) {
    const r = wordRoot(w.toLowerCase());
    if (r.length >= 3) add(`un${r}`, r);
    if (r.length >= 5) {
      add(`de${r}`, r);
      add(`dis${r}`, r);
    }
    if (r.startsWith('en') && r.length >= 5) {
      add(`de${r.slice(2)}`, r);
      add(`dis${r.slice(2)}`, r);
    }
    if (r.startsWith('de') && r.length >= 7) {
      add(`en${r.slice(2)}`, r);
      add(r.slice(2), r);
    }
    if (r.startsWith('un') && r.length >= 5) add(r.slice(2), r);
    if (r.startsWith('dis') && r.length >= 7) {
      add(`en${r.slice(3)}`, r);
      add(r.slice(3), r);
    }
  }
  return out;
}

/** Whether a name (its words) says the opposite of one of the question's words, and not that word too (`EncodeDecode`). */
export function namesOpposite(nameWords: readonly string[], opposites: ReadonlyMap<string, string>): boolean {
  const roots = nameWords.map(wordRoot);
  return roots.some((r) => {
    const positive = opposites.get(r);
    return positive !== undefined && !roots.includes(positive);
  });
}

/**
 * A name's words for `namesOpposite`: its identifier words, split where letters and digits meet
 * as well, since a codec's name often leads with its format (`b64decode` is b, 64, decode: the
 * opposite of "base64 encode bytes", which ranked it first).
 */
export function oppositeNameWords(name: string): string[] {
  return splitIdentifier(name).flatMap((w) => w.split(/(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])/));
}
