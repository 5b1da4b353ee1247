import type { DocItem, FileExtract } from '../types.js';

/**
 * Members a public Python class inherits from a private base of the same module, as items
 * under the public class: `argparse.ArgumentParser.add_argument` is defined on
 * `argparse._ActionsContainer`, which users never name and the index leaves out as private,
 * so neither the member nor the inheritance chain to it would be found. The copy carries the
 * definition's docs, and `tags.inherited_from` says where it is defined.
 *
 * Only same-module private bases: the private class is in the file being extracted, so the
 * copy costs one extra pass with private items kept, and only for files that need it. A
 * private base imported from another module stays unreached (its members are not indexed).
 */

const MEMBER_KINDS = new Set(['method', 'property', 'function', 'constant', 'variable']);
const MAX_DEPTH = 4;

export function addPrivateBaseMembers(result: FileExtract, privateItems: () => readonly DocItem[]): void {
  const module = result.module.name;
  const own = result.items.filter((i) => i.kind === 'class' && i.visibility === 'public' && i.implements.some((b) => privateLocalBase(b) !== null));
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
    // Breadth-first over the private bases, in the order written (as Python's MRO visits them
    // for the usual single chain); public bases are reached by the index's own inheritance.
    let frontier = [cls];
    const seen = new Set<string>([cls.id]);
    for (let depth = 0; depth < MAX_DEPTH && frontier.length; depth++) {
      const next: DocItem[] = [];
      for (const c of frontier) {
        for (const written of c.implements) {
          const name = privateLocalBase(written);
          const base = name ? classes.get(`${module}.${name}`) : undefined;
          if (!base || seen.has(base.id)) continue;
          seen.add(base.id);
          next.push(base);
          for (const m of membersOf.get(base.id) ?? []) {
            if (m.name.startsWith('_')) continue;
            const id = `${cls.id}.${m.name}`;
            if (ids.has(id)) continue; // overridden, or found on a nearer base
            ids.add(id);
            added.push({ ...m, id, parent: cls.id, visibility: 'public', tags: { ...m.tags, inherited_from: m.id } });
          }
        }
      }
      frontier = next;
    }
  }
  result.items.push(...added);
}

/** A base written as a private name of the same module (`_ActionsContainer`, `_Base[T]`), else null. */
function privateLocalBase(written: string): string | null {
  const m = /^\s*(_[A-Za-z]\w*)\s*(?:\[.*)?$/.exec(written);
  return m ? m[1]! : null;
}
