import { STOP_WORDS, stem } from './words.js';

/**
 * Acronyms a question spells out. People asking in words write "cyclic redundancy check" or
 * "comma separated values" where the docs write CRC and CSV, and no stemming or learned vector
 * joins the two. A run of the question's words stands for an acronym when:
 * - it is one of the standard expansions below (general computing vocabulary, written from
 *   usage, not from any question set), or
 * - its initials are a word of the index that some item writes beside that very phrase (the
 *   docs define it: "greatest common divisor (gcd)"). Initials alone would be noise: over a
 *   Python installation "times each element" → `tee` and "send email through" → `set` are
 *   words of the index too, but no doc writes either beside its phrase.
 * The search then looks for the acronym, and an item that has it (as a whole word) covers the
 * run's words.
 */

/**
 * Standard acronyms with their usual expansions (one line each; words as written, any case), and
 * likewise blends ("double ended queue" is a deque): the docs write the term. The one-word terms
 * for everyday phrases ("random order" is a shuffle) are synonyms (synonyms.ts).
 */
const KNOWN = `
api application programming interface
ascii american standard code for information interchange
ast abstract syntax tree
bfs breadth first search
cli command line interface
cpu central processing unit
crc cyclic redundancy check
csv comma separated values
csv comma separated
cwd current working directory
deque double ended queue
dfs depth first search
dns domain name system
dst daylight saving time
eof end of file
fd file descriptor
fifo first in first out
ftp file transfer protocol
gc garbage collection
gc garbage collector
gcd greatest common divisor
gid group id
gil global interpreter lock
gmt greenwich mean time
gui graphical user interface
hmac hash based message authentication code
html hypertext markup language
http hypertext transfer protocol
imap internet message access protocol
io input output
ip internet protocol
ipc inter process communication
json javascript object notation
lcm least common multiple
lifo last in first out
lru least recently used
mime multipurpose internet mail extensions
mro method resolution order
nan not a number
os operating system
pid process id
pid process identifier
pty pseudo terminal
re regular expression
regex regular expression
regexp regular expression
repl read eval print loop
rng random number generator
rpc remote procedure call
sha secure hash algorithm
smtp simple mail transfer protocol
sql structured query language
ssh secure shell
ssl secure sockets layer
stderr standard error
stdin standard input
stdout standard output
tcp transmission control protocol
tls transport layer security
tsv tab separated values
tsv tab separated
ttl time to live
tty teletypewriter
udp user datagram protocol
ui user interface
uid user id
ulp unit in the last place
uri uniform resource identifier
url uniform resource locator
utc coordinated universal time
utf unicode transformation format
uuid universally unique identifier
xml extensible markup language
`
  .trim()
  .split('\n')
  .map((line) => {
    const [acronym, ...words] = line.split(' ');
    return { acronym: acronym!, stems: words.map(stem) };
  });

/** An acronym a run of the question's words may stand for. */
export interface SpelledAcronym {
  acronym: string;
  /** The run's words as the question writes them (lower case). */
  words: string[];
  /** The run is a standard expansion (KNOWN); otherwise its initials, to be confirmed by the index. */
  known: boolean;
}

/** Learned runs: three or four content words (two-letter initials are too often something else). */
const MIN_RUN = 3;
const MAX_RUN = 4;

/** The runs of a question that may stand for an acronym, standard expansions first. */
export function spelledAcronyms(query: string): SpelledAcronym[] {
  const tokens = query.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  const stems = tokens.map(stem);
  const out: SpelledAcronym[] = [];
  const seen = new Set<string>();
  const add = (a: SpelledAcronym) => {
    if (seen.has(a.acronym) || tokens.includes(a.acronym)) return;
    seen.add(a.acronym);
    out.push(a);
  };
  for (const k of KNOWN) {
    for (let i = 0; i + k.stems.length <= stems.length; i++) {
      if (k.stems.every((s, j) => stems[i + j] === s)) add({ acronym: k.acronym, words: tokens.slice(i, i + k.stems.length), known: true });
    }
  }
  for (let i = 0; i < tokens.length; i++) {
    for (let n = MIN_RUN; n <= MAX_RUN && i + n <= tokens.length; n++) {
      const run = tokens.slice(i, i + n);
      if (!run.every((w) => /^[a-z]{2,}$/.test(w) && !STOP_WORDS.has(w))) break;
      add({ acronym: run.map((w) => w[0]).join(''), words: run, known: false });
    }
  }
  return out;
}
