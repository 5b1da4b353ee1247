import path from 'node:path';
import type { Position } from 'vscode-languageserver-protocol';
import { languageOf } from '../extract/languages.js';
import { parse } from '../extract/parser.js';
import { readFileText } from './file-text.js';
import { lineAt, lineStarts, offsetAt, positionAt } from './positions.js';

/**
 * Where an identifier occurs in a source file as code: whole-word matches that are not inside
 * a comment or a string literal, each flagged when it sits in an import statement or after a
 * member-access operator. This is how get_symbol_documentation finds the places in a file where
 * a symbol it does not define is used, without the seed's false positives (`foo` in `"foo"`,
 * in `// foo`, or inside `foobar`).
 *
 * Comments and strings are told apart by tree-sitter for the languages docent has grammars
 * for (TS/JS, Python, C/C++, Rust, Go, Java: template substitutions and f-string
 * interpolations count as code), and by a small lexer per language family otherwise (C-like
 * with template literals and raw strings, Python with prefixes and triple quotes, shell-like
 * `#`, Lisp `;`), which gets all but pathological inputs right (a regex literal with a quote).
 */

export type Syntax = 'c' | 'js' | 'python' | 'rust' | 'go' | 'hash' | 'lisp' | 'plain';

const SYNTAX_BY_EXT: Record<string, Syntax> = {
  '.c': 'c', '.h': 'c', '.cc': 'c', '.cpp': 'c', '.cxx': 'c', '.c++': 'c', '.hh': 'c', '.hpp': 'c', '.hxx': 'c', '.h++': 'c',
  '.ipp': 'c', '.tpp': 'c', '.inl': 'c', '.m': 'c', '.mm': 'c', '.cu': 'c', '.java': 'c', '.cs': 'c', '.kt': 'c', '.swift': 'c',
  '.scala': 'c', '.dart': 'c', '.zig': 'c',
  '.ts': 'js', '.tsx': 'js', '.mts': 'js', '.cts': 'js', '.js': 'js', '.jsx': 'js', '.mjs': 'js', '.cjs': 'js',
  '.py': 'python', '.pyi': 'python', '.pyx': 'python',
  '.rs': 'rust', '.go': 'go',
  '.rb': 'hash', '.sh': 'hash', '.bash': 'hash', '.pl': 'hash', '.r': 'hash', '.jl': 'hash', '.nim': 'hash', '.cmake': 'hash',
  '.el': 'lisp', '.lisp': 'lisp', '.clj': 'lisp', '.scm': 'lisp',
};

export function syntaxOf(file: string): Syntax {
  return SYNTAX_BY_EXT[path.extname(file).toLowerCase()] ?? 'c';
}

/** Per character: 0 code, 1 comment, 2 string literal. */
export const CODE = 0;
export const COMMENT = 1;
export const STRING = 2;

export function classifyText(text: string, syntax: Syntax): Uint8Array {
  const mask = new Uint8Array(text.length);
  const mark = (from: number, to: number, v: number) => mask.fill(v, from, Math.min(to, text.length));
  const n = text.length;
  // JavaScript template literals nest: `a ${ `b ${c}` } d`. Each entry is the brace depth at
  // which the enclosing template's `${` was opened.
  const templates: number[] = [];
  let braces = 0;
  let i = 0;
  const lineEnd = (from: number) => {
    const e = text.indexOf('\n', from);
    return e < 0 ? n : e;
  };
  /** A quoted string from `i` (at the opening quote); returns the index after it. */
  const quoted = (start: number, quote: string, escapes = true, multiline = false): number => {
    let j = start + quote.length;
    while (j < n) {
      const c = text[j]!;
      if (escapes && c === '\\') {
        j += 2;
        continue;
      }
      if (text.startsWith(quote, j)) return j + quote.length;
      if (c === '\n' && !multiline) return j;
      j++;
    }
    return n;
  };
  /** A template literal body from `j` up to its end or a `${`; returns [end, opensExpr]. */
  const templateBody = (j: number): [number, boolean] => {
    while (j < n) {
      const c = text[j]!;
      if (c === '\\') {
        j += 2;
        continue;
      }
      if (c === '`') return [j + 1, false];
      if (c === '$' && text[j + 1] === '{') return [j + 2, true];
      j++;
    }
    return [n, false];
  };
  while (i < n) {
    const c = text[i]!;
    const next = text[i + 1];
    if (syntax === 'python' || syntax === 'hash') {
      if (c === '#') {
        const e = lineEnd(i);
        mark(i, e, COMMENT);
        i = e;
        continue;
      }
      if (syntax === 'python') {
        // String prefixes (r, b, f, u and combinations) belong to the literal.
        // String prefixes (r, b, f, u and pairs) belong to the literal; a backslash never ends
        // one, not even in raw strings, so escapes are skipped in every form.
        const m = /^[rRbBuUfF]{0,2}("""|'''|"|')/.exec(text.slice(i, i + 5));
        if (m && (m[0].length === m[1]!.length || !isIdent(text[i - 1]))) {
          const quote = m[1]!;
          const end = quoted(i + m[0].length - quote.length, quote, true, quote.length === 3);
          mark(i, end, STRING);
          i = end;
          continue;
        }
      } else if (c === '"' || c === "'") {
        const end = quoted(i, c, c === '"', true);
        mark(i, end, STRING);
        i = end;
        continue;
      }
      i++;
      continue;
    }
    if (syntax === 'lisp') {
      if (c === ';') {
        const e = lineEnd(i);
        mark(i, e, COMMENT);
        i = e;
      } else if (c === '"') {
        const end = quoted(i, '"', true, true);
        mark(i, end, STRING);
        i = end;
      } else i++;
      continue;
    }
    if (syntax === 'plain') break;
    // C-like families.
    if (c === '/' && next === '/') {
      const e = lineEnd(i);
      mark(i, e, COMMENT);
      i = e;
      continue;
    }
    if (c === '/' && next === '*') {
      const e = text.indexOf('*/', i + 2);
      const end = e < 0 ? n : e + 2;
      mark(i, end, COMMENT);
      i = end;
      continue;
    }
    if (syntax === 'c' && c === 'R' && next === '"' && !isIdent(text[i - 1])) {
      // C++ raw string R"delim( ... )delim"
      const open = text.indexOf('(', i + 2);
      if (open > 0 && open - i - 2 <= 16) {
        const delim = text.slice(i + 2, open);
        const close = text.indexOf(`)${delim}"`, open + 1);
        const end = close < 0 ? n : close + delim.length + 2;
        mark(i, end, STRING);
        i = end;
        continue;
      }
    }
    if (syntax === 'rust' && c === 'r' && (next === '"' || next === '#') && !isIdent(text[i - 1])) {
      const m = /^r(#*)"/.exec(text.slice(i, i + 10));
      if (m) {
        const close = text.indexOf(`"${m[1]}`, i + m[0].length);
        const end = close < 0 ? n : close + 1 + m[1]!.length;
        mark(i, end, STRING);
        i = end;
        continue;
      }
    }
    if (c === '"') {
      const end = quoted(i, '"');
      mark(i, end, STRING);
      i = end;
      continue;
    }
    if (c === "'") {
      if (syntax === 'rust') {
        // 'a' and '\n' are chars; 'a (no closing quote nearby) is a lifetime.
        const m = /^'(\\(u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^\\'\n])'/u.exec(text.slice(i, i + 12));
        if (!m) {
          i++;
          continue;
        }
        mark(i, i + m[0].length, STRING);
        i += m[0].length;
        continue;
      }
      const end = quoted(i, "'");
      mark(i, end, STRING);
      i = end;
      continue;
    }
    if (c === '`' && (syntax === 'js' || syntax === 'go')) {
      if (syntax === 'go') {
        const e = text.indexOf('`', i + 1);
        const end = e < 0 ? n : e + 1;
        mark(i, end, STRING);
        i = end;
        continue;
      }
      const [end, opens] = templateBody(i + 1);
      mark(i, end, STRING);
      if (opens) templates.push(braces);
      i = end;
      continue;
    }
    if (syntax === 'js') {
      if (c === '{') braces++;
      else if (c === '}') {
        if (templates.length && templates[templates.length - 1] === braces) {
          templates.pop();
          const [end, opens] = templateBody(i + 1);
          mark(i, end, STRING);
          if (opens) templates.push(braces);
          i = end;
          continue;
        }
        braces--;
      }
    }
    i++;
  }
  return mask;
}

const IDENT_CHAR = /[\p{L}\p{N}_$]/u;
function isIdent(c: string | undefined): boolean {
  return c !== undefined && IDENT_CHAR.test(c);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface Occurrence {
  position: Position;
  offset: number;
  /** The trimmed source line. */
  line: string;
  /** Inside an import/include/use statement. */
  inImport: boolean;
  /** Right after `.`, `->` or `::`: a member of something else, unless the query named that scope. */
  qualified: boolean;
  /** `orig` when this is the new name of a renamed import (`orig as name`): servers resolve its uses to `orig`. */
  aliasOf?: string;
}

export interface OccurrenceScan {
  /** Occurrences in code, in file order. */
  code: Occurrence[];
  /** Matches inside comments. */
  inComments: number;
  /** Matches inside string literals. */
  inStrings: number;
}

/** Import statements, possibly spanning lines (`import {\n a,\n b\n} from 'x'`). */
const IMPORT_PATTERNS: Record<Syntax, RegExp[]> = {
  js: [/^[ \t]*import\b[\s\S]*?(?:\bfrom\s*)?(['"])[^'"\n]*\1/gm, /^[ \t]*export\s*(?:type\s*)?(?:\*|\{[\s\S]*?\})\s*from\s*(['"])[^'"\n]*\1/gm, /^.*\brequire\s*\(\s*['"][^'"\n]*['"]\s*\).*$/gm],
  python: [/^[ \t]*from[ \t]+\S+[ \t]+import[ \t]*\([\s\S]*?\)/gm, /^[ \t]*(?:from[ \t]+\S+[ \t]+)?import\b.*$/gm],
  c: [/^[ \t]*#[ \t]*(?:include|import)\b.*$/gm, /^[ \t]*using\b[^;{]*;/gm, /^[ \t]*import\b[^;]*;/gm],
  rust: [/^[ \t]*(?:pub(?:\([^)]*\))?\s+)?use\b[\s\S]*?;/gm, /^[ \t]*extern\s+crate\b.*$/gm],
  go: [/^[ \t]*import\s*\([\s\S]*?\)/gm, /^[ \t]*import\b.*$/gm],
  hash: [/^[ \t]*(?:require|require_relative|source|use|import|library)\b.*$/gm],
  lisp: [/^[ \t]*\((?:require|import|use-package)\b.*$/gm],
  plain: [],
};

function importSpans(text: string, syntax: Syntax): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const re of IMPORT_PATTERNS[syntax]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      // A JS `import` that never reaches a module specifier within a few lines is not an import
      // statement we understand (e.g. `import(` dynamic imports are expressions): keep it short.
      spans.push([m.index, m.index + m[0].length]);
      if (m[0].length === 0) re.lastIndex++;
    }
  }
  return spans;
}

/** `orig as ` right before a name in an import (Python, JS/TS; not `* as ns`). */
const RENAMED_IMPORT = /(?<![\p{L}\p{N}_$])([\p{L}_$][\p{L}\p{N}_$]*)\s+as\s+$/u;

/**
 * Occurrences of identifier `name` in `text`. `scope` (e.g. `Greeter` for `Greeter.greet`)
 * marks occurrences preceded by `scope.`/`scope::` as unqualified, since they are the ones
 * meant.
 */
export function findOccurrences(text: string, name: string, syntax: Syntax, scope?: string, classify?: (offset: number) => number): OccurrenceScan {
  const out: OccurrenceScan = { code: [], inComments: 0, inStrings: 0 };
  if (!name) return out;
  let mask: Uint8Array | undefined;
  const classOf = classify ?? ((o: number) => (mask ??= classifyText(text, syntax))[o]!);
  const starts = lineStarts(text);
  const imports = importSpans(text, syntax);
  const re = new RegExp(`(?<![\\p{L}\\p{N}_$])${escapeRegExp(name)}(?![\\p{L}\\p{N}_$])`, 'gu');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const at = m.index;
    const cls = classOf(at);
    if (cls === COMMENT) {
      out.inComments++;
      continue;
    }
    if (cls === STRING) {
      out.inStrings++;
      continue;
    }
    // Enough text before the match for `scope.` / `scope::` however long the scope's name is.
    const before = text.slice(Math.max(0, at - 64 - (scope?.length ?? 0)), at);
    let qualified = /(?:\.|->|::)\s*$/.test(before) && !/\.\.\.\s*$/.test(before);
    if (qualified && scope && new RegExp(`(?<![\\p{L}\\p{N}_$])${escapeRegExp(scope)}\\s*(?:\\.|::|->)\\s*$`, 'u').test(before)) qualified = false;
    const position = positionAt(text, at, starts);
    const span = imports.find(([s, e]) => at >= s && at < e);
    const inImport = span !== undefined;
    const occ: Occurrence = { position, offset: at, line: lineAt(text, position.line, starts).trim(), inImport, qualified };
    // `orig as name` is read from the import statement's start, however long `orig` is.
    const renamed = span ? RENAMED_IMPORT.exec(text.slice(span[0], at)) : null;
    if (renamed) occ.aliasOf = renamed[1]!;
    out.code.push(occ);
  }
  return out;
}

/**
 * Occurrences ordered by how likely the server resolves them to the symbol meant: uses first
 * (import statements only resolve to the import binding in some servers), unqualified ones
 * before members of other objects, then file order.
 */
export function rankOccurrences(occ: readonly Occurrence[]): Occurrence[] {
  const score = (o: Occurrence) => (o.qualified ? 2 : 0) + (o.inImport ? 1 : 0);
  return occ.map((o, i) => ({ o, i })).sort((a, b) => score(a.o) - score(b.o) || a.i - b.i).map((x) => x.o);
}

/** tree-sitter node types that are string literals, across the grammars docent loads. */
const STRING_NODES = new Set([
  'string', 'string_literal', 'template_string', 'raw_string_literal', 'char_literal', 'character_literal',
  'interpreted_string_literal', 'rune_literal', 'system_lib_string', 'text_block', 'regex', 'concatenated_string',
]);
/** Code inside a string: `${x}` in a template literal, `{x}` in a Python f-string. */
const CODE_IN_STRING = new Set(['template_substitution', 'interpolation']);

/**
 * findOccurrences with comments and strings told apart by tree-sitter when docent has a
 * grammar for the file, else by the lexer. `classifier` says which one answered.
 */
export async function scanOccurrences(file: string, text: string, name: string, scope?: string): Promise<OccurrenceScan & { classifier: 'tree-sitter' | 'lexer' }> {
  const lang = languageOf(file);
  if (lang && name && text.includes(name)) {
    let tree;
    try {
      tree = await parse(lang, text);
    } catch {
      tree = undefined; // grammar failed to load: the lexer still works
    }
    if (tree) {
      try {
        const root = tree.rootNode;
        const classify = (offset: number): number => {
          for (let n: typeof root | null = root.descendantForIndex(offset); n; n = n.parent) {
            if (CODE_IN_STRING.has(n.type)) return CODE;
            if (n.type.includes('comment')) return COMMENT;
            if (STRING_NODES.has(n.type)) return STRING;
          }
          return CODE;
        };
        return { ...findOccurrences(text, name, syntaxOf(file), scope, classify), classifier: 'tree-sitter' };
      } finally {
        tree.delete();
      }
    }
  }
  return { ...findOccurrences(text, name, syntaxOf(file), scope), classifier: 'lexer' };
}

/** Whether `pos` in `file` lies inside an import/include/use statement. */
export function inImportStatement(file: string, pos: Position): boolean {
  const ft = readFileText(file);
  if (!ft) return false;
  const at = offsetAt(ft.text, pos, ft.starts);
  return importSpans(ft.text, syntaxOf(file)).some(([s, e]) => at >= s && at < e);
}
