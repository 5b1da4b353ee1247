import Database from 'better-sqlite3';

/**
 * The tokenizer of the index's full-text table (schema.ts `items_fts`): every migration that
 * makes the table gives it this, and a test holds them together.
 */
export const FTS_TOKENIZE = 'porter unicode61 remove_diacritics 2';

/** Words tokenized at most before the memo starts again. */
const KEPT = 20_000;

/**
 * The terms FTS5 makes of a word (`"Directories"` → `directori`), for looking a word up where
 * the full-text index's own terms are listed (deps/term-rows.ts). Asked of SQLite itself, through
 * an in-memory table with the same tokenizer, since a stemmer written again here could differ
 * from FTS5's Porter on some word and then count nothing for it. One table per thread, made on
 * first use; each word tokenized once (~20 µs).
 */
export class FtsTokens {
  private static shared: FtsTokens | undefined;
  private readonly memo = new Map<string, readonly string[]>();
  private readonly insert: Database.Statement;
  private readonly terms: Database.Statement;
  private readonly clear: Database.Statement;

  private constructor() {
    const db = new Database(':memory:');
    db.exec(`CREATE VIRTUAL TABLE words USING fts5(word, tokenize = '${FTS_TOKENIZE}');
      CREATE VIRTUAL TABLE word_terms USING fts5vocab(words, instance);`);
    this.insert = db.prepare(`INSERT INTO words(rowid, word) VALUES (1, ?)`);
    this.terms = db.prepare(`SELECT term FROM word_terms ORDER BY "offset"`).pluck();
    this.clear = db.prepare(`DELETE FROM words`);
  }

  /** This thread's tokenizer. */
  static get(): FtsTokens {
    return (FtsTokens.shared ??= new FtsTokens());
  }

  /** The word's terms in order (none for a word of punctuation alone). */
  of(word: string): readonly string[] {
    let got = this.memo.get(word);
    if (got) return got;
    this.insert.run(word);
    got = this.terms.all() as string[];
    this.clear.run();
    if (this.memo.size >= KEPT) this.memo.clear();
    this.memo.set(word, got);
    return got;
  }
}
