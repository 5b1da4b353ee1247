import { stem } from './words.js';

/**
 * The words programming docs use for what people asking in words call otherwise: "folder" where
 * the docs write directory, "tally" for count, "separate" for split. BM25 never joins them, and
 * vectors learned from the indexed docs relate words by topic, not meaning (over a Python
 * installation `separate` is nearest `simp`). A general thesaurus has the wrong senses for code
 * (WordNet: remove → withdraw, folder → brochure).
 *
 * So a small directed one for code, written from the general vocabulary of programming docs
 * (not from any question set): each line an everyday word, then the terms docs use for it in
 * the sense code means. Only that way round: a question that already uses the docs' term gains
 * nothing from the everyday one (`directory` → `folder` found mailbox folders), and a word with
 * a second sense in code is left out (`duplicate` is also "repeated", `copy` is not).
 */
const EXPANSIONS = `
folder directory
subfolder subdirectory
tally count
separate split
erase delete
wipe delete clear
substitute replace
dedupe unique distinct
deduplicate unique distinct
readably pretty
readable pretty
launch start
halt stop
quit exit
scratch temporary
settings configuration config
preferences configuration settings
download fetch retrieve
email mail
rid delete remove
nuke delete
ditch discard
jumble shuffle
scramble shuffle
biggest largest maximum
capital uppercase upper
picture image
photo image
grab fetch get
unzip extract decompress
untar extract
glue join concatenate
chop split
app application
`;

/** An everyday word's stem → the docs' terms for it (one line per stem: `folders` is `folder`). */
const BY_STEM = new Map<string, string[]>();
for (const line of EXPANSIONS.trim().split('\n')) {
  const [word, ...terms] = line.trim().split(/\s+/);
  BY_STEM.set(stem(word!), terms);
}

/** The terms programming docs use for what `word` says in everyday words, or none. */
export function synonymsOf(word: string): readonly string[] {
  return BY_STEM.get(stem(word)) ?? [];
}
