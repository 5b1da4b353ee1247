import type { Statement } from 'better-sqlite3';
import type { DocItem } from '../extract/types.js';

/**
 * Items a path of two or three names means (`json.loads`, `Counter.most_common`): that id or
 * public path (`viaPublic`: the items its public path names, looked up once by the caller), a
 * member of a module of that name, or a member of a type whose id ends with the path's owner (`dict` → `builtins.dict`, `mylib.Path` but not `other.Path`). A one-name
 * owner may also be a JS/TS global declared with a type that holds the members
 * (`declare var Promise: PromiseConstructor` holds `Promise.all`; `var console: Console`);
 * failing all of these, a member of a module whose path ends with the owner (`json.Marshal`).
 * Each lookup starts from the owner's side (a few types or variables), never from every item
 * that has the member's name (`get`: thousands).
 */
export function memberRows(prep: (sql: string) => Statement, path: string, viaPublic: readonly DocItem[]): number[] {
  const parts = path.split('.');
  const name = parts.pop()!;
  const owner = parts.join('.');
  const byId = prep(`SELECT rowid FROM items WHERE id = ? LIMIT 5`).pluck();
  const rows = byId.all(path) as number[];
  for (const item of viaPublic.slice(0, 5)) rows.push(...(byId.all(item.id) as number[]));
  // Each lookup reads its owner's side by index, named: without statistics SQLite picks the name
  // index for `name = ?` as readily, and a name as common as `name` (1,175 Python items) read
  // that way cost ~14 ms where the module's or type's members cost ~0.3 ms ("module name").
  // (Both indexes are the schema's, schema.ts: a database without them is rebuilt, never read.)
  rows.push(...(prep(`SELECT rowid FROM items INDEXED BY items_module WHERE module = ? AND name = ? COLLATE NOCASE LIMIT 10`).pluck().all(owner, name) as number[]));
  const ownerName = parts[parts.length - 1]!;
  const members = prep(
    `SELECT m.rowid, t.id FROM items t CROSS JOIN items m INDEXED BY items_parent ON m.parent = t.id
     WHERE t.name = ? COLLATE NOCASE AND t.kind IN ('class','struct','interface','trait','enum','type') AND m.name = ? COLLATE NOCASE LIMIT 200`,
  );
  const lowerOwner = owner.toLowerCase();
  for (const r of members.all(ownerName, name) as { rowid: number; id: string }[]) {
    const t = r.id.toLowerCase().replace(/::|#/g, '.');
    if (t === lowerOwner || t.endsWith(`.${lowerOwner}`)) rows.push(r.rowid);
  }
  if (parts.length === 1) {
    for (const sig of prep(`SELECT signature FROM items WHERE name = ? COLLATE NOCASE AND kind IN ('variable','constant') AND parent IS NULL LIMIT 10`).pluck().all(ownerName) as string[]) {
      // `var Promise: PromiseConstructor`, `var process: NodeJS.Process`, `const m: Map<K, V>` (the type's own name).
      const declared = /^(?:declare\s+)?(?:var|let|const)\s+[\w$]+\s*:\s*(?:[A-Za-z_$][\w$]*\.)*([A-Za-z_$][\w$]*)\s*(?:<.*>)?\s*;?\s*$/.exec(sig)?.[1];
      if (!declared || declared.toLowerCase() === ownerName.toLowerCase()) continue;
      for (const r of members.all(declared, name) as { rowid: number; id: string }[]) if (r.id.endsWith(`.${declared}`) || r.id === declared) rows.push(r.rowid);
    }
  }
  if (!rows.length && parts.length === 1 && /^[a-z]/.test(owner)) {
    // Nothing closer: a member of a module whose path ends with the owner (Go's `json.Marshal`
    // is `std/encoding/json.Marshal`, Rust's `env args` is `std::env::args`), among the first items with the member's name (module
    // names start lower-case; the bound keeps a name as common as `get` at ~0.3 ms). Only for
    // two names: three plain words are mostly a question, and `os path join` is found above.
    // Or of a type no item declares, only its impl blocks (Rust's `i32::checked_add`: `impl i32`).
    for (const r of prep(`SELECT rowid, module, parent FROM items WHERE name = ? COLLATE NOCASE LIMIT 200`).all(name) as { rowid: number; module: string; parent: string | null }[]) {
      const m = r.module.toLowerCase();
      const p = r.parent?.toLowerCase() ?? '';
      if (m.endsWith(`/${lowerOwner}`) || m.endsWith(`.${lowerOwner}`) || m.endsWith(`::${lowerOwner}`) || p.endsWith(`::${lowerOwner}`)) rows.push(r.rowid);
    }
  }
  return [...new Set(rows)];
}
