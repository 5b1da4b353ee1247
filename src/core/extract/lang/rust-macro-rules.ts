/**
 * `macro_rules!` as far as docs need it: the items a macro's expansion defines. std makes every
 * integer type's methods with one (`impl i32 { int_impl! { i32, i32, u32, 32, … } }`: 
 * `checked_add`, `pow`, `from_str_radix`, …) and each atomic integer type with another
 * (`atomic_int! { …, i8 AtomicI8 ATOMIC_I8_INIT }`); crates do the same for families of types.
 * The parser sees only token trees there, so none of those items was indexed.
 *
 * This reads a definition's rules, matches an invocation's tokens against them and writes the
 * expansion as source text, which the extractor then reads like any other. It handles what such
 * macros use: fragments (`$x:ty`, `$n:expr`, …) between literal tokens, repetitions (`$( … )*`,
 * with or without a separator, nested), `$crate`, the doc comments before a fragment, and doc
 * attributes built from them (`#[doc = concat!("… ", stringify!($SelfT), " …")]`). A fragment
 * other than a single tree ends at the matcher's next literal token, not where rustc's grammar
 * would; a macro none of whose rules matches expands to nothing. Pure functions over text.
 */

/** A token tree: a group's `open` is its bracket and `inner` its trees. */
export interface TokenTree {
  text: string;
  kind: 'ident' | 'literal' | 'punct' | 'group' | 'lifetime';
  /** Where it starts and ends in the text tokenized. */
  start: number;
  end: number;
  /** Where the outer doc comments right before it start (`/// …`, which rustc reads as part of the item), else `start`. */
  lead: number;
  open?: string;
  inner?: TokenTree[];
}

export interface MacroRule {
  matcher: string;
  transcriber: string;
}

/** A matched rule's fragments by name (without `$`), as source text; one per pass of a repetition. */
export type Bindings = ReadonlyMap<string, Binding>;
type Binding = string | Binding[];

const CLOSE: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const PUNCT2 = new Set(['=>', '::', '->', '==', '!=', '<=', '>=', '&&', '||', '..', '+=', '-=', '*=', '/=', '<<', '>>']);

/** The end of a string, char or raw string literal starting at `i`, or -1 when none starts there. */
function literalEnd(s: string, i: number): number {
  const c = s[i];
  if (c === 'r' && (s[i + 1] === '"' || (s[i + 1] === '#' && /^#+"/.test(s.slice(i + 1, i + 260))))) {
    const hashes = /^#*/.exec(s.slice(i + 1))![0].length;
    const close = s.indexOf(`"${'#'.repeat(hashes)}`, i + 2 + hashes);
    return close < 0 ? s.length : close + 1 + hashes;
  }
  if (c === 'b' && (s[i + 1] === '"' || s[i + 1] === "'")) return literalEnd(s, i + 1);
  if (c === '"') {
    let j = i + 1;
    while (j < s.length && s[j] !== '"') j += s[j] === '\\' ? 2 : 1;
    return j + 1;
  }
  if (c === "'") {
    // A char literal ('a', '\n', '\u{1F600}'), not a lifetime ('a without a closing quote).
    const m = /^'(?:\\(?:u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^\\'])'/.exec(s.slice(i, i + 12));
    return m ? i + m[0].length : -1;
  }
  return -1;
}

/** The end of a comment starting at `i`, or -1. Block comments nest, as Rust's do. */
function commentEnd(s: string, i: number): number {
  if (s[i] !== '/') return -1;
  if (s[i + 1] === '/') {
    const nl = s.indexOf('\n', i);
    return nl < 0 ? s.length : nl;
  }
  if (s[i + 1] !== '*') return -1;
  let depth = 1;
  let j = i + 2;
  while (j < s.length && depth) {
    if (s[j] === '/' && s[j + 1] === '*') (depth++, (j += 2));
    else if (s[j] === '*' && s[j + 1] === '/') (depth--, (j += 2));
    else j++;
  }
  return j;
}

/** The token trees of `s` (comments dropped), the first `max` at most. Unbalanced closing brackets end the list. */
export function tokenTrees(s: string, max = Infinity): TokenTree[] {
  let i = 0;
  /** Where the doc comments before the next token start, or -1. */
  let lead = -1;
  const take = (start: number) => {
    const at = lead < 0 ? start : lead;
    lead = -1;
    return at;
  };
  const read = (close: string | null): TokenTree[] => {
    const out: TokenTree[] = [];
    while (i < s.length && (close !== null || out.length < max)) {
      const c = s[i]!;
      if (/\s/.test(c)) {
        i++;
        continue;
      }
      const ce = commentEnd(s, i);
      if (ce >= 0) {
        if (lead < 0 && /^(?:\/\/\/(?!\/)|\/\*\*(?![*/]))/.test(s.slice(i, i + 4))) lead = i;
        i = ce;
        continue;
      }
      if (c === close) {
        i++;
        return out;
      }
      if (c === ')' || c === ']' || c === '}') return out;
      if (CLOSE[c]) {
        const start = i++;
        const inner = read(CLOSE[c]!);
        out.push({ kind: 'group', open: c, inner, text: s.slice(start, i), start, end: i, lead: take(start) });
        continue;
      }
      const le = literalEnd(s, i);
      if (le >= 0) {
        out.push({ kind: 'literal', text: s.slice(i, le), start: i, end: le, lead: take(i) });
        i = le;
        continue;
      }
      if (c === "'") {
        const m = /^'\w+/.exec(s.slice(i));
        out.push({ kind: 'lifetime', text: m ? m[0] : c, start: i, end: i + (m ? m[0].length : 1), lead: take(i) });
        i += m ? m[0].length : 1;
        continue;
      }
      const word = /^(?:[A-Za-z_]\w*|\d[\w.]*)/.exec(s.slice(i, i + 256));
      if (word) {
        out.push({ kind: /^\d/.test(word[0]) ? 'literal' : 'ident', text: word[0], start: i, end: i + word[0].length, lead: take(i) });
        i += word[0].length;
        continue;
      }
      const two = s.slice(i, i + 2);
      const p = PUNCT2.has(two) ? two : c;
      out.push({ kind: 'punct', text: p, start: i, end: i + p.length, lead: take(i) });
      i += p.length;
    }
    return out;
  };
  return read(null);
}

/** The rules of `macro_rules! name { … }` wherever it is defined in `source`, or null. */
export function macroRulesIn(source: string, name: string): MacroRule[] | null {
  const re = new RegExp(`macro_rules!\\s*${name}\\s*([({\\[])`, 'g');
  for (const m of source.matchAll(re)) {
    const open = m.index! + m[0].length - 1;
    const trees = tokenTrees(source.slice(open), 1);
    const body = trees[0];
    if (!body?.inner) continue;
    return rulesOf(body.inner);
  }
  return null;
}

/** `(matcher) => {transcriber};` pairs. */
function rulesOf(trees: readonly TokenTree[]): MacroRule[] {
  const rules: MacroRule[] = [];
  for (let k = 0; k + 2 < trees.length; k++) {
    const [m, arrow, t] = [trees[k]!, trees[k + 1]!, trees[k + 2]!];
    if (m.kind === 'group' && arrow.text === '=>' && t.kind === 'group') {
      rules.push({ matcher: m.text.slice(1, -1), transcriber: t.text.slice(1, -1) });
      k += 2;
    }
  }
  return rules;
}

/** Fragments that take exactly one token tree. */
const ONE_TREE = new Set(['ident', 'literal', 'lifetime', 'tt', 'block']);
/** How many passes of a repetition are read at most. */
const MAX_PASSES = 256;

/**
 * Bind an invocation's tokens to a rule's matcher, or null when they do not match. Fragments
 * other than single-tree ones take every tree up to the next literal token of the matcher (at
 * this level), as a separator ends an expression or a type in practice. A repetition
 * (`$( $w:literal $a:literal )*`) binds each of its fragments once per pass.
 */
export function matchRule(matcher: string, args: string): Bindings | null {
  const out = new Map<string, Binding>();
  const input = tokenTrees(args);
  return matchAt(tokenTrees(matcher), input, 0, args, out) === input.length ? out : null;
}

/** Match `pattern` from `input[at]`: the index after what it took, or -1. */
function matchAt(pattern: readonly TokenTree[], input: readonly TokenTree[], at: number, args: string, out: Map<string, Binding>): number {
  for (let k = 0; k < pattern.length; k++) {
    const p = pattern[k]!;
    if (p.text === '$' && pattern[k + 1]?.kind === 'group' && pattern[k + 1]!.open === '(') {
      const rep = repetitionAt(pattern, k + 1);
      k = rep.last;
      const passes: Map<string, Binding>[] = [];
      while (passes.length < MAX_PASSES && (rep.op !== '?' || !passes.length)) {
        const local = new Map<string, Binding>();
        const start = rep.sep && passes.length ? (input[at]?.text === rep.sep ? at + 1 : -1) : at;
        const next = start < 0 ? -1 : matchAt(pattern[rep.group]!.inner!, input, start, args, local);
        if (next < 0 || next === start) break;
        passes.push(local);
        at = next;
      }
      if (rep.op === '+' && !passes.length) return -1;
      for (const name of fragmentNames(pattern[rep.group]!.inner!)) out.set(name, passes.map((m) => m.get(name) ?? ''));
      continue;
    }
    if (p.text === '$' && pattern[k + 1]?.kind === 'ident' && pattern[k + 2]?.text === ':' && pattern[k + 3]?.kind === 'ident') {
      const name = pattern[k + 1]!.text;
      const frag = pattern[k + 3]!.text;
      k += 3;
      const t = input[at];
      if (ONE_TREE.has(frag)) {
        if (!t) return -1;
        if (frag === 'literal' && t.text === '-' && input[at + 1]?.kind === 'literal') {
          out.set(name, args.slice(t.start, input[at + 1]!.end)); // a negative literal is two tokens
          at += 2;
          continue;
        }
        if ((frag === 'ident' && t.kind !== 'ident') || (frag === 'literal' && t.kind !== 'literal') || (frag === 'block' && t.open !== '{')) return -1;
        // A token tree may be a doc comment's (rustc reads `/// …` as `#[doc = "…"]`): kept with the next one.
        out.set(name, frag === 'tt' ? args.slice(t.lead, t.end) : t.text);
        at++;
        continue;
      }
      // Up to the next literal token or bracket of the pattern (`-> $ret:ty { … }`), or the end.
      const next = pattern[k + 1];
      const stops = (t: TokenTree) => (!next || next.text === '$' ? false : next.kind === 'group' ? t.kind === 'group' && t.open === next.open : t.text === next.text);
      let end = at;
      while (end < input.length && !stops(input[end]!)) end++;
      if (end === at && frag !== 'vis') return -1;
      // With the doc comments before it: a `$item` or `$($t:tt)*` of a documented function is the function and its docs.
      out.set(name, end > at ? args.slice(input[at]!.lead, input[end - 1]!.end) : '');
      at = end;
      continue;
    }
    const t = input[at];
    if (!t) return -1;
    if (p.kind === 'group') {
      if (t.kind !== 'group' || t.open !== p.open || matchAt(p.inner!, t.inner!, 0, args, out) !== t.inner!.length) return -1;
    } else if (t.text !== p.text) return -1;
    at++;
  }
  return at;
}

/** The repetition whose group is `pattern[group]`: its separator, operator and last token's index. */
function repetitionAt(pattern: readonly TokenTree[], group: number): { group: number; sep: string | null; op: string; last: number } {
  const a = pattern[group + 1]?.text;
  if (a === '*' || a === '+' || a === '?') return { group, sep: null, op: a, last: group + 1 };
  const b = pattern[group + 2]?.text;
  if (a && (b === '*' || b === '+' || b === '?')) return { group, sep: a, op: b, last: group + 2 };
  return { group, sep: null, op: '*', last: group };
}

/** The fragment names a matcher binds (`$x:ty` → x), repetitions included. */
function fragmentNames(pattern: readonly TokenTree[]): string[] {
  const out: string[] = [];
  for (let k = 0; k < pattern.length; k++) {
    const p = pattern[k]!;
    if (p.kind === 'group') out.push(...fragmentNames(p.inner!));
    else if (p.text === '$' && pattern[k + 1]?.kind === 'ident' && pattern[k + 2]?.text === ':') out.push(pattern[k + 1]!.text);
  }
  return out;
}

/** The first rule of `rules` that matches `args`, with its bindings. */
export function firstMatch(rules: readonly MacroRule[], args: string): { rule: MacroRule; bindings: Bindings } | null {
  for (const rule of rules) {
    const bindings = matchRule(rule.matcher, args);
    if (bindings) return { rule, bindings };
  }
  return null;
}

/**
 * A transcriber with its fragments put in: `$name` by what it bound, `$crate` by the crate's
 * name, a repetition (`$( … )*`) once per pass of the fragments it uses (left out when it uses
 * none that repeat). Doc attributes whose text can be worked out become `///` lines, so the docs
 * of what the macro defines read as written (its other attributes stay as they are).
 */
export function transcribe(transcriber: string, bindings: Bindings, crate: string): string {
  return docAttributesAsComments(substitute(transcriber, bindings, crate));
}

/** Where substitute has something to look at: a string, a comment, a `$`. */
const SPECIAL = /["/$]/g;

function substitute(s: string, bindings: Bindings, crate: string): string {
  let out = '';
  let i = 0;
  while (i < s.length) {
    // Plain text up to the next special character is copied as it is (expansions run to 150 kB).
    SPECIAL.lastIndex = i;
    const next = SPECIAL.exec(s)?.index ?? s.length;
    if (next > i) {
      out += s.slice(i, next);
      i = next;
      continue;
    }
    const skip = s[i] === '"' ? literalEnd(s, i) : commentEnd(s, i);
    if (skip >= 0) {
      out += s.slice(i, skip);
      i = skip;
      continue;
    }
    if (s[i] === '$' && s[i + 1] === '(') {
      const close = groupEnd(s, i + 1);
      const body = s.slice(i + 2, close);
      const tail = /^\)\s*([^\s*+?$]?)\s*[*+?]/.exec(s.slice(close, close + 8));
      const sep = tail?.[1] ?? '';
      i = close + (tail ? tail[0].length : 1);
      const repeated = [...body.matchAll(/\$(\w+)/g)].map((m) => bindings.get(m[1]!)).filter((b): b is Binding[] => Array.isArray(b));
      const passes = repeated.length ? Math.max(...repeated.map((b) => b.length)) : 0;
      const parts: string[] = [];
      for (let n = 0; n < passes; n++) {
        const pass = new Map<string, Binding>();
        for (const [name, b] of bindings) pass.set(name, Array.isArray(b) ? (b[n] ?? '') : b);
        parts.push(substitute(body, pass, crate));
      }
      out += parts.join(sep ? `${sep} ` : '\n');
      continue;
    }
    const m = s[i] === '$' ? /^\$(\w+)/.exec(s.slice(i, i + 128)) : null;
    if (m) {
      const b = m[1] === 'crate' ? crate : bindings.get(m[1]!);
      out += typeof b === 'string' ? b : m[0];
      i += m[0].length;
      continue;
    }
    out += s[i];
    i++;
  }
  return out;
}

/** The index of the bracket closing the one at `open` (strings and comments skipped). */
function groupEnd(s: string, open: number): number {
  let depth = 0;
  for (let j = open; j < s.length; j++) {
    const e = s[j] === '"' ? literalEnd(s, j) : commentEnd(s, j);
    if (e >= 0) {
      j = e - 1;
      continue;
    }
    if (s[j] === '(' || s[j] === '[' || s[j] === '{') depth++;
    else if ((s[j] === ')' || s[j] === ']' || s[j] === '}') && --depth === 0) return j;
  }
  return s.length;
}

/** `#[doc = "text"]` and `#[doc = concat!("a", stringify!(i32), …)]` as `/// text` lines. */
function docAttributesAsComments(text: string): string {
  // One line each: an attribute spread over lines, or with code after it, stays as it is.
  return text.replace(/^([ \t]*)#\[doc\s*=\s*([^\n]*)\][ \t]*$/gm, (whole, indent: string, value: string) => {
    const words = docText(value.trim());
    return words === null ? '' : words.split('\n').map((l) => `${indent}///${l ? ` ${l}` : ''}`).join('\n');
  });
}

/** The text of a doc attribute's value, or null when it is not made of literals and stringify!. */
function docText(value: string): string | null {
  const trees = tokenTrees(value);
  if (trees.length === 1 && trees[0]!.kind === 'literal') return unquote(trees[0]!.text);
  if (trees.length === 3 && trees[0]!.text === 'concat' && trees[1]!.text === '!' && trees[2]!.open === '(') {
    const parts: string[] = [];
    let piece: TokenTree[] = [];
    for (const t of [...trees[2]!.inner!, { kind: 'punct', text: ',', start: 0, end: 0, lead: 0 } as TokenTree]) {
      if (t.text !== ',') {
        piece.push(t);
        continue;
      }
      if (!piece.length) continue;
      if (piece.length === 1 && piece[0]!.kind === 'literal') parts.push(unquote(piece[0]!.text));
      else if (piece.length === 3 && piece[0]!.text === 'stringify' && piece[2]!.open) parts.push(piece[2]!.text.slice(1, -1).trim());
      else return null;
      piece = [];
    }
    return parts.join('');
  }
  return null;
}

/** A string literal's text (escapes for quotes and newlines read); numbers as written. */
function unquote(lit: string): string {
  if (!lit.startsWith('"')) return lit;
  return lit.slice(1, -1).replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c)).replace(/\\\n\s*/g, '');
}
