import type { DocItem, Reexport, Visibility } from '../types.js';

/**
 * C++ using-declarations at namespace scope: `namespace mylib { using detail::hash_bytes; }`
 * makes `mylib::hash_bytes` a name users write for what `detail` declares (libraries keep the
 * definition in a `detail` namespace and publish it so; `namespace std { using ::printf; }`).
 * A target declared in the same file is found by C++'s lookup from the declaring namespace
 * outwards; one the index keeps is re-exported under the public name, one it hides (a
 * `detail` namespace is internal) is published as a copy under that name, members included,
 * since it has no item to point to. A target declared elsewhere is re-exported at each name
 * the lookup could reach; public-paths.ts keeps the one that exists.
 */

export interface UsingDeclaration {
  /** The namespace the declaration is in (its public name's owner). */
  ns: readonly string[];
  /** The name as written, `::` for the global namespace included (`detail::hash_bytes`, `::printf`). */
  path: string;
}

/** The name a using-declaration brings in (`using detail::hash_bytes;`), or null for any other `using`. */
export function usingDeclarationPath(text: string): string | null {
  const m = /^using\s+(?:typename\s+)?((?:::)?[A-Za-z_]\w*(?:\s*::\s*[A-Za-z_~]\w*)*)\s*;$/.exec(text.trim());
  if (!m || /^namespace\b/.test(m[1]!) || !m[1]!.includes('::')) return null;
  return m[1]!.replace(/\s+/g, '');
}

/** Ids the name may stand for, innermost namespace first (C++'s lookup of a qualified name). */
function candidates(u: UsingDeclaration): string[] {
  if (u.path.startsWith('::')) return [u.path.slice(2)];
  const out: string[] = [];
  for (let k = u.ns.length; k >= 0; k--) out.push([...u.ns.slice(0, k), u.path].join('::'));
  return out;
}

/** An item the index leaves out only for the namespace it is in, with the visibility it has outside one (a class member's access). */
export interface HiddenItem {
  item: DocItem;
  outside: Visibility;
}

/**
 * The items and re-exports a file's using-declarations make: `kept` are the items the index
 * keeps, `hidden` those it leaves out for their namespace, both of this file.
 */
export function publishUsings(usings: readonly UsingDeclaration[], kept: readonly DocItem[], hidden: readonly HiddenItem[], fileModule: string): { items: DocItem[]; reexports: Reexport[] } {
  const items: DocItem[] = [];
  const reexports: Reexport[] = [];
  if (!usings.length) return { items, reexports };
  const keptIds = new Set(kept.map((i) => i.id));
  const hiddenIds = new Set(hidden.map((h) => h.item.id));
  const published = new Set<string>();
  for (const u of usings) {
    const name = u.path.slice(u.path.lastIndexOf('::') + 2);
    const pub = [...u.ns, name].join('::');
    const ids = candidates(u);
    const here = ids.find((id) => keptIds.has(id) || hiddenIds.has(id));
    if (here === undefined) {
      for (const id of ids) if (id !== pub) reexports.push({ public: pub, target: id });
      continue;
    }
    if (keptIds.has(here)) {
      if (here !== pub) reexports.push({ public: pub, target: here });
      continue;
    }
    if (published.has(pub)) continue;
    published.add(pub);
    // The hidden declaration and its public members, under the public name: not those of a
    // private or protected nested class.
    const rename = (id: string) => pub + id.slice(here.length);
    const closed = hidden.filter((h) => h.outside !== 'public' && (h.item.id === here || h.item.id.startsWith(`${here}::`))).map((h) => `${h.item.id}::`);
    for (const { item: i, outside } of hidden) {
      if (i.id !== here && !i.id.startsWith(`${here}::`)) continue;
      if (outside !== 'public' || closed.some((c) => i.id.startsWith(c))) continue;
      const parent = i.parent && (i.parent === here || i.parent.startsWith(`${here}::`)) ? rename(i.parent) : i.parent;
      items.push({ ...i, id: rename(i.id), module: u.ns.join('::') || fileModule, parent, visibility: 'public', tags: { ...i.tags, alias_of: i.id } });
    }
  }
  return { items, reexports };
}
