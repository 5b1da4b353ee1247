import { adjacentCompounds, stem } from './words.js';

/**
 * Whether a question names the module or package an item comes from. Two strengths, for two
 * uses in score.ts:
 * - `namesModule`: a word of the question is the item's top-level module (NAMED_MODULE's bonus
 *   to every item of it). Exact words only: a module named by an everyday word the question uses
 *   otherwise (`collections` for "a collection", `numbers` for "a number") took answers' places.
 * - `packageNamer`: the question names an installed package, so the package's items rank as the
 *   standard library's do (OWN_WEIGHT) instead of below it. Looser, since it only puts a package
 *   level with the standard library and never above it: also the package's singular
 *   (`requests` for "send an http get request"), two adjacent words run together (`jsonschema`
 *   for "a json schema") and a longer word the package's name begins with (`sortedcontainers`
 *   for "kept sorted").
 */

/**
 * The names of an item's top-level module: the first segment of its id (`gzip` of
 * `gzip.compress`, `zod` of `zod/v3.ZodType`), and for an import path the package it ends in
 * (`json` of Go's `encoding/json.Marshal`, `yaml` of `gopkg.in/yaml.v3.Marshal`); three letters
 * or more (not `os`, `_`), lower-cased.
 */
function topModules(id: string): string[] {
  const out: string[] = [];
  const first = id.slice(0, id.search(/[./:#]|$/));
  if (first.length >= 3) out.push(first.toLowerCase());
  const slash = id.lastIndexOf('/');
  if (slash >= 0) {
    const last = id.slice(slash + 1);
    const head = last.slice(0, last.search(/[.:#]|$/));
    if (head.length >= 3) out.push(head.toLowerCase());
  }
  return out;
}

/** Whether the question's words name the item's top-level module (see topModules). */
export function namesModule(words: ReadonlySet<string>, id: string): boolean {
  return topModules(id).some((m) => words.has(m));
}

/**
 * Shortest question word that a package's name may begin with and still count as naming it:
 * `sorted` names sortedcontainers, but `file` (filelock) and `date` (dateutil) are in too many
 * questions about the standard library's own files and dates.
 */
const PREFIX_WORD = 5;

/**
 * A test of whether `raw`'s words (`words`, a question in words) name the installed package an
 * item comes from: its package's name (`pkg`, as installed: `requests`, `PyYAML`,
 * `sortedcontainers`) by the word, its singular, two adjacent words run together or a word it
 * begins with; or its top-level module (`yaml`) by the word or two adjacent words. A package is
 * named as a whole, so within one package's database every item moves alike; an item's module
 * is not tested by singulars or beginnings, since a package's own namespaces are often everyday
 * words (async's JSDoc `Collections` for "a collection", `collect`). `byModuleOnly` leaves out
 * the package's name: a standard library's is its language's (`python`), which questions use
 * for the language ("write python data out as yaml text").
 */
export function packageNamer(words: ReadonlySet<string>, raw: string, byModuleOnly = false): (id: string, pkg: string) => boolean {
  const exact = new Set(words);
  for (const c of adjacentCompounds(raw)) exact.add(c);
  const stems = new Set([...words].map(stem));
  const prefixes = [...words].filter((w) => w.length >= PREFIX_WORD);
  const memo = new Map<string, boolean>();
  const packageNamed = (pkg: string): boolean => {
    const key = pkg.toLowerCase().replace(/[^a-z0-9]+/g, '');
    let hit = memo.get(key);
    if (hit === undefined) {
      hit = key.length >= 3 && (exact.has(key) || stems.has(stem(key)) || prefixes.some((w) => key.length > w.length && key.startsWith(w)));
      memo.set(key, hit);
    }
    return hit;
  };
  return (id, pkg) => {
    if (!byModuleOnly && packageNamed(pkg)) return true;
    // The top-level module only: a module path's last part (`fp/debounce` in lodash) is a file of the package.
    const m = id.slice(0, id.search(/[./:#]|$/)).toLowerCase();
    return m.length >= 3 && exact.has(m);
  };
}
