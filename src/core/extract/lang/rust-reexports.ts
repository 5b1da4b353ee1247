import type { Reexport } from '../types.js';

/**
 * The names a Rust `use` declaration brings in, with the paths they stand for: `use
 * parser::Parser;`, `pub use crate::a::{B, C as D};`, `pub use self::inner::*;`. Of a `pub use`
 * they are re-exports, public at the using module's path; of a plain `use`, what the module's
 * own code means by them. Paths are read as written: `crate::` from the crate root,
 * `self::`/`super::` from this module, a path that starts with a crate the file can name
 * (`core::iter`, or `alloc_crate::vec` after `extern crate alloc as alloc_crate`) from that
 * crate's root, anything else from this module (a child module). std re-exports most of core and
 * alloc this way (`std::vec` is alloc's `vec`).
 */

/** The crates every crate can name without declaring them, by the name a path uses. */
export function builtinCrates(): Map<string, string> {
  return new Map([['std', 'std'], ['core', 'core'], ['alloc', 'alloc']]);
}

/** `externs`: the crates a path may start with, by the name it uses (builtinCrates and the `extern crate` aliases). */
export function rustReexports(useText: string, scope: string[], rootName: string, externs: ReadonlyMap<string, string> = builtinCrates()): Reexport[] {
  const m = /^(?:pub(?:\([^)]*\))?\s+)?use\s+([\s\S]+?);?\s*$/.exec(useText.trim());
  if (!m) return [];
  const here = scope.join('::');
  const out: Reexport[] = [];
  for (const { path, alias } of expand(m[1]!.replace(/\s+/g, ' ').trim())) {
    let segs = path.split('::').map((x) => x.trim()).filter(Boolean);
    if (!segs.length) continue;
    if (segs[0] === 'crate') segs = [rootName, ...segs.slice(1)];
    else if (segs[0] === 'self') segs = [...scope, ...segs.slice(1)];
    else if (segs[0] === 'super') segs = [...scope.slice(0, -1), ...segs.slice(1)];
    else if (externs.has(segs[0]!)) segs = [externs.get(segs[0]!)!, ...segs.slice(1)];
    else segs = [...scope, ...segs];
    const last = segs[segs.length - 1]!;
    if (last === '*') out.push({ public: `${here}::*`, target: segs.join('::') });
    else if (/^\w+$/.test(alias ?? last) && (alias ?? last) !== '_') out.push({ public: `${here}::${alias ?? last}`, target: segs.join('::') });
  }
  return out.filter((r) => r.public !== r.target);
}

/**
 * `a::{B, c::{D as E, F}, self}` → a::B, a::c::D (as E), a::c::F, and `a` itself (`self` in a
 * group names the module it is in: `use a::{self as alias}` is `a` as `alias`), braces nested
 * to any depth.
 */
function expand(text: string): { path: string; alias?: string }[] {
  const brace = text.indexOf('{');
  if (brace < 0) {
    const [path, alias] = text.split(/\s+as\s+/);
    // `a::self` (from a group) is `a`.
    return [{ path: path!.trim().replace(/::\s*self$/, ''), alias: alias?.trim() }];
  }
  const prefix = text.slice(0, brace);
  const inner = text.slice(brace + 1, text.lastIndexOf('}'));
  return topLevelParts(inner).map((p) => p.trim()).filter(Boolean).flatMap((p) => expand(`${prefix}${p}`));
}

/** A group's entries: split at the commas outside nested braces. */
function topLevelParts(inner: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i];
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(inner.slice(start));
  return parts;
}
