import type { Statement } from 'better-sqlite3';
import { ftsQuote } from './fts-quote.js';

/**
 * How many rows of the full-text index have a word: capped (`docFreq`, every search's word
 * weights and plans) or exact (`rowsWith`, asked only of very common words). Both are
 * remembered until the index is written (the search clears them then): a word searched
 * before any item had it stays counted as absent until then.
 */
export class WordCounts {
  private readonly capped = new Map<string, number>();
  private readonly exact = new Map<string, number>();

  constructor(private readonly prep: (sql: string) => Statement, private readonly cap: number) {}

  /** Rows that have `word`, counted up to the cap: beyond it a word is "very common" and the exact figure does not matter. */
  docFreq(word: string): number {
    let n = this.capped.get(word);
    if (n === undefined) {
      n = this.prep(`SELECT COUNT(*) FROM (SELECT 1 FROM items_fts WHERE items_fts MATCH ? LIMIT ${this.cap})`).pluck().get(ftsQuote(word)) as number;
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

  clear(): void {
    this.capped.clear();
    this.exact.clear();
  }
}

