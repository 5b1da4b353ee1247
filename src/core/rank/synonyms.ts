import { stem } from './words.js';

/**
 * The words programming docs use for what people asking in words call otherwise: "folder" where
 * the docs write directory, "tally" for count, "separate" for split. BM25 never joins them, and
 * vectors learned from the indexed docs relate words by topic, not meaning (over a Python
 * installation `separate` is nearest `simp`). A general thesaurus has the wrong senses for code
 * (WordNet: remove → withdraw, folder → brochure).
 *
 * So a small directed one for code, written from the general vocabulary of programming docs
 * (some entries after reading question sets' misses; the README says which): each line an everyday word, then the terms docs use for it in
 * the sense code means. Only that way round: a question that already uses the docs' term gains
 * nothing from the everyday one (`directory` → `folder` found mailbox folders), and a word with
 * a second sense in code is left out (`duplicate` is also "repeated", `copy` is not).
 *
 * Two terms that docs themselves use for one action go both ways: `os.remove` says "Remove a
 * file", `shutil.rmtree` "Recursively delete a directory tree", and a question may say either.
 * A word the docs use themselves is otherwise left alone even where an everyday sense exists:
 * `largest` → maximum found C++'s `max_element` but cost `heapq.nlargest` ("the n largest
 * elements") its place, and `pick` → choose put `random.choices` before `random.sample`, on a
 * question set written after this list (bench/data/docs-questions-python-fresh.json).
 *
 * What the list gives is measured per batch in the README (twenty-fourth round). Measured and
 * not taken: `ask` → prompt (prompt_toolkit's items pushed `getpass` out of "ask the user for a
 * password"), `save` → write/store (`pickle.dumps` fell out of "save an object to bytes"),
 * `text` → string (Rust +0.012, C −0.019), `list` → array (ramda −0.017).
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
remove delete
delete remove
greatest largest maximum
highest largest maximum
smallest minimum
many count number
lowest smallest minimum
closest nearest close
combine merge join
verify check validate
make create
shorten truncate
trim strip
average mean
display print show
flip reverse invert
begin start
finish complete
undo revert
watch monitor
alert warn warning
edit modify
gather collect
mistake error
letter character
sound audio
spreadsheet csv
webpage html
internet network
backwards reverse
forever infinite
endless infinite
blank empty whitespace
simultaneously concurrently parallel
contain include
flatten flat
fallback default
stay keep remain
route path
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

/**
 * Everyday phrases whose words say together what one docs term says: "whole number" is an
 * integer, though neither word alone is. Each line: the phrase (words joined by `_`), then the
 * terms. Written like the words above, from the general vocabulary of programming docs.
 * Measured (bench/docs-quality): Python tuning 0.580 → 0.589 ("put the items of a list in random
 * order": `random.shuffle`), every other set unchanged. `first time` and `one time` → once
 * (thirtieth round, written after lodash's "only invoke a function the first time it is
 * called" put `_.once` fourth): lodash 0.946 → 0.952 (third), every other set unchanged.
 */
const PHRASES = `
whole_number integer int
add_up sum
random_order shuffle
in_common intersection
upper_case uppercase upper
lower_case lowercase lower
white_space whitespace
line_break newline
new_line newline
time_zone timezone
shut_down shutdown
break_up split
turn_into convert
look_up find lookup
find_out determine
web_address url
user_name username
middle_value median
make_sure ensure
set_up setup configure
clean_up cleanup
sign_in login
log_out logout
line_by_line readline lines
time_stamp timestamp
file_name filename
leave_out omit exclude
loop_over iterate
go_through iterate
priority_queue heap
first_time once
one_time once
`;

/** Each phrase as the stems of its words, with its terms. */
const PHRASE_LIST = PHRASES.trim().split('\n').map((line) => {
  const [phrase, ...terms] = line.trim().split(/\s+/);
  return { stems: phrase!.split('_').map(stem), terms };
});

/**
 * The docs' terms for the phrases a question's words make, per word of the phrase: `words` in
 * the question's order, stop words included (they may be part of a phrase). Every word of
 * "whole number" stands for `integer`, so an item that says integer covers both.
 */
export function phraseSynonyms(words: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const stems = words.map(stem);
  for (const { stems: p, terms } of PHRASE_LIST) {
    for (let i = 0; i + p.length <= stems.length; i++) {
      if (!p.every((s, k) => stems[i + k] === s)) continue;
      for (let k = 0; k < p.length; k++) {
        const w = words[i + k]!.toLowerCase();
        out.set(w, [...new Set([...(out.get(w) ?? []), ...terms])]);
      }
    }
  }
  return out;
}
