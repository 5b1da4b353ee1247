import { adjacentCompounds } from './words.js';

/**
 * Whether a question names the module or package an item comes from. Two strengths, for two
 * uses in score.ts:
 * - `namesModule`: a word of the question is the item's top-level module (NAMED_MODULE's bonus
 *   to every item of it). Exact words only: a module named by an everyday word the question uses
 *   otherwise (`collections` for "a collection", `numbers` for "a number") took answers' places.
 * - `packageNamer`: the question names an installed package, so the package's items rank as the
 *   standard library's do (OWN_WEIGHT) instead of below it. A little looser: also the package's
 *   name as the plural of a word (`requests` for "send an http get request") and two adjacent
 *   words run together (`jsonschema` for "a json schema"). Not a word a package's name begins
 *   with, nor one sharing its stem: over a Python installation's own question sets, whose answers
 *   are mostly the standard library's, "python" named python-dateutil and python-dotenv,
 *   "sorted" sortedcontainers, "stack" stack-data, "graph" graphql-core and "references"
 *   referencing, each lifting a package the question was not about.
 */

/**
 * The names of an item's top-level module: the first segment of its id (`gzip` of
 * `gzip.compress`, `zod` of `zod/v3.ZodType`), and for an import path the package it ends in
 * (`json` of Go's `encoding/json.Marshal`, `yaml` of `gopkg.in/yaml.v3.Marshal`); three letters
 * or more (not `os`, `_`), lower-cased.
 */
function topModules(id: string): string[] {
  const out: string[] = [];
  const first = firstSegment(id);
  if (first.length >= 3) out.push(first);
  const slash = id.lastIndexOf('/');
  if (slash >= 0) {
    const last = id.slice(slash + 1);
    const head = last.slice(0, last.search(/[.:#]|$/));
    if (head.length >= 3) out.push(head.toLowerCase());
  }
  return out;
}

/** The first segment of an id, lower-cased: `gzip` of `gzip.compress`, `zod` of `zod/v3.ZodType`. */
function firstSegment(id: string): string {
  return id.slice(0, id.search(/[./:#]|$/)).toLowerCase();
}

/** Whether the question's words name the item's top-level module (see topModules). */
export function namesModule(words: ReadonlySet<string>, id: string): boolean {
  return topModules(id).some((m) => words.has(m));
}

/**
 * A test of whether `raw`'s words (`words`, a question in words) name the installed package an
 * item comes from: its package's name as installed (`requests`, `jsonschema`, `PyYAML`) as a
 * word, a word's plural or two adjacent words run together; or its top-level module (`yaml`)
 * as a word or two adjacent words. A package is named as a whole, so within one package's
 * database every item moves alike; an item's module is matched as written only, since a
 * package's own namespaces are often everyday words (async's JSDoc `Collections`). A standard
 * library read as a dependency is not tested at all (query-shape.ts QueryShape.packagesNamed).
 */
export function packageNamer(words: ReadonlySet<string>, raw: string): (id: string, pkg: string) => boolean {
  const exact = new Set(words);
  for (const c of adjacentCompounds(raw)) exact.add(c);
  // The plural of a word ("request": requests), not any word sharing its stem ("references" is not `referencing`).
  const plurals = new Set([...words].flatMap((w) => [`${w}s`, `${w}es`]));
  const memo = new Map<string, boolean>();
  const packageNamed = (pkg: string): boolean => {
    const key = pkg.toLowerCase().replace(/[^a-z0-9]+/g, '');
    let hit = memo.get(key);
    if (hit === undefined) {
      hit = key.length >= 3 && (exact.has(key) || plurals.has(key));
      memo.set(key, hit);
    }
    return hit;
  };
  return (id, pkg) => {
    if (packageNamed(pkg)) return true;
    // The top-level module only: a module path's last part (`fp/debounce` in lodash) is a file of the package.
    const m = firstSegment(id);
    return m.length >= 3 && exact.has(m);
  };
}
