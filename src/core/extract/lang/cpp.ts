import type { Node, Tree } from 'web-tree-sitter';
import { buildItem, moduleInfo, oneLine, type SignatureParam } from '../build.js';
import { ItemSink, type ExtractOptions } from '../context.js';
import { commentToText, isDocStyle, type RawComment } from '../doc/comments.js';
import { type ParsedDoc } from '../doc/model.js';
import { parseTaggedDoc } from '../doc/tags.js';
import { commentsBelow, field, isComment, leadingComments, namedChildren, trailingComment } from '../syntax.js';
import { isMacroLike, recoverPrototype, withoutComments, type RecoveredPrototype } from './c-prototype.js';
import { cleanComment, conditionalOpening, isMaintainerNote, sentenceNaming } from './c-comments.js';
import { declaredFunction, declaredName, functionDeclarator, innermostName, paramsFromText, paramsOf, returnTypeOf } from './cpp-declarators.js';
import { isDeductionGuide, isParameterPattern, nameSoleSpecializations } from './cpp-templates.js';
import { publishUsings, usingDeclarationPath, type HiddenItem, type UsingDeclaration } from './cpp-using.js';
import type { DocItem, FileExtract, ItemKind, LanguageId, Visibility } from '../types.js';

/**
 * C and C++ with Doxygen (`///`, `//!`, `/** *\/`, `/*! *\/`, `@param`/`\param`, `\code`) and,
 * like clangd's hover, plain `//` and `/* *\/` comments directly above a declaration or
 * trailing it on the same line, because most C and C++ code is documented that way.
 * Ids use `ns::Class::member`; class members follow the access specifiers, `static` functions
 * and anonymous/`detail` namespaces are internal.
 */

/** The name of an inline namespace that versions an ABI: `v2`, `_V2`, `__n4861`, `__cxx11`, `lts_20230125`, `__1`, `abi_v1`. */
const ABI_VERSION = /^(?:_*[vV]\d\w*|__n\d+|__cxx\d+|__\d+|lts_\w+|abi\w*|_*\d\w*)$/;
const HEADER_RE = /\.(h|hh|hpp|hxx|h\+\+|ipp|tpp|inl)$/i;
const CONTAINERS = new Set(['preproc_ifdef', 'preproc_if', 'preproc_else', 'preproc_elif', 'preproc_elifdef', 'linkage_specification', 'declaration_list']);
/** Declarations followed up a run for the comment over it (groupDoc). */
const GROUP_MAX = 40;
/** Node types one C declaration can be split into when macros confuse the grammar. */
const STATEMENT_PARTS = new Set(['declaration', 'field_declaration', 'expression_statement', 'ERROR', 'identifier', 'type_identifier', 'call_expression']);

/**
 * Two names of one family: all but their last `_`-separated part the same, and that at least
 * two parts (`sqlite3_bind_blob` and `sqlite3_bind_int`; not `sqlite3_errcode` and
 * `sqlite3_close`, or `strstr` and `strlen`).
 */
function sameFamily(a: string, b: string): boolean {
  const stem = (n: string) => n.slice(0, n.lastIndexOf('_') + 1);
  const s = stem(a);
  return s.length > 0 && s === stem(b) && s.slice(0, -1).includes('_');
}
const LICENSE_RE = /copyright|licen[sc]e|SPDX-|all rights reserved/i;
/** Not the licence block at a file's top, which documents nothing below it. */
const notLicence = (c: RawComment): boolean => !(c.startRow <= 1 && LICENSE_RE.test(c.text));
/**
 * The comments of a run above or below a declaration that document it: not the licence, and
 * not its plain comments when they open with a maintainer's note (isMaintainerNote), which
 * had become summaries (`std::chrono::duration`: "_GLIBCXX_RESOLVE_LIB_DEFECTS 3050.").
 */
function documenting(run: RawComment[], trailing = false): RawComment[] {
  const kept = run.filter(notLicence);
  const plain = kept.filter((c) => !isDocStyle(c.style));
  return plain.length && isMaintainerNote(plain.map(cleanComment).join('\n'), trailing) ? kept.filter((c) => isDocStyle(c.style)) : kept;
}

interface Scope {
  ns: string[];
  /** Qualified id of the enclosing class, or null at namespace scope. */
  cls: string | null;
  clsName: string | null;
  access: Visibility;
  internal: boolean;
}

export function extractCpp(tree: Tree, source: string, opts: ExtractOptions, lang: LanguageId): FileExtract {
  const root = tree.rootNode;
  const sink = new ItemSink(opts.includePrivate);
  const isHeader = HEADER_RE.test(opts.file);
  const imports: string[] = [];
  const emitted = new Set<string>();
  /** Items left out for their namespace, and the using-declarations that may publish them (cpp-using.ts). */
  const hidden: HiddenItem[] = [];
  const usings: UsingDeclaration[] = [];
  let moduleDoc: ParsedDoc | null = null;
  const fileModule = opts.file;
  /** Classes declared ahead of their definition (`template<…> class function;`), with that declaration's doc. */
  const declaredAhead = new Map<string, ParsedDoc | null>();
  /** Partial specializations (`template<…> class function<_Res(_ArgTypes...)>`), by the template they specialize. */
  const partials: { primary: string; id: string }[] = [];

  const docFor = (anchor: Node, trailingOn: Node | null): ParsedDoc | null => {
    let lead = documenting(leadingComments(anchor, (n) => n.type === 'attribute_declaration'));
    // `int f(void);` `/* f's doc */` `/* g's doc */` `int g(void);`: the first block trails f.
    if (lead.length > 1 && lead[0]!.text.startsWith('/*')) {
      let prev = anchor.previousSibling;
      for (let k = 0; prev && k < lead.length; prev = prev.previousSibling) if (isComment(prev)) k++;
      if (prev && STATEMENT_PARTS.has(prev.type) && prev.endPosition.row + 1 === lead[0]!.startRow) lead = lead.slice(1);
    }
    let texts = lead.map(cleanComment).filter(Boolean);
    // A run mixing plain and doc comments: the doc comments are the documentation.
    if (lead.some((c) => c.style !== 'line' && c.style !== 'block') && lead.some((c) => c.style === 'line' || c.style === 'block')) {
      texts = lead.filter((c) => c.style !== 'line' && c.style !== 'block').map(cleanComment);
    }
    if (!texts.length && trailingOn) {
      const t = trailingComment(trailingOn);
      // A trailing note (`// TODO`) documents nothing.
      if (t) texts = documenting([t], true).map(cleanComment);
      // The block on the next line documents it when nothing above does (zlib's layout); enum
      // members are exempt, their next-line comments introduce the following member.
      else if (anchor.type !== 'enumerator') texts = documenting(commentsBelow(trailingOn)).map(cleanComment).filter(Boolean);
    }
    // glibc's `/* Find the first occurrence of NEEDLE in HAYSTACK.  */` over `#ifdef
    // __CORRECT_ISO_CPP_STRING_H_PROTO … #else extern char *strstr (…); #endif`: the comment over
    // a conditional block documents the first declaration of each of its branches. Not a macro's:
    // over `#ifdef Z_PREFIX  #define deflate z_deflate` (or an include guard) it says what the
    // block is for.
    if (!texts.length && !anchor.type.startsWith('preproc_')) {
      const block = conditionalOpening(anchor);
      if (block) texts = documenting(leadingComments(block)).map(cleanComment).filter(Boolean);
    }
    const text = texts.join('\n').trim();
    return text ? parseTaggedDoc(text, 'doxygen', lang === 'c' ? 'c' : 'cpp') : null;
  };

  const moduleOf = (scope: Scope) => (scope.ns.length ? scope.ns.join('::') : fileModule);
  const qualify = (scope: Scope, name: string) => (scope.cls ? `${scope.cls}::${name}` : [...scope.ns, name].join('::'));

  function visibilityOf(scope: Scope, isStatic: boolean, doc: ParsedDoc | null): Visibility {
    if (doc && (Object.hasOwn(doc.tags, 'private') || Object.hasOwn(doc.tags, 'internal'))) return 'internal';
    if (scope.internal) return 'internal';
    if (scope.cls) return scope.access;
    if (isStatic) return 'internal';
    return 'public';
  }

  /**
   * The comment over a run of function declarations written one under the other, for a member
   * of the run that has none of its own and that the comment names: sqlite3.h documents
   * `sqlite3_errcode`, `sqlite3_errmsg` and four more with one `CAPI3REF: Error Codes And
   * Messages` block, which says "The sqlite3_errmsg() and sqlite3_errmsg16() return
   * English-language text that describes the error". That sentence is the member's summary. A
   * blank line, a comment or another kind of node ends the run.
   */
  function groupDoc(anchor: Node, name: string): { doc: ParsedDoc; from?: string } | null {
    let cur = anchor;
    for (let k = 0; k < GROUP_MAX; k++) {
      const prev = cur.previousNamedSibling;
      if (!prev || isComment(prev) || !STATEMENT_PARTS.has(prev.type) || prev.endPosition.row + 1 !== cur.startPosition.row) return null;
      cur = prev;
      const doc = docFor(cur, null);
      if (!doc) continue;
      const from = sink.items.find((i) => i.location.line === cur.startPosition.row + 1)?.id;
      const sentence = sentenceNaming(doc.description, name);
      if (sentence) return { doc: { ...doc, brief: sentence }, from };
      // Not named, but of the documented declaration's family (`sqlite3_bind_int` under
      // `sqlite3_bind_blob`'s "Binding Values To Prepared Statements"): the comment speaks of
      // the family, so its prose is the member's too; the parameters and result it describes
      // are the first declaration's. Any other neighbour is left without (glibc's comment over
      // `strstr` says nothing of the declaration after it).
      const first = from?.split('::').pop();
      return first && sameFamily(first, name) ? { doc: { ...doc, params: [], returns: null }, from } : null;
    }
    return null;
  }

  /** A function's own doc, else that of the run of declarations it is in (groupDoc), with the declaration that has it. */
  function functionDoc(anchor: Node, trailingOn: Node | null, name: string, scope: Scope): { doc: ParsedDoc | null; from?: string } {
    const doc = docFor(anchor, trailingOn);
    if (doc || scope.cls !== null) return { doc };
    return groupDoc(anchor, name) ?? { doc: null };
  }

  function emit(kind: ItemKind, name: string, anchor: Node, decl: Node, scope: Scope, signature: string, params: SignatureParam[], returnType: string | null, isStatic: boolean, trailingOn: Node | null, impl: string[] = [], end: Node = decl): string {
    const id = qualify(scope, name);
    const own = kind === 'function' ? functionDoc(anchor, trailingOn, name, scope) : { doc: docFor(anchor, trailingOn), from: undefined };
    // A class documented where it was declared ahead (`/// …` over `struct duration;`), as Doxygen reads it.
    const doc = own.doc ?? declaredAhead.get(id) ?? null;
    const from = own.from;
    const item = buildItem(
      { kind, name, id, module: moduleOf(scope), visibility: visibilityOf(scope, isStatic, doc), language: lang, signature, params, returnType, line: decl.startPosition.row + 1, endLine: end.endPosition.row + 1, parent: scope.cls, implements: impl },
      doc,
      opts.file,
    );
    if (from) item.tags.doc_from = from;
    emitted.add(id);
    add(item, scope, isStatic);
    return id;
  }

  /** Into the sink; an item left out only for its namespace is kept aside for a using-declaration that publishes it (cpp-using.ts). */
  function add(item: DocItem, scope: Scope, isStatic: boolean): void {
    if (!sink.keeps(item.visibility) && scope.internal) hidden.push({ item, outside: scope.cls ? scope.access : isStatic ? 'internal' : 'public' });
    sink.add(item);
  }

  function visit(container: Node, scope: Scope): void {
    let access = scope.access;
    const kids = namedChildren(container);
    for (let i = 0; i < kids.length; i++) {
      const n = kids[i]!;
      if (n.type === 'access_specifier') {
        const a = n.text.replace(/:$/, '').trim();
        access = a === 'public' ? 'public' : a === 'protected' ? 'protected' : 'private';
        continue;
      }
      const here = { ...scope, access };
      if (STATEMENT_PARTS.has(n.type)) {
        // Macros tree-sitter cannot expand split one declaration into several nodes (a missing
        // `;`, then `__THROW __wur;` as a "declaration" of its own): take them as one statement.
        let j = i;
        while (j + 1 < kids.length && j - i < 12 && !statementEnds(kids, j, container) && STATEMENT_PARTS.has(kids[j + 1]!.type)) j++;
        if (j > i || isMangled(n, scope)) {
          visitStatement(kids.slice(i, j + 1), here);
          i = j;
          continue;
        }
      }
      visitNode(n, n, here, '');
    }
  }

  /** Whether the statement that kids[j] belongs to ends with it (its `;` or `}` is there). */
  function statementEnds(kids: Node[], j: number, container: Node): boolean {
    const k = kids[j]!;
    if (/[;}]\s*$/.test(source.slice(k.startIndex, k.endIndex))) return true;
    const nextStart = kids[j + 1]?.startIndex ?? container.endIndex;
    return /^\s*;/.test(source.slice(k.endIndex, nextStart));
  }

  /** A declaration tree-sitter parsed into a wrong shape because of a macro. */
  function isMangled(n: Node, scope: Scope): boolean {
    if (n.type === 'ERROR') return true;
    if (n.type === 'expression_statement') return scope.cls === null; // no statements outside functions
    if (n.type !== 'declaration' && n.type !== 'field_declaration') return false;
    if (namedChildren(n).some((c) => c.type === 'ERROR')) return true;
    // `__REDIRECT (fopen, (…), fopen64)` parses as a function named by the macro.
    // (as a function, or as a variable when an attribute macro follows it).
    return n.childrenForFieldName('declarator').some((d) => {
      const fn = d && functionDeclarator(d);
      const name = fn ? field(fn, 'declarator')?.text : d && innermostName(d);
      if (!name || !isMacroLike(name)) return false;
      const proto = recoverPrototype(source.slice(n.startIndex, n.endIndex));
      return !!proto && proto.name !== name;
    });
  }

  /** One declaration spread over `parts` by macros: recover the prototype, else take the parts as they are. */
  function visitStatement(parts: Node[], scope: Scope): void {
    const first = parts[0]!;
    const last = parts[parts.length - 1]!;
    // A clean declaration followed by attribute macros: the tree is right, only its end is not.
    const clean = (first.type === 'declaration' || first.type === 'field_declaration') && !isMangled(first, scope);
    if (clean && first.childrenForFieldName('declarator').some((d) => !!d && !!functionDeclarator(d))) {
      visitDeclaration(first, first, scope, '', last);
      for (const p of parts.slice(1)) if (!isAttributeTail(p)) visitNode(p, p, scope, '');
      return;
    }
    const proto = recoverPrototype(source.slice(first.startIndex, last.endIndex));
    if (proto) return emitRecovered(proto, first, last, scope);
    for (const p of parts) if (p === first || !isAttributeTail(p)) visitNode(p, p, scope, '');
  }

  /** `__THROW __attribute_malloc__ __wur;`, `__nonnull ((1, 2));`: words that only decorate the declaration before. */
  function isAttributeTail(p: Node): boolean {
    const words = source.slice(p.startIndex, p.endIndex).replace(/\([^;]*\)/g, ' ').match(/[A-Za-z_]\w*/g) ?? [];
    return words.length > 0 && words.every((w) => isMacroLike(w) || w.startsWith('__') || w === 'const' || w === 'noexcept');
  }

  function emitRecovered(proto: RecoveredPrototype, first: Node, last: Node, scope: Scope): void {
    const params = paramsFromText(lang, proto.paramsText);
    const paramText = oneLine(proto.paramsText.replace(/\s*\n\s*/g, ' '));
    const head = [...proto.storage, proto.returnType ?? ''].filter(Boolean).join(' ');
    const sig = oneLine(`${head}${/[*&]$/.test(head) ? '' : ' '}${proto.name}(${paramText})`);
    const isStatic = proto.storage.includes('static');
    const kind: ItemKind = scope.cls ? 'method' : 'function';
    const { doc, from } = functionDoc(first, last, proto.name, scope);
    const id = qualify(scope, proto.name);
    // A name declared twice under `#if` branches stays one item (the first, or the documented one).
    if (emitted.has(id) && !doc) return;
    const item = buildItem(
      { kind, name: proto.name, id, module: moduleOf(scope), visibility: visibilityOf(scope, isStatic, doc), language: lang, signature: sig, params, returnType: proto.returnType, line: first.startPosition.row + 1, endLine: last.endPosition.row + 1, parent: scope.cls },
      doc,
      opts.file,
    );
    if (from) item.tags.doc_from = from;
    emitted.add(id);
    add(item, scope, isStatic);
  }

  function visitNode(n: Node, anchor: Node, scope: Scope, templatePrefix: string): void {
    switch (n.type) {
      case 'preproc_include': {
        const p = field(n, 'path')?.text;
        if (p) imports.push(p.replace(/^[<"]|[>"]$/g, ''));
        return;
      }
      case 'namespace_definition': {
        const name = field(n, 'name')?.text ?? '';
        const body = field(n, 'body');
        // An inline namespace that versions a library's ABI (`inline namespace v2`, libstdc++'s
        // `_V2`, `__n4861`, `__cxx11`) is part of no name users write: `mylib::Parser`, not
        // `mylib::v2::Parser`. One with a meaning of its own (`std::literals::chrono_literals`)
        // is a namespace like any other.
        if (name && n.children.some((c) => c?.type === 'inline') && ABI_VERSION.test(name)) {
          if (body) visit(body, { ...scope, cls: null, clsName: null, access: 'public' });
          return;
        }
        const parts = name ? name.split('::') : [];
        // Each part: `namespace ranges::__cust_access` is as internal as the nested spelling.
        const internal = scope.internal || !name || parts.some((p) => /^(detail|details|internal|impl|_)/.test(p));
        if (name && docFor(anchor, null)) emit('namespace', parts[parts.length - 1]!, anchor, n, { ...scope, ns: [...scope.ns, ...parts.slice(0, -1)] }, `namespace ${name}`, [], null, false, null);
        if (body) visit(body, { ns: name ? [...scope.ns, ...parts] : scope.ns, cls: null, clsName: null, access: 'public', internal });
        return;
      }
      case 'using_declaration': {
        // Only inside a namespace: a global one (libstdc++'s math.h: `using std::acos;`) brings a
        // namespace's name into the C one, which is not the name to show it under.
        const used = scope.cls || scope.internal || !scope.ns.length ? null : usingDeclarationPath(n.text);
        if (used) usings.push({ ns: scope.ns, path: used });
        return;
      }
      case 'template_declaration': {
        const params = field(n, 'parameters');
        const inner = namedChildren(n).find((c) => c.startIndex !== params?.startIndex && !isComment(c));
        if (inner) visitNode(inner, anchor, scope, `template ${params?.text ?? '<>'} `);
        return;
      }
      case 'class_specifier':
      case 'struct_specifier':
      case 'union_specifier':
        return visitClass(n, anchor, scope, templatePrefix, null);
      case 'enum_specifier':
        return visitEnum(n, anchor, scope, null);
      case 'function_definition':
      case 'declaration':
      case 'field_declaration':
        return visitDeclaration(n, anchor, scope, templatePrefix);
      case 'type_definition': {
        const declarators = n.childrenForFieldName('declarator').filter((d): d is Node => !!d);
        const typeNode = field(n, 'type');
        const name = declarators.map((d) => innermostName(d)).find(Boolean);
        // `typedef struct {…} Name;`: the struct is documented under the typedef name.
        if (typeNode && /^(struct|union|class)_specifier$/.test(typeNode.type) && field(typeNode, 'body') && name) return visitClass(typeNode, anchor, scope, '', name);
        if (typeNode?.type === 'enum_specifier' && field(typeNode, 'body') && name) return visitEnum(typeNode, anchor, scope, name);
        if (name) emit('type', name, anchor, n, scope, oneLine(n.text.replace(/;\s*$/, ''), 300), [], null, false, n);
        return;
      }
      case 'alias_declaration': {
        const name = field(n, 'name')?.text;
        if (name) emit('type', name, anchor, n, scope, oneLine(templatePrefix + n.text.replace(/;\s*$/, ''), 300), [], null, false, n);
        return;
      }
      case 'preproc_def':
      case 'preproc_function_def': {
        const name = field(n, 'name')?.text;
        if (!name || /^_*[A-Z0-9_]*_H(PP)?_*$|_INCLUDED_?$/.test(name)) return; // include guards
        const doc = docFor(anchor, null);
        if (!doc && !isHeader) return;
        const params = field(n, 'parameters');
        const value = field(n, 'value')?.text.trim() ?? '';
        const sig = oneLine(`#define ${name}${params ? params.text : ''}${value && value.length <= 60 ? ' ' + value : ''}`);
        // A macro belongs to no namespace: gtest's `EXPECT_TRUE`, defined inside `namespace testing`, is `EXPECT_TRUE`.
        emit('macro', name, anchor, n, { ...scope, cls: null, ns: [] }, sig, params ? namedChildren(params).map((p) => ({ name: p.text, type: null })) : [], null, !isHeader, null);
        return;
      }
      default:
        if (CONTAINERS.has(n.type)) {
          const body = n.type === 'linkage_specification' ? field(n, 'body') : n;
          if (body) visit(body, scope);
        }
    }
  }

  function visitClass(n: Node, anchor: Node, scope: Scope, templatePrefix: string, typedefName: string | null): void {
    const body = field(n, 'body');
    // A specialization's name may span lines (`formatter<T,⏎ enable_if_t<…>>`): one line in the id.
    const name = typedefName ?? field(n, 'name')?.text.replace(/\s*\n\s*/g, ' ');
    if (!name) return; // an anonymous aggregate
    const plain = name.replace(/<.*$/, '');
    if (!body) {
      // A declaration ahead of the definition: its doc is the class's when the definition has none.
      // Only a doc comment: a plain one over forward declarations labels the group (`// Forward declarations.`).
      const id = qualify(scope, name);
      if (plain === name && !declaredAhead.get(id)) declaredAhead.set(id, leadingComments(anchor).some((c) => isDocStyle(c.style)) ? docFor(anchor, null) : null);
      return;
    }
    const kind: ItemKind = n.type === 'class_specifier' ? 'class' : n.type === 'union_specifier' ? 'union' : 'struct';
    const bases = namedChildren(n).find((c) => c.type === 'base_class_clause');
    const impl = bases ? namedChildren(bases).filter((b) => b.type !== 'access_specifier').map((b) => b.text) : [];
    const header = oneLine(templatePrefix + withoutComments(source.slice(n.startIndex, body.startIndex)));
    const id = emit(kind, name, anchor, n, scope, typedefName ? `typedef ${header} ${typedefName}` : header, [], null, false, null, impl);
    if (plain !== name && isParameterPattern(name, templatePrefix)) partials.push({ primary: qualify(scope, plain), id });
    visit(body, { ns: scope.ns, cls: id, clsName: plain, access: kind === 'class' ? 'private' : 'public', internal: scope.internal || (scope.cls !== null && scope.access === 'private') });
  }

  function visitEnum(n: Node, anchor: Node, scope: Scope, typedefName: string | null): void {
    const body = field(n, 'body');
    const name = typedefName ?? field(n, 'name')?.text;
    if (!body || !name) return;
    const id = emit('enum', name, anchor, n, scope, oneLine(source.slice(n.startIndex, body.startIndex)), [], null, false, null);
    const scoped = /^enum\s+(class|struct)\b/.test(n.text);
    const memberScope: Scope = scoped || scope.cls === null ? { ...scope, cls: id, access: 'public' } : { ...scope, access: 'public' };
    if (!scoped && scope.cls === null) memberScope.cls = scope.ns.length ? scope.ns.join('::') + '::' + name : name;
    for (const e of namedChildren(body)) {
      if (e.type !== 'enumerator') continue;
      const en = field(e, 'name')?.text;
      if (en) emit('enum_member', en, e, e, memberScope, oneLine(e.text), [], null, false, e);
    }
  }

  function visitDeclaration(n: Node, anchor: Node, scope: Scope, templatePrefix: string, end: Node = n): void {
    const typeNode = field(n, 'type');
    const isStatic = namedChildren(n).some((c) => c.type === 'storage_class_specifier' && c.text === 'static');
    // `struct Foo {…};` / `class X {…} x;` declare the type too.
    if (typeNode && /^(struct|union|class)_specifier$/.test(typeNode.type) && field(typeNode, 'body')) visitClass(typeNode, anchor, scope, templatePrefix, null);
    if (typeNode?.type === 'enum_specifier' && field(typeNode, 'body')) visitEnum(typeNode, anchor, scope, null);
    const declarators = n.childrenForFieldName('declarator').filter((d): d is Node => !!d);
    const body = field(n, 'body');
    for (const d of declarators) {
      const declared = declaredFunction(d);
      const fn = declared && !declared.pointer ? declared.fn : null;
      if (fn) {
        const nameNode = field(fn, 'declarator');
        if (!nameNode) continue;
        const full = declaredName(nameNode).replace(/\s+/g, '');
        const parts = full.split('::');
        const name = parts.pop()!;
        if (isDeductionGuide(n, fn, name)) continue;
        let fnScope = scope;
        if (parts.length) {
          // An out-of-line member definition (`int Foo::get() {…}`): documented there only if the declaration was not.
          const owner = [...(scope.cls ? [scope.cls] : scope.ns), ...parts].join('::');
          if (emitted.has(`${owner}::${name}`) || !docFor(anchor, null)) continue;
          fnScope = { ...scope, cls: owner, clsName: parts[parts.length - 1]!, access: 'public' };
        } else if (n.type === 'function_definition' && emitted.has(qualify(scope, name)) && !docFor(anchor, null)) continue;
        const isCtor = fnScope.clsName !== null && (name === fnScope.clsName || name === `~${fnScope.clsName}`);
        const kind: ItemKind = isCtor ? 'constructor' : fnScope.cls ? 'method' : 'function';
        const headerEnd = body ?? null;
        const sig = oneLine(templatePrefix + withoutComments(source.slice(n.startIndex, headerEnd ? headerEnd.startIndex : n.endIndex)).replace(/\s*(;|=\s*(0|default|delete)\s*;?)\s*$/, (m) => (/=/.test(m) ? ' ' + m.trim().replace(/;$/, '') : '')));
        const ret = isCtor ? null : returnTypeOf(source, typeNode, nameNode, fn);
        emit(kind, name, anchor, n, fnScope, sig, paramsOf(field(fn, 'parameters')), ret, isStatic && !fnScope.cls, end, [], end);
      } else {
        const name = innermostName(d);
        if (!name) continue;
        if (scope.cls === null && !isHeader && !docFor(anchor, n)) continue;
        const isConst = /\b(const|constexpr)\b/.test(source.slice(n.startIndex, d.startIndex));
        const kind: ItemKind = scope.cls ? 'field' : isConst ? 'constant' : 'variable';
        const sig = oneLine(templatePrefix + n.text.replace(/;\s*$/, ''), 200);
        // A pointer to a function (`int (*xClose)(sqlite3_file*)`) keeps the parameters it is called with.
        const params = declared?.pointer ? paramsOf(field(declared.fn, 'parameters')) : [];
        emit(kind, name, anchor, n, scope, sig, params, null, isStatic && !scope.cls, end, [], end);
      }
    }
  }

  // File doc: a Doxygen `\file` comment anywhere at the top level.
  for (const c of namedChildren(root)) {
    if (!isComment(c)) continue;
    if (/[@\\]file\b/.test(c.text) || (c.text.startsWith('//!') && c.startPosition.row <= 1)) {
      moduleDoc = parseTaggedDoc(commentToText(c.text), 'doxygen', lang);
      break;
    }
  }

  visit(root, { ns: [], cls: null, clsName: null, access: 'public', internal: false });
  nameSoleSpecializations(sink.items, partials, declaredAhead);
  const published = publishUsings(usings, sink.items, hidden, fileModule);
  return {
    language: lang,
    module: moduleInfo(fileModule, moduleDoc),
    items: [...sink.items, ...published.items],
    imports,
    errors: root.hasError ? 1 : 0,
    ...(published.reexports.length ? { reexports: published.reexports } : {}),
  };
}
