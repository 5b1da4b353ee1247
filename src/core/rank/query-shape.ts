/**
 * A search's query as the ranking reads it (score.ts blend, coverage.ts): its words with their
 * rarity and the words that stand in for them, and how a search weighs its databases' items.
 */

export interface QueryShape {
  raw: string;
  /** Weight of the root's own items for prose (OWN_WEIGHT: a standard library's, a project's). */
  ownWeight?: number;
  /** Weight of every other item for prose (STANDARD_LIBRARY_DEPENDENCY for a standard library's database read as a dependency; else 0). */
  otherWeight?: number;
  /**
   * False for a standard library's database read as a dependency: a question naming one of its
   * modules does not lift it over the project's declared packages (STANDARD_LIBRARY_DEPENDENCY).
   * Its modules are everyday words ("copy a file together with its timestamps": `copy`,
   * "random token": `random`), and its package is named after its language ("python object").
   */
  packagesNamed?: boolean;
  /**
   * How far the candidates' learned similarities (`Candidate.vec`) can be trusted, 0..1 (1 when
   * unset): vectors learned from a small vocabulary (index/vectors.ts TRUSTED_VOCABULARY). The
   * rest of their weight goes to coverage, so a small library's items keep the scale of a large
   * one's where a project's databases are ranked together.
   */
  vectorTrust?: number;
  words: string[];
  /** IDF weight per word (0 for words the index does not contain). */
  idf: Map<string, number>;
  /** True for natural-language queries (rank/words.ts isProse: two or more plain words). */
  prose: boolean;
  /** Per query word, words the indexed docs use in the same contexts (learned word vectors), with their similarity. */
  related?: Map<string, { word: string; sim: number }[]>;
  /** Acronyms the question spells out (acronyms.ts), with the query words each stands for. */
  acronyms?: readonly { acronym: string; words: readonly string[] }[];
  /** Per query word, the words of the index that mean the same (synonyms.ts). */
  synonyms?: ReadonlyMap<string, readonly string[]>;
}
