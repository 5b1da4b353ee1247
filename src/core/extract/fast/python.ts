import { buildItem, moduleInfo, oneLine, type SignatureParam } from '../build.js';
import { ItemSink, type ExtractOptions } from '../context.js';
import { parseDocstring } from '../doc/python.js';
import { pythonModuleName, stringValue } from '../lang/python.js';
import { allMutationNames } from '../lang/python-public.js';
import type { FileExtract, ItemKind, Visibility } from '../types.js';
import { closingBracket, indexTop, logicalLines, ScanError, splitTop, type LogicalLine } from './python-lines.js';

/**
 * The fast path for Python: the same items as the tree-sitter extractor (lang/python.ts),
 * computed from logical lines instead of a syntax tree, several times faster. Python's layout
 * makes this sound — declarations start logical lines and their bodies are the deeper-indented
 * lines that follow — and the scanner refuses anything it cannot read with certainty, in which
 * case this returns null and the caller uses tree-sitter. An equivalence test over real code
 * (the standard library) keeps the two paths identical.
 */

const DEF_RE = /^(async\s+)?def\s+([A-Za-z_]\w*)\s*(\(|\[)/;
const CLASS_RE = /^class\s+([A-Za-z_]\w*)\s*([(:[])/;
const BLOCK_RE = /^(if|elif|else|try|except|finally|with|async\s+with)\b.*:$/;

function visibilityOf(name: string, exported: Set<string> | null, moduleLevel: boolean): Visibility {
  if (/^__\w+__$/.test(name)) return 'public';
  if (name.startsWith('_')) return 'private';
  if (moduleLevel && exported && !exported.has(name)) return 'internal';
  return 'public';
}

/** Split a parameter list's text (without parentheses) into signature params, as the tree-sitter path does. */
function parseParams(text: string, isMethod: boolean): SignatureParam[] {
  const out: SignatureParam[] = [];
  for (const raw of splitTop(text, ',')) {
    const p = raw.trim();
    if (!p || p === '/' || p === '*') continue;
    const eq = indexTop(p, '=', 0, (k) => p[k + 1] !== '=' && !'<>!='.includes(p[k - 1] ?? ''));
    const head = eq >= 0 ? p.slice(0, eq).trim() : p;
    const def = eq >= 0 ? p.slice(eq + 1).trim() : null;
    const colon = indexTop(head, ':');
    const name = (colon >= 0 ? head.slice(0, colon) : head).trim().replace(/\s+/g, '');
    const type = colon >= 0 ? oneLine(head.slice(colon + 1).trim()) : null;
    if (!name) continue;
    if (isMethod && out.length === 0 && (name === 'self' || name === 'cls') && !type) continue;
    out.push({ name, type: type || null, default: def });
  }
  return out;
}

export function extractPythonFast(source: string, opts: ExtractOptions): FileExtract | null {
  let lines: LogicalLine[];
  try {
    lines = logicalLines(source);
  } catch (err) {
    if (err instanceof ScanError) return null;
    throw err;
  }
  try {
    return build(source, lines, opts);
  } catch (err) {
    if (err instanceof ScanError) return null;
    throw err;
  }
}

function build(source: string, lines: LogicalLine[], opts: ExtractOptions): FileExtract {
  const module = opts.module ?? pythonModuleName(opts.file, opts.project?.pythonSrcRoots);
  const sink = new ItemSink(opts.includePrivate);
  const imports: string[] = [];
  const exported = allNames(lines, source);
  const moduleDocRaw = lines[0]?.isString ? stringValue(lines[0].text) : null;
  const moduleDoc = moduleDocRaw ? parseDocstring(moduleDocRaw) : null;

  /** The logical lines of the block that starts after line `at` (deeper than `indent`): [from, to). */
  function blockEnd(from: number, indent: number): number {
    let k = from;
    while (k < lines.length && lines[k]!.indent > indent) k++;
    return k;
  }

  function visitBlock(from: number, to: number, scope: { id: string; kind: 'module' | 'class'; visibility: Visibility }): void {
    let k = from;
    while (k < to) {
      const ln = lines[k]!;
      const indent = ln.indent;
      // Decorators belong to the next def/class.
      const decorators: LogicalLine[] = [];
      let d = k;
      while (d < to && lines[d]!.text.startsWith('@') && lines[d]!.indent === indent) decorators.push(lines[d++]!);
      const decl = lines[d];
      if (decl && decl.indent === indent && d < to && (DEF_RE.test(decl.text) || CLASS_RE.test(decl.text))) {
        const end = Math.min(to, blockEnd(d + 1, indent));
        visitDefinition(decl, decorators, d, end, scope);
        k = end;
        continue;
      }
      const text = ln.text;
      if (/^(import|from)\s/.test(text)) {
        if (scope.kind === 'module') collectImport(text);
        k++;
        continue;
      }
      if (BLOCK_RE.test(text) || (/^(if|elif|else|try|except|finally|with|async\s+with)\b/.test(text) && indexTop(text, ':') === text.length - 1)) {
        // Conditional definitions (`if TYPE_CHECKING:`, `try: … except ImportError:`): their bodies are part of this scope.
        const end = Math.min(to, blockEnd(k + 1, indent));
        visitBlock(k + 1, end, scope);
        k = end;
        continue;
      }
      if (/^(if|elif|else|try|except|finally|with|async\s+with|for|while|async\s+for|match|def|class)\b/.test(text) || text.endsWith(':')) {
        // Other compound statements (loops, match): skip their bodies, as the tree-sitter path does.
        k = Math.min(to, blockEnd(k + 1, indent));
        continue;
      }
      visitAssignment(ln, lines[k + 1] && k + 1 < to ? lines[k + 1]! : undefined, scope);
      k++;
    }
  }

  function collectImport(text: string): void {
    if (text.startsWith('from')) {
      const m = /^from\s+(\S+)\s+import\b/.exec(text);
      if (m) imports.push(m[1]!);
    } else {
      for (const part of splitTop(text.replace(/^import\s+/, ''), ',')) {
        const name = part.trim().split(/\s+as\s+/)[0]!.trim();
        if (name) imports.push(name);
      }
    }
  }

  function visitDefinition(decl: LogicalLine, decorators: LogicalLine[], at: number, end: number, scope: { id: string; kind: 'module' | 'class'; visibility: Visibility }): void {
    const text = decl.text;
    const isClass = CLASS_RE.test(text);
    const name = (isClass ? CLASS_RE.exec(text) : DEF_RE.exec(text))![isClass ? 1 : 2]!;
    const colon = indexTop(text, ':', 0, (k) => text[k + 1] !== '=');
    if (colon < 0) throw new ScanError('header without colon');
    const header = text.slice(0, colon).trim();
    const inlineBody = text.slice(colon + 1).trim();
    const bodyFirst = inlineBody ? null : lines[at + 1] && at + 1 < end ? lines[at + 1]! : null;
    const docRaw = bodyFirst?.isString ? stringValue(bodyFirst.text) : inlineBody && /^[rRuU]?("""|'''|"|')/.test(inlineBody) && !/;/.test(inlineBody) ? stringValue(inlineBody) : null;
    const id = `${scope.id}.${name}`;
    let visibility = visibilityOf(name, exported, scope.kind === 'module');
    if (scope.visibility !== 'public' && visibility === 'public') visibility = scope.visibility;
    // An item the sink would drop (private, without index.private) is not documented at all:
    // parsing its docstring and building it were most of the work for a third of the
    // definitions. Everything that can make this path give up (ScanError) still runs.
    const hidden = !sink.keeps(visibility);
    const doc = docRaw && !hidden ? parseDocstring(docRaw) : null;
    const decoTexts = decorators.map((d) => d.text);
    const deprecated = decoTexts.some((t) => /deprecated/.test(t)) ? 'Deprecated.' : null;
    const line = (decorators[0] ?? decl).startRow + 1;
    const endLine = lines[end - 1]!.endRow + 1;
    const sig = oneLine(header);
    if (isClass) {
      const open = header.indexOf('(');
      const bases = open >= 0 ? splitTop(header.slice(open + 1, header.lastIndexOf(')')), ',').map((b) => b.trim()).filter((b) => b && indexTop(b, '=') < 0 && !b.startsWith('*')) : [];
      const isEnum = bases.some((b) => /\b(?:Enum|IntEnum|StrEnum|Flag|IntFlag)$/.test(b));
      if (hidden) sink.hidden++;
      else sink.add(buildItem({ kind: isEnum ? 'enum' : 'class', name, id, module, visibility, language: 'python', signature: sig, line, endLine, parent: scope.kind === 'class' ? scope.id : null, implements: bases.map((b) => oneLine(b)), deprecated }, doc, opts.file));
      if (!inlineBody) visitBlock(at + 1, end, { id, kind: 'class', visibility });
      return;
    }
    const isMethod = scope.kind === 'class';
    let kind: ItemKind = isMethod ? 'method' : 'function';
    if (isMethod && name === '__init__') kind = 'constructor';
    if (decoTexts.some((d) => /^@(?:\w+\.)?(?:property|cached_property|setter|getter)\b|\.setter$|\.getter$/.test(d))) kind = 'property';
    if (kind === 'property' && decoTexts.some((d) => /\.(?:setter|deleter)$/.test(d)) && !doc) return;
    const isStatic = decoTexts.some((d) => /^@staticmethod\b/.test(d));
    const po = header.indexOf('(', header.indexOf(name) + name.length);
    const pc = po >= 0 ? matchingParen(header, po) : -1;
    const params = po >= 0 && pc > po ? parseParams(header.slice(po + 1, pc), isMethod && !isStatic) : [];
    if (hidden) {
      sink.hidden++;
      return;
    }
    const arrow = pc > 0 ? header.slice(pc + 1).match(/^\s*->\s*([\s\S]+)$/) : null;
    const decoratorPrefix = decoTexts.filter((d) => /^@(?:staticmethod|classmethod|property|abstractmethod|overload|\w+\.setter)\b/.test(d));
    sink.add(
      buildItem(
        {
          kind, name, id, module, visibility, language: 'python', signature: oneLine([...decoratorPrefix, header].join(' ')),
          params, returnType: arrow ? oneLine(arrow[1]!) : null, line, endLine, parent: isMethod ? scope.id : null, deprecated,
        },
        doc,
        opts.file,
      ),
    );
  }

  function visitAssignment(ln: LogicalLine, next: LogicalLine | undefined, scope: { id: string; kind: 'module' | 'class'; visibility: Visibility }): void {
    const text = ln.text;
    const m = /^([A-Za-z_]\w*)\s*(:|=(?!=))/.exec(text);
    if (!m) return;
    const name = m[1]!;
    if (name === '__all__' || /^__\w+__$/.test(name)) return;
    let typeText: string | null = null;
    let valueText: string | null = null;
    const rest = text.slice(m[0].length);
    if (m[2] === ':') {
      const eq = indexTop(rest, '=', 0, (k) => rest[k + 1] !== '=' && !'<>!='.includes(rest[k - 1] ?? ''));
      typeText = (eq >= 0 ? rest.slice(0, eq) : rest).trim();
      valueText = eq >= 0 ? rest.slice(eq + 1).trim() : null;
    } else {
      valueText = rest.trim();
      // Chained or augmented forms (`a = b = 1`) are not attribute docs in the tree-sitter path either.
      if (indexTop(valueText, '=', 0, (k) => valueText![k + 1] !== '=' && !'<>!='.includes(valueText![k - 1] ?? '')) >= 0) return;
    }
    let docRaw: string | null = null;
    if (next?.isString && next.indent === ln.indent && next.startRow <= ln.endRow + 1) docRaw = stringValue(next.text);
    if (!docRaw && !(typeText && scope.kind === 'class')) return;
    let visibility = visibilityOf(name, exported, scope.kind === 'module');
    if (scope.visibility !== 'public' && visibility === 'public') visibility = scope.visibility;
    if (!sink.keeps(visibility)) {
      sink.hidden++;
      return;
    }
    const doc = docRaw ? parseDocstring(docRaw) : null;
    const constant = /^[A-Z][A-Z0-9_]*$/.test(name);
    const kind: ItemKind = scope.kind === 'class' ? 'property' : constant ? 'constant' : 'variable';
    const sig = oneLine(`${name}${typeText ? `: ${typeText}` : ''}${valueText && valueText.length <= 60 ? ` = ${valueText}` : ''}`);
    const item = buildItem(
      { kind, name, id: `${scope.id}.${name}`, module, visibility, language: 'python', signature: sig, line: ln.startRow + 1, endLine: (docRaw && next ? next : ln).endRow + 1, parent: scope.kind === 'class' ? scope.id : null },
      doc,
      opts.file,
    );
    if (typeText) item.returns = { type: oneLine(typeText), doc: null };
    sink.add(item);
  }

  visitBlock(moduleDocRaw ? 1 : 0, lines.length, { id: module, kind: 'module', visibility: 'public' });
  return {
    language: 'python',
    module: moduleInfo(module, moduleDoc),
    items: sink.items,
    imports: imports.filter(Boolean),
    errors: 0,
  };
}

function matchingParen(s: string, open: number): number {
  let depth = 0;
  for (let k = open; k < s.length; k++) {
    const c = s[k];
    if (c === '"' || c === "'") {
      const q = c;
      const triple = s.startsWith(q.repeat(3), k);
      const close = s.indexOf(triple ? q.repeat(3) : q, k + (triple ? 3 : 1));
      if (close < 0) return -1;
      k = close + (triple ? 2 : 0);
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return k;
    }
  }
  return -1;
}

/** `__all__` as the tree-sitter path reads it: the union of module-level literal lists assigned or added to it. */
function allNames(lines: LogicalLine[], source: string): Set<string> | null {
  if (!source.includes('__all__')) return null;
  let names: Set<string> | null = null;
  // Module-level lists of strings bound to a name, for a sum that names them (tracked only in a
  // module whose __all__ is a sum: most list it literally).
  const lists = new Map<string, string[]>();
  const summed = lines.some((ln) => ln.indent === 0 && ln.text.startsWith('__all__') && ln.text.includes('+'));
  for (const ln of lines) {
    if (ln.indent !== 0) continue;
    const m = /^__all__\s*(?::[^=]*)?(\+?=)\s*([\s\S]*)$/.exec(ln.text);
    if (!m) {
      // A name bound to a list of strings, for a sum; bound to anything else, no list any more.
      const bound = summed ? /^(\w+)\s*=(?!=)\s*([\s\S]*)$/.exec(ln.text) : null;
      if (bound) {
        const strings = literalStrings(bound[2]!.trim());
        if (strings) lists.set(bound[1]!, strings);
        else lists.delete(bound[1]!);
      }
      continue;
    }
    if (m[2]!.startsWith('=')) continue;
    const v = m[2]!.trim();
    const sum = summedStrings(v, lists);
    if (sum === undefined && (!/^[[(]/.test(v) || !/[\])]$/.test(v))) return null;
    if (sum === null) return null;
    names ??= new Set<string>();
    if (sum) for (const n of sum) names.add(n);
    else {
      for (const part of splitTop(v.slice(1, -1), ',')) {
        const t = part.trim();
        if (/^[rRuU]?("|')/.test(t)) names.add(stringValue(t));
      }
    }
    // `__all__ = __all__ + _deprecated_names` (IPython) adds to what it listed.
    lists.set('__all__', [...names]);
  }
  if (names) for (const n of allMutationNames(source)) names.add(n);
  return names;
}

/** The strings of a list or tuple literal made of string literals only (`['a', 'b']`), else null. */
function literalStrings(v: string): string[] | null {
  if (!/^[[(][\s\S]*[\])]$/.test(v)) return null;
  const parts = splitTop(v.slice(1, -1), ',').map((p) => p.trim()).filter(Boolean);
  return parts.every((t) => /^[rRuU]?("|')[\s\S]*\1$/.test(t)) ? parts.map(stringValue) : null;
}

/**
 * A sum of lists (`(_tg_classes + _tg_utilities + ['Terminator'])`, as turtle builds `__all__`):
 * the strings of its terms, each a literal list or a module-level name bound to one before; null
 * when a term is something else; undefined when `v` is no sum (a literal list or anything else).
 */
function summedStrings(v: string, lists: ReadonlyMap<string, string[]>): string[] | null | undefined {
  let e = v;
  // Parentheses around the whole expression (not a tuple: it has no top-level comma).
  while (e.startsWith('(') && closingBracket(e) === e.length - 1 && splitTop(e.slice(1, -1), ',').length === 1) e = e.slice(1, -1).trim();
  const terms = splitTop(e, '+').map((t) => t.trim());
  if (terms.length < 2) return undefined;
  const out: string[] = [];
  for (const t of terms) {
    const got = /^\w+$/.test(t) ? lists.get(t) : literalStrings(t);
    if (!got) return null;
    out.push(...got);
  }
  return out;
}
