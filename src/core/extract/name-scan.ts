import type { ProjectHints } from './context.js';
import { lineCounter } from './fast/python-lines.js';
import { goModulePath } from './lang/go.js';
import { pythonModuleName } from './lang/python.js';
import { rustModulePath } from './lang/rust.js';
import { jsModuleName } from './lang/js-module-name.js';
import { MACRO_NAME } from './lang/c-macros.js';
import type { ItemKind, LanguageId } from './types.js';

/**
 * The names a file declares and where, read from the raw text the way ctags reads a file (one
 * regular expression per language; a loop over line starts for Python): no parse, no docs, no
 * signatures. A
 * first build runs this over every file before the extraction (index/name-sketch.ts) so that
 * every name is searchable within seconds on a tree whose full index takes a quarter of a
 * minute. Its ids follow the extractors' module rules, so most are the ids the full index will
 * give; what it cannot see without a parse (a name bound inside a nested block, an assignment
 * spread over lines) simply waits for the extraction.
 */

export interface ScannedName {
  name: string;
  kind: ItemKind;
  id: string;
  module: string;
  /** 1-based. */
  line: number;
}

export interface ScanOptions {
  /** The file, relative to its root (decides the module, as the extractors do). */
  file: string;
  includePrivate: boolean;
  project?: ProjectHints;
}

export function scanNames(language: LanguageId, text: string, opts: ScanOptions): ScannedName[] {
  switch (language) {
    case 'python':
      return scanPython(text, opts);
    case 'typescript':
    case 'tsx':
    case 'javascript':
      return scanJs(text, opts);
    case 'go':
      return scanGo(text, opts);
    case 'rust':
      return scanRust(text, opts);
    case 'java':
      return scanJava(text, opts);
    case 'c':
    case 'cpp':
      return scanC(text, opts);
  }
}

interface Scope {
  indent: number;
  name: string;
  /** Names declared in it are members (a class body), not locals (a function body). */
  members: boolean;
  /** The indent of its first member: deeper lines are inside a member. */
  memberIndent?: number;
}

/** Pop the scopes a line at `indent` has left; the innermost left open. */
function enclosing<S extends Scope>(stack: S[], indent: number): S | undefined {
  while (stack.length && stack[stack.length - 1]!.indent >= indent) stack.pop();
  return stack[stack.length - 1];
}

/** A member's place in its scope: the scope's first member sets the indent its members share. */
function atMemberIndent(scope: Scope, indent: number): boolean {
  scope.memberIndent ??= indent;
  return scope.memberIndent === indent;
}

/**
 * Whether a list's inside holds string literals only (with commas, blanks and comments): what is
 * left once they are taken out. Two linear replacements, where one regular expression with
 * nested repetition backtracked for minutes on a list it did not match.
 */
function onlyStrings(inside: string): boolean {
  return /^[\s,]*$/.test(inside.replace(/(['"])[^'"\n]*\1/g, '').replace(/#[^\n]*/g, ''));
}

/** A literal `__all__` list or tuple: the module's public names, when it has one. */
const PY_ALL = /^__all__[ \t]*(?::[^=\n]*)?=[ \t]*[[(]([^\])]*)[\])]/m;
/** After a name: an annotation (`: int`, `: str = "x"`) or an assignment (`=`, not `==`). */
const PY_BINDS = /[ \t]*(?::[ \t]*[^\n=]*?[^\n=:\s][ \t]*(?:=(?!=)|$)|=(?!=))/my;
/** Top-level blocks whose names belong to the module (`if sys.platform…:`, `try:`). */
const PY_BLOCKS = new Set(['if', 'elif', 'else', 'try', 'except', 'finally', 'with']);

const enum PyLine {
  Def,
  Class,
  Binds,
  Block,
}

/**
 * The lines of a Python file that declare something: `def`/`class` at any indent, a name
 * bound or annotated (`x = …`, `x: int`), a top-level block; none inside a triple-quoted
 * string (a docstring's `def`s are text; a triple quote inside a short string, `('"""',
 * "'''")`, opens none). A loop over line starts: as one regular expression over the text
 * this took twice as long, most of it trying every character.
 */
function pythonDeclarations(text: string): { index: number; indent: number; type: PyLine; name: string }[] {
  const out: { index: number; indent: number; type: PyLine; name: string }[] = [];
  const n = text.length;
  const nextTripleQuote = tripleQuotes(text);
  let quote = nextTripleQuote(0);
  for (let pos = 0; pos < n; ) {
    let eol = text.indexOf('\n', pos);
    if (eol === -1) eol = n;
    let p = pos;
    while (p < eol && (text.charCodeAt(p) === 32 || text.charCodeAt(p) === 9)) p++;
    const indent = p - pos;
    if (p < eol && isIdentStart(text.charCodeAt(p)) && (quote === -1 || quote > p)) {
      let e = p + 1;
      while (e < eol && isIdentChar(text.charCodeAt(e))) e++;
      const word = text.slice(p, e);
      let type: PyLine | -1 = -1;
      let name = word;
      if (word === 'def' || word === 'class' || (word === 'async' && /^[ \t]+def[ \t]/.test(text.slice(e, e + 12)))) {
        let q = word === 'async' ? text.indexOf('def', e) + 3 : e;
        const spaced = q;
        while (q < eol && (text.charCodeAt(q) === 32 || text.charCodeAt(q) === 9)) q++;
        let r = q;
        while (r < eol && isIdentChar(text.charCodeAt(r))) r++;
        if (q > spaced && r > q && isIdentStart(text.charCodeAt(q))) {
          type = word === 'class' ? PyLine.Class : PyLine.Def;
          name = text.slice(q, r);
        }
      } else if (indent === 0 && PY_BLOCKS.has(word)) {
        type = PyLine.Block;
      } else {
        PY_BINDS.lastIndex = e;
        if (PY_BINDS.test(text)) type = PyLine.Binds;
      }
      if (type !== -1) out.push({ index: pos, indent, type, name });
    }
    // A triple-quoted string that opens on this line: its lines are skipped up to its end.
    while (quote !== -1 && quote < eol) {
      const close = text.indexOf(text.slice(quote, quote + 3), quote + 3);
      if (close === -1) return out;
      if (close >= eol) {
        eol = text.indexOf('\n', close);
        if (eol === -1) eol = n;
      }
      quote = nextTripleQuote(close + 3);
    }
    pos = eol + 1;
  }
  return out;
}

/**
 * The next `"""` or `'''` at or after `from` that is not inside a short string's quotes
 * (`'"""'`); -1 when none. Asked with `from` only growing: each kind's next place is kept until
 * `from` passes it, since looking for the kind a file does not use (most use one) went to the
 * end of the text again for every docstring.
 */
function tripleQuotes(text: string): (from: number) => number {
  // -2: not looked for yet; -1: none from here on.
  let d = -2;
  let s = -2;
  return (from) => {
    for (;;) {
      if (d !== -1 && d < from) d = text.indexOf('"""', from);
      if (s !== -1 && s < from) s = text.indexOf("'''", from);
      const at = d === -1 ? s : s === -1 ? d : Math.min(d, s);
      if (at <= 0) return at;
      const before = text.charCodeAt(at - 1);
      if (before !== 34 && before !== 39) return at;
      from = at + 3;
    }
  };
}

function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

function isIdentChar(c: number): boolean {
  return isIdentStart(c) || (c >= 48 && c <= 57);
}

function scanPython(text: string, opts: ScanOptions): ScannedName[] {
  const module = pythonModuleName(opts.file, opts.project?.pythonSrcRoots);
  const out: ScannedName[] = [];
  const stack: Scope[] = [];
  const lineOf = lineCounter(text);
  // (Most files have no `__all__`: the multi-line pattern would try every line start for one.)
  const listed = opts.includePrivate || !text.includes('__all__') ? null : PY_ALL.exec(text);
  // Only a list of string literals says it all: a sum of lists (`(_tg_classes + ['Terminator'])`) is left to the extraction.
  const publicNames = listed && onlyStrings(listed[1]!) ? new Set([...listed[1]!.matchAll(/['"]([A-Za-z_]\w*)['"]/g)].map((x) => x[1]!)) : null;
  for (const d of pythonDeclarations(text)) {
    if (d.type === PyLine.Block) {
      // A top-level `if`/`try` block: what it binds belongs to the module (`getpass = unix_getpass`).
      stack.length = 0;
      stack.push({ indent: 0, name: '', members: true });
      continue;
    }
    const assigned = d.type === PyLine.Binds;
    const { indent, name } = d;
    const scope = enclosing(stack, indent);
    const path = stack.map((s) => s.name).filter(Boolean);
    // Inside a function, or in a block nested in a class body (`if sys.platform…:`): not an item.
    const inner = stack.some((s) => !s.members) || (scope !== undefined && !atMemberIndent(scope, indent)) || (assigned && indent > 0 && !scope);
    if (!assigned) stack.push({ indent, name, members: d.type === PyLine.Class });
    if (inner || name === '__all__' || (!opts.includePrivate && name.startsWith('_') && !/^__\w+__$/.test(name))) continue;
    if (publicNames && !publicNames.has(path[0] ?? name)) continue;
    if (!opts.includePrivate && path.some((p) => p.startsWith('_'))) continue;
    const kind: ItemKind = assigned ? (path.length ? 'property' : /^[A-Z][A-Z0-9_]*$/.test(name) ? 'constant' : 'variable') : d.type === PyLine.Class ? 'class' : name === '__init__' ? 'constructor' : path.length ? 'method' : 'function';
    out.push({ name, kind, id: [module, ...path, name].join('.'), module, line: lineOf(d.index) });
  }
  return out;
}

const JS_KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'return', 'catch', 'else', 'case', 'new', 'throw', 'typeof', 'await', 'yield', 'do', 'try', 'super', 'this', 'function', 'delete', 'void', 'import', 'export', 'default']);
const JS = /^([ \t]*)(?:export[ \t]+)?(?:declare[ \t]+)?(?:default[ \t]+)?(?:abstract[ \t]+)?(?:async[ \t]+)?(class|interface|namespace|module|enum|function\*?|type|const|let|var)[ \t]+([A-Za-z_$][\w$]*)|^([ \t]+)(?:(?:public|private|protected|static|readonly|abstract|async|get|set|declare|override)[ \t]+)*([A-Za-z_$][\w$]*)\??[ \t]*([(:<])/gm;
const JS_KINDS: Record<string, ItemKind> = { class: 'class', interface: 'interface', namespace: 'namespace', module: 'namespace', enum: 'enum', function: 'function', 'function*': 'function', type: 'type', const: 'variable', let: 'variable', var: 'variable' };

function scanJs(text: string, opts: ScanOptions): ScannedName[] {
  const module = jsModuleName(opts.file);
  const out: ScannedName[] = [];
  const stack: Scope[] = [];
  const lineOf = lineCounter(text);
  for (const m of text.matchAll(JS)) {
    const member = m[5] !== undefined;
    const indent = (member ? m[4] : m[1])!.length;
    const scope = enclosing(stack, indent);
    const name = member ? m[5]! : m[3]!;
    // Below the top level, a declaration counts inside a namespace, a member inside a class or
    // interface, each at the indent of the scope's first one (deeper lines are bodies).
    const placed = indent === 0 ? !member : scope !== undefined && atMemberIndent(scope, indent) && (member ? scope.members : !scope.members);
    if (!placed || (member && JS_KEYWORDS.has(name))) continue;
    const path = stack.map((s) => s.name);
    const word = m[2] ?? '';
    if (/^(class|interface|namespace|module|enum)$/.test(word)) stack.push({ indent, name, members: word !== 'namespace' && word !== 'module' });
    if (!opts.includePrivate && (name.startsWith('#') || /^[ \t]*private\b/.test(m[0]))) continue;
    const kind: ItemKind = member ? (m[6] === ':' ? 'property' : name === 'constructor' ? 'constructor' : 'method') : JS_KINDS[word]!;
    out.push({ name, kind, id: [module, ...path, name].join('.'), module, line: lineOf(m.index!) });
  }
  return out;
}

const GO = /^func[ \t]+(?:\([ \t]*(?:[A-Za-z_]\w*[ \t]+)?\*?([A-Za-z_]\w*)(?:\[[^\]\n]*\])?[ \t]*\)[ \t]*)?([A-Za-z_]\w*)|^(type|const|var)[ \t]+([A-Za-z_]\w*)|^(type|const|var)[ \t]*\(|^(\))|^\t([A-Za-z_]\w*)/gm;
const GO_KINDS: Record<string, ItemKind> = { type: 'type', const: 'constant', var: 'variable' };

function scanGo(text: string, opts: ScanOptions): ScannedName[] {
  const pkg = /^package[ \t]+(\w+)/m.exec(text)?.[1] ?? '';
  const module = goModulePath(opts.file, opts.project?.goModule, pkg, opts.project?.goModules);
  const out: ScannedName[] = [];
  const lineOf = lineCounter(text);
  let group: ItemKind | null = null;
  for (const m of text.matchAll(GO)) {
    let name: string;
    let kind: ItemKind;
    let owner: string | undefined;
    if (m[2]) {
      name = m[2];
      owner = m[1];
      kind = owner ? 'method' : 'function';
      group = null;
    } else if (m[4]) {
      name = m[4];
      kind = GO_KINDS[m[3]!]!;
      group = null;
    } else if (m[5]) {
      group = GO_KINDS[m[5]]!;
      continue;
    } else if (m[6]) {
      group = null;
      continue;
    } else {
      if (!group) continue;
      name = m[7]!;
      kind = group;
    }
    if (!opts.includePrivate && (!/^\p{Lu}/u.test(name) || (owner && !/^\p{Lu}/u.test(owner)))) continue;
    out.push({ name, kind, id: `${module}.${owner ? `${owner}.` : ''}${name}`, module, line: lineOf(m.index!) });
  }
  return out;
}

const RUST = /^([ \t]*)(pub(?:\([^)\n]*\))?[ \t]+)?(?:(?:async|const|unsafe|default|extern(?:[ \t]+"[^"\n]*")?)[ \t]+)*(fn|struct|enum|trait|type|mod|const|static|union)[ \t]+([A-Za-z_]\w*)|^([ \t]*)(?:unsafe[ \t]+)?impl\b(?:<[^\n{]*?>)?[^{\n]*?([A-Za-z_]\w*)(?:<[^{\n]*>)?[ \t]*(?:where\b[^{\n]*)?\{/gm;
const RUST_KINDS: Record<string, ItemKind> = { fn: 'function', struct: 'struct', enum: 'enum', trait: 'trait', type: 'type', mod: 'module', const: 'constant', static: 'variable', union: 'struct' };

function scanRust(text: string, opts: ScanOptions): ScannedName[] {
  const module = rustModulePath(opts.file, opts.project?.rustCrate, opts.project?.rustCrate ?? 'crate', opts.project?.rustCrates).join('::');
  const out: ScannedName[] = [];
  // `members`: an impl or trait (its fns are methods) or a mod; a fn's body holds no items.
  const stack: (Scope & { methods?: boolean; trait?: boolean })[] = [];
  const lineOf = lineCounter(text);
  for (const m of text.matchAll(RUST)) {
    if (m[6]) {
      const indent = m[5]!.length;
      enclosing(stack, indent);
      stack.push({ indent, name: m[6], members: true, methods: true });
      continue;
    }
    const indent = m[1]!.length;
    const scope = enclosing(stack, indent);
    const word = m[3]!;
    const name = m[4]!;
    if (scope && (!scope.members || !atMemberIndent(scope, indent))) continue;
    const path = stack.map((s) => s.name);
    if (word === 'trait' || word === 'mod') stack.push({ indent, name, members: true, methods: word === 'trait', trait: word === 'trait' });
    else if (word === 'fn') stack.push({ indent, name, members: false });
    // A trait's items are as public as the trait.
    if (!opts.includePrivate && !m[2] && !scope?.trait) continue;
    const kind: ItemKind = word === 'fn' && scope?.methods ? 'method' : RUST_KINDS[word]!;
    out.push({ name, kind, id: [module, ...path, name].join('::'), module, line: lineOf(m.index!) });
  }
  return out;
}

const JAVA = /^([ \t]*)(?:(?:public|protected|private|static|final|abstract|sealed|non-sealed|strictfp)[ \t]+)*(class|interface|enum|record|@interface)[ \t]+([A-Za-z_]\w*)|^([ \t]+)((?:(?:public|protected|private|static|final|abstract|synchronized|native|default)[ \t]+)+)(?:<[^>\n]*>[ \t]+)?[\w<>[\],.? ]+?[ \t]+([a-zA-Z_]\w*)[ \t]*\(/gm;

function scanJava(text: string, opts: ScanOptions): ScannedName[] {
  const module = /^package[ \t]+([\w.]+)/m.exec(text)?.[1] ?? (opts.file.replace(/\.java$/, '').split('/').slice(0, -1).join('.') || '(default)');
  const out: ScannedName[] = [];
  const stack: Scope[] = [];
  const lineOf = lineCounter(text);
  for (const m of text.matchAll(JAVA)) {
    const member = m[6] !== undefined;
    const indent = (member ? m[4] : m[1])!.length;
    const scope = enclosing(stack, indent);
    const name = member ? m[6]! : m[3]!;
    if (!member) stack.push({ indent, name, members: true });
    if (member && (!scope || /\bprivate\b/.test(m[5]!)) && !opts.includePrivate) continue;
    const path = stack.filter((s) => s.indent < indent).map((s) => s.name);
    const kind: ItemKind = member ? (scope?.name === name ? 'constructor' : 'method') : m[2] === 'interface' || m[2] === '@interface' ? 'interface' : m[2] === 'enum' ? 'enum' : 'class';
    out.push({ name, kind, id: [module, ...path, name].join('.'), module, line: lineOf(m.index!) });
  }
  return out;
}

const C_NOT_FUNCTIONS = /^(?:if|for|while|switch|return|else|do|case|typedef|using|namespace|template|static_assert|extern|sizeof|goto)\b/;
// An export macro between `class` and the name (`class Q_CORE_EXPORT QObject`) is skipped, as
// the full extraction skips it (cpp-decoration-macros.ts): the name is the word after it.
const C = new RegExp(String.raw`^#[ \t]*define[ \t]+([A-Za-z_]\w*)|^(?:typedef[ \t]+)?(struct|class|union|enum(?:[ \t]+class)?)[ \t]+(?:${MACRO_NAME}(?:\([^()\n]*\))?[ \t]+(?=[A-Za-z_]))*([A-Za-z_]\w*)[^;(\n]*$|^[A-Za-z_][\w:<>,*& \t]*?[ \t*&]\**((?:[A-Za-z_]\w*::)*~?[A-Za-z_]\w*)[ \t]*\(`, 'gm');

function scanC(text: string, opts: ScanOptions): ScannedName[] {
  const out: ScannedName[] = [];
  const lineOf = lineCounter(text);
  for (const m of text.matchAll(C)) {
    if (m[4] && C_NOT_FUNCTIONS.test(m[0])) continue;
    const full = m[1] ?? m[3] ?? m[4]!;
    const name = full.slice(full.lastIndexOf(':') + 1);
    if (!opts.includePrivate && name.startsWith('_')) continue;
    const kind: ItemKind = m[1] ? 'macro' : m[2] ? (m[2].startsWith('enum') ? 'enum' : m[2] === 'class' ? 'class' : 'struct') : 'function';
    out.push({ name, kind, id: full, module: opts.file, line: lineOf(m.index!) });
  }
  return out;
}
