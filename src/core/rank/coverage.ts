import { hasWordStarting } from './sorted-words.js';
import type { QueryShape } from './query-shape.js';
import { matchText, stem } from './words.js';

/**
 * Coverage: the share of a query's words an item's text mentions, weighted by rarity (IDF), a
 * word's synonyms counting as the word, its related words (learned vectors) for part of it, and
 * its module's own doc for a little. Matched by stem at the start of a word.
 */

/** How much a related word counts for the query word it stands in for (times its similarity). */
const RELATED_CREDIT = 0.4;
/**
 * How much a synonym (synonyms.ts) counts for the query word it stands in for: as much as the
 * word, since the list holds only the docs' terms for the same thing. Measured against 0.8 with
 * the list's third batch: C-implemented Python answers 0.760 → 0.781, Debian's 0.699 → 0.718,
 * Debian's tuning 0.544 → 0.546, held-out 0.574 → 0.573, the rest unchanged (0.7 lost C++ 0.014).
 */
const SYNONYM_CREDIT = 1;

/** Per query word, its stem (matched at the start of a word, so `delay` matches `delays`), its weight, and its related words' stems. */
interface Matcher {
  stem: string;
  weight: number;
  related: { stem: string; sim: number }[];
  /** Stems of the words that mean the same. */
  synonyms: string[];
  /** Acronyms that stand for this word among others (found as whole words, they cover it fully). */
  acronyms: string[];
}

/** The query's matchers, and the distinct stems they look for. */
export interface Matchers {
  list: Matcher[];
  /** Every stem a text is searched for: the words', their synonyms' and their related words'. */
  stems: string[];
  /** The acronyms as whole words (`crc` in "crc-32" and "crc32", not in "crcs" or "accrue"). */
  acronymScan: RegExp | null;
}

export function matchers(shape: QueryShape): Matchers {
  const list: Matcher[] = [];
  for (const w of shape.words) {
    const weight = shape.idf.get(w) ?? 0;
    if (weight <= 0) continue;
    const acronyms = (shape.acronyms ?? []).filter((a) => a.words.includes(w)).map((a) => a.acronym);
    list.push({ stem: stem(w), weight, related: (shape.related?.get(w) ?? []).map((r) => ({ stem: stem(r.word), sim: r.sim })), synonyms: (shape.synonyms?.get(w) ?? []).map(stem), acronyms });
  }
  const acronyms = [...new Set(list.flatMap((m) => m.acronyms))];
  // A whole word: `crc` in "crc-32" and `crc32`, not in `crcs`; `re` not in "re-raise".
  const acronymScan = acronyms.length ? new RegExp(`(?<![a-z0-9])(?:${acronyms.join('|')})(?![a-z]|-[a-z])`, 'g') : null;
  const stems = [...new Set(list.flatMap((m) => [m.stem, ...m.synonyms, ...m.related.map((r) => r.stem)]))].filter(Boolean);
  return { list, stems, acronymScan };
}

/** a–z, 0–9: what continues a word of a prepared (lower-cased) text. */
function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
}

/**
 * The stems of `ms` that start a word of the (prepared) text `t`. Each stem is looked for with
 * indexOf, a match inside a word (`set` in "reset") passed over. This was one expression with
 * every stem in an alternation, scanned once: each search compiled one for each database it
 * read (~140 µs each, a dozen databases a question in a project with packages), and the scan
 * was no faster than a dozen indexOf calls over a few hundred characters (3.3 against 2.6 µs a
 * text over 7,455 texts and stem lists recorded from the JavaScript world's questions, the
 * same stems found in every one).
 */
function stemsIn(ms: Matchers, t: string): Set<string> {
  const found = new Set<string>();
  for (const s of ms.stems) {
    for (let i = t.indexOf(s); i >= 0; i = t.indexOf(s, i + 1)) {
      if (i === 0 || !isWordChar(t.charCodeAt(i - 1))) {
        found.add(s);
        break;
      }
    }
  }
  return found;
}

/**
 * How much a question's word counts when the item's text lacks it but its module's own doc has
 * it (a prose question): `_csv.reader` takes "comma separated" from `_csv`'s doc, `secrets.token_hex`
 * "token" from `secrets`'. Measured (bench/docs-quality): tuning questions 0.509 → 0.534,
 * held-out 0.432 → 0.444, Go 0.856 → 0.858, the rest unchanged; at 0.2 tuning 0.523 and
 * held-out unchanged, at 0.5 0.537 and 0.441.
 */
const CONTEXT_CREDIT = 0.35;

/** A text's distinct words (as matchText splits and lower-cases them), sorted: a context a stem is looked up in by prefix. */
export function contextWords(text: string): string[] {
  return [...new Set(matchText(text).split(/[^a-z0-9]+/))].filter(Boolean).sort();
}

/**
 * A text as coverage reads it, made beforehand: `prepared` is matchText's form of it, `raw()`
 * gives it as written (asked only when the question spells an acronym). The search remembers
 * its candidates' prepared texts between questions rather than building them for each.
 */
export interface PreparedText {
  prepared: string;
  raw(): string;
}

export function coverage(shape: QueryShape, text: string | PreparedText, ms = matchers(shape), context?: readonly string[]): number {
  let total = 0;
  let got = 0;
  const prepared = typeof text === 'string' ? matchText(text) : text.prepared;
  const found = stemsIn(ms, prepared);
  // Also in the text as written: `RegExp` is `reg exp` once camelCase is split.
  const acronyms = ms.acronymScan ? new Set([...(prepared.match(ms.acronymScan) ?? []), ...((typeof text === 'string' ? text : text.raw()).toLowerCase().match(ms.acronymScan) ?? [])]) : null;
  for (const m of ms.list) {
    total += m.weight;
    if (found.has(m.stem) || (acronyms?.size && m.acronyms.some((a) => acronyms.has(a)))) got += m.weight;
    else {
      let best = 0;
      for (const r of m.related) if (r.sim > best && found.has(r.stem)) best = r.sim;
      let credit = m.synonyms.some((x) => found.has(x)) ? SYNONYM_CREDIT : RELATED_CREDIT * best;
      if (context && credit < CONTEXT_CREDIT && hasWordStarting(context, m.stem)) credit = CONTEXT_CREDIT;
      got += m.weight * credit;
    }
  }
  return total > 0 ? got / total : 0;
}
