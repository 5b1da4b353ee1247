import type { Node, Tree } from 'web-tree-sitter';
import type { ExtractOptions } from '../context.js';
import { parse } from '../parser.js';
import { field, namedChildren } from '../syntax.js';
import type { DocItem, FileExtract } from '../types.js';
import { extractRust, rustModulePath, type ExpansionSite } from './rust.js';
import { firstMatch, macroRulesIn, tokenTrees, transcribe, type MacroRule } from './rust-macro-rules.js';
import { cfgAttributeHolds, takenBranches, type Truth } from './rust-cfg.js';

/**
 * The items `macro_rules!` invocations define in a Rust file (rust-macro-rules.ts): at module
 * level (`atomic_int! { …, i8 AtomicI8 ATOMIC_I8_INIT }` → `AtomicI8` and its methods) and in
 * an impl block (`impl i32 { int_impl! { … } }` → `i32::checked_add`, …), found where rustc
 * looks for a macro that a file does not define: the modules it declares `#[macro_use]`, the
 * crate root, and their `#[macro_use]` modules in turn (DefinitionFinder). A `cfg_if!` is read
 * branch by branch (cfgIfBranches). Each expansion is read by the Rust extractor as source at
 * the invocation's line, its expansions followed MAX_DEPTH deep; an item the file defines
 * itself is kept as it is, and a member repeated for each type is a copy (markCopies).
 *
 * A definition in another file is read through `readSource`, so a change to it is seen when the
 * invoking file is extracted again (as Python's docstrings taken from a sibling module).
 */

/**
 * Expansions read per file at most, and their text: std's num/mod.rs makes 12 of ~150 kB each;
 * libc's linux/mod.rs ~300 small ones (`s! { pub struct … }` once per struct, then `__item!`).
 */
const MAX_SITES = 512;
const MAX_TEXT = 4_000_000;
/** An expansion with none of these words defines no item: not parsed. */
const DEFINES = /\b(?:fn|struct|enum|union|trait|const|static|type|mod|use)\b/;
/** Macros of std's prelude and common crates that define no items, not looked for. */
const NOT_ITEMS = new Set(['println', 'print', 'eprintln', 'eprint', 'format', 'write', 'writeln', 'vec', 'assert', 'assert_eq', 'assert_ne', 'debug_assert', 'debug_assert_eq', 'panic', 'unreachable', 'todo', 'unimplemented', 'include', 'include_str', 'include_bytes', 'concat', 'stringify', 'env', 'cfg', 'matches', 'thread_local', 'compile_error', 'macro_rules']);

interface Site extends ExpansionSite {
  macro: string;
  args: string;
  /** The impl block's type as written, when the invocation is inside one. */
  implType: string | null;
}

/** Invocation sites in a file's items and impl blocks, with the module (path) each is in. */
function sitesIn(container: Node, scope: string[], out: Site[]): void {
  for (const n of namedChildren(container)) {
    if (out.length >= MAX_SITES) return;
    const inv = n.type === 'macro_invocation' ? n : n.type === 'expression_statement' && n.namedChildren[0]?.type === 'macro_invocation' ? n.namedChildren[0] : null;
    if (inv) {
      const site = siteOf(inv, scope, null);
      if (site) out.push(site);
    } else if (n.type === 'mod_item') {
      const name = field(n, 'name')?.text;
      const body = field(n, 'body');
      if (name && body) sitesIn(body, [...scope, name], out);
    } else if (n.type === 'impl_item' && !field(n, 'trait')) {
      const ty = field(n, 'type')?.text;
      const body = field(n, 'body');
      if (!ty || !body) continue;
      for (const m of namedChildren(body)) {
        if (m.type === 'macro_invocation' && out.length < MAX_SITES) {
          const site = siteOf(m, scope, ty);
          if (site) out.push(site);
        }
      }
    }
  }
}

function siteOf(inv: Node, scope: string[], implType: string | null): Site | null {
  // `cfg_if::cfg_if!` or `cfg_if!`: the macro's own name.
  const name = field(inv, 'macro')?.text.split('::').pop();
  const args = namedChildren(inv).find((c) => c.type === 'token_tree');
  if (!name || !args || !/^\w+$/.test(name) || NOT_ITEMS.has(name)) return null;
  return { macro: name, args: args.text.slice(1, -1), implType, scope, line: inv.startPosition.row + 1, endLine: inv.endPosition.row + 1 };
}

/** Root-relative files a `mod name;` declared in `file` may be in. */
function moduleFiles(file: string, name: string): string[] {
  const dir = /(?:^|\/)(?:mod|lib|main)\.rs$/.test(file) ? file.replace(/[^/]*$/, '') : file.replace(/\.rs$/, '/');
  return [`${dir}${name}.rs`, `${dir}${name}/mod.rs`];
}

/** `#[macro_use] mod name;` declarations of a source, by name. */
function macroUseModules(source: string): string[] {
  return [...source.matchAll(/#\[macro_use\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;/g)].map((m) => m[1]!);
}

/** Files read at most to find a file's macros: tokio's root has `#[macro_use] mod macros;`, whose mod.rs has a dozen more (`cfg.rs` writes `cfg_net!`). */
const MAX_DEFINITION_FILES = 32;

/**
 * Where a macro this file invokes is defined, as rustc would find it: here, the modules it
 * declares `#[macro_use]`, the crate root and the `#[macro_use]` modules below it, theirs
 * included. Read lazily, nearest first, only while a macro is still not found.
 */
class DefinitionFinder {
  private readonly texts: { file: string; text: string }[] = [];
  private readonly found = new Map<string, MacroRule[] | null>();
  /** Files read whose `#[macro_use]` modules are not read yet, and files to read, in order. */
  private readonly pending: { file: string; text: string | null }[] = [];
  private readonly seen = new Set<string>();

  constructor(
    source: string,
    private readonly opts: ExtractOptions,
  ) {
    this.seen.add(opts.file);
    this.texts.push({ file: opts.file, text: source });
    this.pending.push({ file: opts.file, text: source });
    const srcAt = opts.file.lastIndexOf('src/');
    if (srcAt < 0) return;
    for (const root of [`${opts.file.slice(0, srcAt)}src/lib.rs`, `${opts.file.slice(0, srcAt)}src/main.rs`]) this.pending.push({ file: root, text: null });
  }

  rules(name: string): MacroRule[] | null {
    if (!this.found.has(name)) {
      let rules = this.search(name, 0);
      // Not in what is read yet: read on, a file at a time.
      while (!rules && this.more()) rules = this.search(name, this.texts.length - 1);
      this.found.set(name, rules);
    }
    return this.found.get(name)!;
  }

  private search(name: string, from: number): MacroRule[] | null {
    for (let i = from; i < this.texts.length; i++) {
      const t = this.texts[i]!;
      const rules = t.text.includes('macro_rules!') ? macroRulesIn(t.text, name) : null;
      if (rules) return rules;
    }
    return null;
  }

  /** Read the next file (and queue its `#[macro_use]` modules); false when there is none. */
  private more(): boolean {
    const read = this.opts.readSource;
    while (read && this.pending.length && this.texts.length < MAX_DEFINITION_FILES) {
      const next = this.pending.shift()!;
      let text = next.text;
      if (text === null) {
        if (this.seen.has(next.file)) continue;
        this.seen.add(next.file);
        text = read(next.file);
        if (text === null) continue;
      }
      // Its modules go after what is queued: nearer files are searched first.
      for (const name of macroUseModules(text)) for (const f of moduleFiles(next.file, name)) if (!this.seen.has(f)) this.pending.push({ file: f, text: null });
      if (next.text === null) {
        this.texts.push({ file: next.file, text });
        return true;
      }
    }
    return false;
  }
}

/**
 * How deep expansions are followed: std's `atomic_int_ptr_sized!` expands to `atomic_int!`
 * invocations, which define AtomicUsize (2); libc's `expand_align!()` to `s_no_extra_traits!`,
 * to its own `(it: …)` rule, to `__item!`, which writes `pthread_mutex_t` (4).
 */
const MAX_DEPTH = 4;

/**
 * `cfg_if! { if #[cfg(unix)] { mod unix; pub use unix::*; } else { … } }` (the cfg-if crate's
 * macro, or a crate's own copy of it, as libc has): the items of every branch, as the docs of
 * each platform would show them, but the names published (`pub use`) only by the branches a
 * build for this machine takes (rust-cfg.ts): on Linux `libc::O_RDONLY` is the Linux one, not
 * the Windows branch's, written first. The taken branches come first, so that an item two
 * branches define is the taken one's.
 */
function cfgIfBranches(args: string): { taken: string; others: string } {
  const trees = tokenTrees(args);
  const branches: { cond: Truth | undefined; body: string }[] = [];
  for (let k = 0; k < trees.length; k++) {
    if (trees[k]!.open !== '{') continue;
    // The condition is the `#[cfg(…)]` just before the branch (none for the last `else`).
    const attr = trees[k - 2]?.text === '#' && trees[k - 1]?.open === '[' ? `#${trees[k - 1]!.text}` : null;
    branches.push({ cond: attr === null ? undefined : cfgAttributeHolds(attr), body: trees[k]!.text.slice(1, -1) });
  }
  const conds = branches.filter((b) => b.cond !== undefined).map((b) => b.cond!);
  const hasElse = branches.length > conds.length;
  const taken = takenBranches(conds, hasElse);
  return {
    taken: branches.filter((_, i) => taken[i]).map((b) => b.body).join('\n'),
    others: branches.filter((_, i) => !taken[i]).map((b) => b.body).join('\n'),
  };
}

/** Kinds of item a macro repeats for each type it is invoked for: the types themselves are not copies of each other. */
const MEMBER_KINDS = new Set(['method', 'constant', 'field', 'variable']);

/**
 * Mark the members the file's expansions repeat under another type (`i16::checked_add` after
 * `i8::checked_add`, `NonZeroU16::new` after `NonZeroU8::new`: the same kind, name and summary
 * under another parent) with `tags.copy_of`, the first one's id. A copy is an item of its own
 * (docs_get of `i32::checked_add` answers with i32's signature), but its full text is not
 * indexed again (rows.ts): std's twelve copies of each integer method made "integer" a common
 * word, and the question about the error of parsing one lost `ParseIntError`. The types an
 * expansion defines (`AtomicI16` beside `AtomicI8`) are not copies.
 */
function markCopies(items: readonly DocItem[]): void {
  const firsts = new Map<string, string>();
  for (const item of items) {
    if (!MEMBER_KINDS.has(item.kind) || !item.summary || !item.parent) continue;
    const key = `${item.kind}\u0000${item.name}\u0000${item.summary}`;
    const first = firsts.get(key);
    if (first === undefined) firsts.set(key, item.id);
    else if (first !== item.id) item.tags = { ...item.tags, copy_of: first };
  }
}

/** Add to `result` the items the file's macro invocations define (see above). */
export async function addMacroItems(tree: Tree, source: string, opts: ExtractOptions, result: FileExtract): Promise<void> {
  if (!source.includes('!')) return;
  const modPath = rustModulePath(opts.file, opts.project?.rustCrate, opts.project?.rustCrate ?? 'crate', opts.project?.rustCrates);
  const sites: Site[] = [];
  sitesIn(tree.rootNode, modPath, sites);
  if (!sites.length) return;
  const finder = new DefinitionFinder(source, opts);
  // By kind and id: a type and its trait impls share an id.
  const key = (i: DocItem) => `${i.kind}\u0000${i.id}`;
  const known = new Set(result.items.map(key));
  const budget = { text: MAX_TEXT, sites: MAX_SITES };
  /** What the expansions added, for markCopies. */
  const added: DocItem[] = [];
  /** Read an expansion's text: its items, and its `pub use` names unless `publish` is false (a branch this machine's build does not take). */
  const read = async (body: string, site: Site, at: ExpansionSite, depth: number, publish: boolean): Promise<void> => {
    // An expansion that only invokes other macros is read for their sites.
    const invokes = depth < MAX_DEPTH && /\w!\s*[({[]/.test(body);
    // Nothing public, nothing for the docs: a macro writing trait impls for many types (std's
    // for fn pointers of every arity) is not parsed only to be dropped.
    if ((!(DEFINES.test(body) && /\bpub\b/.test(body)) && !invokes) || body.length > budget.text) return;
    budget.text -= body.length;
    const text = site.implType ? `impl ${site.implType} {\n${body}\n}` : body;
    const expanded = await parse('rust', text);
    const inner: Site[] = [];
    try {
      const got = extractRust(expanded, text, opts, 'rust', at);
      for (const item of got.items) {
        if (known.has(key(item))) continue;
        known.add(key(item));
        result.items.push(item);
        added.push(item);
      }
      // `pub use` in an expansion publishes names as it does in the file (libc's `pub use unix::*` in a cfg_if!).
      if (publish) for (const r of got.reexports ?? []) if (!result.reexports?.some((x) => x.public === r.public && x.target === r.target)) (result.reexports ??= []).push(r);
      if (invokes) sitesIn(expanded.rootNode, at.scope, inner);
    } finally {
      expanded.delete();
    }
    for (const s of inner) if (budget.sites-- > 0) await expand(s, at, depth + 1, publish);
  };
  const expand = async (site: Site, at: ExpansionSite, depth: number, publish = true): Promise<void> => {
    if (site.macro === 'cfg_if' && !site.implType) {
      const { taken, others } = cfgIfBranches(site.args);
      await read(taken, site, at, depth, publish);
      await read(others, site, at, depth, false);
      return;
    }
    const rules = finder.rules(site.macro);
    const matched = rules && firstMatch(rules, site.args);
    if (matched) await read(transcribe(matched.rule.transcriber, matched.bindings, modPath[0]!), site, at, depth, publish);
  };
  for (const site of sites) await expand(site, site, 1);
  markCopies(added);
}
