import { memoized } from '../memo.js';
import { splitIdentifier } from './words.js';

/**
 * The words that identifiers abbreviate: `strlen` is a string's length, `splitext` splits an
 * extension, `sqlite3_column_int` reads an integer, `getenv` the environment. A question in
 * words says "integer" and "extension"; BM25 and the coverage test only see `int` and `ext`.
 *
 * Each line: an abbreviation as identifiers write it, then the words it stands for. Written from
 * the general vocabulary of identifiers across C, Python, Go, Rust and JavaScript, not from any
 * question set. An abbreviation with several common meanings in code is left out (`ch`
 * channel/character/change, `dec` decimal/decrement/decode, `ns` namespace/nanoseconds, `pwd`
 * password/working directory, `mod`, `sub`, `def`, `desc`).
 */
const LIST = `
int integer
str string
len length
mem memory
alloc allocate allocation
dup duplicate
cpy copy
cp copy
cmp compare comparison
dir directory
dirs directories
cwd current working directory
env environment
ext extension
tmp temporary
temp temporary
mk make
rm remove
chr character
char character
cat concatenate
fmt format
num number
max maximum
min minimum
abs absolute
config configuration
cfg configuration
conf configuration
init initialize
info information
arg argument
args arguments
param parameter
params parameters
buf buffer
ptr pointer
err error
errs errors
msg message
addr address
attr attribute
attrs attributes
ref reference
prev previous
cur current
curr current
src source
dst destination
dest destination
exec execute
iter iterator
pos position
idx index
val value
vals values
var variable
vars variables
cnt count
sig signal
sync synchronize synchronous
async asynchronous
spec specification
stats statistics
doc document
docs documents
util utility
utils utilities
lib library
pkg package
obj object
expr expression
bool boolean
db database
hex hexadecimal
seq sequence
rand random
req request
resp response
auth authentication authorization
passwd password
admin administrator
avg average
calc calculate
cmd command
del delete
sqrt square root
pow power
exp exponential
rev reverse
mul multiply
div divide
neg negate negative
inv inverse invert
trunc truncate
ceil ceiling
repr representation
esc escape
enc encode
conv convert
cvt convert
usr user
grp group
uid user identifier
gid group identifier
pid process identifier
fd file descriptor
ctx context
cb callback
fn function
func function
proc process
evt event
cls class
dict dictionary
col column
cols columns
tbl table
arr array
vec vector
elem element
elems elements
recv receive
conn connection
sock socket
srv server
tok token
eof end file
eol end line
lang language
img image
eq equal
lt less
gt greater
sec seconds
secs seconds
ms milliseconds
usec microseconds
nsec nanoseconds
`;

/** Abbreviation → the words it stands for. */
const EXPANSIONS = new Map<string, readonly string[]>();
for (const line of LIST.trim().split('\n')) {
  const [abbr, ...words] = line.trim().split(/\s+/);
  EXPANSIONS.set(abbr!, words);
}

/**
 * Words that stand on their own in a run-together identifier (`listdir`, `getenv`, `isdir`,
 * `rmtree`): the other half of a split whose one half is an abbreviation. Kept to the verbs and
 * nouns identifiers are built of, so that a split is only taken where both halves are words
 * (`print` is not `pr` + `int`).
 */
const WORDS = new Set(
  `get set is has list split make read write open close put to from new add find load dump parse print copy move join
   path time file line word byte bytes key keys item items type name size count sort scan match fill free next last
   first all any tree walk stat link chown chmod mode map filter reduce each to at of by with raw`.split(/\s+/),
);

function known(part: string): boolean {
  return EXPANSIONS.has(part) || WORDS.has(part);
}

/**
 * The words a name's abbreviations stand for (`strlen` → string, length; `column_int` → integer;
 * `mkdir` → make, directory), in order, without repeats; none for a name without any. A
 * run-together word is split in two where both halves are known and one is an abbreviation;
 * trailing digits are ignored (`int64`, `sqlite3`).
 */
export function abbreviatedWords(name: string): readonly string[] {
  return spelled(name);
}

/** A search spells out the names of its hundred-odd candidates, mostly the same ones again. */
const spelled = memoized(50_000, spelledOut);

function spelledOut(name: string): readonly string[] {
  const out = new Set<string>();
  for (const part of splitIdentifier(name)) {
    const word = part.replace(/[0-9]+$/, '');
    const whole = EXPANSIONS.get(word);
    if (whole) {
      for (const w of whole) out.add(w);
      continue;
    }
    for (let i = 2; i <= word.length - 2; i++) {
      const a = word.slice(0, i);
      const b = word.slice(i);
      if (!known(a) || !known(b) || !(EXPANSIONS.has(a) || EXPANSIONS.has(b))) continue;
      for (const w of [...(EXPANSIONS.get(a) ?? []), ...(EXPANSIONS.get(b) ?? [])]) out.add(w);
      break;
    }
  }
  return [...out];
}
