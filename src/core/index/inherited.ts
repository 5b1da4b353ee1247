import type { DocItem } from '../extract/types.js';
import { absoluteImport } from '../extract/import-paths.js';
import type { IndexQueries } from './query.js';

/**
 * Members a class inherits, under the path users write: `flask.Flask.route` is
 * `flask.sansio.scaffold.Scaffold.route` (Flask(App), App(Scaffold)). The index stores each
 * member once, on the class that defines it, and a class's bases as written in its source
 * (`App`, `base.Scaffold`, `Base<T>`); a base is found by its name, preferring the one its
 * module imports or defines itself. Breadth-first over the bases, like a method resolution
 * order, at most MAX_DEPTH classes up.
 */

const MAX_DEPTH = 6;
const CLASS_KINDS = new Set(['class', 'struct', 'interface', 'trait']);

export interface InheritedMember {
  item: DocItem;
  /** The classes from the one asked for to the one defining the member, by id. */
  via: string[];
}

export function inheritedMember(q: IndexQueries, id: string): InheritedMember | null {
  const sep = id.includes('::') ? '::' : '.';
  const cut = id.lastIndexOf(sep);
  if (cut <= 0) return null;
  const owner = id.slice(0, cut);
  const member = id.slice(cut + sep.length);
  if (!member) return null;
  const start = q.byId(owner).find((i) => CLASS_KINDS.has(i.kind));
  if (!start) return null;
  const seen = new Set([start.id]);
  let frontier: { cls: DocItem; via: string[] }[] = [{ cls: start, via: [start.id] }];
  for (let depth = 0; depth < MAX_DEPTH && frontier.length; depth++) {
    const next: typeof frontier = [];
    for (const { cls, via } of frontier) {
      for (const written of cls.implements) {
        const base = baseClass(q, cls, written);
        if (!base || seen.has(base.id)) continue;
        seen.add(base.id);
        const chain = [...via, base.id];
        const found = q.byId(`${base.id}${sep}${member}`)[0];
        if (found) return { item: found, via: chain };
        next.push({ cls: base, via: chain });
      }
    }
    frontier = next;
  }
  return null;
}

/** The class a base written in `cls`'s source names: `App`, `sansio.app.App`, `Base[T]`, `Base<T>`. */
function baseClass(q: IndexQueries, cls: DocItem, written: string): DocItem | null {
  const plain = written.replace(/[[<].*$/, '').replace(/^.*\bextends\s+/, '').trim();
  if (!plain || /^(object|Generic|Protocol)$/.test(plain)) return null;
  const sep = plain.includes('::') ? '::' : '.';
  const name = plain.split(sep).pop()!;
  const candidates = q.typesNamed(name, 20).filter((c) => CLASS_KINDS.has(c.kind) && c.id !== cls.id);
  if (!candidates.length) return null;
  if (plain.includes(sep)) {
    // Written qualified (`base.Scaffold`, `abc.ABC`): the one whose id ends that way.
    const tail = candidates.find((c) => c.id === plain || c.id.endsWith(`${sep}${plain}`));
    if (tail) return tail;
  }
  const same = candidates.find((c) => c.module === cls.module);
  if (same) return same;
  const imported = new Set(q.importsOf(cls.location.file).map((imp) => absoluteImport(imp, cls.location.file, cls.module)));
  const fromImport = candidates.find((c) => imported.has(c.module));
  if (fromImport) return fromImport;
  if (candidates.length === 1) return candidates[0]!;
  // Python's names that need no import (`dict`, `Exception`).
  return candidates.find((c) => c.module === 'builtins' || c.module === 'builtins.pyi') ?? null;
}
