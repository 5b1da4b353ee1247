import { hasWordStarting } from './sorted-words.js';
import { matchText, splitIdentifier, stem } from './words.js';
import { namesOpposite, oppositeNameWords, oppositeRoots } from './opposites.js';
import { directionMatch, directionOf } from './direction.js';
import { namesModule, packageNamer } from './module-named.js';
import { questionStems, summaryPrecision } from './summary-precision.js';

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
  /** Text used for the coverage check. */
  text: string;
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

/** How much a related word counts for the query word it stands in for (times its similarity). */
const RELATED_CREDIT = 0.4;
/**
 * How much a synonym (synonyms.ts) counts for the query word it stands in for: as much as the
 * word, since the list holds only the docs' terms for the same thing. Measured against 0.8 with
 * the list's third batch: C-implemented Python answers 0.760 → 0.781, Debian's 0.699 → 0.718,
 * Debian's tuning 0.544 → 0.546, held-out 0.574 → 0.573, the rest unchanged (0.7 lost C++ 0.014).
 */
const SYNONYM_CREDIT = 1;

/** A query prepared once for `nameScore` against every candidate. */
export interface NameQuery {
  q: string;
  compact: string;
  words: string[];
}

export function nameQuery(query: string): NameQuery {
  const q = query.trim().toLowerCase();
  return { q, compact: q.replace(/[\s_-]+/g, ''), words: splitIdentifier(query) };
}

/** 0..1: how well the query names this item. */
export function nameScore(query: string | NameQuery, name: string, id: string): number {
  const { q, compact: qc, words: qWords } = typeof query === 'string' ? nameQuery(query) : query;
  if (!q) return 0;
  const n = name.toLowerCase();
  const i = id.toLowerCase();
  if (q === n || q === i) return 1;
  if (i.endsWith(`.${q}`) || i.endsWith(`::${q}`) || i.endsWith(`/${q}`)) return 0.95;
  if (qc === n.replace(/_/g, '')) return 0.9;
  if (n.startsWith(q) && q.length >= 2) return 0.5 + 0.3 * (q.length / n.length);
  // Every word of the query must be in the name to count; most candidates fail on a substring test first.
  if (qWords.length && qWords.every((w) => n.includes(w))) {
    const nWords = new Set(splitIdentifier(name));
    if (qWords.every((w) => nWords.has(w))) return 0.45 + 0.2 * (qWords.length / Math.max(nWords.size, 1));
  }
  if (i.includes(q) && q.length >= 3) return 0.3;
  return 0;
}

/** Per query word, its stem (matched at the start of a word, so `delay` matches `delays`), its weight, and its related words' stems. */
interface Matcher {
  stem: string;
  weight: number;
  related: { stem: string; sim: number }[];
  /** Stems of the words that mean the same. */
  synonyms: string[];
  /** Acronyms that stand for this word among others (found as whole words, they cover it fully). */
  acronyms: string[];
}

/** The query's matchers, and one expression that finds all their stems in a text in a single pass. */
interface Matchers {
  list: Matcher[];
  stems: string[];
  scan: RegExp | null;
  /** The acronyms as whole words (`crc` in "crc-32" and "crc32", not in "crcs" or "accrue"). */
  acronymScan: RegExp | null;
}

function matchers(shape: QueryShape): Matchers {
  const list: Matcher[] = [];
  for (const w of shape.words) {
    const weight = shape.idf.get(w) ?? 0;
    if (weight <= 0) continue;
    const acronyms = (shape.acronyms ?? []).filter((a) => a.words.includes(w)).map((a) => a.acronym);
    list.push({ stem: stem(w), weight, related: (shape.related?.get(w) ?? []).map((r) => ({ stem: stem(r.word), sim: r.sim })), synonyms: (shape.synonyms?.get(w) ?? []).map(stem), acronyms });
  }
  const acronyms = [...new Set(list.flatMap((m) => m.acronyms))];
  // A whole word: `crc` in "crc-32" and `crc32`, not in `crcs`; `re` not in "re-raise".
  const acronymScan = acronyms.length ? new RegExp(`(?<![a-z0-9])(?:${acronyms.join('|')})(?![a-z]|-[a-z])`, 'g') : null;
  const stems = [...new Set(list.flatMap((m) => [m.stem, ...m.synonyms, ...m.related.map((r) => r.stem)]))].filter(Boolean).sort((a, b) => b.length - a.length);
  // Longest first: at a word's start the alternation takes the longest stem that matches there;
  // the shorter stems that are its prefixes are added after the scan.
  const scan = stems.length ? new RegExp(`(?<![a-z0-9])(?:${stems.map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'g') : null;
  return { list, stems, scan, acronymScan };
}

/** The stems of `ms` that start a word of the (prepared) text `t`: one scan over it, however many stems. */
function stemsIn(ms: Matchers, t: string): Set<string> {
  const found = new Set<string>();
  if (!ms.scan) return found;
  ms.scan.lastIndex = 0;
  for (let m = ms.scan.exec(t); m; m = ms.scan.exec(t)) found.add(m[0]);
  if (!found.size) return found;
  for (const s of ms.stems) {
    if (found.has(s)) continue;
    for (const f of found) {
      if (f.length > s.length && f.startsWith(s)) {
        found.add(s);
        break;
      }
    }
  }
  return found;
}

/**
 * How much a question's word counts when the item's text lacks it but its module's own doc has
 * it (a prose question): `_csv.reader` takes "comma separated" from `_csv`'s doc, `secrets.token_hex`
 * "token" from `secrets`'. Measured (bench/docs-quality): tuning questions 0.509 → 0.534,
 * held-out 0.432 → 0.444, Go 0.856 → 0.858, the rest unchanged; at 0.2 tuning 0.523 and
 * held-out unchanged, at 0.5 0.537 and 0.441.
 */
const CONTEXT_CREDIT = 0.35;

/**
 * What a name that negates the question's verb costs in a question in words (opposites.ts):
 * `DecodeString` for "hexadecimal encoding of bytes as a string", `unescape` for "escape a
 * string for use as part of a uri". Measured (bench/docs-quality): Go 0.853 → 0.872, TypeScript
 * 0.552 → 0.556, Python tuning 0.538 → 0.539, every other set unchanged; 0.2 gave the same.
 */
const OPPOSITE_NAME = 0.1;

/** A text's distinct words (as matchText splits and lower-cases them), sorted: a context a stem is looked up in by prefix. */
export function contextWords(text: string): string[] {
  return [...new Set(matchText(text).split(/[^a-z0-9]+/))].filter(Boolean).sort();
}

export function coverage(shape: QueryShape, text: string, ms = matchers(shape), context?: readonly string[]): number {
  let total = 0;
  let got = 0;
  const prepared = matchText(text);
  const found = stemsIn(ms, prepared);
  // Also in the text as written: `RegExp` is `reg exp` once camelCase is split.
  const acronyms = ms.acronymScan ? new Set([...(prepared.match(ms.acronymScan) ?? []), ...(text.toLowerCase().match(ms.acronymScan) ?? [])]) : null;
  for (const m of ms.list) {
    total += m.weight;
    if (found.has(m.stem) || (acronyms?.size && m.acronyms.some((a) => acronyms.has(a)))) got += m.weight;
    else {
      let best = 0;
      for (const r of m.related) if (r.sim > best && found.has(r.stem)) best = r.sim;
      let credit = m.synonyms.some((x) => found.has(x)) ? SYNONYM_CREDIT : RELATED_CREDIT * best;
      if (context && credit < CONTEXT_CREDIT && hasWordStarting(context, m.stem)) credit = CONTEXT_CREDIT;
      got += m.weight * credit;
    }
  }
  return total > 0 ? got / total : 0;
}

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
  const stems = shape.prose ? questionStems(shape.words, shape.synonyms) : null;
  const trust = shape.vectorTrust ?? 1;
  const words = shape.prose ? new Set(shape.words) : null;
  const namesPackage = words && shape.packagesNamed !== false ? packageNamer(words, shape.raw) : null;
  return cands.map((c, index) => {
    const bm = c.bm / maxBm;
    const cov = coverage(shape, `${c.name} ${c.id} ${c.text}`, ms, shape.prose ? c.context : undefined);
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

/** A segment of a qualified name that its language marks private (`_thread`, `pkg._impl`). */
export const PRIVATE_SEGMENT = /(^|[./:])_[A-Za-z]/;
/**
 * A C or C++ qualified name with a part the standards reserve to the implementation (two
 * underscores, or one and a capital): libstdc++'s `std::__invoke`,
 * `std::__future_base::_Async_state_impl`, its `__glibcxx_check_erase` and `_GLIBCXX_…`
 * macros, glibc's `__getdelim`. Their docs often say what a question asks (`__invoke`:
 * "Invoke a callable object"), but they are the library's own machinery.
 */
export function reservedName(id: string): boolean {
  return RESERVED_PART.test(id);
}
const RESERVED_PART = /(^|::)(__[A-Za-z0-9]|_[A-Z])/;

/** A segment named `internal` (`std/internal/itoa`, `google.protobuf.internal`): not the API, by rule or convention. */
const INTERNAL_SEGMENT = /(^|[./:])internal[./:]/;

const VENDORED = /(^|[./])(vendor|_vendor|vendored|third_party|thirdparty|typeshed|node_modules|site-packages\/pip\/_internal)([./]|$)/;
/** A vendored or bundled copy (`pip/_vendor/…`, `jedi/third_party/typeshed/…`, `node_modules/…`), by its path or id. */
export function isVendored(pathOrId: string): boolean {
  return VENDORED.test(pathOrId);
}

/**
 * A file's path inside its npm package (`node_modules/zod/v3/types.d.cts` → `v3/types.d.cts`).
 * An installed package's files are named `node_modules/<name>/…` (deps/npm.ts): that folder is
 * the package itself, the canonical definitions, not a copy vendored into something else. Judged
 * by their full path, every hit shown from one looked for the definition its copy stood for
 * (fold-hits.ts showCanonical), a tenth of a search's time over this repository's 38 npm
 * packages. (The path prior never saw that folder: a space stood before the file in its text.)
 */
export function pathInPackage(file: string): string {
  return file.replace(LEADING_PACKAGE_DIR, '');
}
const LEADING_PACKAGE_DIR = /^node_modules\/(?:@[^/]+\/)?[^/]+\//;
const TESTS = /(^|[./])(tests?|testdata|test_\w+|\w+_tests?|conftest|__tests__|fixtures?)([./]|$)/;
const SAMPLES = /(^|[./])(examples?|demos?|samples?|benchmarks?)([./]|$)/;

/**
 * Where an item lives, as a prior: the public, top-level API a user means over deep, private,
 * test, example and vendored copies (`pip/_vendor/...`, `jedi/third_party/typeshed/...`). The
 * depth counts the path users write (a re-exported `asyncio.sleep` is two segments, not three).
 */
export function pathPrior(c: Pick<Candidate, 'id' | 'name' | 'publicId' | 'file' | 'hidden'>): number {
  const id = c.publicId ?? c.id;
  const prefix = id.slice(0, id.length - c.name.length);
  // The file after a separator, so that a folder it starts with (`vendor/…`, `tests/…`) is a segment too.
  const where = `${prefix} /${pathInPackage(c.file ?? '')}`;
  let p = 0;
  const segments = id.split(/::|[./#]/).length;
  p -= 0.02 * Math.max(0, segments - 2);
  if (PRIVATE_SEGMENT.test(prefix) || c.hidden) p -= 0.06;
  // Go does not let code outside its parent import an `internal` package; elsewhere (Node's
  // lib/internal, google.protobuf.internal) the name says the same. As far from the API as a
  // vendored copy: Go questions 0.847 → 0.856 (at −0.06: 0.849), the other corpora unchanged.
  if (INTERNAL_SEGMENT.test(prefix)) p -= 0.15;
  if (VENDORED.test(where)) p -= 0.15;
  if (TESTS.test(where)) p -= 0.12;
  if (SAMPLES.test(where)) p -= 0.05;
  return p;
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
