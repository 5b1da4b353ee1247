import Database from 'better-sqlite3';

/**
 * The tokenizer of the index's full-text table (schema.ts `items_fts`): every migration that
 * makes the table gives it this, and a test holds them together.
 */
export const FTS_TOKENIZE = 'porter unicode61 remove_diacritics 2';

/** Words tokenized at most before the memo starts again. */
const KEPT = 20_000;

/**
 * The terms FTS5 makes of words (`"Directories"` → `directori`), for looking them up where the
 * full-text index's own terms are listed (term-vocabulary.ts). Asked of SQLite itself, through
 * an in-memory table with the same tokenizer, since a stemmer written again here could differ
 * from FTS5's Porter on some word and then count nothing for it. A question's new words go in
 * together, as rows of one transaction read back at once (~35 µs a question; one at a time
 * ~45 µs a word). One table per thread, made on first use.
 */
export class FtsTokens {
  private static shared: FtsTokens | undefined;
  private readonly memo = new Map<string, readonly string[]>();
  private readonly tokenize: (words: readonly string[]) => [number, string][];

  private constructor() {
    const db = new Database(':memory:');
    db.exec(`CREATE VIRTUAL TABLE words USING fts5(word, content = '', tokenize = '${FTS_TOKENIZE}');
      CREATE VIRTUAL TABLE word_terms USING fts5vocab(words, instance);`);
    const insert = db.prepare(`INSERT INTO words(rowid, word) VALUES (?, ?)`);
    const terms = db.prepare(`SELECT doc, term FROM word_terms ORDER BY doc, "offset"`).raw();
    const clear = db.prepare(`INSERT INTO words(words) VALUES ('delete-all')`);
    this.tokenize = db.transaction((words: readonly string[]) => {
      words.forEach((w, i) => insert.run(i + 1, w));
      const got = terms.all() as [number, string][];
      clear.run();
      return got;
    });
  }

  /** This thread's tokenizer. */
  static get(): FtsTokens {
    return (FtsTokens.shared ??= new FtsTokens());
  }

  /** Each word's terms in order (none for a word of punctuation alone). */
  ofAll(words: readonly string[]): (readonly string[])[] {
    const fresh = [...new Set(words.filter((w) => !this.memo.has(w)))];
    if (fresh.length) {
      if (this.memo.size + fresh.length > KEPT) this.memo.clear();
      const found: string[][] = fresh.map(() => []);
      for (const [row, term] of this.tokenize(fresh)) found[row - 1]!.push(term);
      fresh.forEach((w, i) => this.memo.set(w, found[i]!));
    }
    // A memo emptied just now still holds this call's words.
    return words.map((w) => this.memo.get(w) ?? this.tokenize([w]).map(([, t]) => t));
  }

  of(word: string): readonly string[] {
    return this.ofAll([word])[0]!;
  }
}
