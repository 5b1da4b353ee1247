import type { Node } from 'web-tree-sitter';
import { commentStyle, type RawComment } from '../doc/comments.js';
import type { ParsedDoc } from '../doc/model.js';
import { leadingComments } from '../syntax.js';
import type { ItemKind, Visibility } from '../types.js';

/**
 * What a JSDoc/TSDoc comment says about the item below it, apart from its prose: which comment
 * documents a declaration, and what the identity tags make of it (visibility from `@public`,
 * `@private`, `@static`…; the qualified name from `@memberOf`, `@name`, `@alias`; the kind from
 * `@class`, `@typedef`, `@function`…). The TypeScript/JavaScript extractor applies these rules;
 * they are kept apart because JSDoc, not the syntax, decides them.
 */

/** Tags that make an item API even where the syntax hides it (lodash's `@static` `@memberOf _` inside an IIFE). */
const PUBLIC_TAGS = ['public', 'static', 'memberof', 'name', 'namespace', 'global', 'exports', 'api'];
/** Tags that hide an item. */
const HIDDEN_TAGS = ['private', 'internal', 'ignore', 'hidden', 'protected'];

/** The doc claims the item is API (one of PUBLIC_TAGS). */
export function docSaysPublic(doc: ParsedDoc | null): boolean {
  return Boolean(doc && PUBLIC_TAGS.some((t) => Object.hasOwn(doc.tags, t)));
}

/**
 * The doc comment of a declaration: a JSDoc block (even across blank lines, as TypeScript reads
 * it), a run of `///` lines, or else a run of plain `//` lines right above it (plainLineDoc).
 */
export function docComment(node: Node, plainLines = false): RawComment | null {
  const comments = leadingComments(node, (n) => n.type === 'decorator');
  // Like TypeScript itself, a JSDoc block documents the next declaration even across blank lines.
  if (!comments.length) {
    let prev = node.previousSibling;
    while (prev?.type === 'decorator') prev = prev.previousSibling;
    // Not a file header (the file's first comment, or one tagged as the file's or a licence).
    const header = prev && ((prev.parent?.type === 'program' && !prev.previousSibling) || /@(file|fileoverview|overview|module|license|preserve|packageDocumentation)\b/.test(prev.text));
    if (prev?.type === 'comment' && !header && commentStyle(prev.text) === 'block-doc' && !ANNOTATION_BLOCK.test(prev.text) && !sharesLineWithCode(prev)) {
      return { text: prev.text, startRow: prev.startPosition.row, endRow: prev.endPosition.row, startIndex: prev.startIndex, style: 'block-doc' };
    }
  }
  for (let i = comments.length - 1; i >= 0; i--) {
    const c = comments[i]!;
    if (c.style === 'block-doc') {
      if (ANNOTATION_BLOCK.test(c.text)) continue;
      return c;
    }
    if (c.style === 'line-doc' && !c.text.startsWith('/// <')) {
      // The seed's `///` style: gather the run of `///` lines.
      const run: RawComment[] = [];
      for (let j = i; j >= 0 && comments[j]!.style === 'line-doc'; j--) run.unshift(comments[j]!);
      return { ...c, text: run.map((r) => r.text).join('\n'), startRow: run[0]!.startRow };
    }
  }
  return plainLines ? plainLineDoc(comments) : null;
}

/** A block that only marks the code for a bundler or minifier (`/** #__KEEP__ *\/`), not a doc. */
const ANNOTATION_BLOCK = /^\/\*\*\s*[@#]__[A-Z_]+__\s*\*\/$/;

/**
 * A line that is a tool's directive or a note to the code's authors, not a description: a
 * linter's or bundler's annotation (`// @__NO_SIDE_EFFECTS__` above 349 of zod's functions, which
 * became their summary), a section banner (`// ==== COMPOSITE TYPE PROCESSORS ====`), a to-do,
 * a file marker, a lone URL.
 */
const NOT_PROSE = /^\/\/\s*(?:[@#]__[A-Z_]+__\s*$|[-=*#~_/]{3,}.*[-=*#~_/]{3,}\s*$|eslint|@ts-|prettier|istanbul|c8\b|jshint|jscs|tslint|biome|global\b|#|@flow|@refresh|noinspection|webpackChunkName|TODO|FIXME|XXX|HACK|BUG|NOTE\b|[-=*#~_/]{3,}\s*$|\S+\.(?:[cm]?[jt]sx?|json)\s*$|https?:\S+\s*$)/i;
/** A generated file's notice ("This file is generated automatically by `scripts/build/fp.ts`. Please, don't change it."): about the file, not the code below it. */
const GENERATED_NOTICE = /\b(?:auto-?generated|generated (?:automatically|by|from)|this file (?:is|was) generated|do not (?:edit|modify|change)|don'?t (?:edit|modify|change) (?:it|this))\b/i;

/**
 * A run of plain `//` lines right above a declaration, with no JSDoc: how underscore, Node's
 * own library and much other JavaScript document their functions ("// Returns a function, that,
 * as long as it continues to be invoked, will not be triggered…"). Without it such a library
 * has no docs at all. JavaScript only: in TypeScript and declaration files the docs are TSDoc,
 * and `//` lines are notes to the maintainers ("NOTE: 'next' is defined using a tuple…").
 * Directive, to-do and note lines, a bundler's file markers (`// src/compiler/debug.ts`) and
 * lone URLs are left out, and a generated file's notice is no doc at all; what remains must
 * have at least two words ("Shuffle a collection."), or the run is not a doc.
 */
function plainLineDoc(comments: readonly RawComment[]): RawComment | null {
  const run: RawComment[] = [];
  for (let j = comments.length - 1; j >= 0 && comments[j]!.style === 'line'; j--) run.unshift(comments[j]!);
  if (!run.length || run.some((r) => GENERATED_NOTICE.test(r.text))) return null;
  const kept = run.filter((r) => !NOT_PROSE.test(r.text.trim()));
  const words = kept.map((r) => r.text.replace(/^\/\/+/, '')).join(' ').match(/[A-Za-z]{2,}/g) ?? [];
  if (words.length < 2) return null;
  return { text: kept.map((r) => r.text).join('\n'), startRow: kept[0]!.startRow, endRow: kept[kept.length - 1]!.endRow, startIndex: kept[0]!.startIndex, style: 'line' };
}

/** A comment that trails code on its first line (`foo(); /** x *\/`) belongs to that code. */
function sharesLineWithCode(c: Node): boolean {
  const before = c.previousSibling;
  return !!before && before.endPosition.row === c.startPosition.row;
}

export function visibilityFor(name: string, doc: ParsedDoc | null, syntactic: Visibility): Visibility {
  if (doc) {
    if (HIDDEN_TAGS.some((t) => Object.hasOwn(doc.tags, t))) return Object.hasOwn(doc.tags, 'protected') && !(Object.hasOwn(doc.tags, 'private')) ? 'protected' : doc.tags.internal !== undefined ? 'internal' : 'private';
    if (PUBLIC_TAGS.some((t) => Object.hasOwn(doc.tags, t))) return 'public';
  }
  if (name.startsWith('#')) return 'private';
  return syntactic;
}

/** Qualified id from JSDoc identity tags, else scope + name. */
export function identity(name: string, doc: ParsedDoc | null, scope: { id: string; inClass: boolean }): { id: string; name: string; parent: string | null; aliases: string[] } {
  const t = doc?.tags ?? {};
  let n = t.name?.split(/\s+/)[0] || name;
  const aliases: string[] = [];
  if (t.alias) {
    const a = t.alias.trim();
    // A bare alias on a declaration with a name of its own (date-fns's `@alias formatDate` on
    // `export declare function format`, which it also exports as formatDate) is another name
    // for it, as lodash's with @memberOf is; only a qualified alias, or one naming a block
    // the syntax names nothing for, is JSDoc's full name (it had made that function a
    // top-level `formatDate`, outside its module).
    if (/[.#~]|^module:/.test(a) || (!t.memberof && !name)) {
      // JSDoc semantics: the alias is the item's full name.
      const full = a.replace(/^module:/, '');
      const cut = Math.max(full.lastIndexOf('.'), full.lastIndexOf('#'), full.lastIndexOf('~'));
      return { id: full, name: cut >= 0 ? full.slice(cut + 1) : full, parent: cut >= 0 ? full.slice(0, cut) : null, aliases };
    }
    aliases.push(...a.split(/\s*,\s*/)); // lodash semantics: other names for the same function
  }
  if (t.memberof) {
    const parent = t.memberof.split(/\s+/)[0]!.replace(/^module:/, '');
    return { id: `${parent}.${n}`, name: n, parent, aliases };
  }
  n = n.replace(/^module:/, '');
  return { id: `${scope.id}.${n}`, name: n, parent: scope.inClass ? scope.id : null, aliases };
}

export function kindFromDoc(doc: ParsedDoc | null, fallback: ItemKind): ItemKind {
  const t = doc?.tags ?? {};
  if (Object.hasOwn(t, 'class') || Object.hasOwn(t, 'constructor')) return 'class';
  if (Object.hasOwn(t, 'namespace')) return 'namespace';
  if (Object.hasOwn(t, 'typedef') || Object.hasOwn(t, 'callback')) return 'type';
  if (Object.hasOwn(t, 'function') || Object.hasOwn(t, 'func') || Object.hasOwn(t, 'method')) return fallback === 'method' ? 'method' : 'function';
  if (fallback === 'variable' && (doc?.params.length || doc?.returns)) return 'function';
  if (fallback === 'variable' && Object.hasOwn(t, 'constant')) return 'constant';
  return fallback;
}

/** `debounce(func, [wait=0], [options={}])` from JSDoc when the syntax has no usable header. */
export function synthesizeSignature(name: string, doc: ParsedDoc | null): string {
  if (!doc) return name;
  const params = doc.params.filter((p) => !p.name.includes('.'));
  if (!params.length && !doc.returns && !(Object.hasOwn(doc.tags, 'function'))) {
    return doc.tags.type ? `${name}: ${doc.tags.type.replace(/^\{|\}$/g, '')}` : name;
  }
  const list = params.map((p) => (p.optional ? `[${p.name}${p.default != null ? `=${p.default}` : ''}]` : p.name)).join(', ');
  return `${name}(${list})${doc.returns?.type ? `: ${doc.returns.type}` : ''}`;
}
