import type { Node, Tree } from 'web-tree-sitter';
import { buildItem, moduleInfo, oneLine, type SignatureParam } from '../build.js';
import { ItemSink, type ExtractOptions } from '../context.js';
import { commentToText } from '../doc/comments.js';
import { type ParsedDoc } from '../doc/model.js';
import { parseTaggedDoc } from '../doc/tags.js';
import { field, leadingComments, namedChildren } from '../syntax.js';
import type { FileExtract, ItemKind, Visibility } from '../types.js';

/**
 * Java with Javadoc (`/** *\/`, HTML and `{@code}`/`{@link}` converted to Markdown, `@param`,
 * `@return`, `@throws`, `@see`, `@since`, `@deprecated` and the `@Deprecated` annotation). Ids
 * are `package.Class.member`; public/protected members are indexed by default (as javadoc
 * does), package-private and private ones only with `index.private`.
 */

const TYPE_DECLS = new Set(['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration', 'annotation_type_declaration']);

function javadoc(node: Node): ParsedDoc | null {
  // javadoc takes the doc comment before a declaration across blank lines (java.lang.String's
  // class doc ends a line above a blank one).
  const comments = leadingComments(node, undefined, true);
  const doc = [...comments].reverse().find((c) => c.style === 'block-doc');
  return doc ? parseTaggedDoc(commentToText(doc.text), 'javadoc', 'java') : null;
}

function modifiersOf(node: Node): string {
  return namedChildren(node).find((c) => c.type === 'modifiers')?.text ?? '';
}

function visibility(mods: string, inInterface: boolean): Visibility {
  if (/\bpublic\b/.test(mods)) return 'public';
  if (/\bprotected\b/.test(mods)) return 'protected';
  if (/\bprivate\b/.test(mods)) return 'private';
  return inInterface ? 'public' : 'internal';
}

function params(list: Node | null): SignatureParam[] {
  if (!list) return [];
  const out: SignatureParam[] = [];
  for (const p of namedChildren(list)) {
    if (p.type === 'formal_parameter') out.push({ name: field(p, 'name')?.text ?? '', type: field(p, 'type')?.text ?? null });
    else if (p.type === 'spread_parameter') {
      const decl = namedChildren(p).find((c) => c.type === 'variable_declarator');
      const type = namedChildren(p).find((c) => c.type !== 'variable_declarator' && c.type !== 'modifiers');
      out.push({ name: field(decl ?? p, 'name')?.text ?? decl?.text ?? '', type: type ? `${type.text}...` : null });
    }
  }
  return out;
}

export function extractJava(tree: Tree, source: string, opts: ExtractOptions): FileExtract {
  const root = tree.rootNode;
  const sink = new ItemSink(opts.includePrivate);
  const pkg = namedChildren(root).find((n) => n.type === 'package_declaration')?.namedChild(0)?.text ?? '';
  const module = pkg || opts.file.replace(/\.java$/, '').split('/').slice(0, -1).join('.') || '(default)';
  const imports = namedChildren(root).filter((n) => n.type === 'import_declaration').map((n) => n.text.replace(/^import\s+(static\s+)?|;$/g, '').trim());
  const header = (n: Node, body: Node | null) => oneLine(source.slice(n.startIndex, body ? body.startIndex : n.endIndex).replace(/[;{]\s*$/, '')).replace(/^(@\w+(\([^)]*\))?\s+)+/, '');

  function emit(kind: ItemKind, name: string, node: Node, parent: string | null, vis: Visibility, signature: string, extra: { params?: SignatureParam[]; returnType?: string | null; implements?: string[] } = {}): string {
    const doc = javadoc(node);
    const mods = modifiersOf(node);
    const id = parent ? `${parent}.${name}` : pkg ? `${pkg}.${name}` : name;
    const item = buildItem(
      {
        kind, name, id, module, visibility: vis, language: 'java', signature, params: extra.params, returnType: extra.returnType ?? null,
        line: node.startPosition.row + 1, endLine: node.endPosition.row + 1, parent, implements: extra.implements,
        deprecated: /@Deprecated\b/.test(mods) ? 'Deprecated.' : null,
      },
      doc,
      opts.file,
    );
    // Javadoc's `@throws` also comes from the `throws` clause when undocumented.
    const throwsClause = namedChildren(node).find((c) => c.type === 'throws');
    if (throwsClause) for (const t of namedChildren(throwsClause)) if (!item.throws.some((x) => x.type === t.text)) item.throws.push({ type: t.text, doc: null });
    sink.add(item);
    return id;
  }

  function typeDecl(n: Node, parent: string | null, outer: Visibility, inInterface: boolean): void {
    const name = field(n, 'name')?.text;
    if (!name) return;
    const body = field(n, 'body');
    const kind: ItemKind = n.type === 'interface_declaration' || n.type === 'annotation_type_declaration' ? 'interface' : n.type === 'enum_declaration' ? 'enum' : 'class';
    let vis = visibility(modifiersOf(n), inInterface);
    if (outer !== 'public' && vis === 'public') vis = outer;
    const impl: string[] = [];
    for (const c of namedChildren(n)) {
      if (c.type === 'superclass') impl.push(...namedChildren(c).map((x) => x.text));
      if (c.type === 'super_interfaces' || c.type === 'extends_interfaces') for (const l of namedChildren(c)) impl.push(...namedChildren(l).map((x) => x.text));
    }
    const id = emit(kind, name, n, parent, vis, header(n, body), { implements: impl });
    if (body) members(body, id, vis, kind === 'interface', kind === 'enum');
  }

  function members(body: Node, parent: string, outer: Visibility, isInterface: boolean, isEnum: boolean): void {
    const scoped = (v: Visibility): Visibility => (outer === 'public' || outer === 'protected' ? (outer === 'protected' && v === 'public' ? 'protected' : v) : v === 'public' || v === 'protected' ? outer : v);
    for (const m of namedChildren(body)) {
      if (TYPE_DECLS.has(m.type)) {
        typeDecl(m, parent, outer, isInterface);
        continue;
      }
      if (m.type === 'enum_body_declarations') {
        members(m, parent, outer, false, false);
        continue;
      }
      const vis = scoped(visibility(modifiersOf(m), isInterface));
      switch (m.type) {
        case 'enum_constant': {
          const name = field(m, 'name')?.text;
          if (name && isEnum) emit('enum_member', name, m, parent, outer, oneLine(m.text, 200));
          break;
        }
        case 'method_declaration':
        case 'constructor_declaration':
        case 'compact_constructor_declaration': {
          const name = field(m, 'name')?.text;
          if (!name) break;
          const type = field(m, 'type');
          emit(m.type === 'method_declaration' ? 'method' : 'constructor', name, m, parent, vis, header(m, field(m, 'body')), { params: params(field(m, 'parameters')), returnType: type ? oneLine(type.text) : null });
          break;
        }
        case 'field_declaration':
        case 'constant_declaration': {
          const type = field(m, 'type');
          const isConst = /\bstatic\b/.test(modifiersOf(m)) && /\bfinal\b/.test(modifiersOf(m));
          for (const d of m.childrenForFieldName('declarator')) {
            const name = d && field(d, 'name')?.text;
            if (!name) continue;
            const value = field(d!, 'value');
            const sig = oneLine(`${modifiersOf(m).replace(/@\w+(\([^)]*\))?\s*/g, '')} ${type?.text ?? ''} ${name}${value && value.text.length <= 40 ? ` = ${value.text}` : ''}`);
            const id = emit(isConst || m.type === 'constant_declaration' ? 'constant' : 'field', name, m, parent, vis, sig);
            const item = sink.items.find((i) => i.id === id);
            if (item && type) item.returns = { type: type.text, doc: null };
          }
          break;
        }
      }
    }
  }

  for (const n of namedChildren(root)) if (TYPE_DECLS.has(n.type)) typeDecl(n, null, 'public', false);

  // package-info.java carries the package's doc.
  let moduleDoc: ParsedDoc | null = null;
  if (/(^|\/)package-info\.java$/.test(opts.file)) {
    const decl = namedChildren(root).find((n) => n.type === 'package_declaration');
    if (decl) moduleDoc = javadoc(decl);
  }
  return {
    language: 'java',
    module: moduleInfo(module, moduleDoc),
    items: sink.items,
    imports,
    errors: root.hasError ? 1 : 0,
  };
}
