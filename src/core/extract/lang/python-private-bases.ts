import type { DocItem, FileExtract } from '../types.js';
import { definesName } from './python-public.js';

/**
 * Members a public Python class inherits from a private base of the same module, as items
 * under the public class: `argparse.ArgumentParser.add_argument` is defined on
 * `argparse._ActionsContainer`, which users never name and the index leaves out as private,
 * so neither the member nor the inheritance chain to it would be found. The copy carries the
 * definition's docs; `tags.inherited_from` names the definition and `tags.inherited_via` the
 * private classes between (space-separated ids).
 *
 * Only same-module private bases: the private class is in the file being extracted, so the
 * copy costs one extra pass with private items kept, and only for files that need it. A
 * private base imported from another module stays unreached (its members are not indexed).
 *
 * The bases are visited depth-first, left to right, as Python's method resolution order does
 * when no class is reached twice. A public base of the same module claims its members (the
 * index finds them through its own inheritance: inherited.ts); a base from elsewhere, whose
 * members are unknown here, ends the walk, since anything after it could be shadowed by it.
 */

const MEMBER_KINDS = new Set(['method', 'property', 'function', 'constant', 'variable', 'constructor']);
const MAX_DEPTH = 6;

export function addPrivateBaseMembers(result: FileExtract, source: string, privateItems: () => readonly DocItem[]): void {
  const module = result.module.name;
  // Only a private class this very file defines can be copied from.
  const own = result.items.filter((i) => i.kind === 'class' && i.visibility === 'public' && i.implements.some((b) => {
    const name = baseName(b);
    return name !== null && name.startsWith('_') && definesName(source, name);
  }));
  if (!own.length) return;
  const all = privateItems();
  const classes = new Map<string, DocItem>();
  const membersOf = new Map<string, DocItem[]>();
  for (const i of all) {
    if (i.kind === 'class') classes.set(i.id, i);
    if (i.parent && MEMBER_KINDS.has(i.kind)) {
      const list = membersOf.get(i.parent);
      if (list) list.push(i);
      else membersOf.set(i.parent, [i]);
    }
  }
  const ids = new Set(result.items.map((i) => i.id));
  const added: DocItem[] = [];
  for (const cls of own) {
    const taken = new Set((membersOf.get(cls.id) ?? []).map((m) => m.name));
    const seen = new Set<string>([cls.id]);
    let stopped = false;
    const visit = (c: DocItem, via: string[], depth: number): void => {
      for (const written of c.implements) {
        if (stopped) return;
        if (/=/.test(written)) continue; // `metaclass=ABCMeta`, not a base
        const base = localClass(classes, module, c, written);
        if (!base) {
          if (!/^\s*(?:object|Generic\[.*\]|Protocol(?:\[.*\])?)\s*$/.test(written)) stopped = true;
          continue;
        }
        if (seen.has(base.id)) continue;
        seen.add(base.id);
        const isPrivate = base.name.startsWith('_');
        for (const m of membersOf.get(base.id) ?? []) {
          if (taken.has(m.name)) continue;
          taken.add(m.name);
          // A public base's members are found through it; a private one's are copied.
          if (!isPrivate || /^_(?!_\w+__$)/.test(m.name)) continue;
          const id = `${cls.id}.${m.name}`;
          if (ids.has(id)) continue;
          ids.add(id);
          const chain = [...via, base.id];
          added.push({ ...m, id, parent: cls.id, visibility: 'public', tags: { ...m.tags, inherited_from: m.id, inherited_via: chain.join(' ') } });
        }
        if (depth + 1 < MAX_DEPTH) visit(base, [...via, base.id], depth + 1);
      }
    };
    visit(cls, [], 0);
  }
  result.items.push(...added);
}

/** The class of this module a base written in `c` names: nested beside `c` first (`Outer._Base`), then at module level. */
function localClass(classes: Map<string, DocItem>, module: string, c: DocItem, written: string): DocItem | undefined {
  const name = baseName(written);
  if (!name) return undefined;
  return (c.parent ? classes.get(`${c.parent}.${name}`) : undefined) ?? classes.get(`${module}.${name}`);
}

/** A base written as a plain name of this module (`_ActionsContainer`, `Base[T]`), else null (`abc.ABC`, `metaclass=M`). */
function baseName(written: string): string | null {
  return /^\s*([A-Za-z_]\w*)\s*(?:\[.*)?$/.exec(written)?.[1] ?? null;
}
