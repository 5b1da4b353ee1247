import type { Node, Tree } from 'web-tree-sitter';
import { buildItem, moduleInfo, oneLine, type SignatureParam } from '../build.js';
import { sigParams, typeOf } from './ts-signatures.js';
import { ItemSink, type ExtractOptions } from '../context.js';
import { commentToText, type RawComment } from '../doc/comments.js';
import { type ParsedDoc } from '../doc/model.js';
import { parseTaggedDoc } from '../doc/tags.js';
import { field, namedChildren } from '../syntax.js';
import { AttachedExports, commonJsReexport, compiledReexport, definition, exportedDefinition, exportsChain, fromPackage, moduleExportsReexports, placeholder, reexportedValue, required, uniqueReexports, wholeModuleDefault, type RequiredLocal } from './js-commonjs.js';
import { exportAssigned, jsReexports } from './js-reexports.js';
import { scanModuleExports } from './js-module-exports.js';
import { jsModuleName } from './js-module-name.js';
import { visitClassMembers, visitObjectLiteral, type MemberVisitor } from './ts-members.js';
import { docComment, docSaysPublic, identity, kindFromDoc, synthesizeSignature, visibilityFor } from './jsdoc-rules.js';
import type { DocItem, FileExtract, ItemKind, LanguageId, Reexport, Visibility } from '../types.js';

/**
 * TypeScript and JavaScript (ES modules, CommonJS and plain scripts) with JSDoc/TSDoc.
 *
 * What is public: exported declarations (ESM `export`, CommonJS `module.exports`/`exports.x`),
 * every top-level declaration of a plain script, and anything whose JSDoc says so even where
 * the syntax cannot (lodash-style `@static`/`@memberOf _` functions inside an IIFE, `@public`,
 * `@name`). `@private`, `@internal`, `@ignore` and `@hidden` hide an item. `@memberOf`,
 * `@name`, `@alias` and `@module` shape the qualified name.
 */

/** Names Babel gives what it generates: the default export's value, the names a star re-export must skip. */
const BABEL_BINDING = /^_(?:default|exportNames)$/;

interface Scope {
  /** Qualified prefix for members (`mod.Class`), or the module. */
  id: string;
  /** True at the top of the file or a namespace; false inside function bodies. */
  topLevel: boolean;
  visibility: Visibility;
  inClass: boolean;
}

export function extractTypeScript(tree: Tree, source: string, opts: ExtractOptions, lang: LanguageId): FileExtract {
  const root = tree.rootNode;
  const sink = new ItemSink(opts.includePrivate);
  const imports: string[] = [];
  const isDts = /\.d\.[cm]?ts$/.test(opts.file);
  /** Plain `//` lines document JavaScript that has no JSDoc (jsdoc-rules.ts plainLineDoc). */
  const plainLines = lang === 'javascript';
  let module = jsModuleName(opts.file);
  let moduleDoc: ParsedDoc | null = null;
  const seenDocs = new Set<number>();

  // Pass 1: what the file exports, and whether it is a module at all.
  const { exportedNames, isModule, requiredLocals, packageLocals } = scanModuleExports(root, imports);
  /** Re-exports read while visiting (CommonJS aliases), beside the ESM ones jsReexports reads. */
  const reexports: Reexport[] = [];
  /** `exports.formatDate = format`: exports of a local under another name, given its docs at the end. */
  const localAliases: { item: DocItem; local: string }[] = [];
  /** Top-level names bound to a relative `require` (JavaScript), with the module each loads. */
  const locals = lang === 'javascript' ? requiredLocals : new Map<string, RequiredLocal>();
  /** Names attached to a local that is `module.exports` (ws's `WebSocket.Server = …`). */
  const attached = new AttachedExports();

  // The file's own doc: a leading JSDoc with @file/@fileoverview/@module/@packageDocumentation.
  const first = namedChildren(root).find((n) => n.type === 'comment');
  if (first && first.text.startsWith('/**')) {
    const d = parseTaggedDoc(commentToText(first.text), 'jsdoc', lang);
    if (['file', 'fileoverview', 'overview', 'module', 'packagedocumentation'].some((t) => Object.hasOwn(d.tags, t))) {
      moduleDoc = d;
      seenDocs.add(first.startIndex);
      if (d.tags.module) module = d.tags.module.split(/\s+/)[0]!.replace(/^module:/, '');
    }
  }

  const parseDoc = (c: RawComment | null): ParsedDoc | null => (c ? parseTaggedDoc(commentToText(c.text), 'jsdoc', lang) : null);

  function emit(
    declName: string,
    kind: ItemKind,
    anchor: Node,
    decl: Node,
    scope: Scope,
    syntactic: Visibility,
    signature: string,
    params: SignatureParam[],
    returnType: string | null,
    impl: string[] = [],
  ): DocItem | null {
    const comment = docComment(anchor, plainLines);
    if (comment) seenDocs.add(comment.startIndex);
    const doc = parseDoc(comment);
    // Inside function bodies only items whose doc makes them API count (lodash's IIFE).
    if (!scope.topLevel && !docSaysPublic(doc) && !(doc && !scope.inClass && opts.includePrivate)) return null;
    const ident = identity(declName, doc, scope);
    let visibility = visibilityFor(ident.name, doc, syntactic);
    if (!scope.topLevel && visibility === 'public' && doc && !docSaysPublic(doc)) visibility = 'internal';
    const finalKind = kindFromDoc(doc, kind);
    let sig = signature;
    if (!sig || (finalKind === 'function' && kind === 'variable')) sig = synthesizeSignature(ident.name, doc);
    const item = buildItem(
      {
        kind: finalKind, name: ident.name, id: ident.id, module, visibility, language: lang, signature: sig, params, returnType,
        line: decl.startPosition.row + 1, endLine: decl.endPosition.row + 1, parent: ident.parent, implements: impl,
      },
      doc,
      opts.file,
    );
    if (ident.aliases.length) item.tags.alias = ident.aliases.join(', ');
    if (doc?.tags.category) item.tags.category = doc.tags.category;
    sink.add(item);
    return item;
  }

  function topVisibility(name: string, exported: boolean, scope: Scope): Visibility {
    if (!scope.topLevel) return 'internal';
    if (scope.visibility !== 'public') return scope.visibility;
    if (exported || isDts || exportedNames.has(name) || !isModule) return 'public';
    return 'internal';
  }

  function visitStatements(container: Node, scope: Scope): void {
    const list = namedChildren(container);
    for (let i = 0; i < list.length; i++) {
      const st = list[i]!;
      // `global { … }` inside a `declare module` body parses as the word and a block beside it.
      if (isDts && st.type === 'expression_statement' && st.text.replace(/;$/, '').trim() === 'global' && list[i + 1]?.type === 'statement_block') {
        visitGlobals(list[++i]!);
        continue;
      }
      visitStatement(st, st, scope, false);
    }
  }

  /**
   * A declaration file's `declare global { … }` (and `global { … }` in a `declare module`):
   * globals, written by code without any module name (@types/node's `setTimeout`,
   * `structuredClone`, `NodeJS.Timeout`). Named in the file's module, public under their own name.
   */
  function visitGlobals(block: Node): void {
    const from = sink.items.length;
    visitStatements(block, { id: module, topLevel: true, visibility: 'public', inClass: false });
    for (const it of sink.items.slice(from)) if (it.parent === null && it.id === `${module}.${it.name}`) reexports.push({ public: it.name, target: it.id });
  }

  function visitStatement(st: Node, anchor: Node, scope: Scope, exported: boolean): void {
    switch (st.type) {
      case 'export_statement': {
        const d = field(st, 'declaration') ?? field(st, 'value');
        if (d) visitStatement(d, st, scope, true);
        return;
      }
      case 'function_declaration':
      case 'generator_function_declaration':
      case 'function_signature':
      case 'function_expression':
      case 'function': {
        const name = field(st, 'name')?.text ?? 'default';
        const vis = topVisibility(name, exported, scope);
        emit(name, 'function', anchor, st, scope, vis, header(st, field(st, 'body')), sigParams(field(st, 'parameters')), typeOf(field(st, 'return_type')));
        descend(field(st, 'body'), scope);
        return;
      }
      case 'class_declaration':
      case 'abstract_class_declaration':
      case 'class': {
        const name = field(st, 'name')?.text ?? 'default';
        const vis = topVisibility(name, exported, scope);
        const body = field(st, 'body');
        const item = emit(name, 'class', anchor, st, scope, vis, header(st, body), [], null, heritage(st));
        if (body) visitClassBody(body, { id: item?.id ?? `${scope.id}.${name}`, topLevel: scope.topLevel || !!item, visibility: item?.visibility ?? vis, inClass: true });
        return;
      }
      case 'interface_declaration': {
        const name = field(st, 'name')!.text;
        const vis = topVisibility(name, exported, scope);
        const body = field(st, 'body');
        const item = emit(name, 'interface', anchor, st, scope, vis, header(st, body), [], null, heritage(st));
        if (body && item) visitClassBody(body, { id: item.id, topLevel: true, visibility: item.visibility, inClass: true });
        return;
      }
      case 'type_alias_declaration': {
        const name = field(st, 'name')!.text;
        emit(name, 'type', anchor, st, scope, topVisibility(name, exported, scope), oneLine(st.text.replace(/;\s*$/, ''), 300), [], null);
        return;
      }
      case 'enum_declaration': {
        const name = field(st, 'name')!.text;
        const body = field(st, 'body');
        const item = emit(name, 'enum', anchor, st, scope, topVisibility(name, exported, scope), header(st, body), [], null);
        if (body && item) {
          for (const m of namedChildren(body)) {
            if (m.type !== 'enum_assignment' && m.type !== 'property_identifier') continue;
            const n = (m.type === 'enum_assignment' ? field(m, 'name') : m)!.text;
            emit(n, 'enum_member', m, m, { id: item.id, topLevel: true, visibility: item.visibility, inClass: true }, item.visibility, oneLine(m.text), [], null);
          }
        }
        return;
      }
      case 'lexical_declaration':
      case 'variable_declaration': {
        const isConst = st.text.startsWith('const');
        for (const d of namedChildren(st)) {
          if (d.type !== 'variable_declarator') continue;
          const nameNode = field(d, 'name');
          if (nameNode?.type !== 'identifier') continue;
          const name = nameNode.text;
          let value = field(d, 'value');
          let vis = topVisibility(name, exported, scope);
          // `var proto = module.exports = function(options) {…}` (express's router): the function
          // is the module's export, named by the variable.
          const exportedValue = value ? exportedDefinition(value) : null;
          if (exportedValue) {
            value = exportedValue;
            vis = 'public';
            reexports.push({ public: `${module}.default`, target: `${module}.${name}` });
          }
          const anchorFor = namedChildren(st).length === 1 ? anchor : d === st.namedChild(0) ? anchor : d;
          if (value && /^(arrow_function|function_expression|function|generator_function)$/.test(value.type)) {
            const sig = oneLine(`${st.text.split(/\s/)[0]} ${source.slice(d.startIndex, (field(value, 'body') ?? value).startIndex)}`.replace(/=>\s*$/, '=>'));
            emit(name, 'function', anchorFor, st, scope, vis, sig, sigParams(field(value, 'parameters') ?? field(value, 'parameter')), typeOf(field(value, 'return_type')));
            descend(field(value, 'body'), scope);
          } else if (value?.type === 'class') {
            visitStatement(value, anchorFor, scope, exported);
          } else {
            const typeAnn = typeOf(field(d, 'type'));
            const sig = oneLine(`${st.text.split(/\s/)[0]} ${name}${typeAnn ? `: ${typeAnn}` : ''}${value && value.text.length <= 60 ? ` = ${value.text}` : ''}`);
            const doc = docComment(anchorFor, plainLines);
            if (scope.topLevel && !doc && vis !== 'public') continue;
            // `var debounce = require('./debounce.js')` imports what another file defines (underscore's
            // CommonJS entry point, then `exports.debounce = debounce`): not an item of this one,
            // unless a JSDoc block says otherwise (a plain `//` line above it is about the imports).
            if (value && required(value) && (!doc || doc.style === 'line')) continue;
            // Babel's own bindings (`var _default = …; exports.default = _default`, `var _exportNames = {…}`).
            if (!doc && BABEL_BINDING.test(name)) continue;
            const item = emit(name, isConst && /^[A-Z][A-Z0-9_]*$/.test(name) ? 'constant' : 'variable', anchorFor, st, scope, vis, sig, [], null);
            if (item && typeAnn) item.returns = { type: typeAnn, doc: item.returns?.doc ?? null };
            // A public object's members are its API (`const paths = { join() {…} }; export default paths`).
            if (value?.type === 'object' && item?.visibility === 'public' && scope.topLevel) visitObjectMembers(value, { ...scope, id: item.id, topLevel: true, inClass: true }, 'method');
            else if (value) descend(value, scope);
          }
        }
        return;
      }
      case 'internal_module':
      case 'module': {
        // An undocumented namespace that declares nothing is no item: `namespace addDays {}` merged
        // into a function, or a `declare module 'date-fns/addDays'` shim that only re-exports
        // (date-fns's typings: 4,698 such items beside 480 documented functions).
        if (!declaresAnything(field(st, 'body')) && !docComment(anchor, plainLines)) return;
        const nameNode = field(st, 'name');
        const name = nameNode?.type === 'string' ? nameNode.text.slice(1, -1) : nameNode?.text ?? '';
        const item = emit(name, 'namespace', anchor, st, scope, topVisibility(name, exported, scope), header(st, field(st, 'body')), [], null);
        // `declare module 'fs' { … }` (@types/node) describes the module users import as 'fs': its
        // members are public as `fs.readFile`, not under the file that declares them.
        if (nameNode?.type === 'string' && scope.id === module && name !== module) {
          reexports.push({ public: name, target: item?.id ?? `${module}.${name}` });
          // …and its `export = assert` makes the namespace merged with `assert` the module's members.
          for (const c of namedChildren(field(st, 'body') ?? st)) {
            const assigned = exportAssigned(c);
            if (assigned) reexports.push({ public: name, target: `${name}.${assigned}` });
          }
        }
        const body = field(st, 'body');
        if (body) visitStatements(body, { id: item?.id ?? `${scope.id}.${name}`, topLevel: true, visibility: item?.visibility ?? 'internal', inClass: false });
        return;
      }
      case 'ambient_declaration': {
        const block = isDts && st.children.some((c) => c?.type === 'global') ? namedChildren(st).find((c) => c.type === 'statement_block') : undefined;
        if (block) return visitGlobals(block);
        for (const c of namedChildren(st)) visitStatement(c, anchor, scope, true);
        return;
      }
      case 'expression_statement': {
        const a = st.namedChild(0);
        if (a?.type === 'internal_module') return visitStatement(a, anchor, scope, exported);
        if (a?.type === 'assignment_expression') return visitAssignment(a, anchor, scope);
        const re = a?.type === 'call_expression' && scope.topLevel && scope.id === module ? compiledReexport(a, opts.file, module, locals, jsModuleName) : null;
        if (re) return void reexports.push(re);
        descend(st, scope);
        return;
      }
      case 'comment':
        return;
      default:
        descend(st, scope);
    }
  }

  /** `exports.x = …`, `module.exports.x = …`, `Foo.prototype.bar = function…`, lodash's `lodash.VERSION = …`. */
  function visitAssignment(a: Node, anchor: Node, scope: Scope): void {
    const { left, right, named } = exportsChain(a);
    // Each named export further down the chain, as its own `exports.name = value` (its value is the chain's end too).
    for (const inner of named) visitAssignment(inner, anchor, scope);
    if (left?.type !== 'member_expression' || !right) return descend(a, scope);
    const path = left.text.replace(/\s+/g, '');
    const name = field(left, 'property')?.text ?? path;
    const isExport = /^(module\.)?exports\./.test(path);
    const comment = docComment(anchor, plainLines);
    // `module.exports = function Router(options) {…}` with its doc: the function is the module's
    // export, an item under its own name (the module's name when it has none) and the module's default.
    if (path === 'module.exports' && definition(right)) {
      visitStatement(right, anchor, { ...scope, topLevel: true }, true);
      const own = field(right, 'name')?.text;
      if (own) reexports.push({ public: `${module}.default`, target: `${module}.${own}` });
      return;
    }
    // A comment above `module.exports = createApplication` is about the line (express's "Expose
    // `createApplication()`."); the local it names still becomes the module's default.
    if (path === 'module.exports' && (!comment || right.type === 'identifier')) reexports.push(...moduleExportsReexports(right, opts.file, module, locals, jsModuleName, attached));
    if (path === 'module.exports' && right.type === 'object') return visitObjectMembers(right, { ...scope, id: module, topLevel: true }, 'function');
    const object = field(left, 'object');
    if (!isExport && !comment && scope.topLevel && scope.id === module && object?.type === 'identifier') attached.attach(object.text, name, right);
    if (!isExport && !comment) return descend(right, scope);
    // `exports.Command = Command` re-exports a declaration that is already an item (made public in
    // pass 1), or, when `Command` is bound to a `require`, what that module defines. A comment above
    // such a line is about the line (commander's "Expose classes"); the definition has the docs.
    if (isExport && (!comment || locals.has(right.text)) && right.type === 'identifier' && right.text === name) {
      const re = commonJsReexport(name, right, opts.file, module, locals, jsModuleName);
      const whole = re && wholeModuleDefault(re, name, right, locals);
      if (re) reexports.push(re);
      if (whole) reexports.push(whole);
      return;
    }
    // `exports.default = addDays`: Babel's `export default addDays`, the local under the name `default`.
    if (isExport && !comment && name === 'default' && right.type === 'identifier') {
      reexports.push({ public: `${module}.default`, target: `${module}.${right.text}` });
      return;
    }
    // `exports.b = exports.a = void 0;`: the placeholders TypeScript and Babel write at the top of
    // a CommonJS module before the real assignments (each name would be an empty item).
    if (isExport && !comment && placeholder(right)) return;
    // Without a doc, a name bound to what is defined elsewhere is a re-export, not an item of its
    // own: `exports.partition = require('./partition')` (ramda's index), Babel's
    // `exports.waterfall = _waterfall2.default`, a bundle's `exports.map = map$1`. As items they
    // were half of async's index, undocumented copies beside the documented definitions. A
    // bundler's or compiler's renamed local (`map$1`, `_map`) keeps the exported name as the
    // public path of its declaration. A plain local under another name (`exports.each =
    // forEach`) stays an item of its own: both names are the API.
    let packageLine: string | null = null;
    if (isExport && !comment && !owner(path) && (reexportedValue(right) || (right.type === 'identifier' && locals.get(right.text)?.member !== undefined))) {
      const re = commonJsReexport(name, right, opts.file, module, locals, jsModuleName);
      if (re) reexports.push(re);
      else if (right.type === 'identifier') reexports.push({ public: `${module}.${name}`, target: `${module}.${right.text}` });
      // What another package defines (`exports.static = require('serve-static')`, `exports.json =
      // bodyParser.json` in express): no index of this package has it, so it stays an item here,
      // its line saying where it comes from, or the name users write would be found nowhere.
      if (re || right.type === 'identifier' || !fromPackage(right, packageLocals)) return;
      packageLine = oneLine(a.text);
    }
    const isFn = /^(arrow_function|function_expression|function)$/.test(right.type);
    const ownerId = owner(path);
    const sub: Scope = isExport || !ownerId ? scope : { ...scope, id: ownerId, inClass: true };
    const sig = isFn ? oneLine(`${path} = ${source.slice(right.startIndex, (field(right, 'body') ?? right).startIndex)}`) : (packageLine ?? '');
    const made = emit(name, isFn ? (ownerId && !isExport ? 'method' : 'function') : 'variable', anchor, a, { ...sub, topLevel: scope.topLevel || isExport }, isExport || !isModule ? 'public' : 'internal', sig, isFn ? sigParams(field(right, 'parameters')) : [], isFn ? typeOf(field(right, 'return_type')) : null);
    if (made && isExport && !comment && !ownerId && right.type === 'identifier' && right.text !== name) localAliases.push({ item: made, local: right.text });
    descend(right, scope);
  }

  /** Look inside function bodies and expressions for JSDoc'd API (only when there is JSDoc there). */
  function descend(node: Node | null, scope: Scope): void {
    if (!node) return;
    const at = source.indexOf('/**', node.startIndex);
    if (at < 0 || at >= node.endIndex) return;
    const inner: Scope = { ...scope, topLevel: false, inClass: false };
    for (const c of namedChildren(node)) {
      if (/^(statement_block|program|parenthesized_expression|call_expression|arguments|member_expression|class_body|object|pair|expression_statement|if_statement|else_clause|try_statement|return_statement|unary_expression|binary_expression|sequence_expression)$/.test(c.type) || /declaration|function|class|assignment/.test(c.type)) {
        if (/declaration|^function|^class$|^export_statement$|^expression_statement$|^generator/.test(c.type)) visitStatement(c, c, inner, false);
        else descend(c, inner);
      }
    }
  }

  function header(node: Node, body: Node | null): string {
    return oneLine(source.slice(node.startIndex, body ? body.startIndex : node.endIndex).replace(/[;{]\s*$/, ''));
  }

  /** What the member visitors (ts-members.ts) need of this file's extraction. */
  const members: MemberVisitor<Scope> = { source, emit, descend, header, documented: (n) => !!docComment(n, plainLines) };
  const visitClassBody = (body: Node, scope: Scope) => visitClassMembers(body, scope, members);
  const visitObjectMembers = (obj: Node, scope: Scope, kind: 'function' | 'method') => visitObjectLiteral(obj, scope, kind, members);

  function heritage(node: Node): string[] {
    const out: string[] = [];
    for (const c of namedChildren(node)) {
      if (c.type === 'class_heritage') for (const h of namedChildren(c)) out.push(...namedChildren(h).map((x) => x.text));
      if (c.type === 'extends_type_clause' || c.type === 'extends_clause') out.push(...namedChildren(c).map((x) => x.text));
    }
    return out;
  }

  visitStatements(root, { id: module, topLevel: true, visibility: 'public', inClass: false });

  // JSDoc blocks that document something the syntax does not declare (`@name foo` + `@memberOf`).
  for (const c of root.descendantsOfType('comment')) {
    if (!c || seenDocs.has(c.startIndex) || !c.text.startsWith('/**') || !/@name\s/.test(c.text)) continue;
    const doc = parseTaggedDoc(commentToText(c.text), 'jsdoc', lang);
    const ident = identity('', doc, { id: module, inClass: false });
    if (!ident.name) continue;
    const kind = kindFromDoc(doc, doc.params.length || doc.returns ? 'function' : 'variable');
    sink.add(
      buildItem(
        { kind, name: ident.name, id: ident.id, module, visibility: visibilityFor(ident.name, doc, 'public'), language: lang, signature: synthesizeSignature(ident.name, doc), line: c.endPosition.row + 1, endLine: c.endPosition.row + 1, parent: ident.parent },
        doc,
        opts.file,
      ),
    );
  }

  // The other name of a function or class defined here (`exports.formatDate = format`, `exports.each
  // = forEach`) is an item carrying its documentation, as Python's `name = func` is, not an
  // undocumented variable that a search for that name finds before the documented definition.
  for (const { item, local } of localAliases) {
    const target = sink.items.find((i) => i.id === `${module}.${local}` && i.parent === null && (i.kind === 'function' || i.kind === 'class') && i.summary);
    const at = sink.items.indexOf(item);
    if (!target || at < 0 || item.summary) continue;
    sink.items[at] = { ...target, id: item.id, name: item.name, signature: target.signature.replace(new RegExp(`\\b${local.replace(/\$/g, '\\$')}\\b`), item.name), location: item.location, visibility: item.visibility, tags: { ...target.tags, alias_of: target.id } };
  }

  return {
    language: lang,
    module: moduleInfo(module, moduleDoc),
    items: sink.items,
    imports,
    errors: root.hasError ? 1 : 0,
    reexports: uniqueReexports([...jsReexports(root, opts.file, module, jsModuleName), ...reexports, ...attached.reexports(opts.file, module, locals, jsModuleName)]),
  };
}

/** The object an assigned path is a member of: `Foo` for `Foo.prototype.bar`, `` for `exports.x`. */
function owner(path: string): string {
  return path.replace(/^(module\.)?exports\./, '').split('.').slice(0, -1).join('.').replace(/\.prototype$/, '');
}

/** A namespace or module body with a declaration in it (not only imports and re-exports of names). */
function declaresAnything(body: Node | null): boolean {
  if (!body) return false;
  return namedChildren(body).some((c) => {
    if (c.type === 'comment' || c.type === 'import_statement' || c.type === 'import_alias') return false;
    if (c.type === 'export_statement') return Boolean(field(c, 'declaration'));
    return true;
  });
}
