import { coverage, matchers, type PreparedText } from './coverage.js';
import { nameQuery, nameScore } from './name-score.js';
import { pathPrior } from './path-prior.js';
import type { QueryShape } from './query-shape.js';
import { namesOpposite, oppositeNameWords, oppositeRoots } from './opposites.js';
import { directionMatch, directionOf } from './direction.js';
import { namesModule, packageNamer } from './module-named.js';
import { questionStems, summaryPrecision } from './summary-precision.js';
import { doesTheOpposite, inverseActions } from './lead-verb.js';

/**
 * Blending the signals that decide a docs_search ranking:
 * - BM25 over the FTS5 columns (computed by SQLite, normalised here to 0..1 within the result);
 * - coverage: the share of the query's words the item mentions anywhere (name, signature,
 *   summary, doc), weighted by rarity (IDF), so that "delay a function until input stops"
 *   prefers the item that talks about delaying, functions *and* waiting until something stops
 *   over one that merely has `delay` as its name;
 * - name matching: exact, prefix and identifier-word matches of the query against the name
 *   and qualified id, which dominate for identifier-like queries (`debounce`, `parseConfig`).
 */

export interface Candidate {
  id: string;
  name: string;
  /** -bm25 (higher is better). */
  bm: number;
  /** Text used for the coverage check (after the name and id), or the whole of it prepared (coverage.ts PreparedText). */
  text: string | PreparedText;
  /** The words of what the item's module says of itself (contextWords of its doc's start): a question's words found only there count for less. */
  context?: readonly string[];
  hasDoc: boolean;
  visibility: string;
  deprecated: boolean;
  kind: string;
  /** The path users write for it (a package re-export), when not its defining id. */
  publicId?: string;
  /** Its file, relative to the root (for the vendored/test path prior). */
  file?: string;
  /** 0..1: how much other code in the index imports its module (index/popularity.ts). */
  popularity?: number;
  /** 0..1: how many files use the item itself (index/usage.ts). */
  usage?: number;
  /** True for the root's own code (no installed package): a Python installation's standard library, a project's sources. */
  own?: boolean;
  /** The installed package an item that is not the root's own comes from, as installed (`PyYAML`). */
  package?: string | null;
  /**
   * Private by its language's rules though the parser saw it public, as a `_name` segment is in
   * Python: a Rust item under a module nothing makes public (`std::sys::…`;
   * index/rust-modules.ts), a C or C++ name reserved to the implementation (reservedName).
   */
  hidden?: boolean;
  /** A method or property whose class is a candidate too. */
  memberOfCandidate?: boolean;
  /** Its one-line summary (for the direction of a conversion it describes: rank/direction.ts). */
  summary?: string;
  /** The query spells its path as names (`json loads`, `Array.from`): see memberPath. */
  pathNamed?: boolean;
  /** Cosine between the question's and the item's learned word vectors (prose questions only). */
  vec?: number;
  /** A configured sentence-embedding model's cosine between the question and the item, on the learned vectors' scale (onScaleOf). */
  sem?: number;
}

/**
 * How much a sentence-embedding model's similarity counts, beside the learned vectors' (which it
 * joins rather than replaces). Measured with the one pretrained model this machine can install
 * (Universal Sentence Encoder lite; bench/docs-quality.bench.mjs --embeddings use), against no
 * model: held-out Python questions 0.431 → 0.465, tuning 0.509 → 0.521, C-implemented answers
 * 0.591 → 0.624, short queries 0.817 → 0.807; at 0.25 held-out 0.445 and tuning 0.491, and in
 * place of the learned cosine (the previous rule) 0.395 and 0.501. Configurable
 * (docs.embeddings.weight): a stronger model may deserve more.
 */
export const SEMANTIC_WEIGHT = 0.1;

/** Weight of the popularity prior (measured on bench/docs-quality: 0.15 helps Go and Python, 0.3 hurts Python). */
const POPULARITY = 0.15;
/**
 * Prose questions weigh the signals differently from identifier queries: the learned-vector
 * similarity counts, normalised BM25 hardly (over long docstrings it rewards whichever doc
 * repeats the question's common words, and values from different FTS expressions are not
 * comparable), the priors (path, popularity) more, since at the scale of a whole installation
 * many deep, private or little-used items share a question's words; a module answers a task
 * in words only by name. Fitted on bench/docs-quality's tuning questions (coordinate ascent,
 * other languages held at their previous figures), checked on its held-out questions.
 * Module popularity 0.25 → 0.1 once the item-level usage prior existed and other Python worlds
 * were measured: held-out 0.457 → 0.501 here, 0.381 → 0.446 over Debian's standard library
 * alone, 0.359 → 0.461 over this one's without site-packages; tuning −0.007 / +0.017 / +0.033,
 * C-implemented −0.019 / +0.006 / −0.002, Go +0.011, the JavaScript, TypeScript and C sets
 * unchanged (0.05 gave held-out more and C-implemented and short queries less).
 */
const PROSE = { bm: 0.05, cov: 0.65, name: 0.25, vec: 0.5, path: 1.8, popularity: 0.1, module: 0.5, member: 0.1, usage: 0.4 };
/** Weight of the usage prior for identifier queries: it orders same-named items (`dumps`: `json.dumps` first). */
const USAGE = 0.1;
/** Bonus for an item whose path the query spells (`json loads`; measured on bench/data/docs-questions-short.json: 0.2 over 0.3 and 0.5). */
const PATH_NAMED = 0.2;
/**
 * Bonus, in a question in words, for an item of the top-level module or package the question
 * names (`gzip.compress` for "compress bytes with gzip in memory", `html.escape` for "make text
 * safe to put inside html"). Measured (bench/docs-quality):
 * Python tuning 0.580 → 0.588, held-out unchanged, C-implemented 0.736 → 0.750, C headers
 * 0.394 → 0.397, every other set unchanged; through a project with five packages 0.388 → 0.395,
 * 0.466 → 0.475, 0.655 → 0.670. At 0.2 held-out 0.603 and C 0.421 but tuning 0.577: a module
 * named by an everyday word the question uses otherwise (`copy` for "copy a file together with
 * its timestamps", `queue` for "a priority queue kept as a list") took their places.
 */
const NAMED_MODULE = 0.1;
/** Bonus for an item named exactly as an identifier query is written, case included. */
const EXACT_NAME = 0.1;
/**
 * Weight of the root's own code over installed packages for prose; identifier queries only
 * break ties that way. A project's own helpers come a little before its dependencies'. A
 * language's standard library comes well before the packages installed beside it (CPython's
 * `Lib` over its site-packages): it is the API every user of that interpreter has, and a third-
 * party item that shares a question's words is rarely what was meant. 0.05 → 0.22 for the
 * standard library: Python held-out 0.525 → 0.560, C-implemented 0.617 → 0.677, short 0.836 →
 * 0.844; the tuning set 0.573 → 0.562, whose answers in site-packages (`requests.get`,
 * `pygments.highlight`, `sortedcontainers.SortedList`) drop a few places below standard-
 * library items that share their words (0.12: 0.560 / 0.549 / 0.652; 0.3: 0.558 / 0.559 /
 * 0.691). A package the question names (module-named.ts packageNamer: `yaml`, `requests` for
 * "request", `jsonschema` for "json schema") takes the standard library's weight: Python tuning
 * 0.635 → 0.652, held-out 0.573 → 0.593, every other set unchanged (twenty-seventh round).
 */
export const OWN_WEIGHT = { project: 0.05, standardLibrary: 0.22 } as const;
/**
 * For a question in words, a language's standard library read as a project's dependency
 * (Python's, JavaScript's, Go's, Rust's) counts this much below the packages the project
 * declares: those it chose say more about what its code means (`_.uniq` over
 * `Intl.Locale.getCalendars` for "merge arrays into one list of unique values"). Measured
 * through projects (bench/docs-project.bench.mjs and one-library npm projects): lodash's
 * questions with JavaScript's library beside lodash 0.848 → 0.889 (0.946 without it), held-out
 * 0.616 → 0.643, underscore 0.653 → 0.705, async 0.668 → 0.694; a Python project with five
 * packages +0.002 / +0.002 / −0.001. At 0.2 the JavaScript sets gain more (lodash 0.946) but
 * the Python project's C-implemented answers lose 0.03. With index/collection-stats.ts's word
 * counts as well it is still needed: at 0 lodash 0.911, underscore 0.652, async 0.708, against
 * 0.946, 0.699, 0.738. A root that is a standard library is not a dependency:
 * OWN_WEIGHT.standardLibrary.
 */
export const STANDARD_LIBRARY_DEPENDENCY = -0.1;
/**
 * An item deprecated, itself or by the module or package it is in (deprecated-modules.ts).
 * 0.04 → 0.08 with whole-module deprecation: Python held-out +0.001 (distutils' `mkpath`,
 * `find_executable` below `os.makedirs`, `shutil.which`), nothing else moved; 0.15 the same.
 */
const DEPRECATED = 0.08;
/**
 * For or against an item whose summary converts the way a question asks, or the other way
 * (rank/direction.ts). 0.05: Python tuning 0.577 → 0.579, async 0.738 → 0.763, lodash held-out
 * −0.001, Rust −0.001; 0.1: C headers +0.024 but ramda −0.003, Rust −0.004, async unchanged;
 * 0.2: tuning 0.590, held-out 0.561 → 0.535.
 */
const DIRECTION = 0.05;
/**
 * Weight, for a question in words, of how much of an item's summary is the question
 * (summary-precision.ts). Measured (in process, every root set; twenty-seventh round): 0.1,
 * 0.15, 0.2, 0.3 gave the tuning sets' mean 0.727 → 0.734 / 0.735 / 0.737 / 0.731 and the
 * held-out sets' 0.659 → 0.666 / 0.667 / 0.666 / 0.664. At 0.1: C-implemented Python 0.781 →
 * 0.817, held-out 0.593 → 0.605, Go 0.859 → 0.878, ramda 0.502 → 0.545, Rust 0.551 → 0.564,
 * short Python queries 0.846 → 0.838, async 0.763 → 0.748. At 0.15 the roots gain a little more,
 * but through one-package projects (docs-project) lodash falls 0.946 → 0.911 and their mean
 * 0.701 → 0.697 (at 0.1: 0.701, lodash unchanged): a sibling with a shorter summary passes the
 * answer when both miss the same words (`_.without` over `_.uniq` for "array without duplicate
 * values"). With coverage as a factor (0.2 × coverage × precision): the same roots, projects 0.700.
 */
const SUMMARY_PRECISION = 0.1;



/**
 * What a name that negates the question's verb costs in a question in words (opposites.ts):
 * `DecodeString` for "hexadecimal encoding of bytes as a string", `unescape` for "escape a
 * string for use as part of a uri". Measured (bench/docs-quality): Go 0.853 → 0.872, TypeScript
 * 0.552 → 0.556, Python tuning 0.538 → 0.539, every other set unchanged; 0.2 gave the same.
 */
const OPPOSITE_NAME = 0.1;
/**
 * What a summary that does the inverse of the question's lead verb costs (lead-verb.ts:
 * `json.loads`, "Deserialize …", for "serialize a python object to a bytes string";
 * `RawConfigParser.write` for "read settings from an ini file"). Measured (every root set,
 * in process): 0.2 and 0.4 the same, Python C-implemented 0.788 → 0.793, nothing else moved.
 * `create` against `remove` was measured and left out: it sent `tempfile.TemporaryDirectory`
 * ("Create and return a temporary directory") below `os.rmdir` for "remove a directory and
 * everything under it", but lodash's summaries create what they return ("Creates an array
 * with all falsey values removed": `_.compact`), which fell 1st → 3rd at 0.5.
 */
const OPPOSITE_ACTION = 0.2;


export interface Scored {
  index: number;
  score: number;
}

/**
 * Each candidate's score. BM25 counts relative to the best candidate's (`maxBm`: by default the
 * best of these; a caller scoring a few more candidates later passes the first set's).
 */
export function blend(shape: QueryShape, cands: readonly Candidate[], semanticWeight = SEMANTIC_WEIGHT, maxBm = Math.max(1e-9, ...cands.map((c) => c.bm))): Scored[] {
  const ms = matchers(shape);
  const nq = nameQuery(shape.raw);
  const opposites = shape.prose ? oppositeRoots(shape.words) : null;
  // One scan of each name for any opposite root first: most names have none, and splitting every candidate's name cost ~5% of a search.
  const oppositeScan = opposites?.size ? new RegExp([...opposites.keys()].map((r) => r.replace(/[^a-z0-9]/g, '')).filter(Boolean).join('|')) : null;
  const asked = shape.prose ? directionOf(shape.raw) : null;
  const inverse = shape.prose ? inverseActions(shape.raw) : null;
  const stems = shape.prose ? questionStems(shape.words, shape.synonyms) : null;
  const trust = shape.vectorTrust ?? 1;
  const words = shape.prose ? new Set(shape.words) : null;
  const namesPackage = words && shape.packagesNamed !== false ? packageNamer(words, shape.raw) : null;
  return cands.map((c, index) => {
    const bm = c.bm / maxBm;
    const cov = coverage(shape, typeof c.text === 'string' ? `${c.name} ${c.id} ${c.text}` : c.text, ms, shape.prose ? c.context : undefined);
    // A member the query names by path (`json loads`, `Array.from` → `ArrayConstructor.from`) is named as well as by its id.
    const nm = Math.max(nameScore(nq, c.name, c.id), c.publicId && c.publicId !== c.id ? nameScore(nq, c.name, c.publicId) : 0, c.pathNamed ? 0.95 : 0);
    let score = shape.prose ? PROSE.bm * bm + PROSE.cov * cov + PROSE.name * nm : 0.3 * bm + 0.25 * cov + 0.6 * nm;
    if (stems && c.summary) score += SUMMARY_PRECISION * summaryPrecision(stems, c.summary);
    if (shape.prose && c.vec !== undefined) score += PROSE.vec * Math.max(0, trust * c.vec + (1 - trust) * cov);
    if (shape.prose && c.sem !== undefined) score += semanticWeight * Math.max(0, c.sem);
    if (c.hasDoc) score += 0.08;
    if (c.visibility !== 'public') score -= 0.06;
    if (c.deprecated) score -= DEPRECATED;
    if (c.kind === 'example') score -= 0.1;
    if (inverse && c.summary && doesTheOpposite(c.summary, inverse)) score -= OPPOSITE_ACTION;
    if (oppositeScan?.test(c.name.toLowerCase()) && namesOpposite(oppositeNameWords(c.name), opposites!)) score -= OPPOSITE_NAME;
    // A question in words asks for something to call or use; a module answers it only by name
    // (`collections abc` spells the module's path: that is asking for it by name).
    if (shape.prose && c.kind === 'module' && !c.pathNamed) score -= PROSE.module;
    // A question in words that a class and its own methods all answer describes the class.
    if (shape.prose && c.memberOfCandidate) score -= PROSE.member;
    // A conversion the other way round ("into a json string": `json.loads` converts to an object).
    if (asked && c.summary) {
      const d = directionOf(c.summary);
      if (d) score += DIRECTION * directionMatch(asked, d);
    }
    score += shape.prose ? PROSE.path * pathPrior(c) + PROSE.popularity * (c.popularity ?? 0) : pathPrior(c) + POPULARITY * (c.popularity ?? 0);
    score += (shape.prose ? PROSE.usage : USAGE) * (c.usage ?? 0);
    // An installed package the question names ranks as the root's own code does ("load yaml
    // without constructing arbitrary python objects": PyYAML beside the standard library).
    if (shape.prose) score += c.own || (c.package && namesPackage?.(c.publicId ?? c.id, c.package)) ? (shape.ownWeight ?? OWN_WEIGHT.project) : (shape.otherWeight ?? 0);
    // Words that spell its path (`dict get` → `builtins.dict.get`) ask for it by name, even in a question's mode.
    if (c.pathNamed) score += PATH_NAMED;
    if (words && namesModule(words, c.publicId ?? c.id)) score += NAMED_MODULE;
    // The exact spelling (case included) of its id or public path: `pkg.Pool` the class over `pkg.pool` the module.
    if (shape.raw.trim() === c.id || shape.raw.trim() === c.publicId) score += 0.1;
    // Likewise its exact name for a name asked alone: `Vec` the struct over `vec` its module,
    // `HashMap` over `hash_map` (Rust names a module after its type, lower-cased); and the last
    // name of a path asked (`env args`: the function `args` over the struct `Args`).
    else if (!shape.prose && (shape.raw.trim() === c.name || (c.pathNamed && lastName(shape.raw) === c.name))) score += EXACT_NAME;
    return { index, score: Math.max(0, score) };
  });
}

/** The last name of a query written as a path (`env args`, `os.path join` → `join`). */
function lastName(raw: string): string {
  return raw.trim().split(/[\s.:#/]+/).pop() ?? '';
}


/**
 * A second similarity (a sentence-embedding model's cosine) put on the scale of the first (the
 * learned vectors' cosine, which the blend's weight was fitted to): shifted and stretched so
 * that, over the candidates that have both, the two have the same mean and spread. Candidates
 * without the second keep the first, and both then rank on one scale. Unchanged when fewer
 * than five candidates have both, or the first is absent (no learned vectors).
 */
export function onScaleOf(second: readonly (number | null)[], first: readonly (number | undefined)[]): (number | null)[] {
  const pairs: [number, number][] = [];
  second.forEach((x, i) => {
    const y = first[i];
    if (x !== null && y !== undefined) pairs.push([x, y]);
  });
  if (pairs.length < 5) return [...second];
  const stats = (k: 0 | 1) => {
    const mean = pairs.reduce((s, p) => s + p[k], 0) / pairs.length;
    const sd = Math.sqrt(pairs.reduce((s, p) => s + (p[k] - mean) ** 2, 0) / pairs.length);
    return { mean, sd };
  };
  const a = stats(0);
  const b = stats(1);
  if (a.sd < 1e-6 || b.sd < 1e-6) return [...second];
  return second.map((x) => (x === null ? null : b.mean + ((x - a.mean) * b.sd) / a.sd));
}
