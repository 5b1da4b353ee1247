import type { Node, Tree } from 'web-tree-sitter';
import { buildItem, moduleInfo, oneLine, type SignatureParam } from '../build.js';
import { ItemSink, type ExtractOptions } from '../context.js';
import { allMutationNames } from './python-public.js';
import { parseDocstring } from '../doc/python.js';
import { field, namedChildren } from '../syntax.js';
import type { FileExtract, ItemKind, Visibility } from '../types.js';

/**
 * Python: modules, classes, functions, methods, properties and documented module/class
 * attributes, with docstrings in any of the usual styles. Visibility follows Python's
 * conventions: a leading underscore is private, `__all__` (when present) lists the public
 * module-level names, dunder methods are public.
 */

/**
 * `pkg/sub/mod.py` → `pkg.sub.mod`; `__init__.py` names its package; `src/` and site-packages
 * prefixes dropped, and a nested project's `<folder>/src/` (`srcRoots`: a monorepo's
 * `libs/other/src/otherpkg/core.py` is `otherpkg.core`, as its users import it).
 */
export function pythonModuleName(file: string, srcRoots?: readonly string[]): string {
  let p = file.replace(/\\/g, '/').replace(/\.pyi?$/, '');
  const sp = p.search(/(?:^|\/)(?:site|dist)-packages\//);
  if (sp >= 0) p = p.slice(p.indexOf('-packages/', sp) + '-packages/'.length);
  else {
    let root = '';
    for (const r of srcRoots ?? []) if (p.startsWith(`${r}/src/`) && r.length > root.length) root = r;
    if (root) p = p.slice(root.length + 1);
  }
  p = p.replace(/^(?:src|lib|python)\//, '').replace(/(^|\/)__init__$/, '');
  return p.split('/').filter(Boolean).join('.') || '__init__';
}

/** The text inside a Python string literal's quotes. */
export function stringValue(text: string): string {
  const m = /^([rRuUbBfF]*)("""|'''|"|')/.exec(text);
  if (!m) return text;
  const q = m[2]!;
  let body = text.slice(m[0].length);
  if (body.endsWith(q)) body = body.slice(0, -q.length);
  if (!/r/i.test(m[1]!)) body = body.replace(/\\\n/g, '').replace(/\\(["'\\])/g, '$1');
  return body;
}

function docstringOf(body: Node | null): string | null {
  // Comments are not statements: the docstring is the first statement, whatever comments precede it.
  const first = body ? namedChildren(body).find((c) => c.type !== 'comment') : undefined;
  if (first?.type !== 'expression_statement') return null;
  const s = first.namedChild(0);
  return s?.type === 'string' || s?.type === 'concatenated_string' ? stringValue(s.text) : null;
}

function signatureParams(params: Node | null, isMethod: boolean): SignatureParam[] {
  if (!params) return [];
  const out: SignatureParam[] = [];
  for (const p of namedChildren(params)) {
    let name: string | null = null;
    let type: string | null = null;
    let def: string | null = null;
    switch (p.type) {
      case 'identifier':
        name = p.text;
        break;
      case 'typed_parameter': {
        const inner = p.namedChild(0);
        name = inner?.text ?? null;
        type = field(p, 'type')?.text ?? null;
        break;
      }
      case 'default_parameter':
      case 'typed_default_parameter':
        name = field(p, 'name')?.text ?? null;
        type = field(p, 'type')?.text ?? null;
        def = field(p, 'value')?.text ?? null;
        break;
      case 'list_splat_pattern':
      case 'dictionary_splat_pattern':
        name = p.text;
        break;
      default:
        continue; // `/`, `*` separators
    }
    if (!name) continue;
    if (isMethod && out.length === 0 && (name === 'self' || name === 'cls') && !type) continue;
    out.push({ name, type: type ? oneLine(type) : null, default: def });
  }
  return out;
}

export function visibilityOf(name: string, exported: Set<string> | null, moduleLevel: boolean): Visibility {
  if (/^__\w+__$/.test(name)) return 'public';
  if (name.startsWith('_')) return 'private';
  if (moduleLevel && exported && !exported.has(name)) return 'internal';
  return 'public';
}

/**
 * The names in `__all__`: the union of every module-level `__all__ = […]`, `__all__: T = […]`
 * and `__all__ += […]` of string literals, or of a sum of such lists and names bound to them;
 * null (everything public) when there is none or one is something else.
 */
function allNames(root: Node, source: string): Set<string> | null {
  if (!source.includes('__all__')) return null;
  let names: Set<string> | null = null;
  // Module-level lists of strings bound to a name, for a sum that names them.
  const lists = new Map<string, string[]>();
  for (const st of namedChildren(root)) {
    if (st.type !== 'expression_statement') continue;
    const a = st.namedChild(0);
    if (a?.type !== 'assignment' && a?.type !== 'augmented_assignment') continue;
    const left = field(a, 'left')?.text;
    const right = field(a, 'right');
    if (left !== '__all__') {
      const strings = right && a.type === 'assignment' && left && /^\w+$/.test(left) ? literalStrings(right) : null;
      if (strings) lists.set(left!, strings);
      else if (left) lists.delete(left);
      continue;
    }
    if (!right) return null;
    let listed: string[] | null;
    if (right.type === 'list' || right.type === 'tuple') listed = namedChildren(right).filter((s) => s.type === 'string').map((s) => stringValue(s.text));
    else listed = summedStrings(right, lists);
    if (!listed) return null;
    names ??= new Set<string>();
    for (const n of listed) names.add(n);
    // `__all__ = __all__ + _deprecated_names` (IPython) adds to what it listed.
    lists.set('__all__', [...names]);
  }
  if (names) for (const n of allMutationNames(source)) names.add(n);
  return names;
}

/** The strings of a list or tuple made of string literals only, else null. */
function literalStrings(node: Node): string[] | null {
  if (node.type !== 'list' && node.type !== 'tuple') return null;
  const items = namedChildren(node).filter((c) => c.type !== 'comment');
  return items.every((c) => c.type === 'string') ? items.map((c) => stringValue(c.text)) : null;
}

/**
 * The strings of a sum of lists (`__all__ = (_tg_classes + _tg_utilities + ['Terminator'])`,
 * as turtle builds it): each term a literal list or a module-level name bound to one before.
 * Null when any term is something else.
 */
function summedStrings(node: Node, lists: ReadonlyMap<string, string[]>): string[] | null {
  if (node.type === 'parenthesized_expression') {
    const inner = namedChildren(node).filter((c) => c.type !== 'comment');
    return inner.length === 1 ? summedStrings(inner[0]!, lists) : null;
  }
  if (node.type === 'binary_operator' && field(node, 'operator')?.text === '+') {
    const left = field(node, 'left');
    const right = field(node, 'right');
    const a = left ? summedStrings(left, lists) : null;
    const b = right ? summedStrings(right, lists) : null;
    return a && b ? [...a, ...b] : null;
  }
  if (node.type === 'identifier') return lists.get(node.text) ?? null;
  return literalStrings(node);
}

export function extractPython(tree: Tree, source: string, opts: ExtractOptions): FileExtract {
  const root = tree.rootNode;
  const module = opts.module ?? pythonModuleName(opts.file, opts.project?.pythonSrcRoots);
  const sink = new ItemSink(opts.includePrivate);
  const exported = allNames(root, source);
  const imports: string[] = [];

  const moduleDocRaw = docstringOf(root);
  const moduleDoc = moduleDocRaw ? parseDocstring(moduleDocRaw) : null;

  function visitBlock(block: Node, scope: { id: string; kind: 'module' | 'class'; visibility: Visibility }): void {
    const children = namedChildren(block);
    for (let i = 0; i < children.length; i++) {
      const st = children[i]!;
      switch (st.type) {
        case 'function_definition':
        case 'class_definition':
          visitDefinition(st, st, scope);
          break;
        case 'decorated_definition': {
          const def = field(st, 'definition');
          if (def) visitDefinition(def, st, scope);
          break;
        }
        case 'expression_statement':
          visitAssignment(st, children[i + 1], scope);
          break;
        case 'import_statement':
        case 'import_from_statement':
          if (scope.kind === 'module') collectImport(st);
          break;
        case 'if_statement':
        case 'try_statement':
        case 'with_statement':
          // Module- and class-level conditional definitions (`if TYPE_CHECKING:`, `try: import …`).
          for (const sub of namedChildren(st)) {
            if (sub.type === 'block') visitBlock(sub, scope);
            else for (const b of namedChildren(sub)) if (b.type === 'block') visitBlock(b, scope);
          }
          break;
      }
    }
  }

  function collectImport(st: Node): void {
    if (st.type === 'import_from_statement') {
      const m = field(st, 'module_name')?.text;
      if (m) imports.push(m);
    } else {
      for (const n of namedChildren(st)) imports.push((n.type === 'aliased_import' ? field(n, 'name') : n)?.text ?? '');
    }
  }

  function visitDefinition(def: Node, outer: Node, scope: { id: string; kind: 'module' | 'class'; visibility: Visibility }): void {
    const name = field(def, 'name')?.text;
    if (!name) return;
    const id = `${scope.id}.${name}`;
    const body = field(def, 'body');
    const docRaw = docstringOf(body);
    const doc = docRaw ? parseDocstring(docRaw) : null;
    let visibility = visibilityOf(name, exported, scope.kind === 'module');
    if (scope.visibility !== 'public' && visibility === 'public') visibility = scope.visibility;
    const decorators = outer.type === 'decorated_definition' ? namedChildren(outer).filter((n) => n.type === 'decorator').map((d) => d.text) : [];
    const deprecated = decorators.find((d) => /deprecated/.test(d));
    // The header ends at its colon: after the return annotation, parameters or bases.
    const headerEnd = field(def, 'return_type') ?? field(def, 'parameters') ?? field(def, 'superclasses') ?? field(def, 'type_parameters') ?? field(def, 'name');
    const headerStop = headerEnd ? headerEnd.endIndex : def.endIndex;
    // Comments inside a multi-line header (`# type: ignore`) are not part of the signature.
    let headerText = '';
    let at = def.startIndex;
    for (const c of def.descendantsOfType('comment', def.startPosition, (headerEnd ?? def).endPosition)) {
      if (!c || c.startIndex >= headerStop || c.startIndex < at) continue;
      headerText += source.slice(at, c.startIndex);
      at = c.endIndex;
    }
    headerText += source.slice(at, headerStop);
    const header = oneLine(headerText.replace(/:\s*$/, ''));
    const line = outer.startPosition.row + 1;
    const endLine = def.endPosition.row + 1;
    if (def.type === 'class_definition') {
      const bases = field(def, 'superclasses');
      const implementsList = bases ? namedChildren(bases).filter((b) => b.type !== 'keyword_argument').map((b) => b.text) : [];
      const isEnum = implementsList.some((b) => /\b(?:Enum|IntEnum|StrEnum|Flag|IntFlag)$/.test(b));
      sink.add(
        buildItem(
          { kind: isEnum ? 'enum' : 'class', name, id, module, visibility, language: 'python', signature: header, line, endLine, parent: scope.kind === 'class' ? scope.id : null, implements: implementsList, deprecated: deprecated ? 'Deprecated.' : null },
          doc,
          opts.file,
        ),
      );
      if (body) visitBlock(body, { id, kind: 'class', visibility });
      return;
    }
    const isMethod = scope.kind === 'class';
    let kind: ItemKind = isMethod ? 'method' : 'function';
    if (isMethod && name === '__init__') kind = 'constructor';
    if (decorators.some((d) => /^@(?:\w+\.)?(?:property|cached_property|setter|getter)\b|\.setter$|\.getter$/.test(d))) kind = 'property';
    // A property's setter/deleter repeats the name: keep the documented getter only.
    if (kind === 'property' && decorators.some((d) => /\.(?:setter|deleter)$/.test(d)) && !doc) return;
    const isStatic = decorators.some((d) => /^@staticmethod\b/.test(d));
    const params = signatureParams(field(def, 'parameters'), isMethod && !isStatic);
    const returnType = field(def, 'return_type')?.text ?? null;
    const decoratorPrefix = decorators.filter((d) => /^@(?:staticmethod|classmethod|property|abstractmethod|overload|\w+\.setter)\b/.test(d));
    sink.add(
      buildItem(
        {
          kind, name, id, module, visibility, language: 'python',
          signature: oneLine([...decoratorPrefix, header].join(' ')),
          params, returnType: returnType ? oneLine(returnType) : null, line, endLine,
          parent: isMethod ? scope.id : null, deprecated: deprecated ? 'Deprecated.' : null,
        },
        doc,
        opts.file,
      ),
    );
  }

  /** `NAME = value` or `NAME: T = value` followed by a docstring (Sphinx attribute docs), or a `#:` comment. */
  function visitAssignment(st: Node, next: Node | undefined, scope: { id: string; kind: 'module' | 'class'; visibility: Visibility }): void {
    const a = st.namedChild(0);
    if (a?.type !== 'assignment') return;
    const left = field(a, 'left');
    if (left?.type !== 'identifier') return;
    const name = left.text;
    if (name === '__all__' || /^__\w+__$/.test(name)) return;
    let docRaw: string | null = null;
    if (next?.type === 'expression_statement' && next.namedChild(0)?.type === 'string' && next.startPosition.row <= st.endPosition.row + 1) {
      docRaw = stringValue(next.namedChild(0)!.text);
    }
    const typeNode = field(a, 'type');
    // Only documented or annotated attributes are API; plain assignments are mostly implementation.
    if (!docRaw && !(typeNode && scope.kind === 'class')) return;
    const doc = docRaw ? parseDocstring(docRaw) : null;
    let visibility = visibilityOf(name, exported, scope.kind === 'module');
    if (scope.visibility !== 'public' && visibility === 'public') visibility = scope.visibility;
    const constant = /^[A-Z][A-Z0-9_]*$/.test(name);
    const kind: ItemKind = scope.kind === 'class' ? 'property' : constant ? 'constant' : 'variable';
    const right = field(a, 'right');
    const sig = oneLine(`${name}${typeNode ? `: ${typeNode.text}` : ''}${right && right.text.length <= 60 ? ` = ${right.text}` : ''}`);
    const item = buildItem(
      { kind, name, id: `${scope.id}.${name}`, module, visibility, language: 'python', signature: sig, line: st.startPosition.row + 1, endLine: (next && docRaw ? next : st).endPosition.row + 1, parent: scope.kind === 'class' ? scope.id : null },
      doc,
      opts.file,
    );
    if (typeNode) item.returns = { type: oneLine(typeNode.text), doc: null };
    sink.add(item);
  }

  visitBlock(root, { id: module, kind: 'module', visibility: 'public' });
  return {
    language: 'python',
    module: moduleInfo(module, moduleDoc),
    items: sink.items,
    imports: imports.filter(Boolean),
    errors: root.hasError ? 1 : 0,
  };
}
