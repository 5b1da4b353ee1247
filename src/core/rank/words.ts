import { memoized } from '../memo.js';

/**
 * Words from identifiers and prose. FTS5's tokenizer splits on punctuation (so `parse_config`
 * is already `parse config`) but not on case changes, so `parseConfig`, `HTTPServer` and
 * `getHTTP2Stream` are split here, before text reaches the index and before a query is run.
 */

/** `parseConfig` → [parse, config]; `HTTPServer` → [http, server]; `utf8_decode` → [utf8, decode]. */
export function splitIdentifier(id: string): string[] {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/**
 * Text for an identifier column: the identifier itself plus its words, so both `parseconfig` and
 * `parse config` match. A qualified id (`pkg.module.Class.method`) is the union of its segments'
 * texts: no split rule reaches across a separator. Indexing a tree computes the same module
 * segments for every item, so segment texts are remembered (a bounded memo, per thread).
 */
export function identifierText(id: string): string {
  // The last segment, and the prefix before the separators in front of it: every item of a
  // module or class shares that prefix, so its text is computed once (same result as taking
  // the union over all segments here, in the same order).
  let k = id.length;
  while (k > 0 && isWordChar(id.charCodeAt(k - 1))) k--;
  if (k === 0) return segmentText(id);
  let p = k;
  while (p > 0 && !isWordChar(id.charCodeAt(p - 1))) p--;
  const prefix = prefixText(id.slice(0, p));
  const last = k < id.length ? segmentText(id.slice(k)) : '';
  if (!last || prefix.parts.has(last)) return prefix.text;
  return prefix.text ? `${prefix.text} ${last}` : last;
}

function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/** The distinct non-empty segment texts of a qualified prefix, in order, and their join. */
const prefixText = memoized(20_000, (prefix: string): { text: string; parts: Set<string> } => {
  const parts = new Set<string>();
  for (const seg of prefix.split(/[^A-Za-z0-9_]+/)) if (seg) parts.add(segmentText(seg));
  parts.delete('');
  return { text: [...parts].join(' '), parts };
});

/** identifierText for one segment without separators (`parse_configFile`). */
const segmentText = memoized(50_000, (seg: string): string => {
  const whole = seg.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  const joined = splitIdentifier(seg).join(' ');
  const parts = [whole];
  if (joined !== whole) parts.push(joined);
  if (/[a-z][A-Z]|_/.test(seg)) parts.push(seg.toLowerCase().replace(/_/g, ''));
  return [...new Set(parts)].filter(Boolean).join(' ');
});

/** Text prepared for matching: camelCase split, lower case. */
export function matchText(text: string): string {
  return text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/** Prose with identifiers inside it split too (`` `maxWait` `` → `maxWait max wait`). */
export function proseText(text: string): string {
  return text.replace(/[A-Za-z][A-Za-z0-9]*[a-z][A-Z][A-Za-z0-9]*/g, (w) => `${w} ${splitIdentifier(w).join(' ')}`);
}

export const STOP_WORDS = new Set(
  'a an and are as at be by for from has have how i in into is it its of on or that the this to was were what when where which will with do does can my me we you your our their them then than there these those some any all about over'.split(' '),
);

/** Suffixes `stem` takes off, the first that fits, and what replaces each. */
const SUFFIXES: readonly (readonly [string, string])[] = [
  ['ations', 'ate'], ['ation', 'ate'], ['ies', 'y'], ['ied', 'y'], ['sses', 'ss'], ['ing', ''], ['edly', ''], ['ed', ''], ['ly', ''], ['es', ''], ['s', ''],
];

/**
 * Stems already taken, by word. A question in words stems every summary word of its several
 * hundred candidates (summary-precision.ts), mostly the same few thousand words: taking a stem
 * again was ~4% of such a search over a 250k-item installation.
 */
const stemmed = memoized(50_000, stemOf);

/** A light suffix stemmer for comparing query words with item words (FTS5 uses porter for ranking itself). */
export function stem(word: string): string {
  return stemmed(word);
}

function stemOf(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3) return w;
  for (const [suf, rep] of SUFFIXES) {
    if (w.endsWith(suf) && w.length - suf.length >= 3) {
      w = w.slice(0, w.length - suf.length) + rep;
      break;
    }
  }
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  return w.replace(/e$/, '');
}

/**
 * Query words: identifiers split, lowercased, stop words dropped (unless nothing else remains).
 * Asked several times by every database a question reads: remembered, and frozen (shared).
 */
export const queryWords = memoized(64, (query: string): readonly string[] => {
  const raw = query.split(/\s+/).flatMap((t) => splitIdentifier(t));
  const kept = raw.filter((w) => !STOP_WORDS.has(w));
  return Object.freeze([...new Set(kept.length ? kept : raw)]);
});

/**
 * The names a question's adjacent words would make (`isarray` and `is_array` for "tell whether a
 * value is an array", `guess_type` for "guess the type of a file"): runs of three words, then of
 * two, articles skipped, with at least one word that is not a stop word. An aptly named item
 * without a doc (TypeScript's `isArray`) shares only the question's commonest word with it
 * otherwise, in thousands of rows.
 */
export function adjacentCompounds(query: string): string[] {
  const tokens = query.toLowerCase().split(/[^a-z0-9]+/).filter((t) => t && !ARTICLES.has(t));
  const out = new Set<string>();
  for (const n of [3, 2]) {
    for (let i = 0; i + n <= tokens.length; i++) {
      const run = tokens.slice(i, i + n);
      if (run.every((t) => STOP_WORDS.has(t))) continue;
      out.add(run.join(''));
      out.add(run.join('_'));
    }
  }
  return [...out];
}
const ARTICLES = new Set(['a', 'an', 'the']);

/**
 * A question in words (ranked by coverage, learned vectors and priors) rather than a name:
 * two or more content words written as several tokens, unless one of just two tokens is
 * written like code (`parse json`, `random integer`: answered by what the items do, where as
 * a name they found third-party `parse_json`s first). One identifier that splits into three
 * words (`get_int_max_str_digits`, `NoSuchPublicAccessBlockConfiguration`) is a name, and so
 * are two tokens either of which looks like code (`Counter most_common`, `os.path join`).
 */
export function isProse(query: string, words: readonly string[]): boolean {
  const tokens = query.trim().split(/\s+/);
  if (tokens.length < 2) return false;
  if (tokens.length === 2 && tokens.some((t) => CODE_LIKE.test(t))) return false;
  return words.length >= 2;
}

/** A token written like code: camelCase, snake_case, a path, a call or a template. */
const CODE_LIKE = /[a-z][A-Z]|[A-Z]{2,}[a-z]|[_.:#()<>[\]/\\$@=]/;

/**
 * A query that reads as a path of two or three names, written with dots, `::` or spaces:
 * `json.loads`, `json loads`, `Counter most_common`, `vector::push_back` (a module or class,
 * then its member), as a dotted path. Null otherwise.
 */
export function memberPath(query: string): string | null {
  const q = query.trim();
  // The first part may be an npm package's name, hyphens and all (`date-fns.format`).
  if (/^[A-Za-z_$][\w$]*(?:-[\w$]+)*(?:(?:\.|::)[A-Za-z_$][\w$]*){1,2}$/.test(q)) return q.replace(/::/g, '.');
  const tokens = q.split(/\s+/);
  if (tokens.length < 2 || tokens.length > 3 || !tokens.every((t) => /^[A-Za-z_$][\w$]*$/.test(t))) return null;
  return tokens.join('.');
}

/** How long an import alias may be (`np`, `pd`, `plt`, `sns`, `nx`): longer first parts are names, not aliases. */
const ALIAS_MAX = 4;

/** A two-part path whose first part may be an import alias (`np.array`): the alias and the name, or null. */
export function aliasedPath(path: string): { head: string; name: string } | null {
  const m = /^([A-Za-z][A-Za-z0-9]*)\.([A-Za-z_$][\w$]*)$/.exec(path);
  return m && m[1]!.length >= 2 && m[1]!.length <= ALIAS_MAX ? { head: m[1]!.toLowerCase(), name: m[2]! } : null;
}

/**
 * Whether `alias` abbreviates the module an item named `name` is public in (`publicId` minus the
 * name): its last segment starts with the alias's first letter and has its letters in order, as
 * `np` numpy, `plt` matplotlib.pyplot, `nx` networkx. Not the module's own name (that is no alias).
 */
export function abbreviatesModuleOf(alias: string, publicId: string, name: string): boolean {
  if (!publicId.endsWith(`.${name}`)) return false;
  const module = publicId.slice(0, publicId.length - name.length - 1);
  const segment = module.slice(module.search(/[^./:]+$/)).toLowerCase().replace(/_/g, '');
  if (alias.length < 2 || segment === alias || segment[0] !== alias[0]) return false;
  let k = 0;
  for (const c of segment) if (c === alias[k]) k++;
  return k === alias.length;
}
