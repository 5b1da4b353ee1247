import { SymbolKind, type DocumentSymbol, type Location, type LocationLink, type Position, type Range, type SymbolInformation } from 'vscode-languageserver-protocol';
import { uriToPath } from './positions.js';
import { kindName, type SymbolKindName } from './symbol-kinds.js';

/**
 * Shapes shared by the navigation features: definition answers (Location, Location[] or
 * LocationLink[]) as one list of file ranges, and document-symbol answers (a DocumentSymbol
 * tree, or the older flat SymbolInformation list) as one outline tree with qualified names.
 */

export interface FileRange {
  /** Absolute path; undefined for a non-file URI (jar:, untitled:, …). */
  file?: string;
  uri: string;
  /** Where the target's name is (LocationLink.targetSelectionRange, else the range). */
  range: Range;
  /** The whole target (LocationLink.targetRange, else the range). */
  fullRange: Range;
}

export function toFileRanges(answer: Location | Location[] | LocationLink[] | null | undefined): FileRange[] {
  if (!answer) return [];
  const list = (Array.isArray(answer) ? answer : [answer]) as Array<Location | LocationLink>;
  return list.map((l) =>
    'targetUri' in l
      ? { uri: l.targetUri, file: uriToPath(l.targetUri), range: l.targetSelectionRange ?? l.targetRange, fullRange: l.targetRange }
      : { uri: l.uri, file: uriToPath(l.uri), range: l.range, fullRange: l.range },
  );
}

export interface OutlineNode {
  /** The bare name (clangd's `Circle::area` for an out-of-line definition becomes `area`). */
  name: string;
  /** Scope segments before the name, outermost first. */
  scope: string[];
  qualifiedName: string;
  kind: SymbolKindName;
  /** The server's extra text (a signature or type), when it gave one. */
  detail?: string;
  range: Range;
  selectionRange: Range;
  children: OutlineNode[];
}

/** Split a name on `::` (and `.` for dotted languages) into scope segments. */
function segments(name: string, separator: '::' | '.'): string[] {
  return name.split(separator === '::' ? '::' : /\.|::/).filter(Boolean);
}

/**
 * Whether a document symbol is a scope wrapper that names no scope: clangd reports a macro
 * expansion that declares things (`FMT_BEGIN_NAMESPACE`, `Q_OBJECT`-style macros) as a node
 * of kind Null holding the declarations, so its name must not become part of their
 * qualified names (`APP_BEGIN_NAMESPACE::app::Counter`).
 */
export function isTransparentScope(kind: number | SymbolKindName): boolean {
  // A raw LSP kind, or the kind name an OutlineNode carries.
  return kind === SymbolKind.Null || kind === 'null';
}

/**
 * The outline tree of a document-symbol answer. A flat SymbolInformation list is nested by
 * range containment, the same tree a hierarchical server would have given.
 */
export function buildOutline(items: ReadonlyArray<DocumentSymbol | SymbolInformation>, separator: '::' | '.', preview?: (line: number) => string): OutlineNode[] {
  const kindOf = (k: number, name: string, line: number) => kindName(k, name, preview ? preview(line) : undefined);
  if (items.length && 'location' in items[0]!) return nestFlat(items as SymbolInformation[], separator, kindOf);
  const visit = (s: DocumentSymbol, parents: string[]): OutlineNode => {
    const own = /^[\w$:.~]+$/u.test(s.name) ? segments(s.name, separator) : [s.name];
    const name = own.pop() ?? s.name;
    const scope = [...parents, ...own];
    return {
      name,
      scope,
      qualifiedName: [...scope, name].join(separator),
      kind: kindOf(s.kind, name, s.selectionRange.start.line),
      detail: s.detail || undefined,
      range: s.range,
      selectionRange: s.selectionRange,
      children: (s.children ?? []).map((c) => visit(c, isTransparentScope(s.kind) ? parents : [...scope, name])),
    };
  };
  return (items as DocumentSymbol[]).map((s) => visit(s, []));
}

function nestFlat(items: SymbolInformation[], separator: '::' | '.', kindOf: (k: number, name: string, line: number) => SymbolKindName): OutlineNode[] {
  const sorted = [...items].sort((a, b) => comparePos(a.location.range.start, b.location.range.start) || comparePos(b.location.range.end, a.location.range.end));
  const roots: OutlineNode[] = [];
  const stack: OutlineNode[] = [];
  for (const s of sorted) {
    const r = s.location.range;
    while (stack.length && !containsRange(stack[stack.length - 1]!.range, r)) stack.pop();
    const parent = stack[stack.length - 1];
    const scope = parent ? [...parent.scope, parent.name] : segments(s.containerName ?? '', separator);
    const node: OutlineNode = { name: s.name, scope, qualifiedName: [...scope, s.name].join(separator), kind: kindOf(s.kind, s.name, r.start.line), range: r, selectionRange: r, children: [] };
    (parent ? parent.children : roots).push(node);
    stack.push(node);
  }
  return roots;
}

/** Every node of the tree, depth first. */
export function flattenOutline(nodes: readonly OutlineNode[]): OutlineNode[] {
  const out: OutlineNode[] = [];
  const walk = (list: readonly OutlineNode[]) => {
    for (const n of list) {
      out.push(n);
      walk(n.children);
    }
  };
  walk(nodes);
  return out;
}

/**
 * Nodes whose qualified name ends with `path` (`['Greeter', 'greet']` for `Greeter.greet` or
 * `Greeter::greet`), exact and case-sensitive, in file order. When none does, nodes that match
 * once enclosing namespaces are skipped: clangd's workspace symbols and hovers leave inline
 * namespaces out (`fmt::format`, `nlohmann::basic_json::parse`) while the outline keeps them
 * (`fmt::v9::format`), so a name copied from search_symbols must still find its declaration.
 */
export function findInOutline(nodes: readonly OutlineNode[], path: readonly string[]): OutlineNode[] {
  if (!path.length) return [];
  const exact = flattenOutline(nodes).filter((n) => {
    const full = [...n.scope, n.name];
    if (full.length < path.length) return false;
    const off = full.length - path.length;
    return path.every((p, i) => full[off + i] === p);
  });
  if (exact.length || path.length < 2) return exact;
  // Of the nodes that match once namespaces are skipped, those that skip the fewest: `a::f`
  // means `a::v2::f` (one inline namespace) rather than `a::detail::impl::f`.
  let out: OutlineNode[] = [];
  let fewest = Infinity;
  const walk = (list: readonly OutlineNode[], ancestors: OutlineNode[]) => {
    for (const n of list) {
      const skipped = n.name === path[path.length - 1] ? namespacesSkipped(ancestors, path.slice(0, -1)) : null;
      if (skipped !== null && skipped <= fewest) {
        if (skipped < fewest) out = [];
        fewest = skipped;
        out.push(n);
      }
      walk(n.children, isTransparentScope(n.kind) ? ancestors : [...ancestors, n]);
    }
  };
  walk(nodes, []);
  return out;
}

/**
 * How many namespaces must be skipped for `scope` to match the innermost ancestors in order
 * (only namespaces may be skipped: a class or function is never left out of a name), or null
 * when it does not match.
 */
function namespacesSkipped(ancestors: readonly OutlineNode[], scope: readonly string[]): number | null {
  let a = ancestors.length - 1;
  let skipped = 0;
  for (let i = scope.length - 1; i >= 0; i--) {
    while (a >= 0 && ancestors[a]!.name !== scope[i] && ancestors[a]!.kind === 'namespace') {
      a--;
      skipped++;
    }
    if (a < 0 || ancestors[a]!.name !== scope[i]) return null;
    a--;
  }
  return skipped;
}

/** The innermost node whose name (selectionRange) or body (range) contains `pos`. */
export function symbolAt(nodes: readonly OutlineNode[], pos: Position): OutlineNode | undefined {
  let best: OutlineNode | undefined;
  for (const n of flattenOutline(nodes)) {
    if (containsPos(n.selectionRange, pos)) return n;
    if (containsPos(n.range, pos) && (!best || containsRange(best.range, n.range))) best = n;
  }
  return best;
}

export function comparePos(a: Position, b: Position): number {
  return a.line - b.line || a.character - b.character;
}

export function containsPos(r: Range, p: Position): boolean {
  return comparePos(r.start, p) <= 0 && comparePos(p, r.end) <= 0;
}

export function containsRange(outer: Range, inner: Range): boolean {
  return comparePos(outer.start, inner.start) <= 0 && comparePos(inner.end, outer.end) <= 0;
}

/** Split a user's symbol name (`ns::Class::method`, `Class.method`, `method`) into segments. */
export function symbolPath(name: string): string[] {
  const trimmed = name.trim().replace(/^::/, '').replace(/\(\)$/, '');
  return trimmed.includes('::') ? trimmed.split('::').filter(Boolean) : trimmed.split('.').filter(Boolean);
}
