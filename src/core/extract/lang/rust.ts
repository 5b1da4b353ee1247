import type { Node, Tree } from 'web-tree-sitter';
import { buildItem, moduleInfo, docMarkdown, oneLine, type SignatureParam } from '../build.js';
import { ItemSink, type ExtractOptions } from '../context.js';
import { stripBlockComment, stripLineComments, type RawComment } from '../doc/comments.js';
import { parseRustDoc, plainLinks } from '../doc/markdown.js';
import { firstSentence, type ParsedDoc } from '../doc/model.js';
import { field, isComment, leadingComments, namedChildren } from '../syntax.js';
import type { FileExtract, ItemKind, Reexport, Visibility } from '../types.js';
import { builtinCrates, rustReexports } from './rust-reexports.js';

/**
 * Rust: `///` and `/** *\/` item docs, `//!` and `/*! *\/` module docs, Markdown sections
 * (`# Examples`, `# Panics`, `# Errors`, `# Safety`) and intra-doc links, `#[deprecated]` and
 * `#[stable(since)]` attributes. Ids are paths (`crate::module::Type::method`); `pub` items are
 * public, `pub(crate)`/`pub(super)` internal, the rest private. Trait impls are items of kind
 * `impl` so that docs_related can say which types implement a trait.
 */

/** `src/lib.rs` → crate; `src/a/mod.rs`, `src/a.rs` → crate::a; `crates/x/src/y.rs` → x::y. */
export function rustModulePath(file: string, crate: string | undefined, rootName: string, members?: readonly { dir: string; crate: string }[]): string[] {
  const parts = file.replace(/\\/g, '/').replace(/\.rs$/, '').split('/');
  const srcAt = parts.lastIndexOf('src');
  let crateName = (crate ?? rootName).replace(/-/g, '_');
  let rest = parts;
  if (srcAt >= 0) {
    // A workspace member's crate is named by its Cargo.toml, else by its folder.
    const dir = parts.slice(0, srcAt).join('/');
    if (srcAt > 0) crateName = members?.find((m) => m.dir === dir)?.crate ?? parts[srcAt - 1]!.replace(/-/g, '_');
    rest = parts.slice(srcAt + 1);
  }
  if (rest.length && /^(lib|main|mod)$/.test(rest[rest.length - 1]!)) rest = rest.slice(0, -1);
  return [crateName, ...rest.filter(Boolean)];
}

/**
 * The crates this file can name at the start of a path: core, alloc and std, and those its crate
 * root declares (`extern crate alloc as alloc_crate;` in std's lib.rs holds in every module of
 * std) or the file itself does. The crate root is read through `readSource` when there is one.
 */
function crateExterns(source: string, opts: ExtractOptions): Map<string, string> {
  const externs = builtinCrates();
  const file = opts.file.replace(/\\/g, '/');
  const srcAt = file.lastIndexOf('src/');
  const roots = srcAt >= 0 ? [`${file.slice(0, srcAt)}src/lib.rs`, `${file.slice(0, srcAt)}src/main.rs`].filter((r) => r !== file) : [];
  const texts = [source];
  for (const r of roots) {
    const text = opts.readSource?.(r);
    if (text) {
      texts.unshift(text);
      break;
    }
  }
  for (const text of texts) {
    // `extern crate alloc as alloc_crate;` → alloc_crate names alloc; `extern crate libc;` → libc.
    for (const m of text.matchAll(/^[ \t]*extern\s+crate\s+(\w+)(?:\s+as\s+(\w+))?\s*;/gm)) externs.set(m[2] ?? m[1]!, m[1]!);
  }
  return externs;
}

function docOf(node: Node): ParsedDoc | null {
  // Outer doc comments are attributes of the next item, blank lines or other attributes between
  // (std writes `/// …` then a blank line then `#[stable(…)]` over HashMap).
  const comments = leadingComments(node, (n) => n.type === 'attribute_item', true);
  // Every outer doc comment between the previous item and this one is part of its doc, as
  // rustc reads them: plain `//` comments may sit among them (alloc's Arc has a note to its
  // maintainers in the middle of its examples) and inner `//!` docs belong to the module.
  const docs: RawComment[] = comments.filter((c) => c.style === 'line-doc' || (c.style === 'block-doc' && c.text.startsWith('/**')));
  if (!docs.length) return null;
  const text = docs.map((d) => (d.text.startsWith('/*') ? stripBlockComment(d.text) : stripLineComments([d.text]))).join('\n');
  return text.trim() ? parseRustDoc(text) : null;
}

function attributesOf(node: Node): string[] {
  const out: string[] = [];
  let sib = node.previousSibling;
  while (sib && (sib.type === 'attribute_item' || isComment(sib))) {
    if (sib.type === 'attribute_item') out.push(sib.text);
    sib = sib.previousSibling;
  }
  return out;
}

function visibilityOf(node: Node): Visibility {
  const v = namedChildren(node).find((c) => c.type === 'visibility_modifier')?.text;
  if (!v) return 'private';
  return v === 'pub' ? 'public' : 'internal';
}

function typeName(node: Node | null): string {
  if (!node) return '';
  const base = node.type === 'generic_type' ? field(node, 'type') ?? node : node;
  return base.text.replace(/\s+/g, '');
}

/** Where a macro's expansion is read as source (rust-macro-expand.ts): the module it is in and the invocation's lines. */
export interface ExpansionSite {
  scope: string[];
  line: number;
  endLine: number;
}

export function extractRust(tree: Tree, source: string, opts: ExtractOptions, _lang?: unknown, at?: ExpansionSite): FileExtract {
  const root = tree.rootNode;
  const sink = new ItemSink(opts.includePrivate);
  const rootName = opts.project?.rustCrate ?? 'crate';
  const modPath = rustModulePath(opts.file, opts.project?.rustCrate, rootName, opts.project?.rustCrates);
  const module = modPath.join('::');
  const imports: string[] = [];
  const reexports: Reexport[] = [];
  let moduleDoc: ParsedDoc | null = null;

  function innerDoc(container: Node): ParsedDoc | null {
    const lines: string[] = [];
    for (const c of namedChildren(container)) {
      if (!isComment(c)) {
        if (lines.length || c.type !== 'inner_attribute_item') break;
        continue;
      }
      if (c.text.startsWith('//!')) lines.push(stripLineComments([c.text]));
      else if (c.text.startsWith('/*!')) lines.push(stripBlockComment(c.text));
      else if (lines.length) break;
    }
    const text = lines.join('\n').trim();
    return text ? parseRustDoc(text) : null;
  }

  function attrs(node: Node): { deprecated: string | null; since: string | null } {
    let deprecated: string | null = null;
    let since: string | null = null;
    for (const a of attributesOf(node)) {
      if (/^#\[deprecated/.test(a)) deprecated = /note\s*=\s*"([^"]*)"/.exec(a)?.[1] ?? /^#\[deprecated\s*=\s*"([^"]*)"/.exec(a)?.[1] ?? 'Deprecated.';
      const st = /^#\[(?:stable|rustc_const_stable)\(.*since\s*=\s*"([^"]*)"/.exec(a);
      if (st) since = st[1]!;
    }
    return { deprecated, since };
  }

  function params(list: Node | null): SignatureParam[] {
    if (!list) return [];
    const out: SignatureParam[] = [];
    for (const p of namedChildren(list)) {
      if (p.type === 'parameter') out.push({ name: field(p, 'pattern')?.text ?? '_', type: oneLine(field(p, 'type')?.text ?? '') || null });
      else if (p.type === 'variadic_parameter') out.push({ name: '...', type: null });
    }
    return out;
  }

  function emit(kind: ItemKind, name: string, node: Node, scope: string[], parent: string | null, visibility: Visibility, signature: string, extra: { params?: SignatureParam[]; returnType?: string | null; implements?: string[] } = {}): string {
    const id = [...scope, name].join('::');
    const doc = docOf(node);
    const a = attrs(node);
    const item = buildItem(
      {
        kind, name, id, module: parent ? parent.split('::').slice(0, -1).join('::') || module : scope.join('::'), visibility, language: 'rust', signature,
        params: extra.params, returnType: extra.returnType ?? null, line: at ? at.line : node.startPosition.row + 1, endLine: at ? at.endLine : node.endPosition.row + 1,
        parent, implements: extra.implements, deprecated: a.deprecated, since: a.since,
      },
      doc,
      opts.file,
    );
    item.summary = plainLinks(item.summary);
    sink.add(item);
    return id;
  }

  const header = (n: Node, body: Node | null) => oneLine(source.slice(n.startIndex, body ? body.startIndex : n.endIndex).replace(/[;{]\s*$/, ''));
  const clamp = (v: Visibility, outer: Visibility): Visibility => (outer === 'public' ? v : v === 'public' ? outer : v);

  function visit(container: Node, scope: string[], outer: Visibility): void {
    for (const n of namedChildren(container)) {
      switch (n.type) {
        case 'use_declaration': {
          imports.push(oneLine(field(n, 'argument')?.text ?? ''));
          // `crate::` is the crate this file belongs to: in a tree of several crates (std's
          // core, alloc and std side by side) that is the path's crate, not the root's.
          const named = rustReexports(n.text, scope, modPath[0]!, externs);
          // Only a `pub use` is API: not `pub(crate)`/`pub(super)`/`pub(in …)`, nor one the docs
          // hide (`#[doc(hidden)]`, a crate's plumbing that must be public to macros).
          if (/^pub\s/.test(n.text) && !docHidden(n)) reexports.push(...named);
          // What each name the module imports stands for, for the types its impl blocks name.
          for (const r of named) if (!r.public.endsWith('::*')) usedNames(scope).set(r.public.slice(r.public.lastIndexOf('::') + 2), r.target);
          break;
        }
        case 'function_item':
        case 'function_signature_item': {
          const name = field(n, 'name')?.text;
          if (!name) break;
          const ret = field(n, 'return_type');
          emit('function', name, n, scope, null, clamp(visibilityOf(n), outer), header(n, field(n, 'body')), { params: params(field(n, 'parameters')), returnType: ret ? oneLine(ret.text) : null });
          break;
        }
        case 'struct_item':
        case 'union_item':
        case 'enum_item': {
          const name = field(n, 'name')?.text;
          if (!name) break;
          const body = field(n, 'body');
          const kind: ItemKind = n.type === 'enum_item' ? 'enum' : n.type === 'union_item' ? 'union' : 'struct';
          const vis = clamp(visibilityOf(n), outer);
          const sig = body && body.type === 'ordered_field_declaration_list' ? oneLine(n.text.replace(/;\s*$/, ''), 300) : header(n, body);
          const id = emit(kind, name, n, scope, null, vis, sig);
          if (body) members(body, [...scope, name], id, vis, kind === 'enum');
          break;
        }
        case 'trait_item': {
          const name = field(n, 'name')?.text;
          if (!name) break;
          const vis = clamp(visibilityOf(n), outer);
          const bounds = field(n, 'bounds');
          const id = emit('trait', name, n, scope, null, vis, header(n, field(n, 'body')), { implements: bounds ? namedChildren(bounds).map((b) => b.text) : [] });
          const body = field(n, 'body');
          if (body) assoc(body, [...scope, name], id, vis, true);
          break;
        }
        case 'impl_item': {
          const ty = typeName(field(n, 'type'));
          const trait = field(n, 'trait');
          const body = field(n, 'body');
          if (!ty) break;
          // `impl From<&Path> for Arc<Path>` in std's path.rs, after `use crate::sync::Arc`: its
          // methods belong to Arc (`std::sync::Arc::from`, as rustdoc lists them), not to a
          // made-up `std::path::Arc`. A type the module defines or does not import stays here.
          const imported = /^\w+$/.test(ty) ? usedNames(scope).get(ty) : undefined;
          const selfPath = imported ? imported.split('::') : [...scope, ty];
          // A macro's trait impls (std's for every fn pointer type, each integer type) are many,
          // undocumented, and often for types no path names: only that a named type implements it.
          if (at && trait && !/^[\w:]+(?:<.*>)?$/.test(ty)) break;
          if (trait) emit('impl', ty, n, scope, null, outer === 'public' ? 'public' : outer, header(n, body), { implements: [trait.text] });
          if (body && !(at && trait)) assoc(body, selfPath, selfPath.join('::'), outer, !!trait);
          break;
        }
        case 'mod_item': {
          const name = field(n, 'name')?.text;
          if (!name) break;
          const vis = clamp(visibilityOf(n), outer);
          const body = field(n, 'body');
          const inner = body ? innerDoc(body) : null;
          const id = emit('module', name, n, scope, null, vis, oneLine(`${source.slice(n.startIndex, body ? body.startIndex : n.endIndex)}`.replace(/[;{]\s*$/, '')));
          if (inner) {
            const it = sink.items.find((i) => i.id === id);
            if (it && !it.doc) Object.assign(it, { doc: docMarkdown(inner), summary: firstSentence(inner.description), examples: inner.examples });
          }
          if (body) visit(body, [...scope, name], vis);
          break;
        }
        case 'const_item':
        case 'static_item': {
          const name = field(n, 'name')?.text;
          if (!name) break;
          const value = field(n, 'value');
          const sig = oneLine(source.slice(n.startIndex, value ? value.startIndex : n.endIndex).replace(/=\s*$/, '').replace(/;\s*$/, ''));
          emit(n.type === 'const_item' ? 'constant' : 'variable', name, n, scope, null, clamp(visibilityOf(n), outer), sig);
          break;
        }
        case 'type_item': {
          const name = field(n, 'name')?.text;
          if (name) emit('type', name, n, scope, null, clamp(visibilityOf(n), outer), oneLine(n.text.replace(/;\s*$/, ''), 300));
          break;
        }
        case 'foreign_mod_item': {
          // `extern "C" { pub fn open(…) -> c_int; pub static environ: …; }`: a -sys crate's and
          // libc's whole API is declared this way.
          // Not the compiler's own (`extern "rust-intrinsic"`, `"platform-intrinsic"`): core's
          // intrinsics are no API a question should be answered with.
          const body = field(n, 'body');
          if (body && !/^extern\s+"[\w-]*intrinsic"/.test(n.text)) visit(body, scope, outer);
          break;
        }
        case 'macro_definition': {
          const name = field(n, 'name')?.text;
          const exported = attributesOf(n).some((a) => /macro_export/.test(a));
          if (name) emit('macro', `${name}!`, n, exported ? [scope[0]!] : scope, null, exported ? 'public' : 'internal', `macro_rules! ${name}`);
          break;
        }
      }
    }
  }

  /** Struct fields and enum variants. */
  function members(body: Node, scope: string[], parent: string, vis: Visibility, isEnum: boolean): void {
    for (const m of namedChildren(body)) {
      if (m.type === 'field_declaration') {
        const name = field(m, 'name')?.text;
        if (name) emit('field', name, m, scope, parent, clamp(visibilityOf(m), vis), oneLine(m.text.replace(/,\s*$/, '')));
      } else if (isEnum && m.type === 'enum_variant') {
        const name = field(m, 'name')?.text;
        if (name) emit('enum_member', name, m, scope, parent, vis, oneLine(m.text.replace(/,\s*$/, ''), 200));
      }
    }
  }

  /** Associated items of a trait or impl block. */
  function assoc(body: Node, scope: string[], parent: string, vis: Visibility, traitContext: boolean): void {
    for (const m of namedChildren(body)) {
      const name = field(m, 'name')?.text;
      if (!name) continue;
      // Trait items and trait-impl items are as visible as the trait/type; inherent methods carry their own `pub`.
      const v = traitContext ? vis : clamp(visibilityOf(m), vis);
      if (m.type === 'function_item' || m.type === 'function_signature_item') {
        const ret = field(m, 'return_type');
        emit('method', name, m, scope, parent, v, header(m, field(m, 'body')), { params: params(field(m, 'parameters')), returnType: ret ? oneLine(ret.text) : null });
      } else if (m.type === 'const_item') {
        emit('constant', name, m, scope, parent, v, oneLine(m.text.replace(/;\s*$/, ''), 200));
      } else if (m.type === 'associated_type' || m.type === 'type_item') {
        emit('type', name, m, scope, parent, v, oneLine(m.text.replace(/;\s*$/, ''), 200));
      }
    }
  }

  // An expansion names the crates its invoking file does; the crate root is not read again for each.
  const externs = crateExterns(source, at ? { ...opts, readSource: undefined } : opts);
  /** Per module (its path), the names its `use` declarations bring in and what they stand for. */
  const uses = new Map<string, Map<string, string>>();
  const usedNames = (scope: string[]) => {
    const key = scope.join('::');
    let m = uses.get(key);
    if (!m) uses.set(key, (m = new Map()));
    return m;
  };
  moduleDoc = at ? null : innerDoc(root);
  visit(root, at?.scope ?? modPath, 'public');
  return {
    language: 'rust',
    module: moduleInfo(module, moduleDoc),
    items: sink.items,
    imports: imports.filter(Boolean),
    errors: root.hasError ? 1 : 0,
    ...(reexports.length ? { reexports } : {}),
  };
}

/** Whether the attributes right above an item hide it from the docs (`#[doc(hidden)]`). */
function docHidden(n: Node): boolean {
  for (let p = n.previousNamedSibling; p && (p.type === 'attribute_item' || p.type === 'line_comment' || p.type === 'block_comment'); p = p.previousNamedSibling) {
    if (p.type === 'attribute_item' && /^#\[\s*doc\s*\(\s*hidden\s*\)\s*\]$/.test(p.text)) return true;
  }
  return false;
}
