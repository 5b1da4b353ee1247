/**
 * Recovering a C/C++ function prototype from declaration text that tree-sitter could not parse
 * because of macros it cannot expand. Real C headers are full of them:
 *
 * - export/visibility macros around the type: `ZEXTERN int ZEXPORT compress …`, `API void *f(…)`;
 * - K&R-compatibility parameter wrappers: `compress OF((Bytef *dest, …))`, `__P((…))`, `PNGARG((…))`;
 * - declaring macros that carry the name and the parameter list as arguments:
 *   `__REDIRECT (fopen, (const char *f, const char *m), fopen64)`,
 *   `PNG_EXPORT(1, png_uint_32, png_access_version_number, (void))`;
 * - trailing attribute macros: `__THROW`, `__wur`, `__nonnull ((1))`, `__attribute__ ((…))`.
 *
 * This works on tokens, not on a grammar: it finds the identifier that owns the parameter list,
 * and reads the return type from what precedes it with the macro-looking words removed.
 */

export interface RecoveredPrototype {
  name: string;
  /** Return type without storage classes and macro decorations (`const char *`), or null. */
  returnType: string | null;
  /** Storage words as written (`extern`, `static`, `inline`). */
  storage: string[];
  /** The text inside the parameter list's parentheses. */
  paramsText: string;
}

interface Tok {
  kind: 'id' | 'group' | 'punct';
  text: string;
  /** For a `( … )` group: the text between the parentheses. */
  inner?: string;
}

/** Words that introduce an attribute or a compile-time operator, never a function name. */
const NOT_A_NAME = new Set([
  '__attribute__', '__attribute', '__declspec', 'alignas', '_Alignas', '__asm__', '__asm', 'asm', 'decltype', 'typeof', '__typeof__',
  '__typeof', 'sizeof', '_Static_assert', 'static_assert', 'throw', 'noexcept', 'if', 'while', 'for', 'switch', 'return', 'defined',
]);
const STORAGE = new Set(['extern', 'static', 'inline', '__inline', '__inline__', '__forceinline', 'constexpr', 'virtual', 'explicit']);
const CALLING_CONVENTIONS = new Set(['__stdcall', '__cdecl', '__fastcall', '__vectorcall', '__thiscall', '__clrcall', '__pascal', '_stdcall', '_cdecl']);
const TYPE_KEYWORDS = new Set(['const', 'volatile', 'unsigned', 'signed', 'struct', 'union', 'enum', 'class', 'typename', 'restrict', '__restrict', '__restrict__']);

/** `ZEXPORT`, `__THROW`, `PNG_EXPORT`: all capitals, digits and underscores. */
export function isMacroLike(word: string): boolean {
  return /^_*[A-Z][A-Z0-9_]*$/.test(word);
}

function tokenize(text: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '/' && text[i + 1] === '/') {
      const e = text.indexOf('\n', i);
      i = e < 0 ? n : e;
    } else if (c === '/' && text[i + 1] === '*') {
      const e = text.indexOf('*/', i + 2);
      i = e < 0 ? n : e + 2;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_]\w*/.exec(text.slice(i))!;
      out.push({ kind: 'id', text: m[0] });
      i += m[0].length;
    } else if (c === '(' || c === '[') {
      const close = c === '(' ? ')' : ']';
      let depth = 0;
      let j = i;
      for (; j < n; j++) {
        const d = text[j];
        if (d === c) depth++;
        else if (d === close && --depth === 0) break;
      }
      if (j >= n) return out; // unbalanced: the text is cut off
      const whole = text.slice(i, j + 1);
      out.push(c === '(' ? { kind: 'group', text: whole, inner: text.slice(i + 1, j) } : { kind: 'punct', text: whole });
      i = j + 1;
    } else if (c === ';' || c === '{' || c === '=') {
      break; // end of the prototype (a body or an initializer follows)
    } else if (c === '"' || c === "'") {
      const m = c === '"' ? /^"(?:[^"\\\n]|\\.)*"?/.exec(text.slice(i)) : /^'(?:[^'\\\n]|\\.)*'?/.exec(text.slice(i));
      const len = m ? m[0].length : 1;
      out.push({ kind: 'punct', text: text.slice(i, i + len) });
      i += len;
    } else {
      out.push({ kind: 'punct', text: c === ':' && text[i + 1] === ':' ? '::' : c });
      i += c === ':' && text[i + 1] === ':' ? 2 : 1;
    }
  }
  return out;
}

/** Split at commas that are not nested in brackets. */
export function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{' || c === '<') depth++;
    else if (c === ')' || c === ']' || c === '}' || c === '>') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = text.slice(start).trim();
  if (last || out.length) out.push(last);
  return out;
}

/** The inside of `( … )` when the whole text is one parenthesised group, else null. */
function soleGroup(text: string): string | null {
  const toks = tokenize(text.trim());
  return toks.length === 1 && toks[0]!.kind === 'group' ? toks[0]!.inner! : null;
}

const IDENT_RE = /^[A-Za-z_]\w*$/;

export function recoverPrototype(text: string): RecoveredPrototype | null {
  const toks = tokenize(text);
  for (let i = 0; i + 1 < toks.length; i++) {
    const t = toks[i]!;
    const g = toks[i + 1]!;
    if (t.kind !== 'id' || g.kind !== 'group') continue;
    if (NOT_A_NAME.has(t.text)) continue;
    const inner = g.inner!;
    if (isMacroLike(t.text) || t.text.startsWith('__')) {
      // `name OF((params))`: the macro wraps the real parameter list.
      const wrapped = soleGroup(inner);
      const before = toks[i - 1];
      if (wrapped !== null && before?.kind === 'id' && !STORAGE.has(before.text) && !isMacroLike(before.text)) {
        return finish(toks.slice(0, i - 1), before.text, wrapped);
      }
      // `MACRO(…, name, (params), …)`: a declaring macro carries the name and the parameter list.
      const args = splitTopLevel(inner);
      for (let j = 1; j < args.length; j++) {
        const params = soleGroup(args[j]!);
        if (params === null || !IDENT_RE.test(args[j - 1]!)) continue;
        const typeArg = j >= 2 ? args[j - 2]! : '';
        const proto = finish(toks.slice(0, i), args[j - 1]!, params);
        if (typeArg && !/^[\d-]/.test(typeArg)) proto.returnType = normaliseType(typeArg);
        return proto;
      }
      // Anything else spelled like a macro (`API(int)`, `__nonnull ((1))`) decorates the declaration.
      if (isMacroLike(t.text)) continue;
    }
    return finish(toks.slice(0, i), t.text, inner);
  }
  return null;
}

function finish(prefix: Tok[], name: string, paramsText: string): RecoveredPrototype {
  const storage: string[] = [];
  const words: Tok[] = [];
  for (let k = 0; k < prefix.length; k++) {
    const p = prefix[k]!;
    if (p.kind === 'id' && STORAGE.has(p.text)) {
      storage.push(p.text);
      continue;
    }
    if (p.kind === 'id' && (CALLING_CONVENTIONS.has(p.text) || NOT_A_NAME.has(p.text))) {
      if (prefix[k + 1]?.kind === 'group') k++;
      continue;
    }
    if (p.kind === 'punct' && p.text.startsWith('[[')) continue;
    if (p.kind === 'group' || (p.kind === 'punct' && p.text.startsWith('"'))) continue; // `extern "C"`, a macro's arguments
    words.push(p);
  }
  // Macro-looking words (ZEXTERN, ZEXPORT, API) are decorations unless they are the only type there is (FILE).
  const isTypeWord = (w: Tok) => w.kind === 'id' && !TYPE_KEYWORDS.has(w.text);
  const plain = words.filter((w) => !(w.kind === 'id' && isMacroLike(w.text)));
  const kept = plain.some(isTypeWord) ? plain : dropDecorations(words);
  const ret = normaliseType(kept.map((w) => w.text).join(' '));
  return { name, returnType: ret || null, storage, paramsText: paramsText.trim() };
}

/** When every type word is macro-like (`extern FILE *`), drop only the leading ones that decorate it (`ZEXTERN FILE *`). */
function dropDecorations(words: Tok[]): Tok[] {
  const ids = words.filter((w) => w.kind === 'id' && !TYPE_KEYWORDS.has(w.text));
  if (ids.length <= 1) return words;
  const last = ids[ids.length - 1]!;
  return words.filter((w) => !(w.kind === 'id' && isMacroLike(w.text) && w !== last));
}

function normaliseType(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\*\s+(?=\*)/g, '*')
    .replace(/\s+::\s+/g, '::')
    .trim();
}

/**
 * A parameter list split without a grammar, for when even a re-parse fails: the name is the
 * last identifier outside brackets, the type is the rest.
 */
export function lexicalParams(paramsText: string): { name: string; type: string | null }[] {
  const out: { name: string; type: string | null }[] = [];
  const text = paramsText.trim();
  if (!text || text === 'void') return out;
  for (const p of splitTopLevel(text)) {
    if (p === '...') {
      out.push({ name: '...', type: null });
      continue;
    }
    const decl = p.replace(/=.*$/s, '').trim();
    const toks = tokenize(decl);
    let at = -1;
    for (let k = toks.length - 1; k >= 0; k--) {
      const t = toks[k]!;
      if (t.kind === 'id' && !TYPE_KEYWORDS.has(t.text)) {
        at = k;
        break;
      }
      if (t.kind === 'group') break;
    }
    const typeWords = toks.filter((t) => t.kind === 'id' && !TYPE_KEYWORDS.has(t.text)).length;
    if (at < 0 || typeWords < 2) {
      out.push({ name: '', type: normaliseType(decl) || null });
      continue;
    }
    const name = toks[at]!.text;
    const type = normaliseType(toks.filter((_, k) => k !== at).map((t) => t.text).join(' '));
    out.push({ name, type: type || null });
  }
  return out;
}

/** Declaration text without its comments (`class X // NOLINT`), string literals kept intact. */
export function withoutComments(text: string): string {
  if (!text.includes('/')) return text;
  return text.replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m) => (m.startsWith('/') ? ' ' : m));
}
