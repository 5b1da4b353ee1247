import type { Statement } from 'better-sqlite3';
import { ftsQuote } from './fts-quote.js';
import { STOP_WORDS } from '../rank/words.js';

/**
 * How many rows of the full-text index have a word: capped (`docFreq`, every search's word
 * weights and plans) or exact (`rowsWith`, asked only of very common words), how a word no
 * row has splits into two (`splitAbsentCompounds`), and whether a word stands beside a phrase
 * (`besidePhrase`). All are remembered until the index is
 * written (the search clears them then): a word searched before any item had it stays counted
 * as absent until then.
 */
export class WordCounts {
  private readonly capped = new Map<string, number>();
  private readonly exact = new Map<string, number>();
  private readonly splits = new Map<string, readonly string[] | null>();
  private readonly beside = new Map<string, boolean>();

  constructor(
    private readonly prep: (sql: string) => Statement,
    private readonly cap: number,
    /** A single word's rows from the database's whole vocabulary, when it holds (term-vocabulary.ts); undefined: count it. */
    private readonly known: (word: string) => number | undefined = () => undefined,
  ) {}

  /** Rows that have `word`, counted up to the cap: beyond it a word is "very common" and the exact figure does not matter. */
  docFreq(word: string): number {
    let n = this.capped.get(word);
    if (n === undefined) {
      const whole = this.known(word);
      n = whole === undefined ? this.upToCap(ftsQuote(word)) : Math.min(whole, this.cap);
      if (this.capped.size > 20_000) this.capped.clear();
      this.capped.set(word, n);
    }
    return n;
  }

  /** Every row that has `word`, uncapped. */
  rowsWith(word: string): number {
    let n = this.exact.get(word);
    if (n === undefined) {
      n = this.prep(`SELECT COUNT(*) FROM items_fts WHERE items_fts MATCH ?`).pluck().get(ftsQuote(word)) as number;
      if (this.exact.size > 5_000) this.exact.clear();
      this.exact.set(word, n);
    }
    return n;
  }

  /**
   * A query's words with each one no row has, written as one word where the docs write two
   * (`whitespace` for "white space", `filesystem` for "file system"), split as the docs write
   * it: the split whose two words (three letters or more) stand together in most rows. A word
   * some row has stays as it is, so this costs only the words that would find nothing.
   */
  splitAbsentCompounds(words: readonly string[]): string[] {
    const out: string[] = [];
    for (const w of words) {
      const parts = w.length >= 6 && /^[a-z]+$/.test(w) && this.docFreq(w) === 0 ? this.compoundParts(w) : null;
      // A half that is a stop word (`forloop` → for, loop) is no word to look for, as in queryWords.
      if (parts) out.push(...parts.filter((p) => !STOP_WORDS.has(p) && !out.includes(p) && !words.includes(p)));
      else out.push(w);
    }
    return out;
  }

  private compoundParts(word: string): readonly string[] | null {
    let parts = this.splits.get(word);
    if (parts === undefined) {
      parts = null;
      let best = 0;
      for (let i = 3; i <= word.length - 3; i++) {
        const a = word.slice(0, i);
        const b = word.slice(i);
        // Both halves must be words of the index before their phrase is worth asking for.
        if (this.docFreq(a) === 0 || this.docFreq(b) === 0) continue;
        const n = this.upToCap(`"${a} ${b}"`);
        if (n > best) {
          best = n;
          parts = [a, b];
        }
      }
      if (this.splits.size > 5_000) this.splits.clear();
      this.splits.set(word, parts);
    }
    return parts;
  }

  /** Whether some row has `word` and the phrase `words` both: the docs write the one beside the other (an acronym beside its expansion). */
  besidePhrase(word: string, words: readonly string[]): boolean {
    const expr = `${ftsQuote(word)} AND "${words.join(' ')}"`;
    let got = this.beside.get(expr);
    if (got === undefined) {
      got = this.prep(`SELECT 1 FROM items_fts WHERE items_fts MATCH ? LIMIT 1`).pluck().get(expr) !== undefined;
      if (this.beside.size > 5_000) this.beside.clear();
      this.beside.set(expr, got);
    }
    return got;
  }

  /** Rows matching an FTS5 expression, counted up to the cap. */
  private upToCap(expr: string): number {
    return this.prep(`SELECT COUNT(*) FROM (SELECT 1 FROM items_fts WHERE items_fts MATCH ? LIMIT ${this.cap})`).pluck().get(expr) as number;
  }

  clear(): void {
    this.capped.clear();
    this.exact.clear();
    this.splits.clear();
    this.beside.clear();
  }
}

